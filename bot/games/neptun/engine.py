"""The public API of the Neptun engine: the kit's `GameEngine` protocol, as module functions.

    state, events = new_game(players, options, seed)
    legal_actions(state, player) -> list[Action]
    state, events = apply(state, action)          # raises EngineError, state untouched
    view(state, viewer) -> dict                   # what one merchant (or a spectator) may see
    to_json(state) / from_json(text)
    replay(players, options, seed, actions) -> state
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import orjson

from ..core.actions import Action
from ..core.dispatch import Dispatcher
from ..core.errors import EngineError, MalformedAction
from ..core.events import Event, EventLog
from .flow import enter_phase
from .rules import rules_for, rules_of
from .setup import initial_state
from .state import NeptunState, state_from_dict, state_to_dict
from .view import view

__all__ = [
    "EngineError", "action_from_dict", "apply", "apply_in_place", "check", "default_action",
    "from_json", "is_over", "legal_actions", "name", "new_game", "owed", "players", "replay",
    "to_json", "view",
]

name = "neptun"


def new_game(players: Sequence[str], options: Mapping[str, Any] | None = None,
             seed: int = 0) -> tuple[NeptunState, list[Event]]:
    """The set-up, then round A's first pick turn."""
    state = initial_state(players, options, seed)
    ev = EventLog()
    ev.public("game_started", players=list(state.players), sequence=list(state.sequence),
              markers=dict(state.markers), wind=state.wind, tiles=dict(state.tiles))
    enter_phase(state, rules_of(state).phase_order[0], ev)
    return state, list(ev)


_dispatch: Dispatcher[NeptunState] = Dispatcher(rules_of)
legal_actions = _dispatch.legal_actions
check = _dispatch.check
apply = _dispatch.apply
apply_in_place = _dispatch.apply_in_place
default_action = _dispatch.default_action
owed = _dispatch.owed


def action_from_dict(data: Any, state: NeptunState | None = None) -> Action:
    return (rules_of(state) if state is not None else rules_for()).parse(data)


def is_over(state: NeptunState) -> bool:
    return state.over


def players(state: NeptunState) -> list[str]:
    return list(state.players)


def to_json(state: NeptunState) -> bytes:
    return orjson.dumps(state_to_dict(state))


def from_json(data: bytes | str) -> NeptunState:
    try:
        state = state_from_dict(orjson.loads(data))
    except (orjson.JSONDecodeError, TypeError, KeyError) as exc:
        raise MalformedAction(f"not a saved game: {exc}", code="bad_snapshot") from exc
    rules_for(state.ruleset)  # refuses a snapshot of an unknown ruleset
    return state


def replay(players: Sequence[str], options: Mapping[str, Any] | None, seed: int,
           actions: Iterable[Action | dict[str, Any]]) -> NeptunState:
    """Rebuild a game from its start and its action log (draws come from the stored seed)."""
    state, _ = new_game(players, options, seed)
    rules = rules_of(state)
    for a in actions:
        apply_in_place(state, a if isinstance(a, Action) else rules.parse(a))
    return state
