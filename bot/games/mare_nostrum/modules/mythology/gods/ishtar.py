"""Ishtar (MG-13): «protège du pouvoir d'un autre dieu (utilisable que si l'on est la
cible)». C-36: when another god's effect aims at its holder (Baal on his ville, Vulcain on
his caravan, Poséidon on his trireme, Mars played by his opponent in his combat), he is
asked; the other god is spent all the same, its effect cancelled."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .....core.errors import IllegalAction
from ....actions import Action
from ....events import EventLog
from ....prompts import PromptHandler, add_prompt, remove_prompt
from ....state import GameState, Prompt
from ..module import MODULE
from .actions import KeepGod, UseGod
from .state import ISHTAR, gods, usable

Ctx = dict[str, Any]
# What each aimed god does (user, target, ctx), and how a moment goes on once it is settled
# (by name: a prompt holds data, never a function).
APPLY: dict[str, Callable[[GameState, str, str, Ctx, EventLog], None]] = {}
RESUME: dict[str, Callable[[GameState, Ctx, EventLog], None]] = {}


def strike(
    state: GameState,
    user: str,
    god: str,
    target: str,
    victim: str,
    ctx: Ctx,
    ev: EventLog,
    resume: str = "",
) -> bool:
    """A god aimed at `victim`, already spent: applied at once (False), or Ishtar's holder is
    asked first (True: his answer applies it or not, then `RESUME[resume]`)."""
    if victim != user and usable(state, victim, ISHTAR):
        add_prompt(state, "ishtar", victim, god=god, by=user, target=target, ctx=ctx, resume=resume)
        ev.public("ishtar_asked", player=victim, god=god, by=user)
        return True
    APPLY[god](state, user, target, ctx, ev)
    return False


def _legal(state: GameState, prompt: Prompt) -> list[Action]:
    return [UseGod(prompt.player, ISHTAR), KeepGod(prompt.player, ISHTAR)]


def _check(state: GameState, prompt: Prompt, action: Action) -> None:
    if action not in _legal(state, prompt):
        raise IllegalAction("answer with Ishtar, or let it be", code="wrong_god")


def _perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    remove_prompt(state, prompt)
    d = prompt.data
    if isinstance(action, UseGod):
        gods(state).used.append(ISHTAR)
        ev.public("god_used", player=action.player, god=ISHTAR, target=d["god"])
        ev.public("god_cancelled", player=d["by"], god=d["god"], by=action.player)
    else:
        ev.public("god_kept", player=action.player, god=ISHTAR)
        APPLY[d["god"]](state, d["by"], d["target"], d["ctx"], ev)
    if d["resume"]:
        RESUME[d["resume"]](state, d["ctx"], ev)


MODULE.handler(
    PromptHandler(
        kind="ishtar",
        actions=(UseGod, KeepGod),
        legal=_legal,
        check=_check,
        perform=_perform,
        public_listing=True,
        # Decided: an absent player is protected (what he would want against a loss).
        default=lambda state, prompt: UseGod(prompt.player, ISHTAR),
    )
)
