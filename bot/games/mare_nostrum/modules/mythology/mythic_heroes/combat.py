"""The mythological heroes that change a battle's totals or its hits, each through a 2003
hook point of the battle (BATTLE_TOTALS, HIT_POINTS): Ariane (a defender's buildings) and
Penthésilée (6 points a hit on her land units). Pure functions of the position, so that any
battle procedure (the creatures' included) can ask the same points."""

from __future__ import annotations

from ....events import EventLog
from ....rulesets.mn2003.geography import is_sea
from ....rulesets.mn2003.hooks import BATTLE_TOTALS, HIT_POINTS
from ....rulesets.mn2003.pieces import province_buildings
from ....state import GameState
from ..module import MODULE
from .holding import holds
from .ids import ARIADNE, PENTHESILEA

# «ville et caravane donnent +1 ; marché et temple donnent +2».
ARIADNE_BONUS: dict[str, int] = {"city": 1, "caravan": 1, "market": 2, "temple": 2}
PENTHESILEA_HIT = 6  # «par tranche de 6 points au lieu de 5»


def ariadne_bonus(state: GameState, area: str, defender: str) -> int:
    """C-48: once, to the defender's total, in a province under his influence: +1 per ville
    and caravan, +2 per market and temple there («chaque équipement dans la province»)."""
    if (
        is_sea(area, state.board_key)
        or state.influence.get(area) != defender
        or not holds(state, defender, ARIADNE)
    ):
        return 0
    return sum(ARIADNE_BONUS[kind] for kind, _ in province_buildings(state, area))


@MODULE.hook(BATTLE_TOTALS)
def _ariadne(
    state: GameState,
    area: str,
    attacker: str,
    defender: str,
    attacker_total: int,
    defender_total: int,
    ev: EventLog,
) -> tuple[int, int]:
    bonus = ariadne_bonus(state, area, defender)
    if bonus:
        ev.public("power_used", player=defender, card=ARIADNE)
    return attacker_total, defender_total + bonus


@MODULE.hook(HIT_POINTS)
def _penthesilea(state: GameState, victim: str, area: str) -> int | None:
    """«perd ses unités terrestres par tranche de 6 points au lieu de 5»."""
    if is_sea(area, state.board_key) or not holds(state, victim, PENTHESILEA):
        return None
    return PENTHESILEA_HIT
