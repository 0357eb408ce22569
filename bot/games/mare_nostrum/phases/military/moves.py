"""Moves (4.1, 4.1.1): which units may move, where to, and the move itself.

Each rule is one function, read both by the listing (`move_groups`, lazy: the step's offers
stop at its first group) and by the check of a submitted move (`check_move`, which names the
precise reason of a refusal):
- `movable_sources`: where he has units of a kind that have not all moved this turn (a unit
  moves once a turn);
- `reach`: where a unit may go from its area — a trireme to an adjacent sea, a legion to an
  adjacent province or one connected by his chain of triremes (3.4);
- `entry_limit`: the provinces the powers close to his legions now (ENTRY_LIMITS).
A legion leaving a province he conquered may end the conquest (conquest.review_conqueror).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache

from ...actions import Move
from ...board import board
from ...control import area_order, near_provinces, own_seas
from ...errors import IllegalAction
from ...events import EventLog
from ...hooks import CARRYING_SEAS, ENTRY_LIMITS, EntryLimit
from ...kinds import MilitaryStep, Unit
from ...state import GameState
from . import conquest
from .common import LISTINGS, STEP_UNIT, power_limit

_NO_FLEET: frozenset[str] = frozenset()  # triremes' moves do not depend on the fleet
_NO_TARGETS: dict[str, bool] = {}  # never written: read only when no power limits moves


def movable_sources(state: GameState, player: str, unit: Unit) -> Iterator[str]:
    """The areas where he has units of this kind that have not all moved this turn (4.1: a
    unit moves once a turn; `moved` counts the units that came into each area), lazily in the
    pool's order: a step's offers stop at the first one with a move."""
    pool = state.triremes if unit == "trireme" else state.legions
    m = state.military  # phase_state's check inline: asked for every step's offers
    assert m is not None, "not in the Military phase"
    moved = m.moved
    # A plain loop over the pool (which keeps every area a unit has been in): fewer
    # instructions than finding his areas with compress() over map(dict.get), or than a
    # comprehension (a function call of its own in Python 3.11).
    for area, units in pool.items():
        if player in units and units[player] > (
                moved[area] if area in moved else 0):  # noqa: SIM401 (no method call)
            yield area


def reach(state: GameState, player: str, unit: Unit, source: str) -> frozenset[str]:
    """Where one of his units may go from `source`, before the powers' limits (4.1): a trireme
    to an adjacent sea; a legion to an adjacent province, or one connected by his triremes."""
    return _reach(state.board_key, unit, source, fleet_of(state, player, unit))


def fleet_of(state: GameState, player: str, unit: Unit) -> frozenset[str]:
    """The seas that carry his legions: those holding his triremes, and those the powers add
    (CARRYING_SEAS); none for a trireme's own move."""
    if unit != "legion":
        return _NO_FLEET
    fleet = own_seas(state, player)
    for more in state.rules.on[CARRYING_SEAS]:
        seas = more(state, player)
        if seas:
            fleet = fleet | seas
    return fleet


@lru_cache(maxsize=8192)
def _reach(board_key: str, unit: Unit, source: str, fleet: frozenset[str]) -> frozenset[str]:
    """`reach` on one board for the seas holding his triremes (cached: fleets move little)."""
    if unit == "trireme":
        return frozenset(board(board_key).seas[source].seas)
    return near_provinces(board_key, (source,), fleet) - {source}


def entry_limit(state: GameState, player: str, unit: Unit) -> EntryLimit | None:
    """The provinces the powers close to his legions now (ENTRY_LIMITS), as a refusal for a
    target; None when nothing is closed to him (always for triremes)."""
    return power_limit(state, ENTRY_LIMITS, player) if unit == "legion" else None


def move_groups(state: GameState, player: str, unit: Unit, ordered: bool = True
                ) -> Iterator[tuple[Move, ...]]:
    """His legal moves of this kind, lazily, source by source in the board's order (in any
    order if not `ordered`: to know only whether there is one): from each source of his
    movable units, to its `reach` less what `entry_limit` closes. Sources without a move are
    skipped, so the first group tells whether he may move at all."""
    key = state.board_key
    sources: Iterable[str] = movable_sources(state, player, unit)
    if ordered:
        sources = sorted(sources, key=area_order(key).__getitem__)
    # His fleet and the powers' limits asked at his first movable source only.
    fleet, limit = _NO_FLEET, None
    closed = _NO_TARGETS  # with a limit: each target's refusal asked once a listing
    first = True
    for src in sources:
        if first:
            fleet, limit = fleet_of(state, player, unit), entry_limit(state, player, unit)
            first = False
            if limit is not None:
                closed = {}
        group = _moves_from(player, unit, src, fleet, key)
        if limit is not None:  # a power closes provinces to him: those moves left out
            # The memo's moves filtered (board order kept): no set built and hashed per source.
            kept = []
            for mv in group:
                t = mv.target
                if t not in closed:
                    closed[t] = limit(t) is not None
                if not closed[t]:
                    kept.append(mv)
            if len(kept) != len(group):
                group = tuple(kept)
        if group:
            yield group


LISTINGS.update({step: (move_groups, unit) for step, unit in STEP_UNIT.items()})


@lru_cache(maxsize=8192)
def _moves_from(player: str, unit: Unit, source: str, fleet: frozenset[str],
                board_key: str) -> tuple[Move, ...]:
    """The moves from one source before the powers' limits (a memo of `_moves_to` over
    `_reach`, keyed by the seas holding his triremes: one lookup per source)."""
    return _moves_to(player, unit, source, _reach(board_key, unit, source, fleet), board_key)


@lru_cache(maxsize=8192)
def _moves_to(player: str, unit: Unit, source: str, targets: frozenset[str],
              board_key: str) -> tuple[Move, ...]:
    """The moves from one source to these targets, in the board's order (the listing is stable
    whatever the sets' order). Cached: a new fleet mostly gives a source the same targets."""
    order = area_order(board_key)
    return tuple(Move(player, unit, source, t) for t in sorted(targets, key=order.__getitem__))


def check_move(state: GameState, action: Move, step: MilitaryStep) -> None:
    """Refuse a move the listing would not offer, naming why."""
    board_ = state.board
    if action.unit not in ("trireme", "legion"):
        raise IllegalAction(f"unknown unit {action.unit!r}", code="bad_move", unit=action.unit)
    if action.unit != STEP_UNIT.get(step):
        raise IllegalAction(f"no {action.unit} moves in step {step}", code="wrong_step",
                            step=step)
    known = board_.is_sea if action.unit == "trireme" else board_.is_province
    if not known(action.source) or not known(action.target):
        raise IllegalAction("unknown area", code="bad_move", source=action.source,
                            target=action.target)
    # `any`, not `in`: the compiled engine's generators have no `__contains__` to fall back on.
    if not any(source == action.source
               for source in movable_sources(state, action.player, action.unit)):
        pool = state.triremes if action.unit == "trireme" else state.legions
        if pool.get(action.source, {}).get(action.player, 0) <= 0:
            raise IllegalAction(f"no {action.unit} in {action.source}", code="no_unit",
                                source=action.source)
        raise IllegalAction(f"every {action.unit} in {action.source} has moved this turn",
                            code="already_moved", source=action.source)
    limit = entry_limit(state, action.player, action.unit)
    refused = limit(action.target) if limit is not None else None
    if refused is not None:
        raise refused
    if action.target not in reach(state, action.player, action.unit, action.source):
        raise IllegalAction(f"{action.target} is not reachable from {action.source}",
                            code="bad_move", source=action.source, target=action.target)


def move(state: GameState, action: Move, ev: EventLog) -> None:
    pool = state.triremes if action.unit == "trireme" else state.legions
    src = pool[action.source]
    src[action.player] -= 1
    if not src[action.player]:
        del src[action.player]
    dst = pool.setdefault(action.target, {})
    dst[action.player] = dst.get(action.player, 0) + 1
    m = state.military
    assert m is not None, "not in the Military phase"
    moved = m.moved
    moved[action.target] = moved.get(action.target, 0) + 1
    ev.public("moved", player=action.player, unit=action.unit, source=action.source,
              target=action.target)
    if action.unit == "legion" and state.conquerors.get(action.source) == action.player:
        conquest.review_conqueror(state, action.source, ev, "move")
