"""Seeded random playouts of the 2003 ruleset with the Mythology module to a victory, at 3, 5
and 6 players, from both starts (issue 18): the invariants after every action, the JSON round
trip and the views' leak check every few actions, no public event naming cards, and the
replay of the whole log. `MYTHOLOGY_SEEDS` sets the seeds per player count and start (1 by
default; 100 for the issue's runs)."""

from __future__ import annotations

import os
import random

import pytest

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Action
from bot.games.mare_nostrum.invariants import check_invariants, check_views
from bot.games.mare_nostrum.state import GameState

from ..mn2003.test_playouts import choose, leaks
from .setup_helpers import OPTIONS, civs

SEEDS = int(os.environ.get("MYTHOLOGY_SEEDS", "1"))
MAX_ACTIONS = 30_000
VICTORIES = ("pyramids", "heroes_wonders", "four_roles")


def play(n: int, seed: int, start: str, deep_every: int = 40) -> tuple[GameState, list[Action]]:
    rnd = random.Random(seed)
    state, _ = engine.new_game(civs(n), {**OPTIONS, "start": start}, seed)
    log: list[Action] = []
    for k in range(MAX_ACTIONS):
        if state.over:
            break
        player = rnd.choice(sorted({p.player for p in engine.owed(state)}))
        action = choose(rnd, engine.legal_actions(state, player))
        events = engine.apply_in_place(state, action)
        log.append(action)
        assert not leaks(events), (seed, leaks(events))
        errors = check_invariants(state)
        assert not errors, (seed, k, action, errors)
        if k % deep_every == 0:
            assert engine.from_json(engine.to_json(state)) == state
            assert not check_views(state), (seed, check_views(state))
    return state, log


@pytest.mark.parametrize("start", ["predetermined", "free"])
@pytest.mark.parametrize("n", [3, 5, 6])
def test_mythology_seeded_playouts_reach_a_victory(n: int, start: str) -> None:
    for seed in range(SEEDS):
        state, log = play(n, seed, start)
        assert state.over and state.winners, (n, seed, state.round)
        assert state.victory in VICTORIES
        if seed == 0:
            options = {**OPTIONS, "start": start}
            again = engine.replay(civs(n), options, seed, [a.to_dict() for a in log])
            assert engine.to_json(again) == engine.to_json(state)
