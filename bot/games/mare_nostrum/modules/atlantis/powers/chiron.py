"""CHIRON (L118–122): « À l'achat de ce Héros, placez immédiatement la figurine Centaures sur
votre Province Capitale. Il s'agit d'une Unité terrestre. » — « Centaures (Unité spéciale):
Lorsqu'ils participent à une Bataille Terrestre, les Centaures détruisent une Légion avant de
lancer les Dés Bataille Terrestre. Les Centaures combattent, Pillent, Occupent et Convertissent
comme les Légions mais ils ne bénéficient pas des bonus accordés aux Légions et ne comptent pas
pour le Titre Militaire [...]. Si l'Unité Centaures est détruite, vous pouvez à nouveau
l'acquérir avec une combinaison de 6 Ressources. »

The Centaurs are a special land figure of the base state (`state.figures`): every presence,
battle (one die, no per-die bonus), casualty and conquest rule of the base reads them, and the
Military level never counts them. Here: the pre-dice kill (LAND_BATTLE_START). The placement on
purchase, the move like a legion (ruling A8, not by Pégase) and the re-buy in his Build turn
for one set of 6 (A8), placed in his capital's province, are the special figures' shared kit
(modules/powers/special_figures.py), which Achille's Myrmidons use too."""

from __future__ import annotations

from ....control import hooks_for
from ....events import EventLog
from ....hooks import LAND_BATTLE_START, UNITS_DESTROYED
from ....phases.military import remove_units
from ....rules import components_of
from ....state import GameState
from ...powers.special_figures import FIGURE_ASIDE, FigureKit, declare_figure
from ..module import MODULE
from .records import records

CHIRON = "chiron"
CENTAURS = "centaurs"

declare_figure(MODULE, FigureKit(CENTAURS, CHIRON, lambda s: components_of(s).costs[CENTAURS],
                                 records))


@MODULE.hook(FIGURE_ASIDE)
def _petrified(state: GameState, figure: str) -> bool:
    """A petrified figure is still in play (A9): it cannot be bought again."""
    return any(figure in p.get("figures", []) for p in records(state).petrified)


# --- the pre-dice kill (L122, A8) -------------------------------------------------------------

@MODULE.hook(LAND_BATTLE_START)
def _centaurs_strike(state: GameState, attacker: str, defender: str, province: str,
                     ev: EventLog) -> None:
    """« les Centaures détruisent une Légion avant de lancer les Dés Bataille Terrestre »:
    one legion of the other side, if it has one there (to its supply, or Orphée's tile)."""
    centaurs = state.figures.get(CENTAURS)
    if centaurs is None or centaurs["area"] != province:
        return
    owner = centaurs["owner"]
    if owner not in (attacker, defender):
        return
    enemy = defender if owner == attacker else attacker
    if not state.legions.get(province, {}).get(enemy):
        return
    ev.public("centaurs_strike", player=owner, province=province, opponent=enemy, power=CHIRON)
    remove_units(state, province, enemy, 1, False, ev)
    for told in hooks_for(state, enemy)[UNITS_DESTROYED]:
        told(state, enemy, province, 1, ev)
