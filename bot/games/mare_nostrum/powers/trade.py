"""The power that acts in Trade (section 2, section 8): ANTIGONE."""

from __future__ import annotations

from ...core.rules import RulesModule
from ..control import has_power
from ..hooks import OFFER_SIZES
from ..state import GameState

MODULE: RulesModule[GameState] = RulesModule("empires.powers.trade")

ANTIGONE = "antigone"
ANTIGONE_MAX = 5


@MODULE.hook(OFFER_SIZES, owner=ANTIGONE)
def antigone_sizes(state: GameState, player: str, face: int) -> range | None:
    """« vous pouvez participer à l'échange avec le nombre de jetons Ressource de votre choix
    (0 à 5 jetons) »: 0 to 5, within his hand, whatever the face played."""
    if not has_power(state, player, ANTIGONE):
        return None
    held = sum(state.hands[player].values())
    return range(0, min(ANTIGONE_MAX, held) + 1)
