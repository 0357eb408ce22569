"""Decisions owed as state: a `Prompt` says who owes which decision; a `PromptHandler` says,
for one kind of prompt, its legal answers, how an answer is checked and performed, and the
default applied when its deadline passes (rulings §12). Never a callback across a decision."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from .actions import Action
from .events import EventLog

S = TypeVar("S")  # a game's state


@dataclass(slots=True)
class Prompt:
    """A decision a player owes. `kind` names it; `data` holds what the options depend on. A
    sealed answer already given sets `data["answered"]` and waits for the others."""

    kind: str
    player: str
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class PromptHandler(Generic[S]):
    kind: str
    actions: tuple[type[Action], ...]
    legal: Callable[[S, Prompt], list[Action]]
    perform: Callable[[S, Prompt, Action, EventLog], None]
    # Raise an EngineError if the answer is illegal. None: the answer must be in `legal`.
    check: Callable[[S, Prompt, Action], None] | None = None
    # The answer applied when the deadline passes. None: the first legal action.
    default: Callable[[S, Prompt], Action] | None = None
    # Whether `legal` reads nothing hidden from the other players (hands, sealed offers,
    # the draw piles): only then may a single legal answer be applied at once as forced
    # (issue 13), since the forcing itself then tells the others nothing. Default: it does.
    public_listing: bool = False
    # False: an answer to this prompt is never taken back, whatever the kit's own test finds
    # (rulings §13; the kit already refuses draws, private events to others and reveals).
    undoable: bool = True
