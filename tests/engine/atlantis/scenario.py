"""Scenarios on the Atlas board: the builder of tests/engine/builder.py, with the `atlantis`
module (and its options) in the game's options."""

from __future__ import annotations

from bot.games.mare_nostrum import engine

from ..builder import Scenario

SIX = ["rome", "greece", "carthage", "egypt", "babylon", "atlantis"]
FIVE_A = ["rome", "greece", "carthage", "egypt", "atlantis"]
FOUR_A = ["rome", "greece", "carthage", "atlantis"]


class AtlasScenario(Scenario):
    def __init__(self, players: list[str] | None = None, seed: int = 1,
                 modules: tuple[str, ...] = ("atlantis",)) -> None:
        self.state, self.events = engine.new_game(players or SIX,
                                                  {"modules": list(modules)}, seed)
        self.state.prompts = []
        self.state.trade = None
