"""IMHOTEP (L380–386), Phase III Achats: « Vous achetez les Merveilles pour un jeton Ressource de
moins (y compris les Pyramides). Note: ceci ne s'applique pas aux Héros. » Ruling D2: the n-th
HW's price less one for a wonder, and the Pyramids for 11."""

from __future__ import annotations

from ....control import has_power
from ....hooks import TILE_PRICE
from ....rules import hw_tiles_of
from ....state import GameState
from ..module import MODULE

IMHOTEP = "imhotep"


@MODULE.hook(TILE_PRICE, owner=IMHOTEP)
def _wonders_cheaper(state: GameState, player: str, tile: str) -> int:
    if not has_power(state, player, IMHOTEP):
        return 0
    known = hw_tiles_of(state).get(tile)
    return -1 if known is not None and known.kind in ("wonder", "pyramids") else 0
