"""Instructions the engine executes in one warm pass over the 24 seeded games, counted by
valgrind's callgrind: steady where wall-clock time on a shared machine is not.

    python -m benchmarks.instructions [REV ...]    # the working tree, then each REV
    python -m benchmarks.instructions --atlas 6 [--games 5] [REV ...]    # Atlas games
    python -m benchmarks.instructions --legends 5 [--games 5] [--fresh] [REV ...]  # the cities
    python -m benchmarks.instructions --mn2003 [--modules mythology] [--games 3] [REV ...]

Each tree plays the 24 games of `engine_profile` once (its caches fill, as in a long-running
bot), then once more inside `functools.reduce`: callgrind counts only inside that C function
(`--toggle-collect=functools_reduce`; the engine never calls reduce). A few minutes per tree.
Instructions miss what memory and branches cost (see docs/benchmarks.md): confirm a change
with `benchmarks.ab`.

`--fresh` (module games): the warming pass plays other seeds (1000…), so the counted games
find the caches as the benches' new games do — warm with other positions, not with their own
(a second pass over the same games hits every cache and reads ~25 % faster than a bench).

`--mn2003`: the 2003 ruleset's bench instead (`bench_mn2003`, seeds 0…games−1, with
`--modules`), counted cold as that bench plays them (a game of another seed first loads the
code); its trees also copy `tests/` (the bench plays the playout tests' policy).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from .ab import ROOT, checkout

_PASS = """
import sys
from functools import reduce
sys.path.insert(0, sys.argv[1])
from benchmarks.bench_engine import play_game
games = [(players, seed) for players in (3, 4, 5) for seed in range(8)]
for game in games:
    play_game(*game)
reduce(lambda n, game: n + play_game(*game), games, 0)
"""

# The same warm pass over `--games` seeded module games (bench_atlas's, bench_legends's).
_MODULE_PASS = """
import sys
from functools import reduce
sys.path.insert(0, sys.argv[1])
bench, players, count = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
first = int(sys.argv[5])  # the warming pass's first seed: 0 (the same games) or --fresh's
if bench == "atlas":
    from benchmarks.bench_atlas import play_game
    play = lambda seed: play_game(players, seed)
else:
    from benchmarks.bench_legends import CITIES, play_game as play_cities
    play = lambda seed: play_cities(CITIES, players, seed)
for seed in range(first, first + count):
    play(seed)
reduce(lambda n, seed: n + play(seed), range(count), 0)
"""

_PASS_2003 = """
import sys
from functools import reduce
sys.path.insert(0, sys.argv[1])
from benchmarks.bench_mn2003 import play_game
modules = tuple(m for m in sys.argv[3].split(",") if m)
play_game(1000, modules)
reduce(lambda n, seed: n + play_game(seed, modules), range(int(sys.argv[2])), 0)
"""


def instructions(tree: Path, code: str, *extra: str) -> int:
    """Instructions of one warm pass of this tree's engine: `code` (a pass script) run with
    the tree and `extra` as its arguments."""
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--toggle-collect=functools_reduce",
         "--callgrind-out-file=/dev/null", sys.executable, "-c", code, str(tree), *extra],
        env={**os.environ, "PYTHONHASHSEED": "0"}, capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", out.stderr)
    assert found, out.stderr
    return int(found.group(1))


def _copy_tests(rev: str | None, tree: Path) -> None:
    """The tree's tests/ (the 2003 bench imports the playout tests' policy)."""
    if rev is None:
        shutil.copytree(ROOT / "tests", tree / "tests",
                        ignore=shutil.ignore_patterns("__pycache__"))
        return
    archive = subprocess.run(["git", "archive", rev, "tests"], cwd=ROOT, check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("revs", nargs="*")
    parser.add_argument("--atlas", type=int, metavar="PLAYERS", help="Atlas games instead")
    parser.add_argument("--legends", type=int, metavar="PLAYERS",
                        help="games with the three Legendary City modules instead")
    parser.add_argument("--mn2003", action="store_true", help="the 2003 ruleset's bench")
    parser.add_argument("--games", type=int, help="games per pass (module games: 5, 2003: 3)")
    parser.add_argument("--modules", default="", help="with --mn2003, e.g. mythology")
    parser.add_argument("--fresh", action="store_true",
                        help="module games: warm on other seeds, so the counted games meet "
                             "the caches as a bench's new games do (not their own answers)")
    args = parser.parse_args()
    script: list[str] = [_PASS]
    if args.atlas or args.legends:
        bench, players = ("atlas", args.atlas) if args.atlas else ("legends", args.legends)
        script = [_MODULE_PASS, bench, str(players), str(args.games or 5),
                  "1000" if args.fresh else "0"]
    elif args.mn2003:
        script = [_PASS_2003, str(args.games or 3), args.modules]
    with tempfile.TemporaryDirectory() as tmp:
        trees = [("working tree", checkout(None, Path(tmp) / "new"))]
        trees += [(rev, checkout(rev, Path(tmp) / f"rev{i}")) for i, rev in enumerate(args.revs)]
        if args.mn2003:
            for rev, (_, tree) in zip([None, *args.revs], trees, strict=True):
                _copy_tests(rev, tree)
        counts = {name: instructions(tree, *script) for name, tree in trees}
    base = counts["working tree"]
    for name, n in counts.items():
        print(f"{name:>14}: {n:,} instructions ({n / base:.4f} of the working tree's)")


if __name__ == "__main__":
    main()
