"""Scenarios with the Legendary City modules: the builder of tests/engine/builder.py with
`troia`, `ierusalem` and/or `syracusae` in the game's options, and helpers for the cards
(`LegendsScenario`) and the tiles (`CityScenario`, all three cities at five players)."""

from __future__ import annotations

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Action
from bot.games.mare_nostrum.modules.legends.state import Legends, legends

from ..builder import FIVE, THREE, Scenario

CITIES = ("troia", "ierusalem", "syracusae")


class LegendsScenario(Scenario):
    def __init__(
        self,
        modules: tuple[str, ...] = ("troia",),
        players: list[str] | None = None,
        seed: int = 1,
        keep_prompts: bool = False,
    ) -> None:
        self.state, self.events = engine.new_game(
            players or THREE, {"modules": list(modules)}, seed
        )
        if not keep_prompts:
            self.state.prompts = []
            self.state.trade = None

    @property
    def leg(self) -> Legends:
        return legends(self.state)

    def give(self, player: str, *cards: str) -> LegendsScenario:
        """Cards into his hand (`troia.catapults`...), taken out of their deck if there."""
        for card in cards:
            for deck in self.leg.decks.values():
                if card in deck:
                    deck.remove(card)
                    break
            self.leg.hands[player].append(card)
        return self

    def first_legal(self, player: str) -> Action:
        return self.legal(player)[0]


class CityScenario(Scenario):
    def __init__(
        self, modules: tuple[str, ...] = CITIES, players: list[str] | None = None, seed: int = 1
    ) -> None:
        self.state, self.events = engine.new_game(players or FIVE, {"modules": list(modules)}, seed)
        self.state.prompts = []
        self.state.trade = None
