"""Module state in the game state (the engine kit): a module declares a typed sub-state of its
own; it is made at set-up, serialised with the rest (snapshot, replay, clone), and each viewer
sees only his part of it."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Self

import pytest

from bot.games.core import EventLog, RulesModule
from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.flow import next_phase
from bot.games.mare_nostrum.rules import register_module, rules_of
from bot.games.mare_nostrum.state import GameState
from bot.games.mare_nostrum.view import view

EMPIRES = ["rome", "greece", "carthage"]


@dataclass(slots=True)
class Omens:
    """A test module's part: a public count of omens read, and each player's secret omen."""

    read: int = 0
    secret: dict[str, str] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"read": self.read, "secret": dict(self.secret)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        return cls(int(data["read"]), dict(data["secret"]))

    def view(self, viewer: str | None) -> dict[str, Any]:
        mine = self.secret.get(viewer) if viewer is not None else None
        return {"read": self.read, "mine": mine}


OMENS: RulesModule[GameState] = RulesModule("test.omens")
OMENS.substate("omens", Omens, lambda state: Omens(secret={p: f"omen-of-{p}"
                                                           for p in state.players}))


@OMENS.phase("augury", after="claims")
def _augury(state: GameState, ev: EventLog) -> None:
    omens = state.substates["omens"]
    assert isinstance(omens, Omens)
    omens.read += 1
    for player in state.players:  # each learns a new omen, privately
        omens.secret[player] = f"omen-{omens.read}-of-{player}"
        ev.private("omen", (player,), omen=omens.secret[player])
    next_phase(state, ev)


register_module(OMENS)


def _play(state: GameState, steps: int, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    log = []
    for _ in range(steps):
        owed = engine.owed(state)
        if engine.is_over(state) or not owed:
            break
        legal = engine.legal_actions(state, owed[0].player)
        action = legal[rng.randrange(len(legal))]
        log.append(action.to_dict())
        engine.apply_in_place(state, action)
    return log


def test_a_modules_substate_is_made_saved_replayed_and_redacted() -> None:
    state, _ = engine.new_game(EMPIRES, {"modules": ["test.omens"]}, 5)
    assert state.substates == {"omens": Omens(0, {p: f"omen-of-{p}" for p in EMPIRES})}
    log = _play(state, 600, 5)
    omens = state.substates["omens"]
    assert isinstance(omens, Omens) and omens.read >= 1  # the augury step has run

    # Snapshot, clone and replay keep it, typed.
    again = engine.from_json(engine.to_json(state))
    assert again == state and isinstance(again.substates["omens"], Omens)
    assert state.clone() == state
    replayed = engine.replay(EMPIRES, {"modules": ["test.omens"]}, 5, log)
    assert engine.to_json(replayed) == engine.to_json(state)

    # Each viewer sees his own omen only; a spectator none.
    assert view(state, "rome")["substates"]["omens"] == {"read": omens.read,
                                                         "mine": omens.secret["rome"]}
    assert view(state, None)["substates"]["omens"] == {"read": omens.read, "mine": None}
    for viewer in ("greece", None):
        assert omens.secret["rome"] not in str(view(state, viewer))


def test_a_base_game_has_no_substates_and_its_snapshot_does_not_name_them() -> None:
    state, _ = engine.new_game(EMPIRES, {}, 5)
    assert state.substates == {} and view(state, "rome")["substates"] == {}
    assert b'"substates"' not in engine.to_json(state)


def test_a_snapshot_with_a_substate_of_no_module_is_refused() -> None:
    state, _ = engine.new_game(EMPIRES, {"modules": ["test.omens"]}, 5)
    forged = engine.to_json(state).replace(b'"modules":["test.omens"]', b'"modules":[]')
    with pytest.raises(engine.EngineError) as err:
        engine.from_json(forged)
    assert err.value.code == "bad_snapshot"


def test_two_modules_cannot_own_the_same_substate() -> None:
    clash: RulesModule[GameState] = RulesModule("test.clash")
    clash.substate("omens", Omens, lambda state: Omens())
    from bot.games.core import compose
    from bot.games.mare_nostrum.base import BASE_MODULES

    with pytest.raises(ValueError, match="omens"):
        compose(("x",), [*BASE_MODULES, OMENS, clash])
    assert "omens" in rules_of(engine.new_game(EMPIRES, {"modules": ["test.omens"]}, 1)[0]
                               ).substates
