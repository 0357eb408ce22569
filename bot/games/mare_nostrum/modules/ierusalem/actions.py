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
