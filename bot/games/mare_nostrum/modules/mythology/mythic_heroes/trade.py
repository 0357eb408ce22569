"""Antigone: «permet de s'exclure volontairement de la phase de commerce après avoir entendu
le nombre de cartes demandées par le Maître du commerce» (004 l.380, l.206–207; MH-23). Once
the number is named (2003 hook point AMOUNT_NAMED), each holder of her power says whether he
stays out; one who does seals no offer and takes part in no pick (the Empires exchange's
OFFER_SIZES: no size open to him)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ....actions import Action
from ....events import EventLog
from ....hooks import OFFER_SIZES
from ....prompts import PromptHandler, add_prompt, remove_prompt
from ....rulesets.mn2003 import trade as mn_trade
from ....rulesets.mn2003.hooks import AMOUNT_NAMED
from ....state import GameState, Prompt
from ..module import MODULE
from .holding import holders, mark_used, used_this_round
from .ids import ANTIGONE

OUT = ANTIGONE + ":out"  # the use key of a holder who stays out this round


@dataclass(frozen=True, slots=True)
class AntigoneChoice(Action):
    """Antigone's holder, the number heard: stay out of this exchange, or take part."""

    kind: ClassVar[str] = "antigone_choice"
    stay_out: bool


def _undecided(state: GameState) -> list[str]:
    return [p for p in holders(state, ANTIGONE) if not used_this_round(state, ANTIGONE, p)]


@MODULE.hook(AMOUNT_NAMED)
def _ask(state: GameState, ev: EventLog) -> bool:
    waiting = _undecided(state)
    if not waiting:
        return False
    add_prompt(state, "antigone", waiting[0])
    return True


def _perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, AntigoneChoice)
    remove_prompt(state, prompt)
    mark_used(state, ANTIGONE, action.player)
    if action.stay_out:
        mark_used(state, OUT, action.player)
        ev.public("trade_opted_out", player=action.player, card=ANTIGONE)
    mn_trade.open_offers(state, ev)


@MODULE.hook(OFFER_SIZES)
def _stays_out(state: GameState, player: str, face: int) -> range | None:
    return range(0) if used_this_round(state, OUT, player) else None


MODULE.handler(
    PromptHandler(
        kind="antigone",
        actions=(AntigoneChoice,),
        legal=lambda state, prompt: [
            AntigoneChoice(prompt.player, False),
            AntigoneChoice(prompt.player, True),
        ],
        perform=_perform,
        public_listing=True,
        # Deadline: he takes part, as a player without the power would.
        default=lambda state, prompt: AntigoneChoice(prompt.player, False),
    )
)
