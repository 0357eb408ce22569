"""Engine speed of Atlas games (module `atlantis`): seeded random games at 4, 5 and 6 players,
actions per second and the median time of a whole game (issue 14's goal at 6 players: at least
20,000 actions/s, a game in under 0.5 s median).

    python -m benchmarks.bench_atlas [--games N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.setup import empires_for

from .bench_engine import _choose

OPTIONS = {"modules": ["atlantis"]}


def play_game(players: int, seed: int) -> int:
    rnd = random.Random(seed)
    state, _ = engine.new_game(empires_for(players, "empires", ("atlantis",)), OPTIONS, seed)
    actions = 0
    while not state.over and actions < 50_000:
        player = rnd.choice(sorted({p.player for p in engine.owed(state)}))
        engine.apply_in_place(state, _choose(rnd, engine.legal_actions(state, player)))
        actions += 1
    return actions


def run(games: int = 20) -> list[tuple[str, str]]:
    rows: list[tuple[str, str]] = []
    for players in (4, 5, 6):
        durations: list[float] = []
        counts: list[int] = []
        for seed in range(games):
            t0 = time.perf_counter()
            counts.append(play_game(players, seed))
            durations.append(time.perf_counter() - t0)
        rows.append((f"Atlas, {players} players: actions/s",
                     f"{sum(counts) / sum(durations):,.0f}"))
        rows.append((f"Atlas, {players} players: median game",
                     f"{statistics.median(durations) * 1000:.0f} ms "
                     f"({statistics.median(counts):.0f} actions)"))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    for name, value in run(parser.parse_args().games):
        print(f"{name:40} {value}")


if __name__ == "__main__":
    main()
