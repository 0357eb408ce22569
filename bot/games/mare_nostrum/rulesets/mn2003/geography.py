"""The Empires board read the 2003 way (mn2003.md §A.11, C-5, C-6, C-9, C-11): capital and
legendary sites are ordinary city sites, printed temple and market slots are ignored, no
caravan stands on a ceramic icon; the whole board at every player count.

Every reading takes the game's board key (`state.board_key`; default the 2003 board): a module
may play on a larger board (the Mythology's western board) registered with `register_reading`,
which also names the resources whose icons take a caravan there (ceramic with the Mythology)."""

from __future__ import annotations

from functools import lru_cache

from ...board import CITY_KINDS, assemble, base_part, board, register_board
from .data import BOARD_KEY, RESOURCES

register_board(BOARD_KEY, lambda: assemble(BOARD_KEY, [base_part()], ()))
# The resources whose icons take a caravan, by board key (C-11: no ceramic in the base game).
_RESOURCES_OF: dict[str, tuple[str, ...]] = {BOARD_KEY: RESOURCES}


def register_reading(key: str, resources: tuple[str, ...]) -> None:
    """A board read the 2003 way (registered with `board.register_board`) and its resources."""
    _RESOURCES_OF[key] = resources


@lru_cache(maxsize=256)
def city_sites(province: str, key: str) -> tuple[int, ...]:
    """The slot indexes of a province's city sites (a ville each, rule 4)."""
    slots = board(key).provinces[province].slots
    return tuple(i for i, s in enumerate(slots) if s.kind in CITY_KINDS)


@lru_cache(maxsize=256)
def caravan_sites(province: str, key: str) -> tuple[int, ...]:
    """The slot indexes of a province's resource icons (a caravane each, rule 4)."""
    slots = board(key).provinces[province].slots
    active = _RESOURCES_OF[key]
    return tuple(i for i, s in enumerate(slots) if s.kind == "caravan" and s.commodity in active)


def icon(province: str, slot: int, key: str) -> str:
    commodity = board(key).provinces[province].slots[slot].commodity
    assert commodity is not None
    return commodity


@lru_cache(maxsize=8)
def provinces(key: str) -> tuple[str, ...]:
    return tuple(board(key).provinces)


def land_neighbours(province: str, key: str) -> tuple[str, ...]:
    return board(key).provinces[province].neighbours


def seas_of(province: str, key: str) -> tuple[str, ...]:
    return board(key).provinces[province].seas


def sea_neighbours(sea: str, key: str) -> tuple[str, ...]:
    return board(key).seas[sea].seas


def sea_shores(sea: str, key: str) -> tuple[str, ...]:
    return board(key).seas[sea].provinces


@lru_cache(maxsize=8)
def _province_set(key: str) -> frozenset[str]:
    return frozenset(provinces(key))


def is_province(area: str, key: str) -> bool:
    return area in _province_set(key)


@lru_cache(maxsize=8)
def seas(key: str) -> frozenset[str]:
    return frozenset(board(key).seas)


def is_sea(area: str, key: str) -> bool:
    return area in seas(key)
