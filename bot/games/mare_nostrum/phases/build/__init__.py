"""Phase III — Build (sections 3, 4.5, 4.6, 6.1, 8; rulings §1, §2, §4–§6, §10, §12).

The Culture Leader names the builders one at a time (himself included). A builder starts a
purchase (`Buy`), pays it with exactly one set (`Pay`) and the item is placed at once; `EndTurn`
discards what he did not spend (up to 2 coins are kept). Buying the Pyramids or a 5th HW wins
(6.1). Title levels are derived from the board (control.levels), so they are current after every
purchase.

Where each part lives:
- `turns.py` — the phase's course and its three decisions (build_order, build_turn,
  build_payment): their prompt handlers, the start and end of a turn (discard, kept coins);
- `purchases.py` — what an item costs, whether a Buy is allowed (`check_buy`) and every Buy
  open (`legal_buys`), from the same rules; a purchase started, paid and placed;
- `placement.py` — where each item may go (the placement rules, one function each), and
  putting it there;
- `payment.py` — how he pays: his payment rules (Cléopâtre, Hannibal), one-token powers
  (Spartacus, Gilgamesh, Phare), the payments open for a purchase and the check of one;
- `victory.py` — 6.1: who could win as the phase opens, and the two victory checks.

This module declares the phase in `MODULE` (composed into the rules object by
bot.games.mare_nostrum.base) and names what the powers and adapters use.
"""

from __future__ import annotations

from ....core.rules import RulesModule
from ...state import GameState
from .payment import payment_rules
from .placement import ITEMS, UNITS, check_influence, check_supply, open_to_influence, place
from .purchases import check_buy, hw_cost, item_cost, legal_buys
from .turns import (
    KEPT_COINS,
    ORDER,
    PAYMENT,
    TURN,
    after_discard,
    build_state,
    end_turn,
    enter,
    remaining,
    resume_turn,
    start_turn,
)
from .victory import could_win, culture_leader, win_by_purchase, win_without_leader

__all__ = [
    "ITEMS", "KEPT_COINS", "MODULE", "UNITS", "after_discard", "build_state", "check_buy",
    "check_influence", "check_supply", "could_win", "culture_leader", "end_turn", "hw_cost",
    "item_cost",
    "legal_buys", "open_to_influence", "payment_rules", "place", "remaining", "resume_turn",
    "start_turn",
]

# Phase Build: its victory checks, phase and prompt handlers, in this order.
MODULE: RulesModule[GameState] = RulesModule("empires.build")
MODULE.victory("several able to win, the Culture Leader not among them (6.1)",
               "build_opening")(win_without_leader)
MODULE.victory("the Pyramids or a fifth HW bought (6.1)", "build_purchase")(win_by_purchase)
MODULE.phase("build")(enter)
MODULE.handler(ORDER)
MODULE.handler(TURN)
MODULE.handler(PAYMENT)
