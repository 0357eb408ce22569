"""Seeded random-legal playouts to a victory, checking the invariants after every action
(OpenSpiel's random_sim_test, catanatron's test_play_many_games)."""

from __future__ import annotations

import os
import random

import pytest

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Action, CancelPurchase, EndTurn, MakeOffer
from bot.games.mare_nostrum.errors import EngineError
from bot.games.mare_nostrum.invariants import check_invariants, check_views
from bot.games.mare_nostrum.state import GameState

from .builder import FIVE, FOUR, THREE

SEEDS = int(os.environ.get("PLAYOUT_SEEDS", "100"))
MAX_ACTIONS = 20_000


def choose(rnd: random.Random, legal: list[Action]) -> Action:
    """Random legal play, nudged so that games move on: a player who may buy something usually
    does (uniform play ends a Build turn at once far too often to ever win)."""
    if len(legal) > 1:
        rest = [a for a in legal if not isinstance(a, EndTurn | CancelPurchase)]
        if rest and rnd.random() < 0.85:
            return rnd.choice(rest)
    return rnd.choice(legal)


def play(players: list[str], seed: int, deep_every: int = 25) -> tuple[GameState, list[Action]]:
    rnd = random.Random(seed)
    state, _ = engine.new_game(players, None, seed)
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
        if n % deep_every == 0:
            _reject_illegal(state, rnd, players, player)
        engine.apply_in_place(state, action)
        log.append(action)
        errors = check_invariants(state)
        assert not errors, f"seed {seed} action {n} {action}: {errors}"
        if n % deep_every == 0:
            assert engine.from_json(engine.to_json(state)) == state
            assert not check_views(state), check_views(state)
    assert state.over, f"seed {seed}: no victory after {MAX_ACTIONS} actions"
    return state, log


def _reject_illegal(state: GameState, rnd: random.Random, players: list[str], player: str) -> None:
    """Actions by the wrong player, or malformed ones, are refused and change nothing."""
    before = engine.to_json(state)
    idle = [p for p in players if not engine.legal_actions(state, p)]
    attempts: list[Action] = [MakeOffer(player, ("unobtainium",))]
    if idle:
        attempts.append(EndTurn(rnd.choice(idle)))
    for bad in attempts:
        with pytest.raises(EngineError):
            engine.apply(state, bad)
    assert engine.to_json(state) == before


@pytest.mark.parametrize("players", [THREE, FOUR, FIVE], ids=["3p", "4p", "5p"])
def test_seeded_playouts_reach_a_victory(players: list[str]) -> None:
    conditions: dict[str, int] = {}
    for seed in range(SEEDS):
        state, log = play(players, seed)
        conditions[state.victory or "?"] = conditions.get(state.victory or "?", 0) + 1
        if seed % 10 == 0:
            replayed = engine.replay(players, None, seed, [a.to_dict() for a in log])
            assert replayed == state, f"seed {seed}: replay differs"
    assert sum(conditions.values()) == SEEDS
