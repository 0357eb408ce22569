"""Hercule: «1 fois par tour, permet d'utiliser 1 légion comme si c'était 1 créature
mythologique» (004 l.390; FAQ l.430–431: «uniquement l'unité qui correspond à sa
civilisation»; C-52; MH-31). Done here: in combat. Before a land combat's dice where he has
legions (`before_dice.py`, after Midas), once a round, he declares one of them his creature:
it counts an automatic 6 in that combat, like a creature (2003 hook point DICE_FIXED, through
`before_dice.fix_dice`; the creatures' fight asks it too), except against a behemoth (C-40:
a creature rolls there, so he is not asked). Not done: the creature's movement and own power
for that legion."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ....actions import Action
from ....events import EventLog
from ....prompts import PromptHandler, remove_prompt
from ....state import GameState, Prompt
from ..army_state import creatures_at, kind_of
from ..module import MODULE
from . import midas as midas  # Midas's step is asked before Hercule's
from .before_dice import STEPS, dice_of, fix_dice, fixed_dice, resume_fight
from .holding import mark_used, used_this_round
from .ids import HERCULES

CREATURE_DIE = 6  # «obtient un résultat automatique de 6» (004: creatures and fortresses)


@dataclass(frozen=True, slots=True)
class HerculesCreature(Action):
    """Hercule, before a land combat's dice: one of his legions there is his creature (an
    automatic 6), or not."""

    kind: ClassVar[str] = "hercules_creature"
    declare: bool


def _may(state: GameState, player: str, area: str, enemy: str) -> int:
    if used_this_round(state, HERCULES, player):
        return 0
    # C-40: against a behemoth a creature rolls its die like a legion: nothing to declare.
    if kind_of(enemy) == "behemoth" and creatures_at(state, area, enemy):
        return 0
    return int(dice_of(state, player, area) - len(fixed_dice(state, player)) > 0)


def _perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, HerculesCreature)
    remove_prompt(state, prompt)
    if action.declare:
        mark_used(state, HERCULES, action.player)
        fix_dice(state, action.player, [CREATURE_DIE])
        ev.public(
            "hercules_creature", player=action.player, area=prompt.data["area"], card=HERCULES
        )
    resume_fight(state, ev)


MODULE.handler(
    PromptHandler(
        kind="hercules",
        actions=(HerculesCreature,),
        legal=lambda state, prompt: [
            HerculesCreature(prompt.player, False),
            HerculesCreature(prompt.player, True),
        ],
        perform=_perform,
        public_listing=True,
        default=lambda state, prompt: HerculesCreature(prompt.player, False),
    )
)
STEPS.append(("hercules", HERCULES, _may, False))
