"""MIDAS (L492–496), Phase I Production: « À chaque Phase Production, vous pouvez prendre 2 jetons
Or supplémentaires. » Ruling E3: added at every Production, automatically (optional, but
taking them is always at least as good: resource tokens are unlimited, rulings §4)."""

from __future__ import annotations

from collections.abc import Mapping

from ....control import has_power
from ....hooks import PRODUCTION_EXTRAS
from ....state import GameState
from ..module import MODULE

MIDAS = "midas"
_GOLD = {"gold": 2}


@MODULE.hook(PRODUCTION_EXTRAS)
def _two_gold(state: GameState, player: str) -> Mapping[str, int]:
    return _GOLD if has_power(state, player, MIDAS) else {}
