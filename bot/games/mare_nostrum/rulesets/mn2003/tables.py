"""The 2003 ruleset's tables as rules data (declared with their 2003 values by `mn2003.tables`,
`__init__.py`): the phases read them from the game's rules, so a module of the ruleset (the
Mythology: a sixth civilisation, four roles, ceramic, other supplies and victory targets)
replaces a table instead of branching in a phase. One accessor per table."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ...state import GameState
from .data import (
    BUILDINGS,
    CAPITALS,
    CIVILISATIONS,
    COSTS,
    OTHER_PROVINCES,
    PIECES,
    RESOURCES,
    SPECIFIC_HEROES,
    START,
    START_ROLES,
    StartProvince,
)

HW_TO_WIN = 4
# C-7: the free start's waves of 9 points; the provinces along these seas are in a
# civilisation's zone (003 l.375–376: «toutes les provinces adjacentes à la mer Egée»).
FREE_START: dict[str, Any] = {
    "waves": 4,
    "zones": {"greece": ("aegaeum",)},
    # Civilisations whose zone provinces along those seas count as adjacent to each other
    # (none in 2003; the Mythology's island Atlanteans need it).
    "sea_linked": (),
    "items": (
        "influence",
        "city",
        "caravan",
        "temple",
        "market",
        "legion",
        "fortress",
        "trireme",
        "hw",
    ),
}


def _default_costs(state: GameState) -> Mapping[str, int]:
    return COSTS


def _default_hw_to_win(state: GameState) -> int:
    return HW_TO_WIN


# The data keys and their 2003 values (`mn2003.tables` declares them).
DEFAULTS: dict[str, Any] = {
    "mn2003.civilisations": CIVILISATIONS,
    "mn2003.capitals": CAPITALS,
    "mn2003.other_provinces": OTHER_PROVINCES,
    "mn2003.start": START,
    "mn2003.start_roles": START_ROLES,
    "mn2003.specific_heroes": SPECIFIC_HEROES,
    "mn2003.buildings": BUILDINGS,
    "mn2003.pieces": PIECES,
    "mn2003.resources": RESOURCES,
    "mn2003.costs": _default_costs,
    "mn2003.hw_to_win": _default_hw_to_win,
    "mn2003.free_start": FREE_START,
    # A.2.4 / C-8: a neutral civilisation's pieces on its capital and its two other provinces.
    "mn2003.neutral_pieces": {"capital": {"legion": 1, "fortress": 1}, "others": {"legion": 1}},
}


def _get(state: GameState, key: str) -> Any:
    return state.rules.data[key]  # declared by `mn2003.tables` (its 2003 value) or a module


def civilisations(state: GameState) -> tuple[str, ...]:
    out: tuple[str, ...] = _get(state, "mn2003.civilisations")
    return out


def capitals(state: GameState) -> Mapping[str, str]:
    out: Mapping[str, str] = _get(state, "mn2003.capitals")
    return out


def other_provinces(state: GameState) -> Mapping[str, tuple[str, ...]]:
    out: Mapping[str, tuple[str, ...]] = _get(state, "mn2003.other_provinces")
    return out


def start_sheets(state: GameState) -> Mapping[str, tuple[StartProvince, ...]]:
    out: Mapping[str, tuple[StartProvince, ...]] = _get(state, "mn2003.start")
    return out


def start_roles(state: GameState) -> Mapping[str, str]:
    out: Mapping[str, str] = _get(state, "mn2003.start_roles")
    return out


def specific_heroes(state: GameState) -> Mapping[str, str]:
    out: Mapping[str, str] = _get(state, "mn2003.specific_heroes")
    return out


def buildings(state: GameState) -> Mapping[str, int]:
    """The shared building markers in play for this many players."""
    table: Mapping[int, Mapping[str, int]] = _get(state, "mn2003.buildings")
    return table[len(state.players)]


def pieces(state: GameState) -> Mapping[str, int]:
    out: Mapping[str, int] = _get(state, "mn2003.pieces")
    return out


def resources(state: GameState) -> tuple[str, ...]:
    out: tuple[str, ...] = _get(state, "mn2003.resources")
    return out


def costs(state: GameState) -> Mapping[str, int]:
    """The unreduced prices (a table may depend on a game option: the long game)."""
    fn: Callable[[GameState], Mapping[str, int]] = _get(state, "mn2003.costs")
    return fn(state)


def hw_to_win(state: GameState) -> int:
    fn: Callable[[GameState], int] = _get(state, "mn2003.hw_to_win")
    return fn(state)


def neutral_pieces(state: GameState) -> Mapping[str, Mapping[str, int]]:
    out: Mapping[str, Mapping[str, int]] = _get(state, "mn2003.neutral_pieces")
    return out


def free_start(state: GameState) -> Mapping[str, Any]:
    out: Mapping[str, Any] = _get(state, "mn2003.free_start")
    return out
