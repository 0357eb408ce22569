"""Is the working tree's engine faster than a git revision's? An A/B that sees 1 % changes.

    python -m benchmarks.ab [REV] [--rounds N] [--cold] [--atlas PLAYERS]

This machine's speed drifts by a third within an hour, so two runs minutes apart cannot be
compared. Here both engines are loaded into one process (each from its own copy of `bot/`
and `benchmarks/`) and play the 24 seeded games of `engine_profile` game by game in turn,
alternating which goes first: both see the same machine at the same moment. Printed: the
working tree's time over REV's (below 1: faster), over all rounds and per round.

Each engine warms up (one pass over the 24 games) before the rounds, as a long-running bot
would; `--cold` compares fresh processes instead (caches empty, like `bench_engine`'s first
block), pair by pair, and prints the median ratio.

`--atlas 6`: the same, with 10 seeded Atlas games (`bench_atlas`) at that player count
instead of the 24 base games (REV must have the `atlantis` module). `--legends 5`: 10 seeded
games with the three Legendary City modules (`bench_legends`) at that player count.
`--mn2003`: the 10 seeded games of the 2003 ruleset's bench (`bench_mn2003`, with
`--modules`, e.g. mythology); its trees also copy `tests/` (the bench plays the playout tests'
policy).

Instruction counts (cachegrind) are steadier still but miss what memory costs: building a
listing's actions anew and caching the whole list cost the same instructions, yet the cached
list plays ~5 % faster. Judge on time, measured this way.
"""

from __future__ import annotations

import argparse
import importlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
GAMES = [(players, seed) for players in (3, 4, 5) for seed in range(8)]
PACKAGES = ("bot", "benchmarks")

_COLD = """
import time
from benchmarks.bench_engine import play_game
t = time.process_time()
for players in (3, 4, 5):
    for seed in range(20):
        play_game(players, seed)
print(time.process_time() - t)
"""


def checkout(rev: str | None, into: Path, packages: tuple[str, ...] = PACKAGES) -> Path:
    """A copy of bot/ and benchmarks/ (and these packages) at REV (None: the working tree)."""
    into.mkdir(parents=True)
    if rev is None:
        for pkg in packages:
            shutil.copytree(ROOT / pkg, into / pkg,
                            ignore=shutil.ignore_patterns("__pycache__"))
    else:
        archive = subprocess.run(["git", "archive", rev, *packages], cwd=ROOT, check=True,
                                 capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


class Engine:
    """One tree's engine: its play_game and its modules. The modules go back into sys.modules
    before it plays: a function importing at call time (the rules composing the phases'
    modules) must find its own tree's, not the tree loaded last."""

    def __init__(self, tree: Path, bench: str = "benchmarks.bench_engine") -> None:
        _forget()
        sys.path.insert(0, str(tree))
        try:
            module = importlib.import_module(bench)
        finally:
            sys.path.remove(str(tree))
        self.play: Callable[[int, int], int] = module.play_game
        if bench == "benchmarks.bench_mn2003":  # seeded games of one setting
            mn2003 = module.play_game
            modules = tuple(m for m in MN2003_MODULES if m)
            self.play = lambda players, seed: mn2003(seed, modules)
        if bench == "benchmarks.bench_legends":  # its play_game takes the modules first
            cities = list(module.CITIES)
            self.play = lambda players, seed: module.play_game(cities, players, seed)
        self.modules = _ours()

    def __enter__(self) -> Engine:
        _forget()
        sys.modules.update(self.modules)
        return self

    def __exit__(self, *exc: object) -> None:
        self.modules = _ours()  # with what it imported while playing


# `--modules` of the 2003 bench (set by main).
MN2003_MODULES: list[str] = []


def _ours() -> dict[str, ModuleType]:
    return {m: mod for m, mod in sys.modules.items()
            if m.split(".")[0] in (*PACKAGES, "tests")}


def _forget() -> None:
    for name in _ours():
        del sys.modules[name]


def warm_ab(old: Path, new: Path, rounds: int, games: list[tuple[int, int]] = GAMES,
            bench: str = "benchmarks.bench_engine") -> tuple[float, list[float]]:
    engines = {"old": Engine(old, bench), "new": Engine(new, bench)}
    for engine in engines.values():
        with engine:
            for game in games:
                engine.play(*game)
    ratios = []
    total = {"old": 0.0, "new": 0.0}
    for r in range(rounds):
        spent = {"old": 0.0, "new": 0.0}
        for players, seed in games:
            order = ("old", "new") if (r + seed) % 2 == 0 else ("new", "old")
            for which in order:
                with engines[which] as engine:
                    t0 = time.process_time()
                    engine.play(players, seed)
                    spent[which] += time.process_time() - t0
        ratios.append(spent["new"] / spent["old"])
        for k in total:
            total[k] += spent[k]
    return total["new"] / total["old"], ratios


def cold_ab(old: Path, new: Path, pairs: int) -> list[float]:
    def run(tree: Path) -> float:
        out = subprocess.run([sys.executable, "-c", _COLD], cwd=tree, check=True,
                             capture_output=True, text=True).stdout
        return float(out)
    return [run(new) / run(old) for _ in range(pairs)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("rev", nargs="?", default="HEAD")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--cold", action="store_true")
    parser.add_argument("--atlas", type=int, metavar="PLAYERS",
                        help="Atlas games at this player count instead of the base games")
    parser.add_argument("--legends", type=int, metavar="PLAYERS",
                        help="games with the three Legendary City modules at this count")
    parser.add_argument("--mn2003", action="store_true",
                        help="the 2003 ruleset's 10 bench games instead of the base games")
    parser.add_argument("--modules", default="", help="with --mn2003, e.g. mythology")
    args = parser.parse_args()
    packages = (*PACKAGES, "tests") if args.mn2003 else PACKAGES
    with tempfile.TemporaryDirectory() as tmp:
        old = checkout(args.rev, Path(tmp) / "old", packages)
        new = checkout(None, Path(tmp) / "new", packages)
        if args.cold:
            ratios = cold_ab(old, new, args.rounds)
            print(f"working tree / {args.rev}, fresh processes: median "
                  f"{statistics.median(ratios):.4f} (pairs: "
                  f"{', '.join(f'{r:.3f}' for r in ratios)})")
            return
        games, bench = GAMES, "benchmarks.bench_engine"
        if args.atlas:
            games = [(args.atlas, seed) for seed in range(10)]
            bench = "benchmarks.bench_atlas"
        if args.legends:
            games = [(args.legends, seed) for seed in range(10)]
            bench = "benchmarks.bench_legends"
        if args.mn2003:
            MN2003_MODULES[:] = args.modules.split(",")
            games = [(0, seed) for seed in range(10)]
            bench = "benchmarks.bench_mn2003"
        total, ratios = warm_ab(old, new, args.rounds, games, bench)
        what = (f"{args.atlas}-player Atlas games" if args.atlas
                else f"{args.legends}-player Legendary City games" if args.legends
                else f"2003 games {args.modules}" if args.mn2003 else "games")
        print(f"working tree / {args.rev}: {total:.4f} over {args.rounds} rounds of "
              f"{len(games)} {what} (rounds: {', '.join(f'{r:.4f}' for r in ratios)})")


if __name__ == "__main__":
    main()
