"""Neptun (Dirk Henn) — the pure rules engine of the bot's second game (no Discord, Pillow,
database or Mare Nostrum import here)."""

from . import engine as ENGINE
from .actions import Deliver, EndVoyage, ExtraTurn, PlayOar, Reveal, Sail, TakeContract
from .engine import (
    action_from_dict,
    apply,
    apply_in_place,
    check,
    default_action,
    from_json,
    legal_actions,
    new_game,
    owed,
    replay,
    to_json,
)
from .invariants import check_invariants
from .setup import SEATS, seats
from .state import NeptunState
from .view import view

__all__ = [
    "ENGINE", "SEATS", "Deliver", "EndVoyage", "ExtraTurn", "NeptunState", "PlayOar", "Reveal",
    "Sail", "TakeContract", "action_from_dict", "apply", "apply_in_place", "check",
    "check_invariants", "default_action", "from_json", "legal_actions", "new_game", "owed",
    "replay", "seats", "to_json", "view",
]
