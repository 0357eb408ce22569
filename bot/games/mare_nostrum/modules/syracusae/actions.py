"""Syracusae's tiles' own answers (declared by their powers' modules)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...actions import Action


@dataclass(frozen=True, slots=True)
class PlaceFreeTrireme(Action):
    """Ptolémée, on purchase: the sea where a trireme of his supply is placed free."""

    kind: ClassVar[str] = "place_free_trireme"
    sea: str


@dataclass(frozen=True, slots=True)
class RefuseBattle(Action):
    """Ptolémée: the sea battle started against him is refused (no dice)."""

    kind: ClassVar[str] = "refuse_battle"


@dataclass(frozen=True, slots=True)
class StoreGoods(Action):
    """Didon: his store after an opponent's discard (at most 2 commodity types, sorted)."""

    kind: ClassVar[str] = "store_goods"
    goods: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PlaceGreekFire(Action):
    """Archimède: the sea where the Greek-fire trireme is placed (bought or bought again)."""

    kind: ClassVar[str] = "place_greek_fire"
    sea: str
