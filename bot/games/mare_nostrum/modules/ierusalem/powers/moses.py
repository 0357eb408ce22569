"""MOÏSE (L390–394), Phase IV Militaire: « Vos adversaires ne peuvent ni Piller (MN 4.3.1) ni
Convertir (MN 4.3.3) vos Provinces. Ils peuvent uniquement Occuper les Bâtiments (MN 4.3.2). »
Ruling D3: every province under his influence, occupied or not; a conversion under way there
is not completed either."""

from __future__ import annotations

from collections.abc import Collection

from ....control import has_power
from ....hooks import CONQUEST_FORBIDDEN
from ....state import GameState
from ..module import MODULE

MOSES = "moses"
_ONLY_OCCUPY = frozenset({"pillage", "influence"})


@MODULE.hook(CONQUEST_FORBIDDEN)
def _only_occupy(state: GameState, player: str, province: str) -> Collection[str]:
    owner = state.influence.get(province)
    if owner is not None and owner != player and has_power(state, owner, MOSES):
        return _ONLY_OCCUPY
    return ()
