"""The `standard` 2003 player's wars: where its legions are worth building, and which attack
to make (issue 17).

A province held by a neutral civilisation or a rival is taken by a single-round battle
(«Tout combat se résout en un seul round»: one hit per 5 points of a side's dice, a fortress
an automatic 6) and then converted, with every building on it (A.7.4): the only way to grow
once the free provinces around it are taken. So it builds legions next to the province worth
most to it, up to the strength that wins there, and attacks when the legions it can send
kill every defender with a probability of at least `ATTACK_ODDS`."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..rulesets.mn2003.data import CAPITALS
from ..rulesets.mn2003.geography import caravan_sites, city_sites, icon, land_neighbours
from ..rulesets.mn2003.military import March

if TYPE_CHECKING:
    from .mn2003_build import Empire

View = Mapping[str, Any]
FORTRESS_DIE = 6  # «le dé qu'on doit lancer pour elles obtient un résultat automatique de 6»
HIT = 5  # «1 unité … pour chaque tranche de 5 points totalisés»
ATTACK_ODDS = 0.75
MAX_LEGIONS = 8
HANNIBAL = "mn2003.hannibal"


@lru_cache(maxsize=64)
def _sums(dice: int, bonus: int) -> tuple[float, ...]:
    """The distribution of the sum of `dice` six-sided dice, each + `bonus`."""
    dist = [1.0]
    for _ in range(dice):
        out = [0.0] * (len(dist) + 6 + bonus)
        for s, p in enumerate(dist):
            for face in range(1, 7):
                out[s + face + bonus] += p / 6
        dist = out
    return tuple(dist)


def kill_odds(dice: int, bonus: int, units: int) -> float:
    """The chance that `dice` legions' dice score at least `units` hits."""
    if units <= 0:
        return 1.0
    return sum(p for s, p in enumerate(_sums(dice, bonus)) if s // HIT >= units)


def _bonus(view: View, player: str) -> int:
    cards: Mapping[str, list[str]] = view.get("hw") or {}
    return 1 if HANNIBAL in cards.get(player, []) else 0


def defenders(view: View, pid: str, me: str) -> int:
    """The units a battle there must kill: every other owner's legions and fortresses."""
    legions: Mapping[str, Mapping[str, int]] = view["legions"]
    fortresses: Mapping[str, list[str]] = view["fortresses"]
    foes = sum(n for o, n in legions.get(pid, {}).items() if o != me)
    return foes + sum(1 for o in fortresses.get(pid, []) if o != me)


def prize(view: View, e: Empire, pid: str) -> float:
    """What a province held by another is worth to it once converted (all its buildings and
    free sites), or occupied (a capital is never converted: its buildings' income only)."""
    built: Mapping[str, list[bool]] = view["built"]
    influence: Mapping[str, str] = view["influence"]
    owner = influence.get(pid)
    if owner is None or owner == e.me:
        return 0.0
    value = 0.0
    for i in caravan_sites(pid, e.key):
        new = icon(pid, i, e.key) not in e.types
        value += (14.0 if new else 5.0) if built[pid][i] else (6.0 if new else 2.0)
    for i in city_sites(pid, e.key):
        value += 10.0 if built[pid][i] else 4.0
    value += 8.0 * (pid in e.temples) + 6.0 * (pid in e.markets)
    players: list[str] = view["players"]
    if owner in players and CAPITALS.get(owner) == pid:
        value *= 0.4
    return value


def strength_needed(view: View, pid: str, me: str) -> int:
    """The legions that kill every defender there with `ATTACK_ODDS` (None above 8)."""
    units = defenders(view, pid, me)
    bonus = _bonus(view, me)
    for n in range(1, MAX_LEGIONS + 1):
        if kill_odds(n, bonus, units) >= ATTACK_ODDS:
            return n
    return MAX_LEGIONS + 1


def legion_target(view: View, e: Empire, pid: str) -> float:
    """What one more legion in its province `pid` adds to the best attack from there."""
    legions: Mapping[str, Mapping[str, int]] = view["legions"]
    here = legions.get(pid, {}).get(e.me, 0)
    best = 0.0
    for target in land_neighbours(pid, e.key):
        value = prize(view, e, target)
        if value <= 0:
            continue
        need = strength_needed(view, target, e.me)
        if here < need <= MAX_LEGIONS:
            best = max(best, value / need)
    return best


def best_attack(view: View, marches: list[March]) -> March | None:
    """The attack that wins likely enough on the most valuable province, with all the legions
    that may go (one stays behind where its conversion is pending)."""
    from .mn2003_build import empire

    e = empire(view)
    conversions: Mapping[str, Mapping[str, Any]] = view.get("conversions") or {}
    legions: Mapping[str, Mapping[str, int]] = view["legions"]
    bonus = _bonus(view, e.me)
    best: tuple[float, int, March] | None = None
    for a in marches:
        keep = 1 if conversions.get(a.source, {}).get("player") == e.me else 0
        if a.count > legions.get(a.source, {}).get(e.me, 0) - keep:
            continue
        units = defenders(view, a.target, e.me)
        if not a.opponent and units:
            continue  # marching through, not attacking
        odds = kill_odds(a.count, bonus, units)
        value = prize(view, e, a.target)
        if odds < ATTACK_ODDS or value <= 0:
            continue
        # Against defenders all the legions that may go; into an empty province, one.
        key = (value * odds, a.count if units else -a.count)
        if best is None or key > best[:2]:
            best = (*key, a)
    return best[2] if best else None
