"""Instructions the engine executes in one warm pass over the 24 seeded games, counted by
valgrind's callgrind: steady where wall-clock time on a shared machine is not.

    python -m benchmarks.instructions [REV ...]    # the working tree, then each REV
    python -m benchmarks.instructions --atlas 6 [--games 5] [REV ...]    # Atlas games
    python -m benchmarks.instructions --legends 5 [--games 5] [REV ...]  # the three cities

Each tree plays the 24 games of `engine_profile` once (its caches fill, as in a long-running
bot), then once more inside `functools.reduce`: callgrind counts only inside that C function
(`--toggle-collect=functools_reduce`; the engine never calls reduce). A few minutes per tree.
Instructions miss what memory and branches cost (see docs/benchmarks.md): confirm a change
with `benchmarks.ab`.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from .ab import checkout

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
if bench == "atlas":
    from benchmarks.bench_atlas import play_game
    play = lambda seed: play_game(players, seed)
else:
    from benchmarks.bench_legends import CITIES, play_game as play_cities
    play = lambda seed: play_cities(CITIES, players, seed)
for seed in range(count):
    play(seed)
reduce(lambda n, seed: n + play(seed), range(count), 0)
"""


def instructions(tree: Path, module_pass: tuple[str, int, int] | None = None) -> int:
    """Instructions of one warm pass of this tree's engine (base games, or `module_pass`:
    (bench, players, games) of bench_atlas or bench_legends)."""
    code, extra = (_PASS, []) if module_pass is None else (
        _MODULE_PASS, [str(v) for v in module_pass])
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--toggle-collect=functools_reduce",
         "--callgrind-out-file=/dev/null", sys.executable, "-c", code, str(tree), *extra],
        env={**os.environ, "PYTHONHASHSEED": "0"}, capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", out.stderr)
    assert found, out.stderr
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("revs", nargs="*")
    parser.add_argument("--atlas", type=int, metavar="PLAYERS", help="Atlas games instead")
    parser.add_argument("--legends", type=int, metavar="PLAYERS",
                        help="games with the three Legendary City modules instead")
    parser.add_argument("--games", type=int, default=5, help="module games per pass")
    args = parser.parse_args()
    module_pass = (("atlas", args.atlas, args.games) if args.atlas
                   else ("legends", args.legends, args.games) if args.legends else None)
    with tempfile.TemporaryDirectory() as tmp:
        trees = [("working tree", checkout(None, Path(tmp) / "new"))]
        trees += [(rev, checkout(rev, Path(tmp) / f"rev{i}")) for i, rev in enumerate(args.revs)]
        counts = {name: instructions(tree, module_pass) for name, tree in trees}
    base = counts["working tree"]
    for name, n in counts.items():
        print(f"{name:>14}: {n:,} instructions ({n / base:.4f} of the working tree's)")


if __name__ == "__main__":
    main()
