"""The `standard` 2003 player's cards: what a hand is worth, and the answers of the exchange
and of payments that follow from it (issue 17).

A hero or wonder costs one combination of 9 cards — 9 tax cards, or 9 *different* resources —
and the Pyramids 12, while every unused resource card is discarded at the end of the
construction phase (only 2 tax cards are kept). So a hand is worth its largest combination
first (a 9 or a 12 buys a step towards victory), then each different resource and each tax
card, and a duplicate little more than trade goods. Every answer here is the legal action
that leaves the hand worth most; it reads only the player's own hand and public facts."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from ..actions import Action, GiveCompensation, MakeOffer, Pay, TakeResource
from ..rulesets.mn2003.data import TAX
from ..rulesets.mn2003.power_actions import ChooseResource, SwapCard
from ..rulesets.mn2003.trade import NameAmount

HW_SET = 9
PYRAMIDS_SET = 12
# A hand's worth: its largest combination reaching a card's or the Pyramids' price dwarfs the
# rest; a different resource beats a tax card (9 tax cards need 4 temples' worth of villes).
SET_BONUS = {HW_SET: 100.0, PYRAMIDS_SET: 200.0}
DISTINCT = 10.0
TAX_CARD = 4.0
SPARE_CARD = 0.5


def hand_of(view: Mapping[str, Any]) -> Counter[str]:
    hand: Mapping[str, int] = view.get("hand") or {}
    return Counter({t: n for t, n in hand.items() if n > 0})


def distinct(hand: Mapping[str, int]) -> int:
    return sum(1 for t, n in hand.items() if t != TAX and n > 0)


def largest_set(hand: Mapping[str, int]) -> int:
    return max(hand.get(TAX, 0), distinct(hand))


def worth(hand: Mapping[str, int]) -> float:
    """How much a hand buys: its largest combination's bonus, its different resources, its
    tax cards, and a little for every card (a duplicate is trade goods and pays for a 3)."""
    best = largest_set(hand)
    bonus = sum(b for size, b in SET_BONUS.items() if best >= size)
    tax = hand.get(TAX, 0)
    return (
        bonus
        + DISTINCT * distinct(hand)
        + TAX_CARD * min(tax, PYRAMIDS_SET)
        + SPARE_CARD * sum(hand.values())
    )


def _minus(hand: Counter[str], cards: Iterable[str]) -> Counter[str]:
    out = hand.copy()
    out.subtract(cards)
    return +out


def _plus(hand: Counter[str], cards: Iterable[str]) -> Counter[str]:
    out = hand.copy()
    out.update(cards)
    return out


def spare(hand: Mapping[str, int]) -> int:
    """The resource cards beyond the first of each type: what it can trade away for nothing."""
    return sum(n - 1 for t, n in hand.items() if t != TAX and n > 1)


def name_amount(view: Mapping[str, Any], legal: list[NameAmount]) -> NameAmount:
    """As Maître du commerce: as many cards as it has duplicates to trade for new types (at
    least 1), but never more than another player holds (an exchange nobody joins is none)."""
    hand = hand_of(view)
    me = view.get("viewer")
    sizes: Mapping[str, int] = view["substates"]["mn2003.public"]["hand_sizes"]
    others = [n for p, n in sizes.items() if p != me]
    if not others or max(others) == 0 or sum(hand.values()) == 0:
        return min(legal, key=lambda a: a.amount)
    want = max(1, min(spare(hand), max(others), sum(hand.values())))
    return min(legal, key=lambda a: abs(a.amount - want))


def best_offer(view: Mapping[str, Any], offers: list[MakeOffer]) -> MakeOffer:
    """The sealed offer leaving the best hand: duplicates first, then tax cards."""
    hand = hand_of(view)
    return max(offers, key=lambda a: worth(_minus(hand, a.resources)))


def best_pick(view: Mapping[str, Any], picks: list[TakeResource]) -> TakeResource:
    """The card that adds most to its hand (a type it lacks first); between equals, from the
    player holding most heroes and wonders (his offer feeds the nearest to victory)."""
    hand = hand_of(view)
    cards: Mapping[str, list[str]] = view.get("hw") or {}
    return max(
        picks,
        key=lambda a: (worth(_plus(hand, [a.token])), len(cards.get(a.source, [])), a.token),
    )


def best_compensation(view: Mapping[str, Any], gives: list[GiveCompensation]) -> GiveCompensation:
    hand = hand_of(view)
    return max(gives, key=lambda a: (worth(_minus(hand, [a.resource])), a.resource))


def best_payment(view: Mapping[str, Any], pays: list[Pay]) -> Pay:
    """The combination that leaves the best hand (a 9 still possible, the tax cards kept)."""
    hand = hand_of(view)
    return max(pays, key=lambda a: (worth(_minus(hand, a.resources)), a.resources))


def best_resource(view: Mapping[str, Any], choices: list[ChooseResource]) -> ChooseResource:
    """Temple d'Artémis: the resource that adds most (a type it lacks)."""
    hand = hand_of(view)
    return max(choices, key=lambda a: (worth(_plus(hand, [a.resource])), a.resource))


def useful_swap(view: Mapping[str, Any], legal: list[Action]) -> SwapCard | None:
    """Cléopâtre: the swap with the bank that improves its hand, if any."""
    hand = hand_of(view)
    now = worth(hand)
    best: tuple[float, SwapCard] | None = None
    for a in legal:
        if isinstance(a, SwapCard):
            after = worth(_plus(_minus(hand, [a.give]), [a.take]))
            if after > now + 1 and (best is None or after > best[0]):
                best = (after, a)
    return best[1] if best else None
