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
