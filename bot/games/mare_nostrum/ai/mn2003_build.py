"""The `standard` 2003 player's purchases (construction phase and the free start's waves).

Victory is the Pyramids or 4 heroes and/or wonders, each paid with one combination of 9 tax
cards or 9 different resources. So, after a winning or a card purchase, it builds what brings
such combinations: a caravan on a resource it does not produce yet (each new type is one more
card towards 9 different), villes and the temples that double them (tax cards), influence
into provinces whose icons it lacks or whose city sites are free; a market only where it
doubles several caravans; units last, more where a rival's legions stand next door. Each
purchase is scored per 3 points of price, so a 6-point temple must be worth two villes."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..actions import Buy
from ..board import PYRAMIDS
from ..rulesets.mn2003.free_start import Deploy
from ..rulesets.mn2003.geography import caravan_sites, city_sites, icon, land_neighbours
from . import mn2003_war as war
from .creatures import CREATURE_ITEMS

View = Mapping[str, Any]
# What a card's power brings this player, beyond its quarter of a victory (a tie-break
# between cards: all cost 9). Income and set-making powers first.
CARD_WORTH = {
    "mn2003.artemis": 9,
    "mn2003.colossus": 8,
    "mn2003.hammurabi": 7,
    "mn2003.cleopatra": 6,
    "mn2003.mausoleum": 6,
    "mn2003.lighthouse": 6,
    "mn2003.gardens": 5,
    "mn2003.caesar": 4,
    "mn2003.hannibal": 4,
    "mn2003.solomon": 4,
    "mn2003.agamemnon": 4,
    "mn2003.archimedes": 4,
    "mn2003.pericles": 3,
    "mn2003.helen": 3,
    "mn2003.ulysses": 3,
    "mn2003.nebuchadnezzar": 2,
    "mn2003.zeus": 2,
}
WIN = 10_000.0
CARD = 1_000.0
NEW_TYPE = 40.0  # a caravan on a resource it lacks
OLD_TYPE = 14.0
CITY = 30.0
CITY_WITH_TEMPLE = 45.0
CONVERT = 50.0
# Rank of an item the scores do not know (a module's, e.g. a creature): after the economy.
UNKNOWN = 8.0


@dataclass(frozen=True, slots=True)
class Empire:
    """What the player's empire is, read once per decision from the public view."""

    me: str
    key: str
    mine: frozenset[str]
    types: frozenset[str]  # the resources its caravans produce
    temples: frozenset[str]
    markets: frozenset[str]
    threatened: frozenset[str]  # its provinces next to a rival's legions


def empire(view: View) -> Empire:
    me = str(view.get("viewer"))
    key = str(view["board"])
    influence: Mapping[str, str] = view["influence"]
    built: Mapping[str, list[bool]] = view["built"]
    part: Mapping[str, Any] = view["substates"]["mn2003"]
    mine = frozenset(p for p, o in influence.items() if o == me)
    types = frozenset(icon(p, i, key) for p in mine for i in caravan_sites(p, key) if built[p][i])
    neutrals = set(part.get("neutrals") or ())
    legions: Mapping[str, Mapping[str, int]] = view["legions"]
    rivals_at = {
        p for p, d in legions.items() if any(n and o not in (me, *neutrals) for o, n in d.items())
    }
    threatened = frozenset(
        p for p in mine if p in rivals_at or rivals_at.intersection(land_neighbours(p, key))
    )
    return Empire(
        me, key, mine, types, frozenset(part["temples"]), frozenset(part["markets"]), threatened
    )


def _cities(view: View, e: Empire, pid: str) -> int:
    built: Mapping[str, list[bool]] = view["built"]
    return sum(1 for i in city_sites(pid, e.key) if built[pid][i])


def _caravans(view: View, e: Empire, pid: str) -> int:
    built: Mapping[str, list[bool]] = view["built"]
    return sum(1 for i in caravan_sites(pid, e.key) if built[pid][i])


def _province_worth(view: View, e: Empire, pid: str) -> float:
    """What influence in a free province opens: caravans on new types, villes."""
    built: Mapping[str, list[bool]] = view["built"]
    free = [icon(pid, i, e.key) for i in caravan_sites(pid, e.key) if not built[pid][i]]
    new = {t for t in free if t not in e.types}
    sites = sum(1 for i in city_sites(pid, e.key) if not built[pid][i])
    influence: Mapping[str, str] = view["influence"]
    room = sum(1 for n in land_neighbours(pid, e.key) if n not in influence)
    return 14.0 * len(new) + 4.0 * (len(free) - len(new)) + 10.0 * sites + 1.0 * room + 2.0


def _legion_worth(view: View, e: Empire, pid: str) -> float:
    legions: Mapping[str, Mapping[str, int]] = view["legions"]
    mine = legions.get(pid, {}).get(e.me, 0)
    worth = 5.0
    if pid in e.threatened:
        worth += 14.0 / (1 + mine)
    return worth


def score(view: View, e: Empire, item: str, target: str, slot: int) -> float:
    """A purchase's worth per 3 points of its price (cards and the Pyramids: absolute)."""
    if item == PYRAMIDS:
        return WIN
    if item == "hw":
        return CARD + CARD_WORTH.get(target, 0)
    if item == "convert":
        return CONVERT
    if item == "caravan":
        market = target in e.markets
        if icon(target, slot, e.key) not in e.types:
            return NEW_TYPE + (10.0 if market else 0.0)
        return OLD_TYPE * (2 if market else 1)
    if item == "city":
        return CITY_WITH_TEMPLE if target in e.temples else CITY
    if item == "temple":
        cities = _cities(view, e, target)
        free = len(city_sites(target, e.key)) - cities
        return (16.0 * cities + 5.0 * free) / 2
    if item == "market":
        return 8.0 * _caravans(view, e, target) / 2
    if item == "influence":
        return _province_worth(view, e, target)
    if item == "legion":
        return _legion_worth(view, e, target) + war.legion_target(view, e, target)
    if item == "fortress":
        fortresses: Mapping[str, list[str]] = view["fortresses"]
        held = fortresses.get(target, []).count(e.me)
        return (16.0 if target in e.threatened and not held else 3.0) / (1 + held)
    if item == "trireme":
        return 2.0
    if item in CREATURE_ITEMS:
        # The Mythology's creature (6) or phoenix (3): an automatic 6, about 1.7 legions' dice.
        legion = _legion_worth(view, e, target) + war.legion_target(view, e, target)
        return max(UNKNOWN, 1.7 * legion * (1 if item == "phoenix" else 0.5) * 2)
    return UNKNOWN


def best_buy(view: View, buys: list[Buy | Deploy]) -> Buy | Deploy:
    """The purchase worth most (the first listed between equals)."""
    e = empire(view)
    return max(buys, key=lambda b: score(view, e, b.item, b.target, b.slot))


def next_player(view: View, choices: list[str]) -> str:
    """A leader names itself first (the game stops at the first winning purchase), then the
    rival with the fewest heroes and wonders."""
    me = view.get("viewer")
    if me in choices:
        return str(me)
    cards: Mapping[str, list[str]] = view.get("hw") or {}
    return min(choices, key=lambda p: (len(cards.get(p, [])), p))
