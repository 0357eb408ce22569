"""Hercule: «1 fois par tour, permet d'utiliser 1 légion comme si c'était 1 créature
mythologique» (004 l.390; FAQ l.430–431: «uniquement l'unité qui correspond à sa
civilisation»; C-52; MH-31). Once a round, when one of his legions moves or joins a land
combat, he declares it his civilisation's creature until the end of that military turn: the
legion becomes one of his creature pawns for that time (`army_state.lend`), so it moves as
his creature moves, fights as one (an automatic 6, a die against a behemoth: C-40) and has
its power (the centaur's strike, the behemoth's, the titan's shot, the griffon's flight, the
kraken's coasts), all through the creatures' own rules; at the end of the turn it is a
legion again where it stands (2003 hook point LAND_STEP_ENDING). Two moments:
- in his land step (`hercules_declare`, a legion there that has not moved), then the
  creature's answers (`move_creatures`, `titans_shoot`) carry it;
- before a land combat's dice where he has a legion that can fight (`before_dice.py`,
  after Midas; the attacker's or the defender's side): prompt `hercules`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ....actions import Action
from ....events import EventLog
from ....prompts import PromptHandler, remove_prompt
from ....rulesets.mn2003 import military
from ....rulesets.mn2003.geography import is_sea
from ....rulesets.mn2003.hooks import LAND_STEP_ENDING, MILITARY_ACTIONS, MILITARY_PERFORM
from ....rulesets.mn2003.substate import sub
from ....state import GameState, Prompt
from ..army_state import bookkeeping, kind_of, lend, return_lent
from ..module import MODULE
from . import midas as midas  # Midas's step is asked before Hercule's
from .before_dice import STEPS, dice_of, fixed_dice, resume_fight
from .holding import holds, mark_used, used_this_round
from .ids import HERCULES


@dataclass(frozen=True, slots=True)
class HerculesCreature(Action):
    """Hercule, before a land combat's dice: one of his legions there is his creature (until
    the end of this military turn), or not."""

    kind: ClassVar[str] = "hercules_creature"
    declare: bool


@dataclass(frozen=True, slots=True)
class HerculesDeclare(Action):
    """Hercule, in his land step: one of his legions in `area` that has not moved is his
    creature until the end of this military turn (it then moves and acts as one)."""

    kind: ClassVar[str] = "hercules_declare"
    area: str


def _may(state: GameState, player: str, area: str, enemy: str) -> int:
    if used_this_round(state, HERCULES, player) or kind_of(player) is None:
        return 0
    return int(dice_of(state, player, area) - len(fixed_dice(state, player)) > 0)


def declare(state: GameState, player: str, area: str, ev: EventLog) -> None:
    """The legion becomes his creature pawn; in his own turn, a legion that had moved or
    fought there is a creature that had."""
    mark_used(state, HERCULES, player)
    lend(state, area, player)
    mil = state.military
    if mil is not None and mil.current == player:
        part, mine, left = sub(state), bookkeeping(state), state.legions.get(area, {})
        for counts, own in ((part.moved, mine.moved), (part.fought, mine.fought)):
            extra = counts.get(area, 0) - left.get(player, 0)
            if extra > 0:
                counts[area] -= extra
                own[area] = own.get(area, 0) + extra
    ev.public("hercules_creature", player=player, area=area, card=HERCULES)


def _perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, HerculesCreature)
    remove_prompt(state, prompt)
    if action.declare:
        declare(state, action.player, prompt.data["area"], ev)
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


def declare_options(state: GameState, player: str) -> list[Action]:
    """His land step: each province where a legion of his has not moved yet."""
    mil = state.military
    if (
        mil is None
        or mil.step != "land_moves"
        or kind_of(player) is None
        or not holds(state, player, HERCULES)
        or used_this_round(state, HERCULES, player)
    ):
        return []
    return [
        HerculesDeclare(player, area)
        for area, d in sorted(state.legions.items())
        if d.get(player)
        and not is_sea(area, state.board_key)
        and military.movable(state, area, player) > 0
    ]


@MODULE.hook(MILITARY_ACTIONS)
def _listed(state: GameState, player: str) -> list[Action]:
    return declare_options(state, player)


@MODULE.hook(MILITARY_PERFORM)
def _performed(state: GameState, player: str, action: Action, ev: EventLog) -> bool:
    if not isinstance(action, HerculesDeclare):
        return False
    declare(state, player, action.area, ev)
    military.resume_turn(state, player, ev)
    return True


@MODULE.hook(LAND_STEP_ENDING)
def _turn_over(state: GameState, player: str, ev: EventLog) -> None:
    """C-52: «until the end of that military turn»: a legion again where it stands."""
    for area, owner, n in return_lent(state):
        ev.public("hercules_legion_back", player=owner, area=area, legions=n, card=HERCULES)


MODULE.answers("military_turn", HerculesDeclare)
