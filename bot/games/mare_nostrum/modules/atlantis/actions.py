"""The Atlantean powers' own answers (declared by their modules with MODULE.answers)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...actions import Action
from ..figure_actions import MoveFigure, RebuyFigure

__all__ = ["Fly", "MoveFigure", "Petrify", "RebuyFigure", "ReturnLegion"]


@dataclass(frozen=True, slots=True)
class ReturnLegion(Action):
    """Orphée: the legion on his tile placed free in a province (his Build turn)."""

    kind: ClassVar[str] = "return_legion"
    province: str


@dataclass(frozen=True, slots=True)
class Petrify(Action):
    """Médée (a sea) or Méduse (a province): one opponent's units there petrified."""

    kind: ClassVar[str] = "petrify"
    area: str
    opponent: str


@dataclass(frozen=True, slots=True)
class Fly(Action):
    """Pégase: `legions` of his legions fly from `source` to `target` (one extra province)."""

    kind: ClassVar[str] = "fly"
    source: str
    target: str
    legions: int
