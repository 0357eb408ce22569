"""ATLAS, the Atlantean starting hero, Phase III (L112–114): « Vous pouvez construire vos
Trirèmes avec une combinaison de 2 jetons Bien ou 2 jetons Impôt (et non plus 3). »

Ruling A7: every trireme he buys costs one set of 2 (2 coins or 2 different commodities, with
Cléopâtre's and Hannibal's changes to a set as for any set), no once-a-turn limit, the supply
of 5 still applies. The Phare's 1-token trireme stays a separate power."""

from __future__ import annotations

from collections.abc import Mapping

from ....control import has_power
from ....hooks import ITEM_PRICES
from ....state import GameState
from ..module import MODULE

ATLAS = "atlas"
_TRIREME_FOR_2: Mapping[str, int] = {"trireme": 2}


@MODULE.hook(ITEM_PRICES, owner=ATLAS)
def _atlas_triremes(state: GameState, player: str) -> Mapping[str, int] | None:
    return _TRIREME_FOR_2 if has_power(state, player, ATLAS) else None
