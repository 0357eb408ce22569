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
from itertools import repeat
from operator import is_
from typing import Any

import orjson

from . import phases as _phases  # noqa: F401  (registers every phase and prompt handler)
from .actions import Action, action_from_dict
from .board import has_board
from .errors import EngineError, GameOver, IllegalAction, MalformedAction, NotYourTurn
from .events import Event, EventLog
from .flow import enter_phase
from .prompts import HANDLERS
from .setup import initial_state
from .state import GameState, Prompt, state_from_dict, state_to_dict

__all__ = [
    "apply", "apply_in_place", "default_action", "from_json", "legal_actions", "new_game",
    "owed", "replay", "to_json",
]


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
    enter_phase(state, "trade", ev)
    return state, list(ev)


def owed(state: GameState) -> list[Prompt]:
    """The decisions still owed (sealed answers already given wait for the others)."""
    return [p for p in state.prompts if not p.data.get("answered")]


# The last listing: (state, its version, [(the listed actions, the prompt they answer)]).
# `apply` trusts an action object it has just listed for this very state at this version
# instead of checking it again; anything else (an equal action rebuilt from a button, a stale
# one) takes the full check. The lists are kept here, so no listed object is freed (and its
# identity reused) while the listing stands.
_Listing = tuple[GameState, int, list[tuple[list[Action], Prompt]]]
_last_listing: _Listing | None = None
# Tests set this: a trusted action is also checked in full, and both must name the same prompt.
VERIFY_LISTED = False


def legal_actions(state: GameState, player: str) -> list[Action]:
    global _last_listing
    if state.over:
        return []
    out: list[Action] = []
    segments = []
    for prompt in state.prompts:
        if prompt.player == player and not prompt.data.get("answered"):
            acts = HANDLERS[prompt.kind].legal(state, prompt)
            segments.append((acts, prompt))
            out.extend(acts)
    _last_listing = (state, state.version, segments)
    return out


def _listed_prompt(state: GameState, action: Action) -> Prompt | None:
    """The prompt `action` answers if it is one of the objects just listed for `state`."""
    listing = _last_listing
    if listing is None or listing[0] is not state or listing[1] != state.version:
        return None
    for acts, prompt in listing[2]:
        # By identity, at C speed (`in` would call the dataclasses' __eq__ on the way).
        if any(map(is_, acts, repeat(action))):
            if VERIFY_LISTED:
                assert check(state, action) is prompt, f"listed {action} fails its check"
            return prompt
    return None


def _candidates(state: GameState, action: Action) -> list[Prompt]:
    """The prompts this action could answer: owed by its player and of a kind it answers."""
    if not isinstance(action, Action):
        raise MalformedAction("not an action")
    if state.over:
        raise GameOver("the game is over")
    if action.player not in state.players:
        raise MalformedAction(f"{action.player!r} does not play in this game",
                              code="unknown_player", player=action.player)
    mine = [p for p in state.prompts
            if p.player == action.player and not p.data.get("answered")]
    if not mine:
        owers = sorted({p.player for p in owed(state)})
        raise NotYourTurn(f"{action.player} owes no decision now (waiting for "
                          f"{', '.join(owers)})", waiting_for=owers)
    fitting = [p for p in mine if isinstance(action, HANDLERS[p.kind].actions)]
    if not fitting:
        raise IllegalAction(
            f"{action.kind} does not answer the decision owed ({mine[0].kind})",
            code="wrong_decision", expected=mine[0].kind,
        )
    return fitting


def _check_one(state: GameState, prompt: Prompt, action: Action) -> None:
    handler = HANDLERS[prompt.kind]
    if handler.check is not None:
        handler.check(state, prompt, action)
    elif action not in handler.legal(state, prompt):
        raise IllegalAction(f"{action.kind} is not allowed now: {action.to_dict()}")


def check(state: GameState, action: Action) -> Prompt:
    """Validate without changing anything; return the prompt the action answers."""
    first_error: EngineError | None = None
    for prompt in _candidates(state, action):
        try:
            _check_one(state, prompt, action)
        except EngineError as exc:
            first_error = first_error or exc
            continue
        return prompt
    assert first_error is not None
    raise first_error


def apply_in_place(state: GameState, action: Action) -> list[Event]:
    """Validate, then change `state` itself (simulators). On error `state` is untouched."""
    prompt = _listed_prompt(state, action) or check(state, action)
    return _perform(state, prompt, action)


def _perform(state: GameState, prompt: Prompt, action: Action) -> list[Event]:
    ev = EventLog()
    HANDLERS[prompt.kind].perform(state, prompt, action, ev)
    state.version += 1
    return list(ev)


def apply(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """Validate and apply one action to a copy of the state: (new state, events)."""
    prompt = _listed_prompt(state, action) or check(state, action)
    index = next(i for i, p in enumerate(state.prompts) if p is prompt)
    new = state.clone()
    # The copy's prompt at the same place: checking again on the copy would give the same one.
    events = _perform(new, new.prompts[index], action)
    return new, events


def default_action(state: GameState, prompt: Prompt) -> Action:
    """The documented answer applied when a decision's deadline passes (rulings §12)."""
    handler = HANDLERS[prompt.kind]
    if handler.default is not None:
        return handler.default(state, prompt)
    legal = handler.legal(state, prompt)
    if not legal:
        raise EngineError(f"no legal answer to {prompt.kind}", code="no_default")
    return legal[0]


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
    for a in actions:
        action = a if isinstance(a, Action) else action_from_dict(a)
        apply_in_place(state, action)
    return state
