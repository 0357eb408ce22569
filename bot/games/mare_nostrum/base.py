"""Mare Nostrum: Empires, the base ruleset, as the list of its modules in composition order:
the actions, the five phases in turn order, then the heroes' and wonders' powers."""

from __future__ import annotations

from ..core.rules import RulesModule
from .actions import BASE_ACTIONS
from .board import components, hw_tiles, setup_tables
from .phases import build, claims, military, production, trade
from .powers import MODULES as POWERS
from .state import GameState

ACTIONS: RulesModule[GameState] = RulesModule("empires.actions")
for _cls in BASE_ACTIONS:
    ACTIONS.action(_cls)
# The printed components (costs, supplies, dice): a later module may replace the table.
ACTIONS.data("components", components())
ACTIONS.data("hw_tiles", hw_tiles())
ACTIONS.data("hw_market_size", 5)  # face-up HW tiles, refilled after the Build phase
# The set-up tables by player count (a module adding an empire replaces them): the empires in
# seat order, the starting titles; `board_keys` (absent: the base board for the count).
ACTIONS.data("player_counts", setup_tables()["player_counts"])
ACTIONS.data("starting_titles", setup_tables()["starting_titles"])

BASE_MODULES: tuple[RulesModule[GameState], ...] = (
    ACTIONS, production.MODULE, trade.MODULE, build.MODULE, military.MODULE, claims.MODULE,
    *POWERS,
)
