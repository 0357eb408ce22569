"""The typed face of a game engine: what the service, the AI players, the simulator and the
renderer may call. Each game provides one object implementing it (Mare Nostrum's is
`bot.games.mare_nostrum.ENGINE`); none of them needs to know which game it is."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from .actions import Action
from .errors import EngineError
from .events import Event
from .prompts import Prompt

S = TypeVar("S")


class GameEngine(Protocol[S]):
    """One game's pure rules. `S` is its state type; states are values the engine owns:
    adapters read them through `view`, never directly."""

    name: str
    # The base of every refusal by the rules (a stable `code` and `params`).
    EngineError: type[EngineError]

    def new_game(self, players: Sequence[str], options: Mapping[str, Any] | None = None,
                 seed: int = 0) -> tuple[S, list[Event]]: ...

    def legal_actions(self, state: S, player: str) -> list[Action]: ...

    def check(self, state: S, action: Action) -> Prompt: ...

    def apply(self, state: S, action: Action) -> tuple[S, list[Event]]: ...

    def apply_in_place(self, state: S, action: Action) -> list[Event]: ...

    def default_action(self, state: S, prompt: Prompt) -> Action: ...

    def owed(self, state: S) -> list[Prompt]: ...

    def forced_action(self, state: S, player: str) -> Action | None:
        """The one answer `player` may give, where that reveals nothing hidden; else None."""
        ...

    def undoable(self, state: S, action: Action) -> bool:
        """Whether `action`, answered in `state`, revealed nothing and may be taken back."""
        ...

    def action_from_dict(self, data: Any, state: S | None = None) -> Action:
        """Parse an action among the kinds of this game's rules (those of `state`)."""
        ...

    def view(self, state: S, viewer: str | None = None) -> Mapping[str, Any]:
        """What `viewer` (None: a spectator) may see: JSON-able, typed by each game."""
        ...

    def is_over(self, state: S) -> bool: ...

    def players(self, state: S) -> list[str]: ...

    def to_json(self, state: S) -> bytes: ...

    def from_json(self, data: bytes | str) -> S: ...

    def replay(self, players: Sequence[str], options: Mapping[str, Any] | None, seed: int,
               actions: Iterable[Action | dict[str, Any]]) -> S: ...
