"""Scenarios with Legendary City modules: the builder of tests/engine/builder.py with the
modules named in the game's options."""

from __future__ import annotations

from bot.games.mare_nostrum import engine

from ..builder import FIVE, Scenario

CITIES = ("troia", "ierusalem", "syracusae")


class CityScenario(Scenario):
    def __init__(
        self, modules: tuple[str, ...] = CITIES, players: list[str] | None = None, seed: int = 1
    ) -> None:
        self.state, self.events = engine.new_game(players or FIVE, {"modules": list(modules)}, seed)
        self.state.prompts = []
        self.state.trade = None
