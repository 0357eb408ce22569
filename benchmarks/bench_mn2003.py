"""Engine speed of the 2003 ruleset (rulesets/mn2003, 4 players): seeded random games
(actions per second, the median game), the same nudged play as its playout tests.

    python -m benchmarks.bench_mn2003 [--games N] [--runs R]   # CPU time and wall clock
    python -m benchmarks.bench_mn2003 --digest                 # one SHA-1 over seeded games
    python -m benchmarks.bench_mn2003 --profile                # cProfile of one pass
    python -m benchmarks.bench_mn2003 --modules mythology      # the Mythology, 6 players

The speed is the CPU time of this process (`time.process_time`: the machine is shared) and
the wall clock, each the median of R passes over the same N games, and the wall-clock figure
normalised like bench_atlas's and bench_engine's (python-chess random games just before and
just after each pass; the pass's actions/s ÷ the mean of the two rates × 19,000, python-chess's
speed here when the goals were set): this machine's speed drifts within minutes. The digest
covers every legal list, every event and every final state of the bench's games (4 players,
seeds 0-9) and of a few free starts at 3 and 5 players: a speed-up that changes nothing
prints the same digest before and after. `--modules mythology` plays the same way with the
Mythology module at 6 players (its digest: its games at 6 players, then free starts at 3
and 5 players).
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import pstats
import random
import statistics
import time
from typing import Any

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.rules import rules_for
from tests.engine.mn2003.helpers import civs
from tests.engine.mn2003.test_playouts import choose

from .bench_engine import chess_rate

PLAYERS = ["rome", "greece", "carthage", "egypt"]
OPTIONS: dict[str, Any] = {"ruleset": "2003"}
# The bench's games with modules: players and options (`--modules`).
MODULE_PLAYERS = {"mythology": 6}
MAX_ACTIONS = 50_000
# (players, start, seed): the bench's games, then free starts at 3 and 5 players.
DIGEST_GAMES = [(4, "predetermined", seed) for seed in range(10)] + [
    (n, "free", seed) for n in (3, 5) for seed in range(3)
]


def setting(modules: tuple[str, ...] = ()) -> tuple[list[str], dict[str, Any]]:
    """The bench's players and options with these modules (4 players without any)."""
    if not modules:
        return PLAYERS, OPTIONS
    n = max(MODULE_PLAYERS.get(m, 4) for m in modules)
    options = {**OPTIONS, "modules": list(modules)}
    return seats(n, modules), options


def seats(n: int, modules: tuple[str, ...]) -> list[str]:
    """The civilisations at n players with these modules (their `player_counts` table)."""
    if not modules:
        return civs(n)
    return list(rules_for("2003", modules).data["player_counts"][str(n)])


def play_game(seed: int, modules: tuple[str, ...] = ()) -> int:
    rnd = random.Random(seed)
    players, options = setting(modules)
    state, _ = engine.new_game(players, options, seed)
    actions = 0
    while not state.over and actions < MAX_ACTIONS:
        player = rnd.choice(sorted({p.player for p in engine.owed(state)}))
        engine.apply_in_place(state, choose(rnd, engine.legal_actions(state, player)))
        actions += 1
    return actions


def digest(modules: tuple[str, ...] = ()) -> tuple[int, str]:
    """(actions played, SHA-1 prefix) of DIGEST_GAMES (with modules: the bench's player
    count instead of 4)."""
    h = hashlib.sha1()
    actions = 0
    bench_players, options = setting(modules)
    for players, start, seed in DIGEST_GAMES:
        rnd = random.Random(seed)
        names = bench_players if players == 4 else seats(players, modules)
        state, _ = engine.new_game(names, {**options, "start": start}, seed)
        while not state.over and actions < MAX_ACTIONS * len(DIGEST_GAMES):
            player = rnd.choice(sorted({p.player for p in engine.owed(state)}))
            legal = engine.legal_actions(state, player)
            h.update(repr(legal).encode())
            events = engine.apply_in_place(state, choose(rnd, legal))
            h.update(repr(events).encode())
            actions += 1
        h.update(engine.to_json(state))
    return actions, h.hexdigest()[:16]


def one_pass(
    games: int, modules: tuple[str, ...] = ()
) -> tuple[float, float, list[int], list[float]]:
    """(CPU seconds, wall seconds, actions per game, CPU seconds per game) of one pass."""
    counts: list[int] = []
    cpus: list[float] = []
    c0, w0 = time.process_time(), time.perf_counter()
    for seed in range(games):
        t0 = time.process_time()
        counts.append(play_game(seed, modules))
        cpus.append(time.process_time() - t0)
    return time.process_time() - c0, time.perf_counter() - w0, counts, cpus


def run(games: int = 10, runs: int = 1, modules: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    passes = []
    ratios: list[float] = []
    for k in range(runs):
        before = chess_rate(5, first_seed=400 + 10 * k)
        passes.append(one_pass(games, modules))
        after = chess_rate(5, first_seed=405 + 10 * k)
        if before and after:
            ratios.append(sum(passes[-1][2]) / passes[-1][1] / ((before + after) / 2))
    actions = sum(passes[0][2])
    cpu = statistics.median(p[0] for p in passes)
    wall = statistics.median(p[1] for p in passes)
    game = statistics.median(c for p in passes for c in p[3])
    normalised = (
        [
            (
                "2003, random play: ÷ python-chess moves/s",
                f"{statistics.median(ratios):.2f} (× 19,000 = "
                f"{statistics.median(ratios) * 19_000:,.0f})",
            )
        ]
        if ratios
        else []
    )
    return [
        ("2003, random play: actions/s (CPU)", f"{actions / cpu:,.0f}"),
        ("2003, random play: actions/s (wall)", f"{actions / wall:,.0f}"),
        *normalised,
        (
            "2003, random play: median game (CPU)",
            f"{game * 1000:.0f} ms ({statistics.median(passes[0][2]):.0f} actions)",
        ),
    ]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--runs", type=int, default=1, help="passes; the median is shown")
    parser.add_argument("--digest", action="store_true")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--modules", default="", help="comma-separated, e.g. mythology")
    args = parser.parse_args()
    modules = tuple(m for m in args.modules.split(",") if m)
    if args.digest:
        print(*digest(modules))
    elif args.profile:
        profile = cProfile.Profile()
        profile.runcall(one_pass, args.games, modules)
        pstats.Stats(profile).sort_stats("tottime").print_stats(40)
    else:
        for label, value in run(args.games, args.runs, modules):
            print(f"{label:40} {value}")


if __name__ == "__main__":
    main()
