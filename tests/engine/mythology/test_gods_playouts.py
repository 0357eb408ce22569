"""Seeded random playouts of the 2003 ruleset with the Mythology's offerings and gods, to a
victory: the invariants after every action, no card named in a public event, the JSON round
trip and the views' leak check every few actions, the replay of the whole log. The suite
plays a handful (`MYTH_GODS_SEEDS` seeds, 1 by default; the offline runs set more)."""

from __future__ import annotations

import os
import random
from collections import Counter

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Action
from bot.games.mare_nostrum.invariants import check_invariants, check_views
from bot.games.mare_nostrum.state import GameState
from tests.engine.mn2003.helpers import civs
from tests.engine.mn2003.test_playouts import choose, leaks

from .gods_helpers import OPTIONS

SEEDS = int(os.environ.get("MYTH_GODS_SEEDS", "1"))


def play(n: int, seed: int) -> tuple[GameState, list[Action], Counter[str]]:
    rnd = random.Random(seed)
    state, _ = engine.new_game(civs(n), dict(OPTIONS), seed)
    log: list[Action] = []
    kinds: Counter[str] = Counter()
    for k in range(30_000):
        if state.over:
            break
        player = rnd.choice(sorted({p.player for p in engine.owed(state)}))
        action = choose(rnd, engine.legal_actions(state, player))
        events = engine.apply_in_place(state, action)
        log.append(action)
        kinds[action.kind] += 1
        assert not leaks(events), (seed, leaks(events))
        errors = check_invariants(state)
        assert not errors, (seed, k, action, errors)
        if k % 50 == 0:
            assert engine.from_json(engine.to_json(state)) == state
            assert not check_views(state), (seed, check_views(state))
    return state, log, kinds


def test_seeded_random_playouts_with_the_gods_reach_a_victory() -> None:
    used: Counter[str] = Counter()
    for seed in range(SEEDS):
        state, log, kinds = play(3, seed)
        assert state.over, seed
        used.update(kinds)
        again = engine.replay(civs(3), dict(OPTIONS), seed, log)
        assert engine.to_json(again) == engine.to_json(state)
    assert used["choose_god"] and used["use_god"]
