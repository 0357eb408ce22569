"""Engine speed of games with the Legendary City modules (issue 15's goal: at least 20,000
actions/s): seeded random games per city and with all three, at 3 and 5 players (and all
three with Atlantis at 6), actions per second and the median time of a whole game; and,
for scale, the base game on the same machine at the same moment.

    python -m benchmarks.bench_legends [--games N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.setup import empires_for

from .bench_engine import _choose

CITIES = ["troia", "ierusalem", "syracusae"]
# name -> (modules, player counts)
COMBOS: dict[str, tuple[list[str], tuple[int, ...]]] = {
    "base": ([], (3, 5)),
    "troia": (["troia"], (3, 5)),
    "ierusalem": (["ierusalem"], (3, 5)),
    "syracusae": (["syracusae"], (3, 5)),
    "all three": (CITIES, (3, 5)),
    "all three + Atlantis": (["atlantis", *CITIES], (6,)),
}


def play_game(modules: list[str], players: int, seed: int) -> int:
    rnd = random.Random(seed)
    seats = empires_for(players, "empires", tuple(modules))
    state, _ = engine.new_game(seats, {"modules": modules}, seed)
    actions = 0
    while not state.over and actions < 50_000:
        player = rnd.choice(sorted({p.player for p in engine.owed(state)}))
        engine.apply_in_place(state, _choose(rnd, engine.legal_actions(state, player)))
        actions += 1
    return actions


def run(games: int = 10) -> list[tuple[str, str]]:
    rows: list[tuple[str, str]] = []
    for name, (modules, counts_of) in COMBOS.items():
        for players in counts_of:
            durations: list[float] = []
            counts: list[int] = []
            for seed in range(games):
                t0 = time.perf_counter()
                counts.append(play_game(modules, players, seed))
                durations.append(time.perf_counter() - t0)
            rows.append(
                (
                    f"{name}, {players} players: actions/s",
                    f"{sum(counts) / sum(durations):,.0f} (median game "
                    f"{statistics.median(durations) * 1000:.0f} ms, "
                    f"{statistics.median(counts):.0f} actions)",
                )
            )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    for name, value in run(parser.parse_args().games):
        print(f"{name:40} {value}")


if __name__ == "__main__":
    main()
