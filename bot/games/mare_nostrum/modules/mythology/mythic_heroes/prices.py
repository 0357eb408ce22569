"""Imhotep: «permet de construire les merveilles (pas les héros) avec 1 carte de moins (y
compris les pyramides)» (004 l.392; MH-32). A reduction like the others: the lowest single
one applies (C-13)."""

from __future__ import annotations

from ....board import PYRAMIDS as PYRAMIDS_ITEM
from ....rulesets.mn2003 import tables
from ....rulesets.mn2003.hooks import CARD_COST, ITEM_COST
from ....state import GameState
from ..cards import ALL
from ..module import MODULE
from .holding import holds
from .ids import IMHOTEP

IMHOTEP_OFF = 1


@MODULE.hook(ITEM_COST)
def _imhotep_pyramids(state: GameState, player: str, item: str) -> int | None:
    if item != PYRAMIDS_ITEM or not holds(state, player, IMHOTEP):
        return None
    return tables.costs(state)[PYRAMIDS_ITEM] - IMHOTEP_OFF


@MODULE.hook(CARD_COST)
def _imhotep_wonders(state: GameState, player: str, card: str) -> int | None:
    found = ALL.get(card)
    if found is None or found.kind != "wonder" or not holds(state, player, IMHOTEP):
        return None
    return tables.costs(state)["hw"] - IMHOTEP_OFF
