"""Engine speed of the 2003 ruleset (rulesets/mn2003, 4 players): seeded random games
(actions per second, the median game), the same nudged play as its playout tests.

    python -m benchmarks.bench_mn2003 [--games N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bot.games.mare_nostrum import engine
from tests.engine.mn2003.test_playouts import choose

PLAYERS = ["rome", "greece", "carthage", "egypt"]
OPTIONS = {"ruleset": "2003"}


def play_game(seed: int) -> int:
    rnd = random.Random(seed)
    state, _ = engine.new_game(PLAYERS, OPTIONS, seed)
    actions = 0
    while not state.over and actions < 50_000:
        player = rnd.choice(sorted({p.player for p in engine.owed(state)}))
        engine.apply_in_place(state, choose(rnd, engine.legal_actions(state, player)))
        actions += 1
    return actions


def run(games: int = 10) -> list[tuple[str, str]]:
    durations: list[float] = []
    counts: list[int] = []
    for seed in range(games):
        t0 = time.perf_counter()
        counts.append(play_game(seed))
        durations.append(time.perf_counter() - t0)
    return [
        ("2003, random play: actions/s", f"{sum(counts) / sum(durations):,.0f}"),
        (
            "2003, random play: median game",
            f"{statistics.median(durations) * 1000:.0f} ms ({statistics.median(counts):.0f} "
            f"actions)",
        ),
    ]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10)
    for label, value in run(parser.parse_args().games):
        print(f"{label:40} {value}")


if __name__ == "__main__":
    main()
