"""A digest of seeded games under modules: every legal list, every event and every final state,
so that a speed-up of a module's paths is shown to keep the games (`bench_atlas --digest`,
`bench_legends --digest`; the base game's is `engine_profile --digest`)."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, Sequence

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.setup import empires_for

from .bench_engine import _choose


def digest(games: Iterable[tuple[Sequence[str], int, int]]) -> tuple[int, str]:
    """(actions played, SHA-1 prefix) of the games (modules, players, seed), played with the
    benchmarks' policy exactly as their `play_game` plays them."""
    h = hashlib.sha1()
    actions = 0
    for modules, players, seed in games:
        rnd = random.Random(seed)
        seats = empires_for(players, "empires", tuple(modules))
        state, _ = engine.new_game(seats, {"modules": list(modules)}, seed)
        while not state.over:
            player = rnd.choice(sorted({p.player for p in engine.owed(state)}))
            legal = engine.legal_actions(state, player)
            h.update(repr(legal).encode())
            events = engine.apply_in_place(state, _choose(rnd, legal))
            h.update(repr(events).encode())
            actions += 1
        h.update(engine.to_json(state))
    return actions, h.hexdigest()[:16]
