"""A game's `GameEngine` assembled from its parts: the kit's dispatcher on the game's
`rules_of`, its set-up, its view and its snapshot codec. A game that needs nothing more than
this (Neptun) builds its engine object here instead of writing the protocol's plumbing again:
snapshots as orjson (a bad one is `bad_snapshot`), replay from the action log, the parser of
the game's action kinds."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Generic, TypeVar

import orjson

from .actions import Action
from .dispatch import Dispatcher, KitState
from .errors import EngineError, MalformedAction
from .events import Event
from .prompts import Prompt
from .rules import Rules

S = TypeVar("S", bound=KitState)
Setup = Callable[[Sequence[str], Mapping[str, Any] | None, int], tuple[S, list[Event]]]


class KitEngine(Generic[S]):
    """Implements `GameEngine[S]`. `setup` makes a new game (state and events); `rules_of`
    finds a game's rules from its state, `default_rules` the rules an action is parsed by when
    no state is given; `load` and `dump` turn a state into a JSON-able dict and back;
    `validate` refuses a snapshot this process cannot play (raising an EngineError)."""

    EngineError = EngineError

    def __init__(self, name: str, *, setup: Setup[S], rules_of: Callable[[S], Rules[S]],
                 default_rules: Callable[[], Rules[S]],
                 view: Callable[[S, str | None], Mapping[str, Any]],
                 dump: Callable[[S], dict[str, Any]], load: Callable[[dict[str, Any]], S],
                 validate: Callable[[S], None] | None = None) -> None:
        self.name = name
        self._setup, self._rules_of, self._default_rules = setup, rules_of, default_rules
        self._view, self._dump, self._load, self._validate = view, dump, load, validate
        dispatch: Dispatcher[S] = Dispatcher(rules_of)
        self._dispatch = dispatch

    def new_game(self, players: Sequence[str], options: Mapping[str, Any] | None = None,
                 seed: int = 0) -> tuple[S, list[Event]]:
        return self._setup(players, options, seed)

    def legal_actions(self, state: S, player: str) -> list[Action]:
        return self._dispatch.legal_actions(state, player)

    def check(self, state: S, action: Action) -> Prompt:
        return self._dispatch.check(state, action)

    def apply(self, state: S, action: Action) -> tuple[S, list[Event]]:
        return self._dispatch.apply(state, action)

    def apply_in_place(self, state: S, action: Action) -> list[Event]:
        return self._dispatch.apply_in_place(state, action)

    def default_action(self, state: S, prompt: Prompt) -> Action:
        return self._dispatch.default_action(state, prompt)

    def owed(self, state: S) -> list[Prompt]:
        return self._dispatch.owed(state)

    def forced_action(self, state: S, player: str) -> Action | None:
        return self._dispatch.forced_action(state, player)

    def undoable(self, state: S, action: Action) -> bool:
        return self._dispatch.undoable(state, action)

    def action_from_dict(self, data: Any, state: S | None = None) -> Action:
        rules = self._rules_of(state) if state is not None else self._default_rules()
        return rules.parse(data)

    def view(self, state: S, viewer: str | None = None) -> Mapping[str, Any]:
        return self._view(state, viewer)

    def is_over(self, state: S) -> bool:
        return state.over

    def players(self, state: S) -> list[str]:
        return list(state.players)

    def to_json(self, state: S) -> bytes:
        return orjson.dumps(self._dump(state))

    def from_json(self, data: bytes | str) -> S:
        try:
            state = self._load(orjson.loads(data))
        except (orjson.JSONDecodeError, TypeError, KeyError, AttributeError) as exc:
            raise MalformedAction(f"not a saved game: {exc}", code="bad_snapshot") from exc
        if self._validate is not None:
            self._validate(state)
        return state

    def replay(self, players: Sequence[str], options: Mapping[str, Any] | None, seed: int,
               actions: Iterable[Action | dict[str, Any]]) -> S:
        """Rebuild a game from its start and its action log (draws come from the seed)."""
        state, _ = self.new_game(players, options, seed)
        rules = self._rules_of(state)
        for a in actions:
            self.apply_in_place(state, a if isinstance(a, Action) else rules.parse(a))
        return state
