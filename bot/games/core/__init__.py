"""The kit every game engine is built on: actions and their parser, typed errors with stable
codes, events with an audience, prompts and their handlers, the seeded RNG, rules objects
composed from modules, the dispatcher, and the `GameEngine` protocol adapters use. Pure: no
Discord, Pillow or database here."""

from .actions import Action, interned, parse_action
from .dispatch import Dispatcher
from .engine import KitEngine
from .errors import EngineError, GameOver, IllegalAction, MalformedAction, NotYourTurn
from .events import Event, EventLog
from .prompts import Prompt, PromptHandler
from .protocol import GameEngine
from .rules import (
    HookPoint,
    Rules,
    RulesDraft,
    RulesModule,
    SubState,
    SubStateSpec,
    VictoryCheck,
    compose,
)

__all__ = [
    "Action", "Dispatcher", "EngineError", "Event", "EventLog", "GameEngine", "GameOver",
    "HookPoint", "IllegalAction", "KitEngine", "MalformedAction", "NotYourTurn", "Prompt",
    "PromptHandler", "Rules", "RulesDraft", "RulesModule", "SubState", "SubStateSpec",
    "VictoryCheck", "compose", "interned", "parse_action",
]
