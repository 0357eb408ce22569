"""The `standard` 2003 player's offerings and gods (the Mythology, issue 18): simple and safe.
- An offering when it holds a spare set (a hand of at least `SPARE` cards), to the first
  available god in a fixed order of worth; Adonis's free god always.
- Hermès, Mars, Ishtar and Poséidon's sinking in a battle whenever offered (each can only
  help it); Baal and Vulcain at once on the first rival listed; Athéna on a role it lacks;
  Isis kept (its cards help the rivals as much as itself)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..actions import Action
from ..modules.mythology.gods.actions import (
    ChooseGod,
    HermesTake,
    KeepGod,
    PassOffering,
    TakeGod,
    UseGod,
)

SPARE = 6
WORTH = ("hermes", "mars", "baal", "vulcan", "athena", "poseidon", "ishtar", "isis")


def god_choice(view: Mapping[str, Any], legal: list[Action]) -> Action | None:
    """Its answer when a god is concerned (None: nothing of the gods' here)."""
    hand: Mapping[str, int] = view.get("hand") or {}
    offers = [a for a in legal if isinstance(a, ChooseGod)]
    if offers:
        if sum(hand.values()) < SPARE:
            return next(a for a in legal if isinstance(a, PassOffering))
        return min(offers, key=lambda a: WORTH.index(a.god))
    for a in legal:
        if isinstance(a, TakeGod | HermesTake):
            return a
    uses = [a for a in legal if isinstance(a, UseGod)]
    if uses:
        titles: Mapping[str, str] = view.get("titles") or {}
        me = view.get("viewer")
        for a in uses:
            if a.god == "athena":
                if titles.get(a.target) != me:
                    return a
                continue
            return a
    keep = [a for a in legal if isinstance(a, KeepGod)]
    return keep[0] if keep else None
