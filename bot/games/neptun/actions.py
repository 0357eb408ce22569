"""Neptun's actions: one frozen dataclass per kind of decision."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.actions import Action

__all__ = ["Action", "Deliver", "EndVoyage", "ExtraTurn", "PlayOar", "Reveal", "Sail",
           "TakeContract"]


@dataclass(frozen=True, slots=True)
class TakeContract(Action):
    """Phase 1: take the face-up contract at `index` of the row into manifest slot `slot`."""

    kind = "take_contract"
    index: int
    slot: int


@dataclass(frozen=True, slots=True)
class Reveal(Action):
    """Phase 1: turn the next face-down contract (refusing every earlier one for this pick)."""

    kind = "reveal_contract"


@dataclass(frozen=True, slots=True)
class PlayOar(Action):
    """Phase 2: the oar card played this turn (sealed until every player has chosen)."""

    kind = "play_oar"
    card: int


@dataclass(frozen=True, slots=True)
class Sail(Action):
    """Phase 2: one leg along a route to the neighbouring port `to` (gold pays the sea miles
    the range lacks)."""

    kind = "sail"
    to: str


@dataclass(frozen=True, slots=True)
class Deliver(Action):
    """Phase 2: end the move and fulfil the contract of manifest slot `slot` in this city,
    buying the extra temple point or not."""

    kind = "deliver"
    slot: int
    buy: bool = False


@dataclass(frozen=True, slots=True)
class EndVoyage(Action):
    """Phase 2: end the move here without delivering."""

    kind = "end_voyage"


@dataclass(frozen=True, slots=True)
class ExtraTurn(Action):
    """After turn 5: sail the extra turn (5.I or 5.II) or not (unfulfilled contracts lost)."""

    kind = "extra_turn"
    accept: bool
