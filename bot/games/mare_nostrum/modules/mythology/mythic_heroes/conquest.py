"""Achille: «pille 1 construction par unité militaire présente» (004 l.374; MH-20). When he
conquers a province, his sack may destroy as many of its buildings as he has units there:
the conquest's choices get every sack of 2 … n buildings (2003 hook point CONQUEST_OPTIONS;
one building is the ordinary sack). With Nabuchodonosor, one card per building (C-47: the
ruleset's SACK_REWARD is asked for each)."""

from __future__ import annotations

from itertools import combinations

from ....actions import Action
from ....rulesets.mn2003.hooks import CONQUEST_OPTIONS
from ....rulesets.mn2003.military import Conquer2003
from ....rulesets.mn2003.pieces import fortresses_at, province_buildings, troops_at
from ....state import GameState
from ..module import MODULE
from .holding import holds
from .ids import ACHILLES


def _name(kind: str, slot: int) -> str:
    return f"{kind}:{slot}" if slot >= 0 else kind


@MODULE.hook(CONQUEST_OPTIONS)
def _achilles(state: GameState, player: str, province: str) -> list[Action]:
    if not holds(state, player, ACHILLES):
        return []
    buildings = [_name(k, i) for k, i in province_buildings(state, province)]
    # «unité militaire présente»: legions, fortresses and creatures (`troops_at`).
    units = troops_at(state, province, player) + fortresses_at(state, province, player)
    most = min(units, len(buildings))
    return [
        Conquer2003(player, province, "sack", "+".join(chosen))
        for n in range(2, most + 1)
        for chosen in combinations(buildings, n)
    ]
