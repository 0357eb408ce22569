"""Engine speed of Atlas games (module `atlantis`): seeded random games at 4, 5 and 6 players,
actions per second and the median time of a whole game (issue 14's goal at 6 players: at least
20,000 actions/s, a game in under 0.5 s median).

    python -m benchmarks.bench_atlas [--games N] [--players 4 5 6]
    python -m benchmarks.bench_atlas --digest   # the seeded games' legal lists, events, states

Normalised like bench_engine's figure: python-chess random games just before and just after
each block, and the block's actions/s over their mean rate × 19,000 (the anchor's speed when
the goal was set), so a slow hour on this shared machine is not read as a slow engine.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.setup import empires_for

from .bench_engine import _choose, chess_rate
from .module_digest import digest

OPTIONS = {"modules": ["atlantis"]}
# What --digest plays: bench's 6-player games and a few at 4 and 5.
DIGEST_GAMES = [(("atlantis",), players, seed)
                for players, seeds in ((4, 3), (5, 3), (6, 10)) for seed in range(seeds)]


def play_game(players: int, seed: int) -> int:
    rnd = random.Random(seed)
    state, _ = engine.new_game(empires_for(players, "empires", ("atlantis",)), OPTIONS, seed)
    actions = 0
    while not state.over and actions < 50_000:
        player = rnd.choice(sorted({p.player for p in engine.owed(state)}))
        engine.apply_in_place(state, _choose(rnd, engine.legal_actions(state, player)))
        actions += 1
    return actions


def run(games: int = 20, player_counts: tuple[int, ...] = (4, 5, 6)) -> list[tuple[str, str]]:
    rows: list[tuple[str, str]] = []
    for players in player_counts:
        durations: list[float] = []
        counts: list[int] = []
        before = chess_rate(max(games // 2, 5), first_seed=players * 100)
        for seed in range(games):
            t0 = time.perf_counter()
            counts.append(play_game(players, seed))
            durations.append(time.perf_counter() - t0)
        after = chess_rate(max(games // 2, 5), first_seed=players * 100 + 50)
        rate = sum(counts) / sum(durations)
        rows.append((f"Atlas, {players} players: actions/s", f"{rate:,.0f}"))
        if before and after:
            ratio = rate / ((before + after) / 2)
            rows.append((f"Atlas, {players} players: ÷ python-chess moves/s",
                         f"{ratio:.2f} (× 19,000 = {ratio * 19_000:,.0f})"))
        rows.append((f"Atlas, {players} players: median game",
                     f"{statistics.median(durations) * 1000:.0f} ms "
                     f"({statistics.median(counts):.0f} actions)"))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, nargs="+", default=[4, 5, 6])
    parser.add_argument("--digest", action="store_true", help="print the seeded games' digest")
    args = parser.parse_args()
    if args.digest:
        print(*digest(DIGEST_GAMES))
        return
    for name, value in run(args.games, tuple(args.players)):
        print(f"{name:45} {value}")


if __name__ == "__main__":
    main()
