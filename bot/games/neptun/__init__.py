"""Neptun (Dirk Henn) — the pure rules engine of the bot's second game (no Discord, Pillow,
database or Mare Nostrum import here). Adapters use `ENGINE`, the kit's `GameEngine`."""

from .actions import Deliver, EndVoyage, ExtraTurn, PlayOar, Reveal, Sail, TakeContract
from .engine import ENGINE
from .invariants import check_invariants
from .setup import SEATS, seats
from .state import NeptunState

__all__ = [
    "ENGINE", "SEATS", "Deliver", "EndVoyage", "ExtraTurn", "NeptunState", "PlayOar", "Reveal",
    "Sail", "TakeContract", "check_invariants", "seats",
]
