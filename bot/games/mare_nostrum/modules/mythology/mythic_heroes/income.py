"""Circé: «permet d'utiliser ses légions comme des caravanes pour produire des ressources
(nécessité d'avoir son influence sur la province)» (004 l.384; C-49; MH-26): at income, each
of his legions on an empty resource icon of a province bearing his influence produces that
resource, one legion an icon, doubled by a market there that he controls."""

from __future__ import annotations

from .... import resources as res
from ....events import EventLog
from ....rulesets.mn2003.geography import caravan_sites, icon
from ....rulesets.mn2003.hooks import INCOME_EXTRA
from ....rulesets.mn2003.pieces import covered, legions_at
from ....rulesets.mn2003.substate import sub
from ....state import GameState
from ..gods.hooks import PRODUCED_TYPES
from ..module import MODULE
from .holding import holds
from .ids import CIRCE


def circe_income(state: GameState, player: str) -> dict[str, int]:
    """What his legions produce this income (nothing without Circé's power). The icons are
    taken in printed order: every legion an icon can take produces (decision in
    docs/mythology.md: the owner always assigns them all)."""
    if not holds(state, player, CIRCE):
        return {}
    out: dict[str, int] = {}
    key = state.board_key
    for pid, owner in state.influence.items():
        n = legions_at(state, pid, player)
        if owner != player or not n:
            continue
        empty = [i for i in caravan_sites(pid, key) if not state.built[pid][i]]
        occupier, _ = covered(state, pid)
        market = pid in sub(state).markets and occupier in (None, player)
        for slot in empty[:n]:
            rtype = icon(pid, slot, key)
            out[rtype] = out.get(rtype, 0) + (2 if market else 1)
    return out


@MODULE.hook(INCOME_EXTRA)
def _circe(state: GameState, player: str, ev: EventLog) -> None:
    gained = circe_income(state, player)
    if not gained:
        return
    for rtype, n in gained.items():
        res.add(state.hands[player], rtype, n)
    ev.public("power_used", player=player, card=CIRCE)
    # The cards are secret like any income; their number is public (hand sizes are).
    ev.private("income_received", (player,), player=player, cards=gained)


@MODULE.hook(PRODUCED_TYPES)
def _circe_types(state: GameState, player: str) -> list[str] | None:
    """Hermès chooses among the types his legions produced too (C-35, C-49)."""
    return sorted(circe_income(state, player)) or None
