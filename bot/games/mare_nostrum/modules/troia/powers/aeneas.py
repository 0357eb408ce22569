"""ÉNÉE (L282–286), Phase IV Militaire: « Lors des Batailles Terrestres auxquelles vous
participez, vous annulez 1 touche faite contre vous. » Added to a fortress's cancel (ruling C3),
attacking or defending."""

from __future__ import annotations

from ....control import has_power
from ....hooks import HITS_CANCELLED
from ....state import GameState
from ..module import MODULE

AENEAS = "aeneas"


@MODULE.hook(HITS_CANCELLED)
def _one_hit_less(cancelled: int, state: GameState, player: str, opponent: str, area: str) -> int:
    if has_power(state, player, AENEAS) and state.board.is_province(area):
        return cancelled + 1
    return cancelled
