"""The registry of decision kinds: for each prompt kind, its legal actions, how an answer is
checked and performed, and the default applied when its deadline passes (rulings §12)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .actions import Action
from .events import EventLog
from .state import GameState, Prompt

LegalFn = Callable[[GameState, Prompt], list[Action]]
CheckFn = Callable[[GameState, Prompt, Action], None]
PerformFn = Callable[[GameState, Prompt, Action, EventLog], None]
DefaultFn = Callable[[GameState, Prompt], Action]


@dataclass(frozen=True, slots=True)
class PromptHandler:
    kind: str
    actions: tuple[type[Action], ...]
    legal: LegalFn
    perform: PerformFn
    # Raise an EngineError if the answer is illegal. None: the answer must be in `legal`.
    check: CheckFn | None = None
    # The answer applied when the deadline passes. None: the first legal action.
    default: DefaultFn | None = None


HANDLERS: dict[str, PromptHandler] = {}


def register(handler: PromptHandler) -> PromptHandler:
    HANDLERS[handler.kind] = handler
    return handler


def add_prompt(state: GameState, kind: str, player: str, **data: object) -> Prompt:
    if kind not in HANDLERS:
        raise KeyError(f"no handler for prompt kind {kind!r}")
    prompt = Prompt(kind, player, dict(data))
    state.prompts.append(prompt)
    return prompt


def remove_prompt(state: GameState, prompt: Prompt) -> None:
    for i, p in enumerate(state.prompts):
        if p is prompt:
            del state.prompts[i]
            return
    raise ValueError("prompt not in state")


def clear_prompts(state: GameState, kind: str | None = None) -> None:
    state.prompts = [p for p in state.prompts if kind is not None and p.kind != kind]
