"""The `standard` 2003 player's offerings and gods (the Mythology, issue 18): kept apart from
the base player (and from the creatures' AI) so that each module's play stays in its file.
- An offering (a 3-card combination) when it spoils no combination of 9 or 12 this round
  (or, with no such combination, when it holds at least `SPARE` cards), to the first
  available god in an order of worth — Athéna first when it holds two roles or more (all
  four win); Adonis's free god always.
- Hermès: the 3 cards that add most to its hand. Isis: itself a type it lacks, each rival a
  type he produces already (a duplicate for him). Mars, Ishtar and Poséidon's sinking in a
  battle whenever offered (each can only help it). Baal and Vulcain on the building of the
  rival nearest to victory (most heroes and wonders, then roles). Athéna on the role where
  +2 wins or keeps it at the count."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ..actions import Action
from ..modules.mythology.gods.actions import (
    ChooseGod,
    HermesTake,
    IsisGive,
    KeepGod,
    PassOffering,
    TakeGod,
    UseGod,
)
from ..rulesets.mn2003.data import TAX
from ..rulesets.mn2003.geography import caravan_sites, icon
from .mn2003_hand import HW_SET, PYRAMIDS_SET, hand_of, largest_set, worth

SPARE = 6
OFFERING = 3
WORTH = ("hermes", "mars", "baal", "vulcan", "athena", "poseidon", "ishtar", "isis")
TARGETED = ("baal", "vulcan")


def _offering_spoils(hand: Counter[str]) -> bool:
    """Whether every 3-card combination it could offer breaks its best purchase this round."""
    best = largest_set(hand)
    goal = PYRAMIDS_SET if best >= PYRAMIDS_SET else HW_SET if best >= HW_SET else 0
    if goal == 0:
        return sum(hand.values()) < SPARE
    options: list[list[str]] = []
    if hand.get(TAX, 0) >= OFFERING:
        options.append([TAX] * OFFERING)
    types = sorted((t for t in hand if t != TAX), key=lambda t: -hand[t])
    if len(types) >= OFFERING:
        options.append(types[:OFFERING])  # its most duplicated types
    for cards in options:
        left = hand.copy()
        left.subtract(cards)
        if largest_set(+left) >= goal:
            return False
    return True


def _leaders(view: Mapping[str, Any]) -> dict[str, tuple[int, int]]:
    """Each player's nearness to victory: heroes and wonders, then roles held."""
    hw: Mapping[str, list[str]] = view.get("hw") or {}
    titles: Mapping[str, str] = view.get("titles") or {}
    held = Counter(titles.values())
    return {p: (len(hw.get(p, [])), held[p]) for p in view["players"]}


def _athena_role(view: Mapping[str, Any], uses: list[UseGod]) -> UseGod | None:
    me = view.get("viewer")
    counts: Mapping[str, Mapping[str, int]] = view["substates"]["mn2003.public"]["role_counts"]
    titles: Mapping[str, str] = view.get("titles") or {}
    for a in uses:
        mine = counts.get(str(me), {}).get(a.target, 0) + 2
        rivals = max((c.get(a.target, 0) for p, c in counts.items() if p != me), default=0)
        keeps = titles.get(a.target) == me  # a tied holder keeps his role

        def wins(count: int, rivals: int = rivals, keeps: bool = keeps) -> bool:
            return count > rivals or (count == rivals and keeps)

        if wins(mine) and not wins(mine - 2):
            return a  # +2 is what wins or keeps it
    return None


def _isis(view: Mapping[str, Any], gives: list[IsisGive]) -> IsisGive:
    me = view.get("viewer")
    if gives[0].recipient == me:
        hand = hand_of(view)
        return max(gives, key=lambda a: (worth(hand + Counter([a.resource])), a.resource))
    produced: Counter[str] = Counter()
    influence: Mapping[str, str] = view["influence"]
    built: Mapping[str, list[bool]] = view["built"]
    key = str(view["board"])
    for pid, owner in influence.items():
        if owner == gives[0].recipient:
            produced.update(icon(pid, i, key) for i in caravan_sites(pid, key) if built[pid][i])
    return max(gives, key=lambda a: (produced[a.resource], a.resource))


def god_choice(view: Mapping[str, Any], legal: list[Action]) -> Action | None:
    """Its answer when a god is concerned (None: nothing of the gods' here)."""
    hand = hand_of(view)
    offers = [a for a in legal if isinstance(a, ChooseGod)]
    if offers:
        if _offering_spoils(hand):
            return next(a for a in legal if isinstance(a, PassOffering))
        me = view.get("viewer")
        roles = sum(1 for h in (view.get("titles") or {}).values() if h == me)
        order = ("athena", *WORTH) if roles >= 2 else WORTH
        return min(offers, key=lambda a: order.index(a.god) if a.god in order else len(order))
    for a in legal:
        if isinstance(a, TakeGod):
            return a
    takes = [a for a in legal if isinstance(a, HermesTake)]
    if takes:
        return max(takes, key=lambda a: (worth(hand + Counter(a.resources)), a.resources))
    gives = [a for a in legal if isinstance(a, IsisGive)]
    if gives:
        return _isis(view, gives)
    uses = [a for a in legal if isinstance(a, UseGod)]
    if uses:
        athena = [a for a in uses if a.god == "athena"]
        if athena:
            chosen = _athena_role(view, athena)
            if chosen is not None:
                return chosen
        aimed = [a for a in uses if a.god in TARGETED]
        if aimed:
            near = _leaders(view)
            return max(aimed, key=lambda a: (_owner_rank(view, a, near), a.target))
        for a in uses:
            if a.god != "athena":
                return a
    keep = [a for a in legal if isinstance(a, KeepGod)]
    return keep[0] if keep else None


def _owner_rank(
    view: Mapping[str, Any], a: UseGod, near: Mapping[str, tuple[int, int]]
) -> tuple[int, int]:
    """Baal and Vulcain: the target's controller's nearness to victory ("province:slot")."""
    influence: Mapping[str, str] = view["influence"]
    owner = influence.get(a.target.partition(":")[0], "")
    return near.get(owner, (0, 0))
