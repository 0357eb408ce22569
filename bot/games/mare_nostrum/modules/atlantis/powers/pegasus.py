"""PÉGASE, Phase IV (L158–162): « Une fois par tour, vous pouvez déplacer un groupe de Légions
par air d'une Province supplémentaire. Ne tenez pas compte d'éventuelles Unités adverses dans
la première Province traversée. Si vous traversez en premier une Mer, vous n'avez pas besoin
d'y avoir de Trirèmes, vous volez. »

Ruling A11: once a turn, in his land moves, a group (any number of his unmoved legions in one
province) goes origin → X → destination: X is a province adjacent to the origin (enemy units
there ignored) or across one sea touching the origin (no trireme needed); from X an ordinary
legion move (adjacent, or connected by his triremes), or the group stops at X. The limits on
entering (Statue de Zeus) apply to the destination. Decided (docs/atlas.md): a flight is
offered only to destinations an ordinary move cannot reach (elsewhere it is just a move)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ....actions import Action, Move, interned
from ....board import board
from ....control import has_power, near_provinces, own_seas
from ....errors import IllegalAction
from ....events import EventLog
from ....hooks import MILITARY_TURN_ACTIONS, MILITARY_TURN_CHECK, MILITARY_TURN_PERFORM
from ....kinds import MilitaryStep
from ....phases.military import moves
from ....phases.military.common import phase_state
from ....state import GameState
from ..actions import Fly
from ..module import MODULE
from .records import records

PEGASUS = "pegasus"


@lru_cache(maxsize=4096)
def _flight_reach(board_key: str, source: str, fleet: frozenset[str]) -> frozenset[str]:
    """Where a flight from `source` may end (A11), less where an ordinary move goes."""
    b = board(board_key)
    first = set(b.provinces[source].neighbours)
    for sea in b.provinces[source].seas:
        first.update(b.seas[sea].provinces)
    first.discard(source)
    ends = set(first)
    for x in first:
        ends.update(near_provinces(board_key, (x,), fleet))
    ends.discard(source)
    return frozenset(ends - near_provinces(board_key, (source,), fleet))


def _unmoved(state: GameState, player: str, source: str) -> int:
    return state.legions.get(source, {}).get(player, 0) - phase_state(state).moved.get(source, 0)


def _open(state: GameState, player: str) -> bool:
    return has_power(state, player, PEGASUS) and records(state).pegasus.get(player) != state.round


def flights(state: GameState, player: str) -> list[Fly]:
    """Every flight open to him now, source by source (board order), each destination with
    each size of group."""
    limit = moves.entry_limit(state, player, "legion")
    fleet = own_seas(state, player)
    out: list[Fly] = []
    for src in moves.movable_sources(state, player, "legion"):
        ends = _flight_reach(state.board_key, src, fleet)
        for target in state.board.provinces:
            if target in ends and (limit is None or limit(target) is None):
                out += [interned(Fly, player, src, target, n)
                        for n in range(1, _unmoved(state, player, src) + 1)]
    return out


@MODULE.hook(MILITARY_TURN_ACTIONS, owner=PEGASUS)
def _pegasus_actions(state: GameState, player: str, step: MilitaryStep) -> Sequence[Action]:
    if step != "land_moves" or not _open(state, player):
        return ()
    return flights(state, player)


@MODULE.hook(MILITARY_TURN_CHECK)
def _pegasus_check(state: GameState, player: str, action: Action) -> bool:
    if not isinstance(action, Fly):
        return False
    if not has_power(state, player, PEGASUS):
        raise IllegalAction(f"{player} does not have {PEGASUS}'s power", code="no_power",
                            power=PEGASUS)
    if records(state).pegasus.get(player) == state.round:
        raise IllegalAction(f"{PEGASUS}'s power was already used this turn",
                            code="power_used", power=PEGASUS)
    if phase_state(state).step != "land_moves":
        raise IllegalAction("a flight is a land move", code="wrong_step",
                            step=phase_state(state).step)
    if action not in flights(state, player):
        raise IllegalAction(f"no flight of {action.legions} from {action.source} to "
                            f"{action.target}", code="bad_flight", source=action.source,
                            target=action.target)
    return True


@MODULE.hook(MILITARY_TURN_PERFORM)
def _pegasus_perform(state: GameState, player: str, action: Action, ev: EventLog) -> bool:
    if not isinstance(action, Fly):
        return False
    records(state).pegasus[player] = state.round
    ev.public("flight", player=player, source=action.source, target=action.target,
              legions=action.legions, power=PEGASUS)
    for _ in range(action.legions):  # each legion moves as a move does (4.1)
        moves.move(state, Move(player, "legion", action.source, action.target), ev)
    return True


MODULE.answers("military_turn", Fly)
