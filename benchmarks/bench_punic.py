"""Engine speed of Punic Wars games (module `punic_wars`, 2 players): seeded random games
(actions per second, the median time of a whole game) and the standard AI against random
players (games per second, with the AI's decisions).

    python -m benchmarks.bench_punic [--games N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bot.ai.play import play_game as ai_game
from bot.games.mare_nostrum import engine

from .bench_engine import _choose

PLAYERS = ["rome", "carthage"]
OPTIONS = {"modules": ["punic_wars"]}


def play_game(seed: int) -> int:
    rnd = random.Random(seed)
    state, _ = engine.new_game(PLAYERS, OPTIONS, seed)
    actions = 0
    while not state.over and actions < 50_000:
        player = rnd.choice(sorted({p.player for p in engine.owed(state)}))
        engine.apply_in_place(state, _choose(rnd, engine.legal_actions(state, player)))
        actions += 1
    return actions


def run(games: int = 20) -> list[tuple[str, str]]:
    durations: list[float] = []
    counts: list[int] = []
    for seed in range(games):
        t0 = time.perf_counter()
        counts.append(play_game(seed))
        durations.append(time.perf_counter() - t0)
    rows = [
        ("Punic Wars, random play: actions/s", f"{sum(counts) / sum(durations):,.0f}"),
        (
            "Punic Wars, random play: median game",
            f"{statistics.median(durations) * 1000:.0f} ms "
            f"({statistics.median(counts):.0f} actions)",
        ),
    ]
    t0 = time.perf_counter()
    actions = 0
    for seed in range(games):
        seats = {e: "standard" if i == seed % 2 else "random" for i, e in enumerate(PLAYERS)}
        actions += ai_game(seats, seed, check=False, options=OPTIONS).actions
    spent = time.perf_counter() - t0
    rows.append(("Punic Wars, standard vs random: actions/s", f"{actions / spent:,.0f}"))
    rows.append(
        ("Punic Wars, standard vs random: mean game", f"{spent / games * 1000:.0f} ms (mean)")
    )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    for name, value in run(parser.parse_args().games):
        print(f"{name:48} {value}")


if __name__ == "__main__":
    main()
