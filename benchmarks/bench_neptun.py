"""Neptun's engine speed: seeded random games to the end, actions per second (goal of issue
19: at least 20,000), and the cost of one legal_actions + apply step.

    python -m benchmarks.bench_neptun [--games N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bot.games.neptun import ENGINE as engine
from bot.games.neptun import seats


def play_game(players: int, seed: int, step_times: list[float] | None = None) -> int:
    rnd = random.Random(seed)
    state, _ = engine.new_game(seats(players), None, seed)
    actions = 0
    while not state.over:
        owed = engine.owed(state)
        player = owed[rnd.randrange(len(owed))].player
        t0 = time.perf_counter()
        legal = engine.legal_actions(state, player)
        engine.apply_in_place(state, rnd.choice(legal))
        if step_times is not None:
            step_times.append(time.perf_counter() - t0)
        actions += 1
    return actions


def run(games: int = 30) -> list[tuple[str, str]]:
    rows: list[tuple[str, str]] = []
    for players in (3, 4, 5):
        steps: list[float] = []
        t0 = time.perf_counter()
        counts = [play_game(players, seed, steps) for seed in range(games)]
        total = time.perf_counter() - t0
        steps.sort()
        rows += [
            (f"neptun {players}p: actions/s", f"{sum(counts) / total:,.0f}"),
            (f"neptun {players}p: games/s", f"{games / total:.1f}"),
            (f"neptun {players}p: actions per game", f"{statistics.mean(counts):.0f}"),
            (f"neptun {players}p: step p99 (µs)", f"{steps[int(len(steps) * 0.99)] * 1e6:.0f}"),
        ]
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=30)
    for label, value in run(parser.parse_args().games):
        print(f"{label:40} {value}")


if __name__ == "__main__":
    main()
