"""ULYSSE (L300–308), Phase IV Militaire: « Une fois par tour, vous pouvez choisir une Mer où
vous n'avez pas de Trirème et considérer néanmoins que vous pouvez transporter des Unités
terrestres via cette Mer. »

Ruling C4: one sea chosen in his own Military turn (an answer of his land moves, once a round),
which counts as one of his triremes only for carrying his land units (legions, special figures)
for the rest of that turn, alone or chained with real ones — not for influence, objectives or
sea battles (CARRYING_SEAS, asked by the land moves' reach only)."""

from __future__ import annotations

from collections.abc import Sequence

from ....actions import Action, interned
from ....control import has_power, own_seas
from ....errors import IllegalAction
from ....events import EventLog
from ....hooks import (
    CARRYING_SEAS,
    MILITARY_TURN_ACTIONS,
    MILITARY_TURN_CHECK,
    MILITARY_TURN_PERFORM,
)
from ....kinds import MilitaryStep
from ....state import GameState
from ...legends.tile_state import tile_state
from ..actions import CarryThrough
from ..module import MODULE

ULYSSES = "ulysses"


def _key(player: str) -> str:
    return f"{ULYSSES}:{player}"


def _choices(state: GameState, player: str) -> list[str]:
    """The seas he may choose now: in his land moves, once a round, a sea without his
    trireme (board order)."""
    m = state.military
    if m is None or m.step != "land_moves" or not has_power(state, player, ULYSSES):
        return []
    if tile_state(state).used.get(_key(player)) == state.round:
        return []
    mine = own_seas(state, player)
    return [s for s in state.board.seas if s not in mine]


@MODULE.hook(MILITARY_TURN_ACTIONS, owner=ULYSSES)  # _choices: his power
def _actions(state: GameState, player: str, step: MilitaryStep) -> Sequence[Action]:
    if step != "land_moves":
        return ()
    return [interned(CarryThrough, player, s) for s in _choices(state, player)]


@MODULE.hook(MILITARY_TURN_CHECK)
def _check(state: GameState, player: str, action: Action) -> bool:
    if not isinstance(action, CarryThrough):
        return False
    if action.sea not in _choices(state, player):
        raise IllegalAction(
            f"{action.sea} cannot carry his land units now", code="bad_carrying_sea", sea=action.sea
        )
    return True


@MODULE.hook(MILITARY_TURN_PERFORM)
def _perform(state: GameState, player: str, action: Action, ev: EventLog) -> bool:
    if not isinstance(action, CarryThrough):
        return False
    part = tile_state(state)
    part.used[_key(player)] = state.round
    part.carrying[player] = action.sea
    ev.public("carry_through", player=player, sea=action.sea, power=ULYSSES)
    return True


@MODULE.hook(CARRYING_SEAS)
def _carrying(state: GameState, player: str) -> frozenset[str] | None:
    part = tile_state(state)
    if player not in part.carrying:  # mostly: no dict.get call (every legion listing)
        return None
    sea = part.carrying[player]
    if sea is None or part.used.get(_key(player)) != state.round or state.military is None:
        return None
    return frozenset((sea,))


MODULE.answers("military_turn", CarryThrough)
