"""Where the engine's time goes, by decision, and a digest that proves a change kept the games.

    python -m benchmarks.engine_profile            # share of time by prompt kind and action
    python -m benchmarks.engine_profile --digest   # one SHA-1 over 24 seeded games

The digest covers every legal list, every event and every final state of the 24 seeded games
(8 each at 3, 4 and 5 players) of bench_engine's policy: a speed-up that changes nothing prints
the same digest before and after.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import time
from collections import defaultdict

from bot.games.mare_nostrum import engine

from .bench_engine import EMPIRES, _choose

GAMES = [(players, seed) for players in (3, 4, 5) for seed in range(8)]


def digest() -> tuple[int, str]:
    """(actions played, SHA-1 prefix) of the seeded games."""
    h = hashlib.sha1()
    actions = 0
    for players, seed in GAMES:
        rnd = random.Random(seed)
        state, _ = engine.new_game(EMPIRES[:players], None, seed)
        while not state.over:
            player = rnd.choice(sorted({q.player for q in engine.owed(state)}))
            legal = engine.legal_actions(state, player)
            h.update(repr(legal).encode())
            events = engine.apply_in_place(state, _choose(rnd, legal))
            h.update(repr(events).encode())
            actions += 1
        h.update(engine.to_json(state))
    return actions, h.hexdigest()[:16]


def by_decision() -> list[tuple[str, int, float, float, float]]:
    """(prompt kind: action, count, legal µs, apply µs, share of the time), largest first."""
    times: dict[str, list[float]] = defaultdict(lambda: [0, 0.0, 0.0])
    for players, seed in GAMES:
        rnd = random.Random(seed)
        state, _ = engine.new_game(EMPIRES[:players], None, seed)
        while not state.over:
            owed = engine.owed(state)
            player = rnd.choice(sorted({q.player for q in owed}))
            kind = next(q.kind for q in owed if q.player == player)
            t0 = time.perf_counter()
            legal = engine.legal_actions(state, player)
            t1 = time.perf_counter()
            action = _choose(rnd, legal)
            t2 = time.perf_counter()
            engine.apply_in_place(state, action)
            t3 = time.perf_counter()
            row = times[f"{kind}: {type(action).__name__}"]
            row[0] += 1
            row[1] += t1 - t0
            row[2] += t3 - t2
    total = sum(legal + apply for _, legal, apply in times.values())
    rows = [(name, int(n), legal / n * 1e6, apply / n * 1e6, (legal + apply) / total)
            for name, (n, legal, apply) in times.items()]
    return sorted(rows, key=lambda r: -r[4])


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--digest", action="store_true")
    args = parser.parse_args()
    if args.digest:
        print(*digest())
    else:
        for name, n, legal, apply, share in by_decision():
            print(f"{name:40} {n:6} legal {legal:6.1f} µs  apply {apply:6.1f} µs  {share:6.1%}")
