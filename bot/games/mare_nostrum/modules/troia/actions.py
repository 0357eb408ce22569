"""Troia's tiles' own answers (declared by their powers' modules)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...actions import Action


@dataclass(frozen=True, slots=True)
class CarryThrough(Action):
    """Ulysse: a sea without his trireme that carries his land units this turn."""

    kind: ClassVar[str] = "carry_through"
    sea: str


@dataclass(frozen=True, slots=True)
class MoveMarker(Action):
    """Agamemnon: the market or temple he pillaged, placed free on a free slot of that kind in
    one of his controlled provinces."""

    kind: ClassVar[str] = "move_marker"
    province: str
    slot: int


@dataclass(frozen=True, slots=True)
class LeaveMarker(Action):
    """Agamemnon: the pillaged market or temple stays in the supply."""

    kind: ClassVar[str] = "leave_marker"
