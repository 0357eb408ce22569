"""Engine speed of games with the three Legendary City modules (troia, ierusalem, syracusae):
seeded random games at 3 and 5 players, and at 6 with Atlantis — actions per second and the
median time of a whole game (issue 15's goal: at least 20,000 actions/s).

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

CITIES = ("troia", "ierusalem", "syracusae")
CASES = ((3, CITIES), (5, CITIES), (6, ("atlantis", *CITIES)))


def play_game(players: int, modules: tuple[str, ...], seed: int) -> int:
    rnd = random.Random(seed)
    options = {"modules": list(modules)}
    state, _ = engine.new_game(empires_for(players, "empires", modules), options, seed)
    actions = 0
    while not state.over and actions < 50_000:
        player = rnd.choice(sorted({p.player for p in engine.owed(state)}))
        engine.apply_in_place(state, _choose(rnd, engine.legal_actions(state, player)))
        actions += 1
    return actions


def run(games: int = 20) -> list[tuple[str, str]]:
    rows: list[tuple[str, str]] = []
    for players, modules in CASES:
        durations: list[float] = []
        counts: list[int] = []
        for seed in range(games):
            t0 = time.perf_counter()
            counts.append(play_game(players, modules, seed))
            durations.append(time.perf_counter() - t0)
        label = f"Legendary Cities{' + Atlantis' if 'atlantis' in modules else ''}, {players}p"
        rows.append((f"{label}: actions/s", f"{sum(counts) / sum(durations):,.0f}"))
        rows.append(
            (
                f"{label}: median game",
                f"{statistics.median(durations) * 1000:.0f} ms "
                f"({statistics.median(counts):.0f} actions)",
            )
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    for name, value in run(parser.parse_args().games):
        print(f"{name:48} {value}")


if __name__ == "__main__":
    main()
