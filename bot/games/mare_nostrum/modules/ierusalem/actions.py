"""Ierusalem's tiles' own answers (declared by their powers' modules)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...actions import Action


@dataclass(frozen=True, slots=True)
class PlaceMausoleum(Action):
    """Halicarnasse: the province of his that the Mausoleum protects for good."""

    kind: ClassVar[str] = "place_mausoleum"
    province: str


@dataclass(frozen=True, slots=True)
class CroesusBuy(Action):
    """Crésus, once a Build turn: influence, a city or a caravan for 1 coin, or a market or a
    temple for 4 coins (`slot` -1 for influence)."""

    kind: ClassVar[str] = "croesus_buy"
    item: str
    target: str
    slot: int
