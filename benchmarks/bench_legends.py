"""Engine speed of games with the Legendary City modules (issue 15's goal: at least 20,000
actions/s): seeded random games per city and with all three, at 3 and 5 players (and all
three with Atlantis at 6), actions per second and the median time of a whole game; and,
for scale, the base game on the same machine at the same moment.

    python -m benchmarks.bench_legends [--games N] [--only "all three"]
    python -m benchmarks.bench_legends --digest   # the seeded games' legal lists, events, states

Normalised like bench_engine's and bench_atlas's figures: python-chess random games just
before and just after each block, and the block's actions/s over their mean rate × 19,000
(the anchor's speed when the goals were set), so a slow hour on this shared machine is not
read as a slow engine. Each block runs in this process after the blocks before it (the
engine's caches are shared by every rules object's games only where their keys say so).
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
# What --digest plays: ab --legends 5's games, each city alone, all three with Atlantis.
DIGEST_GAMES = [
    *((CITIES, 5, seed) for seed in range(10)),
    *((CITIES, 3, seed) for seed in range(3)),
    *(([city], players, seed) for city in CITIES for players in (3, 5) for seed in range(2)),
    *((["atlantis", *CITIES], 6, seed) for seed in range(3)),
]


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


def run(games: int = 10, only: str | None = None) -> list[tuple[str, str]]:
    rows: list[tuple[str, str]] = []
    for name, (modules, counts_of) in COMBOS.items():
        if only is not None and name != only:
            continue
        for players in counts_of:
            durations: list[float] = []
            counts: list[int] = []
            before = chess_rate(max(games // 2, 5), first_seed=players * 100)
            for seed in range(games):
                t0 = time.perf_counter()
                counts.append(play_game(modules, players, seed))
                durations.append(time.perf_counter() - t0)
            after = chess_rate(max(games // 2, 5), first_seed=players * 100 + 50)
            rate = sum(counts) / sum(durations)
            normalised = ""
            if before and after:
                ratio = rate / ((before + after) / 2)
                normalised = f", {ratio:.2f} × python-chess = {ratio * 19_000:,.0f} normalised"
            rows.append(
                (
                    f"{name}, {players} players: actions/s",
                    f"{rate:,.0f}{normalised} (median game "
                    f"{statistics.median(durations) * 1000:.0f} ms, "
                    f"{statistics.median(counts):.0f} actions)",
                )
            )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--only", choices=list(COMBOS), help="one combination of modules")
    parser.add_argument("--digest", action="store_true", help="print the seeded games' digest")
    args = parser.parse_args()
    if args.digest:
        print(*digest(DIGEST_GAMES))
        return
    for name, value in run(args.games, args.only):
        print(f"{name:40} {value}")


if __name__ == "__main__":
    main()
