"""The `standard` level for the 2003 ruleset: a fast heuristic player reading only its view
and the legal actions.
- Construction (`mn2003_build.py`): a winning purchase first (the Pyramids, a 4th card),
  then a card, then what brings combinations of 9 (caravans on new resource types, villes
  and temples, influence towards them), units last; it pays with the combination that
  leaves the best hand and never cancels. As a leader it names itself first.
- Trade (`mn2003_hand.py`): as Maître du commerce names as many cards as it has duplicates;
  offers its duplicates, takes the types it lacks, gives back its least useful card.
- Military (`mn2003_war.py`): builds legions next to the province worth most to take, attacks
  when its legions kill every defender with odds of 3 in 4, converts what it conquers, sails
  its new triremes; otherwise stays home.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..actions import (
    Action,
    AwardTitle,
    Battle,
    Buy,
    CancelPurchase,
    ChooseNext,
    EndTurn,
    GiveCompensation,
    MakeOffer,
    Pay,
    TakeResource,
)
from ..modules.mythology.mythic_heroes.hero_buys import HeroBuy
from ..rulesets.mn2003.construction import EndConstruction
from ..rulesets.mn2003.free_start import Deploy
from ..rulesets.mn2003.military import Conquer2003, March
from ..rulesets.mn2003.power_actions import ChooseResource, UlyssesAnswer
from ..rulesets.mn2003.setup import ChooseIcon
from ..rulesets.mn2003.trade import NameAmount
from . import mn2003_build as build
from . import mn2003_hand as cards
from . import mn2003_war as war
from .creatures import creature_choice
from .gods import god_choice
from .heroes import best_purchase, hero_choice

_CONQUEST_RANK = {"convert": 0, "occupy": 1, "sack": 2, "none": 3}


class Standard2003Player:
    def __init__(self, seed: int = 0) -> None:
        self.rnd = random.Random(seed)

    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        first = legal[0]
        if isinstance(first, NameAmount):
            return cards.name_amount(view, [a for a in legal if isinstance(a, NameAmount)])
        god = god_choice(view, legal)  # the Mythology's offerings and gods
        if god is not None:
            return god
        army = creature_choice(view, legal)  # the Mythology's creatures and blockade
        if army is not None:
            return army
        hero = hero_choice(view, legal)  # the Mythology's heroes
        if hero is not None:
            return hero
        answer = self._cards(view, legal)
        if answer is not None:
            return answer
        # The free start's Deploy is scored as a purchase: ending a wave early wastes points.
        buys = [a for a in legal if isinstance(a, Buy | Deploy | HeroBuy)]
        if buys:
            return best_purchase(view, buys)
        if any(isinstance(a, EndConstruction) for a in legal):
            return next(a for a in legal if isinstance(a, EndConstruction))
        conquests = [a for a in legal if isinstance(a, Conquer2003)]
        if conquests:
            return min(conquests, key=lambda c: _CONQUEST_RANK[c.option])
        if any(isinstance(a, March | EndTurn) for a in legal):
            return self._military(view, legal)
        return self._choices(view, legal)

    def _cards(self, view: Mapping[str, Any], legal: list[Action]) -> Action | None:
        """The exchange, payments and the card powers (mn2003_hand.py); None: none asked."""
        offers = [a for a in legal if isinstance(a, MakeOffer)]
        if offers:
            return cards.best_offer(view, offers)
        picks = [a for a in legal if isinstance(a, TakeResource)]
        if picks:
            return cards.best_pick(view, picks)
        gives = [a for a in legal if isinstance(a, GiveCompensation)]
        if gives:
            return cards.best_compensation(view, gives)
        pays = [a for a in legal if isinstance(a, Pay)]
        if pays:
            return cards.best_payment(view, pays)
        chosen = [a for a in legal if isinstance(a, ChooseResource)]
        if chosen:
            return cards.best_resource(view, chosen)
        return cards.useful_swap(view, legal)

    def _choices(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        """The orders, tied roles, the start's icons and Ulysse."""
        nexts = [a for a in legal if isinstance(a, ChooseNext)]
        if nexts:
            target = build.next_player(view, [a.target for a in nexts])
            return next(a for a in nexts if a.target == target)
        awards = [a for a in legal if isinstance(a, AwardTitle)]
        if awards:  # a tied role to the rival with the fewest cards
            hw: Mapping[str, list[str]] = view.get("hw") or {}
            return min(awards, key=lambda a: (len(hw.get(a.winner, [])), a.winner))
        icons = [a for a in legal if isinstance(a, ChooseIcon)]
        if icons:  # a resource it does not produce yet
            types = build.empire(view).types
            return min(icons, key=lambda a: (a.commodity in types, a.commodity))
        ulysses = [a for a in legal if isinstance(a, UlyssesAnswer)]
        if ulysses:
            return next(a for a in ulysses if not a.redirect)
        return self.rnd.choice([a for a in legal if not isinstance(a, CancelPurchase)] or legal)

    def _military(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        """Attacks likely won on a province worth taking (`mn2003_war.py`), the battles owed,
        otherwise it stays home."""
        attack = war.best_attack(view, [a for a in legal if isinstance(a, March)])
        if attack is not None:
            return attack
        end = [a for a in legal if isinstance(a, EndTurn)]
        if end:
            return end[0]
        battles = [a for a in legal if isinstance(a, Battle)]
        if battles:
            return battles[0]
        return self.rnd.choice(legal)


def make(seed: int) -> Standard2003Player:
    return Standard2003Player(seed)
