"""The rules module `syracusae`: its tiles, figures and powers declare themselves on `MODULE`;
the objectives, the event deck and the draft are declared on it by the shared Legendary City
machinery (`modules/legends/`)."""

from __future__ import annotations

from ....core.rules import RulesModule
from ...state import GameState
from ..legends.tile_deal import city_tiles, declare_tiles

MODULE: RulesModule[GameState] = RulesModule("syracusae")
TILES = city_tiles(__package__ or "", "syracusae")
declare_tiles(MODULE, TILES)
