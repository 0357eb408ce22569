"""Mare Nostrum: Empires — the pure rules engine (no Discord, Pillow or database here)."""

from . import engine as ENGINE
from .actions import Action
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
from .errors import EngineError, GameOver, IllegalAction, MalformedAction, NotYourTurn
from .events import Event
from .modules import INSTALLED as MODULES  # registers the optional modules (Atlas...)
from .rulesets import INSTALLED as RULESETS  # registers the other rulesets (2003)
from .state import GameState, Prompt
from .view import view

__all__ = [
    "ENGINE", "MODULES", "RULESETS", "Action", "EngineError", "Event", "GameOver", "GameState",
    "IllegalAction", "MalformedAction", "NotYourTurn", "Prompt", "action_from_dict", "apply",
    "apply_in_place",
    "check", "default_action", "from_json", "legal_actions", "new_game", "owed", "replay",
    "to_json", "view",
]
