"""Forced answers (issue 13): "a decision with exactly one legal answer is applied at once and
announced as forced; only where that reveals nothing hidden." The engine decides which (the
kit's `forced_action`, from each prompt handler's `public_listing`)."""

from __future__ import annotations

import random

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.rules import rules_of
from bot.games.mare_nostrum.state import GameState

from .builder import THREE
from .test_playouts import choose


def _walk(seed: int) -> list[tuple[GameState, str, int]]:
    """A seeded random game: (state, player, how many answers he had) at every decision."""
    rnd = random.Random(seed)
    state, _ = engine.new_game(THREE, seed=seed)
    seen: list[tuple[GameState, str, int]] = []
    for _ in range(4000):
        if state.over:
            break
        owers = sorted({p.player for p in engine.owed(state)})
        player = owers[0]
        legal = engine.legal_actions(state, player)
        seen.append((state, player, len(legal)))
        state, _ = engine.apply(state, choose(rnd, legal))
    return seen


def test_a_single_legal_answer_whose_listing_is_public_is_forced() -> None:
    """"a decision with exactly one legal answer is applied at once": the engine names it."""
    forced_kinds = set()
    for state, player, count in _walk(7):
        action = engine.forced_action(state, player)
        handlers = rules_of(state).handlers
        kinds = {p.kind for p in engine.owed(state) if p.player == player}
        public = all(handlers[k].public_listing for k in kinds)
        if count == 1 and public:
            assert action == engine.legal_actions(state, player)[0]
            forced_kinds |= kinds
        else:
            assert action is None
    assert forced_kinds  # the walk met forced decisions (Military turns, choices of order)


def test_only_where_that_reveals_nothing_hidden() -> None:
    """"only where that reveals nothing hidden": a Build turn whose only answer is to end it
    (it tells what the hand cannot pay) or a sealed offer is never forced."""
    hidden_singles = 0
    for state, player, count in _walk(7):
        kinds = {p.kind for p in engine.owed(state) if p.player == player}
        if count == 1 and kinds & {"build_turn", "trade_offer", "build_payment"}:
            hidden_singles += 1
            assert engine.forced_action(state, player) is None
    assert hidden_singles > 0


def test_the_hand_reading_decisions_are_not_declared_public() -> None:
    state, _ = engine.new_game(THREE, seed=1)
    handlers = rules_of(state).handlers
    assert not handlers["build_turn"].public_listing
    assert not handlers["trade_offer"].public_listing
    assert handlers["military_turn"].public_listing
    assert handlers["award_title"].public_listing
