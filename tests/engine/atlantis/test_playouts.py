"""Seeded random-legal Atlas games to a victory at 4, 5 and 6 players: the invariants and the
JSON round trip after every action, illegal input refused, the views checked, and the action
log replayed to the same state. `ATLAS_SEEDS` sets how many seeds per count (the suite's
default is small; the report's run used 100)."""

from __future__ import annotations

import os
import random

import pytest

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Action
from bot.games.mare_nostrum.invariants import check_invariants, check_views
from bot.games.mare_nostrum.state import GameState

from ..test_playouts import MAX_ACTIONS, _reject_illegal, choose
from .scenario import FIVE_A, FOUR_A, SIX

SEEDS = int(os.environ.get("ATLAS_SEEDS", "6"))
OPTIONS = {"modules": ["atlantis"]}


def play(players: list[str], seed: int, options: dict[str, list[str]],
         used: set[str] | None = None) -> tuple[GameState, list[Action]]:
    rnd = random.Random(seed)
    state, _ = engine.new_game(players, options, seed)
    log: list[Action] = []
    for n in range(MAX_ACTIONS):
        if state.over:
            break
        owers = sorted({p.player for p in engine.owed(state)})
        assert owers, f"seed {seed}: nobody owes a decision in {state.phase}"
        player = rnd.choice(owers)
        legal = engine.legal_actions(state, player)
        assert legal, f"seed {seed}: {player} owes a decision with no legal answer"
        action = choose(rnd, legal)
        if n % 10 == 0:
            _reject_illegal(state, rnd, players, player)
        events = engine.apply_in_place(state, action)
        log.append(action)
        if used is not None:
            used.add(action.kind)
            used.update(str(e.data["power"]) for e in events if e.data.get("power"))
            used.update(str(e.data["target"]) for e in events
                        if e.kind == "placed" and e.data.get("item") == "hw")
        errors = check_invariants(state)
        assert not errors, f"seed {seed} action {n} {action}: {errors}"
        assert engine.from_json(engine.to_json(state)) == state
        if n % 10 == 0:
            assert not check_views(state), check_views(state)
    assert state.over, f"seed {seed}: no victory after {MAX_ACTIONS} actions"
    return state, log


@pytest.mark.parametrize("players", [FOUR_A, FIVE_A, SIX], ids=["4", "5", "6"])
@pytest.mark.parametrize("seed", range(SEEDS))
def test_atlas_playout_to_a_victory_and_replay(players: list[str], seed: int) -> None:
    state, log = play(players, seed, OPTIONS)
    again = engine.replay(players, OPTIONS, seed, [a.to_dict() for a in log])
    assert engine.to_json(again) == engine.to_json(state)


def test_every_atlantean_tile_is_bought_in_some_game() -> None:
    """Games where each Atlantean hero of the track is bought and its power used (with the
    track at 4 players too)."""
    bought: set[str] = set()
    for seed in range(40):
        players = (SIX, FOUR_A)[seed % 2]
        play(players, 1000 + seed, {"modules": ["atlantis", "atlantis_heroes"]}, bought)
        if {"medea", "medusa", "orpheus", "pegasus", "fly", "petrify", "return_legion"} <= bought:
            break
    # Each tile on the track is bought, and each power used (CHIRON waits for the Centaurs).
    assert {"medea", "medusa", "orpheus", "pegasus", "fly", "petrify", "return_legion"} <= bought
