"""The AI players answer with legal actions, from their own view only, deterministically."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from bot.ai import LEVELS, make_player
from bot.ai.play import play_game, seat_levels
from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Action
from bot.games.mare_nostrum.setup import seat_order
from bot.games.mare_nostrum.view import view

EMPIRES = seat_order()


def test_levels_registered() -> None:
    make_player("random")
    assert {"random", "standard"} <= set(LEVELS)
    with pytest.raises(ValueError):
        make_player("grandmaster")


@pytest.mark.parametrize("level", ["random", "standard"])
def test_choices_are_legal_and_seeded(level: str) -> None:
    """Two players with the same seed give the same answers; every answer is legal."""
    state, _ = engine.new_game(list(EMPIRES[:4]), None, 5)
    a, b = make_player(level, 9), make_player(level, 9)
    for _ in range(300):
        if state.over:
            break
        player = next(p.player for p in engine.owed(state))
        legal = engine.legal_actions(state, player)
        v = view(state, player)
        choice = a.choose(v, legal)
        assert choice in legal
        assert b.choose(view(state, player), legal) == choice
        engine.apply_in_place(state, choice)


def test_ai_sees_only_its_view() -> None:
    """The view given to the AI holds its own hand only (hidden resources stay hidden)."""
    seen: list[Mapping[str, Any]] = []

    class Spy:
        def __init__(self, seed: int) -> None:
            self.inner = make_player("standard", seed)

        def choose(self, v: Mapping[str, Any], legal: list[Action]) -> Action:
            seen.append(v)
            return self.inner.choose(v, legal)

    LEVELS["spy"] = Spy
    try:
        result = play_game({"rome": "spy", "greece": "random", "carthage": "random"}, 2,
                           check=False, max_actions=400)
    finally:
        del LEVELS["spy"]
    assert result.actions > 0 and seen
    for v in seen:
        assert v["viewer"] == "rome"
        assert "hands" not in v
        trade = v["trade"]
        if trade and not trade["revealed"]:
            assert set(trade["offers"]) <= {"rome"}


def test_same_seed_same_game() -> None:
    seats = seat_levels(["standard", "random"], 3)
    one, two = play_game(seats, 11), play_game(seats, 11)
    assert (one.winners, one.victory, one.actions) == (two.winners, two.victory, two.actions)
    assert one.error is None and one.winners
