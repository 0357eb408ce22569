"""The Empires board read the 2003 way (mn2003.md §A.11, C-5, C-6, C-9, C-11): capital and
legendary sites are ordinary city sites, printed temple and market slots are ignored, no
caravan stands on a ceramic icon; the whole board at every player count."""

from __future__ import annotations

from functools import lru_cache

from ...board import CITY_KINDS, assemble, base_part, board, register_board
from .data import BOARD_KEY, RESOURCES

register_board(BOARD_KEY, lambda: assemble(BOARD_KEY, [base_part()], ()))


@lru_cache(maxsize=256)
def city_sites(province: str) -> tuple[int, ...]:
    """The slot indexes of a province's city sites (a ville each, rule 4)."""
    slots = board(BOARD_KEY).provinces[province].slots
    return tuple(i for i, s in enumerate(slots) if s.kind in CITY_KINDS)


@lru_cache(maxsize=256)
def caravan_sites(province: str) -> tuple[int, ...]:
    """The slot indexes of a province's resource icons (a caravane each, rule 4)."""
    slots = board(BOARD_KEY).provinces[province].slots
    return tuple(i for i, s in enumerate(slots) if s.kind == "caravan" and s.commodity in RESOURCES)


def icon(province: str, slot: int) -> str:
    commodity = board(BOARD_KEY).provinces[province].slots[slot].commodity
    assert commodity is not None
    return commodity


@lru_cache(maxsize=1)
def provinces() -> tuple[str, ...]:
    return tuple(board(BOARD_KEY).provinces)


def land_neighbours(province: str) -> tuple[str, ...]:
    return board(BOARD_KEY).provinces[province].neighbours


def seas_of(province: str) -> tuple[str, ...]:
    return board(BOARD_KEY).provinces[province].seas


def sea_neighbours(sea: str) -> tuple[str, ...]:
    return board(BOARD_KEY).seas[sea].seas


def sea_shores(sea: str) -> tuple[str, ...]:
    return board(BOARD_KEY).seas[sea].provinces


@lru_cache(maxsize=1)
def _province_set() -> frozenset[str]:
    return frozenset(provinces())


def is_province(area: str) -> bool:
    return area in _province_set()


@lru_cache(maxsize=1)
def seas() -> frozenset[str]:
    return frozenset(board(BOARD_KEY).seas)


def is_sea(area: str) -> bool:
    return area in seas()
