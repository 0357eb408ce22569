"""Seeded random playouts of the Mythology to a victory, nudged to summon creatures and to
move them, and to offer to and use the gods: the invariants after every action, the JSON
round trip and the views' leak check every few actions, the replay of the log at the end.
`MYTH_ARMY_SEEDS` sets the seeds (1 in the suite; 100 for the issue's runs)."""

from __future__ import annotations

import os
import random

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Action, Buy
from bot.games.mare_nostrum.invariants import check_invariants, check_views
from bot.games.mare_nostrum.modules.mythology.army_state import PER_PLAYER, army, owned
from bot.games.mare_nostrum.modules.mythology.creature_moves import ARMY_ACTIONS
from bot.games.mare_nostrum.modules.mythology.gods.actions import ChooseGod, TakeGod, UseGod
from bot.games.mare_nostrum.state import GameState

from ..mn2003.test_playouts import choose, leaks
from .army_helpers import OPTIONS, civs

SEEDS = int(os.environ.get("MYTH_ARMY_SEEDS", "1"))
MAX_ACTIONS = 30_000


# The gods' answers too: creatures and gods played together (an offering, a god used).
NUDGED = (*ARMY_ACTIONS, ChooseGod, TakeGod, UseGod)


def nudged(rnd: random.Random, legal: list[Action]) -> Action:
    mine = [
        a
        for a in legal
        if isinstance(a, NUDGED) or (isinstance(a, Buy) and a.item in ("creature", "phoenix"))
    ]
    if mine and rnd.random() < 0.5:
        return rnd.choice(mine)
    return choose(rnd, legal)


def play(n: int, seed: int) -> tuple[GameState, list[Action], dict[str, int]]:
    rnd = random.Random(seed)
    state, _ = engine.new_game(civs(n), OPTIONS, seed)
    log: list[Action] = []
    kinds: dict[str, int] = {}
    for k in range(MAX_ACTIONS):
        if state.over:
            break
        player = rnd.choice(sorted({p.player for p in engine.owed(state)}))
        action = nudged(rnd, engine.legal_actions(state, player))
        events = engine.apply_in_place(state, action)
        log.append(action)
        kinds[action.kind] = kinds.get(action.kind, 0) + 1
        assert not leaks(events), (seed, leaks(events))
        errors = check_invariants(state)
        assert not errors, (seed, k, action, errors)
        assert all(owned(state, p) <= PER_PLAYER for p in state.players)
        assert all(n > 0 for d in army(state).at.values() for n in d.values())
        if k % 100 == 0:
            assert engine.from_json(engine.to_json(state)) == state
            assert not check_views(state), (seed, check_views(state))
    return state, log, kinds


def test_seeded_playouts_with_creatures_reach_a_victory() -> None:
    seen: dict[str, int] = {}
    for seed in range(SEEDS):
        n = (4, 5, 3)[seed % 3]
        state, log, kinds = play(n, seed)
        assert state.over and state.winners, (n, seed, state.round)
        for kind, count in kinds.items():
            seen[kind] = seen.get(kind, 0) + count
        if seed % 5 == 0:
            again = engine.replay(civs(n), OPTIONS, seed, [a.to_dict() for a in log])
            assert engine.to_json(again) == engine.to_json(state)
    assert seen.get("move_creatures") and seen.get("buy") and seen.get("use_god")
