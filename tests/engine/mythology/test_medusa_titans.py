"""Méduse with the creatures (004 l.394; C-54, C-45; checklist D.2 MH-34, MY-06): «peut
interdire tous les combats, 1 fois par tour, sur une province où le joueur possède des
unités»; her ban covers the titans' shots («Méduse may forbid the shot»)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Battle
from bot.games.mare_nostrum.events import EventLog
from bot.games.mare_nostrum.modules.mythology import creature_battles
from bot.games.mare_nostrum.modules.mythology.army_state import army
from bot.games.mare_nostrum.modules.mythology.creature_moves import MoveCreatures, Shoot
from bot.games.mare_nostrum.modules.mythology.mythic_heroes import ids
from bot.games.mare_nostrum.modules.mythology.mythic_heroes.medusa import MedusaForbid
from bot.games.mare_nostrum.rulesets.mn2003 import military
from bot.games.mare_nostrum.state import GameState
from tests.engine.mn2003.helpers import act, prompt_of

from .gods_helpers import refused
from .heroes_helpers import grant
from .test_mythic_heroes_battles import _africa_battle


def _forbidden_both_ways(state: GameState, monkeypatch: pytest.MonkeyPatch) -> None:
    """Méduse forbids the held combat: through the base `resume_turn` (hers) and through the
    creatures' own `resume` (after a battle), from the same position: the same state and
    events."""
    again = engine.from_json(engine.to_json(state))
    base_events = act(state, MedusaForbid("carthage", True))

    def creatures_resume(s: GameState, player: str, ev: EventLog) -> None:
        creature_battles.resume(s, ev)

    monkeypatch.setattr(military, "resume_turn", creatures_resume)
    creature_events = act(again, MedusaForbid("carthage", True))
    monkeypatch.undo()
    assert engine.to_json(state) == engine.to_json(again)
    assert [(e.kind, e.data) for e in base_events] == [(e.kind, e.data) for e in creature_events]
    assert prompt_of(state, "military_turn").player == "rome"


def test_mh34_c54_a_forbidden_attack_resumes_the_turn_as_the_creatures_resume_would(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """C-54: «That combat does not happen … Units stay where they are»: the attacker's turn
    goes on (the base `military.resume_turn`, as the creatures' `resume` would)."""
    state = _africa_battle()
    army(state).at["africa"] = {"rome": 1}  # his titan there too
    grant(state, "carthage", ids.MEDUSA)
    act(state, Battle("rome", "africa", "carthage"))
    _forbidden_both_ways(state, monkeypatch)
    assert army(state).at["africa"] == {"rome": 1}


def test_mh34_c54_a_forbidden_creatures_entry_resumes_the_turn_the_same_way(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A creature entering enemy units fights at once (C-42, C-45); Méduse forbids that
    combat: it does not happen, the creature stays, the turn goes on."""
    state = _africa_battle()
    state.legions["africa"] = {"carthage": 1}
    army(state).at["numidia"] = {"rome": 1}
    grant(state, "carthage", ids.MEDUSA)
    act(state, MoveCreatures("rome", "numidia", "africa", 1, 0, "carthage"))
    assert prompt_of(state, "medusa").player == "carthage"
    _forbidden_both_ways(state, monkeypatch)
    assert army(state).at["africa"] == {"rome": 1}


def test_my06_c45_c54_medusas_ban_allows_no_titan_shot_there(dice: Callable[..., None]) -> None:
    """C-45: «Méduse may forbid the shot»; C-54: «No other combat may happen there until the
    current player's military turn ends»: no titan shoots into that province this turn."""
    state = _africa_battle()
    army(state).at["numidia"] = {"rome": 1}
    grant(state, "carthage", ids.MEDUSA)
    assert Shoot("rome", "africa", "carthage") in engine.legal_actions(state, "rome")
    act(state, Battle("rome", "africa", "carthage"))
    act(state, MedusaForbid("carthage", True))
    assert Shoot("rome", "africa", "carthage") not in engine.legal_actions(state, "rome")
    assert refused(state, Shoot("rome", "africa", "carthage")) == "combat_forbidden"


def test_my06_c45_medusa_may_forbid_the_titans_shot_before_its_dice() -> None:
    """C-45: «Méduse may forbid the shot»; 004: «cette interdiction doit être annoncée avant
    le lancer des dés»: asked before the titans' dice; forbidden, nothing is rolled, the
    units stay, the titan's turn goes on without a shot there."""
    from bot.games.mare_nostrum.events import Event

    state = _africa_battle()
    state.legions["africa"] = {"carthage": 2}
    army(state).at["numidia"] = {"rome": 1}
    grant(state, "carthage", ids.MEDUSA)
    act(state, Shoot("rome", "africa", "carthage"))
    assert prompt_of(state, "medusa").player == "carthage"
    events = act(state, MedusaForbid("carthage", True))
    assert not any(isinstance(e, Event) and e.kind == "titans_shot" for e in events)
    assert state.legions["africa"] == {"carthage": 2}
    assert prompt_of(state, "military_turn").player == "rome"
    assert Shoot("rome", "africa", "carthage") not in engine.legal_actions(state, "rome")


def test_my06_c45_medusa_kept_the_shot_is_fired(dice: Callable[..., None]) -> None:
    state = _africa_battle()
    state.legions["africa"] = {"carthage": 2}
    army(state).at["numidia"] = {"rome": 1}
    grant(state, "carthage", ids.MEDUSA)
    state.fortresses.pop("africa", None)  # his legions only: no choice of losses
    act(state, Shoot("rome", "africa", "carthage"))
    dice([5])
    events = act(state, MedusaForbid("carthage", False))
    assert [e.data["total"] for e in events if e.kind == "titans_shot"] == [5]
    assert state.legions["africa"] == {"carthage": 1}
