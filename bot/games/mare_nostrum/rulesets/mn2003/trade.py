"""2003 Trade phase («PHASE DE COMMERCE», 003 l.257–276; mn2003.md §A.4): A) income, then
B) the exchange, where the Maître du commerce names how many cards each offers (0: no
exchange this round). The sealed offers, the pick chain, the round-trip rule and the
give-back are the Empires engine's (`phases/trade.py`): the same procedure, no tokens."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ....core.rules import RulesModule
from ... import resources as res
from ...actions import Action
from ...errors import IllegalAction
from ...events import EventLog
from ...flow import next_phase
from ...phases import trade as empires_trade
from ...prompts import PromptHandler, add_prompt, remove_prompt
from ...state import GameState, Prompt, TradeState
from .data import TAX
from .geography import icon
from .hooks import AMOUNT_NAMED, INCOME_DONE, INCOME_EXTRA, hooks_for
from .pieces import covered, province_buildings
from .substate import sub

MODULE: RulesModule[GameState] = RulesModule("mn2003.trade")


@dataclass(frozen=True, slots=True)
class NameAmount(Action):
    """The Maître du commerce names how many cards each player offers (0: no exchange)."""

    kind: ClassVar[str] = "name_amount"
    amount: int


def income(state: GameState, player: str) -> dict[str, int]:
    """T-01, T-02: 1 tax card per ville (2 with a temple in the province), 1 resource card
    per caravan, of its icon (2 with a market), for the buildings he controls and does not
    have occupied, or occupies; the doubling goes to whoever holds the temple or market."""
    out: dict[str, int] = {}
    occupied = sub(state).occupied
    for pid, owner in state.influence.items():
        if owner != player and occupied.get(pid) != player:
            continue  # covered's occupier is occupied's entry
        occupier, cover = covered(state, pid)
        mine = province_buildings(state, pid)
        if cover:
            taken = set(cover)
            mine = [b for b in mine if (occupier if b in taken else owner) == player]
        elif owner != player:
            continue  # nothing covered: all the owner's
        temple = ("temple", -1) in mine
        market = ("market", -1) in mine
        for kind, slot in mine:
            if kind == "city":
                out[TAX] = out.get(TAX, 0) + (2 if temple else 1)
            elif kind == "caravan":
                rtype = icon(pid, slot, state.board_key)
                out[rtype] = out.get(rtype, 0) + (2 if market else 1)
    return out


@MODULE.phase("trade")
def enter(state: GameState, ev: EventLog) -> None:
    sub(state).used = [u for u in sub(state).used if not u.startswith(("trade:", "round:"))]
    for player in state.players:
        gained = income(state, player)
        for token, n in gained.items():
            res.add(state.hands[player], token, n)
        # The cards are secret; how many each received is public (hand sizes are, C-1).
        ev.private("income_received", (player,), player=player, cards=gained)
        ev.public("income", player=player, count=sum(gained.values()))
        for extra in hooks_for(state, player)[INCOME_EXTRA]:
            extra(state, player, ev)
    income_done(state, ev)


def income_done(state: GameState, ev: EventLog) -> None:
    """Once every income decision (Temple d'Artémis) is in: the exchange (B)."""
    if any(p for p in state.prompts if not p.data.get("answered")):
        return
    for power in state.rules.on[INCOME_DONE]:
        if power(state, ev):
            return
    state.trade = TradeState(token="mn2003")
    leader = state.titles.get("trade")
    if leader not in state.players:
        state.trade = None
        ev.public("trade_finished", reason="no_trade_leader")
        next_phase(state, ev)
        return
    add_prompt(state, "trade_amount", leader)


def _amounts(state: GameState) -> range:
    # C-12: 0 … the largest hand (asking more would exclude everyone: the same as 0).
    return range(max(res.total(h) for h in state.hands.values()) + 1)


def _amount_legal(state: GameState, prompt: Prompt) -> list[Action]:
    return [NameAmount(prompt.player, n) for n in _amounts(state)]


def _amount_check(state: GameState, prompt: Prompt, action: Action) -> None:
    assert isinstance(action, NameAmount)
    if action.amount not in _amounts(state):
        raise IllegalAction(
            f"name 0 to {_amounts(state).stop - 1} cards",
            code="bad_trade_amount",
            amount=action.amount,
            max=_amounts(state).stop - 1,
        )


def _amount_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, NameAmount)
    remove_prompt(state, prompt)
    t = state.trade
    assert t is not None
    t.amount = action.amount
    ev.public("trade_amount_named", player=action.player, amount=action.amount)
    if action.amount == 0:
        # 003 l.396–397: «il n'y a alors pas de phase de commerce ce tour-ci» (the income
        # was collected all the same: C-12).
        state.trade = None
        ev.public("trade_finished", reason="zero")
        next_phase(state, ev)
        return
    open_offers(state, ev)


def open_offers(state: GameState, ev: EventLog) -> None:
    """The sealed offers, once the powers acting on the number named are answered."""
    for power in state.rules.on[AMOUNT_NAMED]:
        if power(state, ev):
            return
    empires_trade.open_offers(state, ev)


MODULE.handler(
    PromptHandler(
        kind="trade_amount",
        actions=(NameAmount,),
        legal=_amount_legal,
        check=_amount_check,
        perform=_amount_perform,
        public_listing=True,
        # Deadline: no exchange this round (the smallest answer).
        default=lambda state, prompt: NameAmount(prompt.player, 0),
    )
)
