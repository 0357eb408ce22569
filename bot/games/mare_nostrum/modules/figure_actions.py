"""The special figures' answers (Atlas: Centaurs, Myrmidons), shared by their modules."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..actions import Action


@dataclass(frozen=True, slots=True)
class RebuyFigure(Action):
    """His destroyed figure (Centaurs, Myrmidons) bought again with one set (his Build turn)."""

    kind: ClassVar[str] = "rebuy_figure"
    figure: str
    resources: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class MoveFigure(Action):
    """His special land figure moved like a legion (his land moves)."""

    kind: ClassVar[str] = "move_figure"
    figure: str
    target: str
