"""Adding and removing prompts (decisions owed). What each kind of prompt accepts is its
`PromptHandler` (bot.games.core.prompts), declared by the module of its phase or power and
found in the game's rules object."""

from __future__ import annotations

from ..core.prompts import Prompt, PromptHandler
from .state import GameState

__all__ = ["Prompt", "PromptHandler", "add_prompt", "clear_prompts", "remove_prompt"]


def add_prompt(state: GameState, kind: str, player: str, **data: object) -> Prompt:
    # The kind's handler is looked up when the prompt is listed or answered (and the
    # invariants check every prompt has one): not here, on every prompt of every action.
    # `data` is this call's own dict (**kwargs makes one per call): not copied again.
    prompt = Prompt(kind, player, data)
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
