"""The Legendary City tiles in the deal (Atlas L206–210, section 6 L558–572, rulings F1, F3).

Each city module declares its tiles with `declare_tiles`: they join the game's `hw_tiles`
table (names, kinds, title bonuses), and at set-up the deal is changed once for all the city
modules of the game (`_new_tiles`, the shared sub-state's maker):
- one module: its six listed base tiles leave the game, its six tiles join it;
- two or three modules: 8 or 9 base heroes and wonders drawn at random leave it (never a
  starting hero, the Pyramids or an Atlantean tile: F1, F3), replaced by 4 or 3 tiles drawn at
  random from each module.
The tiles in play are then dealt as the base game deals them: the order of the base set-up's
shuffle is kept, five face up, the rest face down.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from ....core.rules import RulesDraft, RulesModule, SubStateSpec
from ... import rng
from ...board import HWTile, hw_tiles, parse_tiles
from ...state import GameState
from .tile_state import TILE_STATE, LegendTiles

# How many tiles of each city module replace base tiles, by the number of modules (L564, L570).
PER_MODULE = {1: 6, 2: 4, 3: 3}


@dataclass(frozen=True, slots=True)
class CityTiles:
    """One city module's tiles (data/tiles.json of its package)."""

    city: str
    tiles: dict[str, HWTile]
    removes: tuple[str, ...]  # the base tiles it replaces when it is the only city module
    pending: tuple[str, ...]  # tiles whose power is not played yet: never dealt
    uncopyable: tuple[str, ...]  # heroes Castor & Pollux may not copy (A12)

    def dealt(self) -> tuple[str, ...]:
        return tuple(t for t in self.tiles if t not in self.pending)


@cache
def city_tiles(package: str, city: str) -> CityTiles:
    text = resources.files(package).joinpath("data", "tiles.json").read_text("utf-8")
    raw: dict[str, Any] = json.loads(text)
    return CityTiles(
        city,
        parse_tiles(raw["tiles"]),
        tuple(raw["removes"]),
        tuple(raw["pending"]),
        tuple(raw["uncopyable"]),
    )


def declare_tiles(module: RulesModule[GameState], tiles: CityTiles) -> None:
    """The city's tiles in the rules of every game that plays its module: added to the tiles
    table (kept from earlier modules: Atlantis's), to the heroes Castor & Pollux may not copy,
    and to the city modules whose deal the shared sub-state makes."""

    @module.edit
    def _declare(draft: RulesDraft[GameState]) -> None:
        data = draft.data
        data["hw_tiles"] = {**data.get("hw_tiles", hw_tiles()), **tiles.tiles}
        data["uncopyable_heroes"] = (*data.get("uncopyable_heroes", ()), *tiles.uncopyable)
        data["legend_cities"] = (*data.get("legend_cities", ()), tiles)
        if TILE_STATE not in draft.substates:
            draft.substates[TILE_STATE] = SubStateSpec(TILE_STATE, LegendTiles, _new_tiles)


def _base_pool() -> list[str]:
    """The 17 base heroes and wonders, in the data's order (F1)."""
    return [t.id for t in hw_tiles().values() if t.kind in ("hero", "wonder")]


def _new_tiles(state: GameState) -> LegendTiles:
    cities: tuple[CityTiles, ...] = state.rules.data["legend_cities"]
    added: list[str] = []
    if len(cities) == 1:
        added = list(cities[0].dealt())
        # A tile not dealt yet (pending) keeps one listed base tile in, so 17 stay in play.
        removed = list(cities[0].removes[: len(added)])
    else:
        for city in cities:
            pool = list(city.dealt())
            added += rng.shuffled(state, pool)[: PER_MODULE[len(cities)]]
        removed = rng.shuffled(state, _base_pool())[: len(added)]
    module_tiles = {t for city in cities for t in city.tiles}
    out = set(removed) | (module_tiles - set(added))
    dealt = [t for t in state.hw_market + state.hw_deck if t not in out]
    size = state.rules.data["hw_market_size"]
    state.hw_market, state.hw_deck = dealt[:size], dealt[size:]
    return LegendTiles(removed=sorted(removed))
