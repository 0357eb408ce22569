"""The rules module `troia`: its tiles, figures and powers declare themselves on `MODULE`;
the objectives, the event deck and the draft are declared on it by the shared Legendary City
machinery (`modules/legends/`)."""

from __future__ import annotations

from ....core.rules import RulesModule
from ...state import GameState

MODULE: RulesModule[GameState] = RulesModule("troia")
