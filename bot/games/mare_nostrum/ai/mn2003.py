"""The `standard` level for the 2003 ruleset: a fast heuristic player reading only its view
and the legal actions.
- Construction: a winning purchase first (the Pyramids, a 4th card), then a card, economy
  (temples and markets where it has villes and caravans, villes, caravans), influence, then
  units; it pays with the first combination and never cancels.
- Trade: names a small amount (1 or 2) and otherwise answers at random.
- Military: attacks only with a clear majority of dice, converts where it conquers, sails its
  new triremes; otherwise stays home.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..actions import Action, Buy, CancelPurchase, EndTurn, MakeOffer, Pay, TakeResource
from ..board import PYRAMIDS
from ..rulesets.mn2003.construction import EndConstruction
from ..rulesets.mn2003.free_start import Deploy
from ..rulesets.mn2003.military import Conquer2003, March
from ..rulesets.mn2003.trade import NameAmount
from .creatures import BUY_RANK as CREATURE_RANK
from .creatures import creature_choice
from .gods import god_choice

_BUY_RANK = {
    PYRAMIDS: 0,
    "hw": 1,
    "convert": 2,
    "temple": 3,
    "market": 3,
    "city": 4,
    "caravan": 4,
    "influence": 5,
    "legion": 6,
    "fortress": 7,
    "trireme": 8,
}
_BUY_RANK.update(CREATURE_RANK)
_CONQUEST_RANK = {"convert": 0, "occupy": 1, "sack": 2, "none": 3}


class Standard2003Player:
    def __init__(self, seed: int = 0) -> None:
        self.rnd = random.Random(seed)

    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        first = legal[0]
        if isinstance(first, NameAmount):
            return legal[min(len(legal) - 1, 1 + self.rnd.randrange(2))]
        god = god_choice(view, legal)  # the Mythology's offerings and gods
        if god is not None:
            return god
        army = creature_choice(view, legal)  # the Mythology's creatures and blockade
        if army is not None:
            return army
        hand: dict[str, int] = view.get("hand") or {}
        offers = [a for a in legal if isinstance(a, MakeOffer)]
        if offers:
            # Offer what it holds most copies of (tax cards and duplicates pay nothing new).
            return max(
                offers, key=lambda a: (sum(hand.get(r, 0) for r in a.resources), self.rnd.random())
            )
        picks = [a for a in legal if isinstance(a, TakeResource)]
        if picks:
            # Take a resource type it lacks: a combination needs different ones.
            return max(
                picks,
                key=lambda a: (a.token != "coin" and not hand.get(a.token), self.rnd.random()),
            )
        # The free start's Deploy is ranked as a purchase: ending a wave early wastes points.
        buys = [a for a in legal if isinstance(a, Buy | Deploy)]
        if buys:
            return min(buys, key=lambda b: (_BUY_RANK.get(b.item, 9), self.rnd.random()))
        deploys = [a for a in legal if isinstance(a, Deploy)]
        if deploys:  # the free start: spend the wave as a purchase would
            return min(deploys, key=lambda d: (_BUY_RANK.get(d.item, 9), self.rnd.random()))
        if any(isinstance(a, EndConstruction) for a in legal):
            return next(a for a in legal if isinstance(a, EndConstruction))
        pays = [a for a in legal if isinstance(a, Pay)]
        if pays:
            return pays[0]
        conquests = [a for a in legal if isinstance(a, Conquer2003)]
        if conquests:
            return min(conquests, key=lambda c: _CONQUEST_RANK[c.option])
        if any(isinstance(a, March | EndTurn) for a in legal):
            return self._military(view, legal)
        return self.rnd.choice([a for a in legal if not isinstance(a, CancelPurchase)] or legal)

    def _military(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        legions: dict[str, dict[str, int]] = view["legions"]
        forts: dict[str, list[str]] = view["fortresses"]
        best: Action | None = None
        for a in legal:
            if isinstance(a, March) and a.opponent:
                defence = legions.get(a.target, {}).get(a.opponent, 0) + 2 * forts.get(
                    a.target, []
                ).count(a.opponent)
                if a.count >= defence + 2 and a.count == max(
                    m.count
                    for m in legal
                    if isinstance(m, March) and m.source == a.source and m.target == a.target
                ):
                    best = a
                    break
        if best is not None:
            return best
        end = [a for a in legal if isinstance(a, EndTurn)]
        if end:
            return end[0]
        return self.rnd.choice(legal)


def make(seed: int) -> Standard2003Player:
    return Standard2003Player(seed)
