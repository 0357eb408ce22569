"""Méduse: «peut interdire tous les combats, 1 fois par tour, sur une province où le joueur
possède des unités (cette interdiction doit être annoncée avant le lancer des dés)» (004
l.394; C-54; MH-34). Before a land combat's dice (`before_dice.py`, the first choice asked),
each holder with units there may forbid it: it does not happen, and no other combat may
happen there until the current player's military turn ends (2003 hook point
COMBAT_FORBIDDEN: out of the listing, a march in does not fight); the units stay."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ....actions import Action
from ....events import EventLog
from ....prompts import PromptHandler, remove_prompt
from ....rulesets.mn2003 import military
from ....rulesets.mn2003.hooks import COMBAT_FORBIDDEN
from ....rulesets.mn2003.pieces import fortresses_at, troops_at
from ....state import GameState, Prompt
from ..module import MODULE
from .before_dice import STEPS, resume_fight
from .holding import heroes, mark_used, used_this_round
from .ids import MEDUSA


@dataclass(frozen=True, slots=True)
class MedusaForbid(Action):
    """Méduse, before a land combat's dice: forbid it (and any combat there this turn)."""

    kind: ClassVar[str] = "medusa_forbid"
    forbid: bool


def _tag(area: str) -> str:
    return f"forbid:{area}"


def _current(state: GameState) -> str:
    mil = state.military
    return mil.current if mil is not None and mil.current is not None else ""


@MODULE.hook(COMBAT_FORBIDDEN)
def _forbidden(state: GameState, area: str) -> bool:
    return used_this_round(state, _tag(area), _current(state))


def _may(state: GameState, player: str, area: str, enemy: str) -> int:
    """1 when he may forbid this combat: units there (legions, fortresses, creatures: `troops_at`
    counts a module's land units), not used this round."""
    units = troops_at(state, area, player) + fortresses_at(state, area, player)
    return int(units > 0 and not used_this_round(state, MEDUSA, player))


def _perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, MedusaForbid)
    remove_prompt(state, prompt)
    if not action.forbid:
        resume_fight(state, ev)
        return
    area, current = prompt.data["area"], _current(state)
    heroes(state).battle.clear()  # that combat is over
    mark_used(state, MEDUSA, action.player)
    mark_used(state, _tag(area), current)
    ev.public("combat_forbidden", player=action.player, area=area, card=MEDUSA)
    military.resume_turn(state, current, ev)


MODULE.handler(
    PromptHandler(
        kind="medusa",
        actions=(MedusaForbid,),
        legal=lambda state, prompt: [
            MedusaForbid(prompt.player, False),
            MedusaForbid(prompt.player, True),
        ],
        perform=_perform,
        public_listing=True,
        default=lambda state, prompt: MedusaForbid(prompt.player, False),
    )
)
# The first choice before the dice: a forbidden combat needs no other.
STEPS.insert(0, ("medusa", MEDUSA, _may, True))
