"""JASON (L482–488), Phase III Achats: « Vous achetez les Héros pour un jeton Ressource de moins.
Note : ceci ne s'applique pas aux Merveilles (y compris les Pyramides). » Ruling D2: the n-th
HW's price less one, paid as one set of that size."""

from __future__ import annotations

from ....control import has_power
from ....hooks import TILE_PRICE
from ....rules import hw_tiles_of
from ....state import GameState
from ..module import MODULE

JASON = "jason"


@MODULE.hook(TILE_PRICE, owner=JASON)
def _heroes_cheaper(state: GameState, player: str, tile: str) -> int:
    if not has_power(state, player, JASON):
        return 0
    known = hw_tiles_of(state).get(tile)
    return -1 if known is not None and known.kind == "hero" else 0
