"""Méduse: «peut interdire tous les combats, 1 fois par tour, sur une province où le joueur
possède des unités (cette interdiction doit être annoncée avant le lancer des dés)» (004
l.394; C-54; MH-34). Before a land combat's dice (`before_dice.py`, the first choice asked),
each holder with units there may forbid it: it does not happen, and no other combat may
happen there until the current player's military turn ends (2003 hook point
COMBAT_FORBIDDEN: out of the listing, a march in does not fight, no titan shoots there);
the units stay. Before a titans' shot's dice (C-45: «Méduse may forbid the shot»), each
holder with units in the province shot at is asked the same way (SHOT_STARTING)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ....actions import Action
from ....events import EventLog
from ....prompts import PromptHandler, add_prompt, remove_prompt
from ....rulesets.mn2003 import military
from ....rulesets.mn2003.geography import is_sea
from ....rulesets.mn2003.hooks import COMBAT_FORBIDDEN
from ....rulesets.mn2003.pieces import fortresses_at, troops_at
from ....state import GameState, Prompt
from ..army_hooks import SHOT_STARTING
from ..creature_moves import Shoot, shoot
from ..module import MODULE
from .before_dice import STEPS, resume_fight
from .holding import heroes, holders, mark_used, used_this_round
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


@MODULE.hook(SHOT_STARTING)
def _before_shot(state: GameState, shot: Shoot, ev: EventLog) -> bool:
    """C-45: «Méduse may forbid the shot»: before the titans' dice, each holder with units in
    the province shot at (not the shooter) is asked, as before a combat's dice."""
    if is_sea(shot.target, state.board_key):
        return False
    held = heroes(state).battle
    key = ["shot", shot.player, shot.target, shot.opponent]
    if held.get("key") != key:
        held.clear()
        held.update(key=key, asked=[])
    for player in holders(state, MEDUSA):
        tag = f"medusa:{player}"
        asked = player == shot.player or tag in held["asked"]
        if asked or not _may(state, player, shot.target, ""):
            continue
        held["asked"].append(tag)
        add_prompt(state, "medusa", player, area=shot.target, enemy="", shot=key[1:])
        return True
    held.clear()
    return False


def _perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, MedusaForbid)
    remove_prompt(state, prompt)
    shot = prompt.data.get("shot")
    if not action.forbid:
        if shot:
            shoot(state, Shoot(shot[0], shot[1], shot[2]), ev)
        else:
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
