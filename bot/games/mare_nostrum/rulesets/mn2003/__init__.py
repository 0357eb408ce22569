"""Mare Nostrum (2003), the first edition, as a second ruleset beside Empires (issue 17;
docs/mn2003.md): on the Empires board read the 2003 way, with its own phases (trade with
income, construction, military, the roles recounted) composed from its own modules and the
Empires engine's reusable parts (the board, the exchange's offers and picks, payment
combinations, the kit). Registered as the ruleset "2003"."""

from __future__ import annotations

from collections.abc import Sequence

from ....core.rules import RulesModule
from ...phases import trade as empires_trade
from ...rules import register_ruleset
from ...state import GameState
from . import geography as geography
from .cards import CARDS
from .data import BOARD_KEY, PLAYER_COUNTS, RULESET, START_ROLES
from .invariants import check as check_invariants
from .tables import DEFAULTS as TABLE_DEFAULTS
from .view import public_view

TABLES: RulesModule[GameState] = RulesModule("mn2003.tables")
TABLES.data("hw_tiles", CARDS)
TABLES.data("hw_market_size", len(CARDS))
TABLES.data("player_counts", PLAYER_COUNTS)
TABLES.data("starting_titles", {n: dict(START_ROLES) for n in PLAYER_COUNTS})
TABLES.data("board_keys", dict.fromkeys(PLAYER_COUNTS, BOARD_KEY))
TABLES.data("invariants", check_invariants)
TABLES.data("public_view", public_view)
for _key, _value in TABLE_DEFAULTS.items():  # the tables a module may replace (tables.py)
    TABLES.data(_key, _value)


def modules() -> Sequence[RulesModule[GameState]]:
    """The ruleset's modules in turn order: tables, set-up, trade (Empires' offers and picks,
    then the 2003 phase replacing its opening), construction, military, roles, powers."""
    from . import construction, free_start, military, powers, roles, setup, trade

    return (
        TABLES,
        setup.MODULE,
        free_start.MODULE,
        empires_trade.MODULE,
        trade.MODULE,
        construction.MODULE,
        military.MODULE,
        roles.MODULE,
        powers.MODULE,
    )


register_ruleset(RULESET, modules)

__all__ = ["RULESET", "modules"]
