"""ACHILLE (L254–260): « À l'achat de ce Héros, placez immédiatement la figurine Myrmidons sur
votre Province Capitale. Il s'agit d'une Unité terrestre. » — « Myrmidons (Unité spéciale): les
Myrmidons lancent 2 Dés Bataille Terrestre et annulent l'effet protecteur des Forteresses
adverses. Ces Forteresses ajoutent toujours 5 à la somme des résultats des Dés. Les Myrmidons
pillent, occupent et convertissent comme les Légions mais ne bénéficient pas des bonus
accordés aux Légions et ne comptent pas pour le Titre Militaire [...]. Si l'Unité Myrmidons est
détruite, vous pouvez à nouveau l'acquérir avec une combinaison de 6 Ressources. »

A special land figure (ruling C1) like the Centaurs: the placement, the move like a legion and
the re-buy are the shared kit's (modules/powers/special_figures.py); the base plays them as a land
unit (presence, pillage, occupation, conversion; one die without the legions' bonuses; never
in the Military level). Here: the second die, and the enemy fortress that cancels no hit."""

from __future__ import annotations

from ....hooks import HITS_CANCELLED, LAND_ROLL, Roll
from ....state import GameState
from ...legends.tile_state import tile_state
from ...powers.special_figures import FigureKit, declare_figure
from ..module import MODULE

ACHILLES = "achilles"
MYRMIDONS = "myrmidons"
REBUY = 6  # « une combinaison de 6 Ressources »
_SECOND_DIE = Roll(dice=1)

declare_figure(MODULE, FigureKit(MYRMIDONS, ACHILLES, lambda state: REBUY, tile_state))


def _myrmidons_of(state: GameState, player: str, province: str) -> bool:
    f = state.figures.get(MYRMIDONS)
    return f is not None and f["owner"] == player and f["area"] == province


@MODULE.hook(LAND_ROLL)
def _two_dice(state: GameState, player: str, province: str, active: bool) -> Roll | None:
    """« les Myrmidons lancent 2 Dés »: the base rolls the figure's one die, here the second
    (an extra die: no legion bonus on it)."""
    return _SECOND_DIE if state.figures and _myrmidons_of(state, player, province) else None


@MODULE.hook(HITS_CANCELLED)
def _no_fortress_shield(
    cancelled: int, state: GameState, player: str, opponent: str, area: str
) -> int:
    """« annulent l'effet protecteur des Forteresses adverses »: facing the Myrmidons, his
    fortress cancels no hit (its +5 stays, in his roll). Énée's cancel is not a fortress's
    (C3): only the fortress's one is taken away."""
    if (
        state.figures
        and player in state.fortresses.get(area, ())
        and _myrmidons_of(state, opponent, area)
    ):
        return max(0, cancelled - 1)
    return cancelled
