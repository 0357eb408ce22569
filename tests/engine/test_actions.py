"""Actions as values: interning shares equal frozen actions without changing what they are."""

from __future__ import annotations

import dataclasses

import pytest

from bot.games.core import actions as core_actions
from bot.games.mare_nostrum.actions import Buy, Move, interned


def test_interned_action_equals_a_new_one_and_is_shared() -> None:
    a = interned(Move, "rome", "legion", "latium", "italia")
    assert a == Move("rome", "legion", "latium", "italia")
    assert interned(Move, "rome", "legion", "latium", "italia") is a
    assert interned(Move, "rome", "legion", "latium", "gallia") != a


def test_interned_actions_stay_frozen() -> None:
    a = interned(Buy, "rome", "legion", "latium")
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.target = "italia"  # type: ignore[misc]


def test_interning_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    # Interning is the kit's (bot.games.core.actions).
    monkeypatch.setattr(core_actions, "_INTERNED", {})
    monkeypatch.setattr(core_actions, "_INTERNED_MAX", 3)
    for target in ("a", "b", "c", "d", "e"):
        assert interned(Buy, "rome", "legion", target).target == target
    assert len(core_actions._INTERNED) <= 3
