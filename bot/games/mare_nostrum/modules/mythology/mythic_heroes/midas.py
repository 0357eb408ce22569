"""Midas: «permet d'utiliser les impôts en combat : 2 impôts convertissent 1 légion adverse
(utilisable aussi en attaque)» (004 l.396; FAQ l.432–433; C-55; MH-35). Before the dice of a
land combat where he is a side (`before_dice.py`), his holder says how many
enemy legions of that combat he converts: 2 tax cards each, replaced by his own legions from
his supply («il doit disposer d'une légion en réserve»; unlike Hélène, anywhere)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .... import resources as res
from ....actions import Action
from ....errors import IllegalAction
from ....events import EventLog
from ....prompts import PromptHandler, remove_prompt
from ....rulesets.mn2003.data import TAX
from ....rulesets.mn2003.pieces import legions_at, supply_left
from ....state import GameState, Prompt
from ..module import MODULE
from .before_dice import STEPS, resume_fight
from .ids import MIDAS

TAXES_PER_LEGION = 2  # «2 impôts convertissent 1 légion adverse»


@dataclass(frozen=True, slots=True)
class MidasConvert(Action):
    """Midas, before a land combat's dice: convert `legions` enemy legions (0: none)."""

    kind: ClassVar[str] = "midas_convert"
    legions: int


def most(state: GameState, player: str, area: str, enemy: str) -> int:
    """As many as his tax cards, his supply and the enemy's legions there allow."""
    taxes = res.count(state.hands[player], TAX) // TAXES_PER_LEGION
    return max(0, min(taxes, supply_left(state, player, "legion"), legions_at(state, area, enemy)))


def _legal(state: GameState, prompt: Prompt) -> list[Action]:
    n = most(state, prompt.player, prompt.data["area"], prompt.data["enemy"])
    return [MidasConvert(prompt.player, k) for k in range(n + 1)]


def _check(state: GameState, prompt: Prompt, action: Action) -> None:
    assert isinstance(action, MidasConvert)
    n = most(state, prompt.player, prompt.data["area"], prompt.data["enemy"])
    if not 0 <= action.legions <= n:
        raise IllegalAction(
            f"Midas converts 0 to {n} legions here",
            code="midas_too_many",
            legions=action.legions,
            max=n,
        )


def _perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, MidasConvert)
    remove_prompt(state, prompt)
    area, enemy, player, n = (
        prompt.data["area"],
        prompt.data["enemy"],
        action.player,
        action.legions,
    )
    if n:
        for _ in range(n * TAXES_PER_LEGION):
            res.remove_token(state.hands[player], TAX)
        legions = state.legions[area]
        legions[enemy] -= n
        if not legions[enemy]:
            del legions[enemy]
        legions[player] = legions.get(player, 0) + n
        ev.public("midas_converted", player=player, victim=enemy, area=area, legions=n, card=MIDAS)
    resume_fight(state, ev)


MODULE.handler(
    PromptHandler(
        kind="midas",
        actions=(MidasConvert,),
        legal=_legal,
        check=_check,
        perform=_perform,
        public_listing=True,
        default=lambda state, prompt: MidasConvert(prompt.player, 0),
    )
)
STEPS.append(("midas", MIDAS, most, False))
