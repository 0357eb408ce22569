"""The Punic Wars' own answers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...actions import Action


@dataclass(frozen=True, slots=True)
class DiscardOffered(Action):
    """7.2: after his opponent took from the External Market, one of his offered tokens
    discarded (he chooses it: ruling G4)."""

    kind: ClassVar[str] = "discard_offered"
    token: str
