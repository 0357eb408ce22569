"""The `standard` 2003 player's creatures (the Mythology, issue 18): it attacks with
creatures as with legions (a creature's automatic 6 is worth about two legions), shoots with
its titans whenever it can, loses legions first, and as the Greek blockades a convoy where
its fleet outnumbers the mover's. Its purchases (a creature after influence, a phoenix
raised early) are ranked with the others in ai/mn2003.py."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..actions import Action, Battle
from ..modules.mythology.blockade import PassBlockade
from ..modules.mythology.creature_battles import LoseArmy
from ..modules.mythology.creature_moves import MoveCreatures, Shoot

CREATURE_WORTH = 2  # legions: an automatic 6 against a legion's 3.5
CREATURE_ITEMS = frozenset({"creature", "phoenix"})  # the purchases of a creature


def creature_choice(view: Mapping[str, Any], legal: list[Action]) -> Action | None:
    """Its answer when its creatures or the blockade are concerned (None: nothing here)."""
    losses = [a for a in legal if isinstance(a, LoseArmy)]
    if losses:
        return min(losses, key=lambda a: (a.creatures, a.fortresses))
    if any(isinstance(a, PassBlockade) for a in legal):
        return _blockade(view, legal)
    shots = [a for a in legal if isinstance(a, Shoot)]
    if shots:
        return shots[0]
    return _attack(view, legal)


def _blockade(view: Mapping[str, Any], legal: list[Action]) -> Action:
    fleets: dict[str, dict[str, int]] = view["triremes"]
    for a in legal:
        if isinstance(a, Battle):
            there = fleets.get(a.area, {})
            if there.get(a.player, 0) > there.get(a.opponent, 0):
                return a
    return next(a for a in legal if isinstance(a, PassBlockade))


def _attack(view: Mapping[str, Any], legal: list[Action]) -> Action | None:
    """The largest creature attack of a source on a target with a clear majority."""
    moves = [a for a in legal if isinstance(a, MoveCreatures) and a.opponent]
    if not moves:
        return None
    legions: dict[str, dict[str, int]] = view["legions"]
    forts: dict[str, list[str]] = view["fortresses"]
    army = view.get("substates", {}).get("mythology.creatures", {}).get("at", {})
    largest: dict[tuple[str, str], tuple[int, int]] = {}
    for m in moves:
        key = (m.source, m.target)
        largest[key] = max(largest.get(key, (0, 0)), (m.creatures, m.legions))
    for a in moves:
        defence = (
            legions.get(a.target, {}).get(a.opponent, 0)
            + 2 * forts.get(a.target, []).count(a.opponent)
            + CREATURE_WORTH * army.get(a.target, {}).get(a.opponent, 0)
        )
        strength = a.legions + CREATURE_WORTH * a.creatures
        if strength >= defence + 2 and (a.creatures, a.legions) == largest[(a.source, a.target)]:
            return a
    return None
