"""AI strength and speed: the standard level's win rate against random players (1 standard vs
random others, the standard seat rotating), the victory conditions, the length of purely random
games, and decisions per second for each level.

    python -m benchmarks.bench_ai [--games N]
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter

from bot.ai.play import GameResult, play_game
from bot.games.mare_nostrum.setup import seat_order

EMPIRES = seat_order()


def _seats(players: int, seed: int, level: str) -> dict[str, str]:
    return {e: level if i == seed % players else "random"
            for i, e in enumerate(EMPIRES[:players])}


def _games(players: int, games: int, level: str) -> list[GameResult]:
    return [play_game(_seats(players, seed, level), seed, check=False)
            for seed in range(1000, 1000 + games)]


def run(games: int = 40) -> list[tuple[str, str]]:
    rows: list[tuple[str, str]] = []
    think: Counter[str] = Counter()
    decisions: Counter[str] = Counter()
    for players in (3, 4, 5):
        results = _games(players, games, "standard")
        wins = sum(any(r.seats[w] == "standard" for w in r.winners) for r in results)
        conditions = Counter(r.victory or "none" for r in results)
        for r in results:
            think.update(r.think)
            decisions.update(r.decisions)
        rows += [
            (f"ai {players}p: standard vs random win rate", f"{wins / games:.1%} of {games}"),
            (f"ai {players}p: victory conditions",
             ", ".join(f"{c} {n}" for c, n in conditions.most_common())),
            (f"ai {players}p: rounds median (standard vs random)",
             f"{statistics.median(r.rounds for r in results):g}"),
        ]
        # Purely uniform play: how long the games drag.
        rand = _games(players, max(5, games // 4), "random")
        for r in rand:
            think.update(r.think)
            decisions.update(r.decisions)
        rows += [
            (f"ai {players}p: all-random rounds median / max",
             f"{statistics.median(r.rounds for r in rand):g} / {max(r.rounds for r in rand)}"),
            (f"ai {players}p: all-random actions median",
             f"{statistics.median(r.actions for r in rand):g}"),
        ]
    for level in sorted(decisions):
        rows.append((f"ai {level}: decisions/s",
                     f"{decisions[level] / think[level]:,.0f}"))
        rows.append((f"ai {level}: mean decision",
                     f"{think[level] / decisions[level] * 1e6:.0f} µs"))
    return rows


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=40)
    args = parser.parse_args()
    for name, value in run(args.games):
        print(f"{name:50} {value}")
