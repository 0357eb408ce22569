"""The powers of the base game's heroes and wonders (section 8), one module per phase they act
in. Each declares its tiles' powers as handlers of the hook points the phases ask
(bot.games.mare_nostrum.hooks), with their own prompts and action kinds; only here is a tile
named by its id. Every ownership test goes through control.has_power, so a power copied by
Castor & Pollux works like the tile itself."""

from ...core.rules import RulesModule
from ..state import GameState
from . import build, military, production, trade
from .build import CopyPower, KeepCommodities, PlaceFreeLegions
from .military import ConvertNow, DeclarePeace
from .production import ChooseCommodity, CirceCaravans

# In composition order, after the phases whose hook points they handle.
MODULES: tuple[RulesModule[GameState], ...] = (
    production.MODULE, trade.MODULE, build.MODULE, military.MODULE,
)

__all__ = [
    "MODULES", "ChooseCommodity", "CirceCaravans", "ConvertNow", "CopyPower", "DeclarePeace",
    "KeepCommodities", "PlaceFreeLegions",
]
