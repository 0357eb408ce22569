"""The public API of the Mare Nostrum: Empires engine: the only entry points adapters use.

    state, events = new_game(players, options, seed)
    legal_actions(state, player) -> list[Action]
    state, events = apply(state, action)          # raises EngineError, state untouched
    view(state, viewer) -> dict                   # what one seat (or a spectator) may see
    to_json(state) / from_json(text)
    replay(players, options, seed, actions) -> state
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import orjson

from ..core.dispatch import Dispatcher
from .actions import Action
from .board import has_board
from .errors import EngineError, MalformedAction
from .events import Event, EventLog
from .flow import enter_phase
from .rules import rules_for, rules_of
from .setup import initial_state
from .state import GameState, state_from_dict, state_to_dict
from .view import view

__all__ = [
    "EngineError", "action_from_dict", "apply", "apply_in_place", "check", "default_action",
    "forced_action", "from_json", "is_over", "legal_actions", "name", "new_game", "owed",
    "players", "replay", "to_json", "undoable", "view",
]

name = "mare_nostrum"


def new_game(
    players: Sequence[str], options: Mapping[str, Any] | None = None, seed: int = 0
) -> tuple[GameState, list[Event]]:
    """A new game: the set-up, then round 1 starts with the Trade phase (the 9 starting
    resources are the first Production, set-up step 3)."""
    state = initial_state(players, options, seed)
    ev = EventLog()
    # The face-up HW tiles are the set-up's one public draw (the seed itself is never shown).
    ev.public("game_started", players=list(state.players), hw_market=list(state.hw_market),
              titles=dict(state.titles))
    # The rules may open the game elsewhere (2003: the set-up's own choices).
    enter_phase(state, state.rules.data.get("first_phase", "trade"), ev)
    return state, list(ev)


# The kit's validated entry point, with the rules chosen from each game's state.
_dispatch: Dispatcher[GameState] = Dispatcher(rules_of)
legal_actions = _dispatch.legal_actions
check = _dispatch.check
apply = _dispatch.apply
apply_in_place = _dispatch.apply_in_place
default_action = _dispatch.default_action
owed = _dispatch.owed
forced_action = _dispatch.forced_action
undoable = _dispatch.undoable


def action_from_dict(data: Any, state: GameState | None = None) -> Action:
    """Parse an action among the kinds of the game's rules (the base game's without a
    state)."""
    return (rules_of(state) if state is not None else rules_for()).parse(data)


def is_over(state: GameState) -> bool:
    return state.over


def players(state: GameState) -> list[str]:
    return list(state.players)


def to_json(state: GameState) -> bytes:
    return orjson.dumps(state_to_dict(state))


def from_json(data: bytes | str) -> GameState:
    try:
        state = state_from_dict(orjson.loads(data))
    except (orjson.JSONDecodeError, TypeError, KeyError) as exc:
        raise MalformedAction(f"not a saved game: {exc}", code="bad_snapshot") from exc
    if not has_board(state.board_key):  # a module's board that this process does not have
        raise MalformedAction(f"no board {state.board_key!r}", code="unknown_board",
                              board=state.board_key)
    return state


def replay(
    players: Sequence[str], options: Mapping[str, Any] | None, seed: int,
    actions: Iterable[Action | dict[str, Any]],
) -> GameState:
    """Rebuild a game from its start and its action log (rolls come from the stored seed)."""
    state, _ = new_game(players, options, seed)
    rules = rules_of(state)
    for a in actions:
        action = a if isinstance(a, Action) else rules.parse(a)
        apply_in_place(state, action)
    return state
