"""ORPHÉE, Phase III (L150–154): « Placez l'une de vos Légions détruites lors des Batailles sur
la tuile ORPHÉE. Une fois par tour, pendant la Phase Achats, placez gratuitement cette Légion
sur l'une de vos Provinces contrôlées (ou sur votre Province Capitale). »

Ruling A10: the tile holds at most one legion; one of his legions destroyed as a battle's
casualties goes there when it is empty (always: decided, docs/atlas.md); while there it is off
the board, out of his supply and out of his Military level; once a Build turn he places it free
in a province he controls or his capital's province."""

from __future__ import annotations

from collections.abc import Sequence

from ....actions import Action, interned
from ....control import capital_province, controlled_provinces, has_power, levels
from ....errors import IllegalAction
from ....events import EventLog
from ....hooks import (
    BUILD_TURN_ACTIONS,
    BUILD_TURN_CHECK,
    BUILD_TURN_PERFORM,
    PIECES_OFF_BOARD,
    UNITS_DESTROYED,
)
from ....phases.build import build_state
from ....state import GameState
from ..actions import ReturnLegion
from ..module import MODULE
from .records import records

ORPHEUS = "orpheus"


@MODULE.hook(UNITS_DESTROYED, owner=ORPHEUS)
def _orpheus_keeps(state: GameState, player: str, area: str, legions: int,
                   ev: EventLog) -> None:
    """« Placez l'une de vos Légions détruites lors des Batailles sur la tuile ORPHÉE. »"""
    tile = records(state).orpheus
    if has_power(state, player, ORPHEUS) and not tile.get(player):
        tile[player] = 1
        ev.public("orpheus_kept", player=player, area=area)


@MODULE.hook(PIECES_OFF_BOARD, owner=ORPHEUS)  # only his power puts a legion there
def _on_the_tile(state: GameState, player: str, piece: str) -> int:
    return records(state).orpheus.get(player, 0) if piece == "legion" else 0


def _targets(state: GameState, player: str) -> list[str]:
    """His controlled provinces and his capital's province, in board order."""
    open_ = {*controlled_provinces(state, player), capital_province(player)}
    return [p for p in state.board.provinces if p in open_]


def _check(state: GameState, player: str, province: str | None) -> None:
    if not has_power(state, player, ORPHEUS):
        raise IllegalAction(f"{player} does not have {ORPHEUS}'s power", code="no_power",
                            power=ORPHEUS)
    if ORPHEUS in build_state(state).used_powers:
        raise IllegalAction(f"{ORPHEUS}'s power was already used this turn",
                            code="power_used", power=ORPHEUS)
    if not records(state).orpheus.get(player):
        raise IllegalAction("no legion on the tile", code="no_legion_kept", power=ORPHEUS)
    if province is not None and province not in _targets(state, player):
        raise IllegalAction(f"{province} is neither controlled nor his capital's",
                            code="wrong_province", province=province)


@MODULE.hook(BUILD_TURN_ACTIONS, owner=ORPHEUS)
def _orpheus_actions(state: GameState, player: str) -> Sequence[Action]:
    try:
        _check(state, player, None)
    except IllegalAction:
        return ()
    return [interned(ReturnLegion, player, p) for p in _targets(state, player)]


@MODULE.hook(BUILD_TURN_CHECK)
def _orpheus_check(state: GameState, player: str, action: Action) -> bool:
    if not isinstance(action, ReturnLegion):
        return False
    _check(state, player, action.province)
    return True


@MODULE.hook(BUILD_TURN_PERFORM)
def _orpheus_perform(state: GameState, player: str, action: Action, ev: EventLog) -> bool:
    if not isinstance(action, ReturnLegion):
        return False
    records(state).orpheus[player] = 0
    d = state.legions.setdefault(action.province, {})
    d[player] = d.get(player, 0) + 1
    build_state(state).used_powers.append(ORPHEUS)
    ev.public("placed", player=player, item="legion", target=action.province, slot=-1, cost=0,
              power=ORPHEUS, levels=levels(state, player))
    return True


MODULE.answers("build_turn", ReturnLegion)
