"""Atlas 7.5, the changed victory conditions (rulings G10, G11).

The Pyramids and the fifth HW (MN 6.1) are the base game's checks, unchanged. The conquest
(6.2) and titles (6.3) conditions are replaced by the same conditions held at the end of two
consecutive Military (resp. Claims) phases; who met each at the previous one is remembered in
the module's sub-state (`conquest_held`, `titles_held`: public, the picture may show them).
"""

from __future__ import annotations

from ....core.rules import RulesDraft
from ...control import capitals_and_legendary
from ...events import EventLog
from ...kinds import TITLES
from ...state import GameState
from .module import MODULE
from .state import punic

CAPITALS_NEEDED = 4
# The base checks these replace (by their declared names: phases/military, phases/claims).
REPLACED = ("conquest (6.2)", "the three titles (6.3)")


def _drop_base_checks(draft: RulesDraft[GameState]) -> None:
    draft.victory[:] = [v for v in draft.victory if v.name not in REPLACED]


MODULE.edit(_drop_base_checks)


@MODULE.victory("4 capitals and legendary cities at two Military phases' ends (7.5)",
                "end_of_military")
def conquest_held_twice(state: GameState, ev: EventLog) -> tuple[list[str], str] | None:
    """« Un joueur remporte la partie lorsqu'il occupe et contrôle un total de 4 Capitales et
    Cités Légendaires à la fin d'une Phase Militaire et qu'il en contrôlait déjà 4 à la fin de
    la Phase Militaire précédente. » (G10: not necessarily the same four.)"""
    part = punic(state)
    now = [p for p in state.players if capitals_and_legendary(state, p) >= CAPITALS_NEEDED]
    winners = [p for p in now if p in part.conquest_held]
    part.conquest_held = now
    ev.public("punic_conquest_held", players=list(now))
    return (winners, "conquest") if winners else None


@MODULE.victory("the three titles at two Claims phases' ends (7.5)", "end_of_claims")
def titles_held_twice(state: GameState, ev: EventLog) -> tuple[list[str], str] | None:
    """« Un joueur gagne s'il détient les 3 Titres (Maître du Commerce, Leader Politique et
    Chef Militaire) à la fin de 2 Phases Revendications consécutives. » (G11: the set-up's
    titles are no Claims phase.)"""
    part = punic(state)
    holders = {state.titles.get(t) for t in TITLES}
    now = [p for p in state.players if holders == {p}]
    winners = [p for p in now if p in part.titles_held]
    part.titles_held = now
    ev.public("punic_titles_held", players=list(now))
    return (winners, "titles") if winners else None
