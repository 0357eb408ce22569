"""The Punic Wars module's declarations (Atlas, section 7): its set-up tables and sub-state;
the market, the purse, the barbarians and the victories add theirs to `MODULE`."""

from __future__ import annotations

from ....core.rules import RulesModule
from ...state import GameState
from . import data, state

MODULE: RulesModule[GameState] = RulesModule("punic_wars")
for _key, _table in data.tables().items():
    MODULE.data(_key, _table)
MODULE.substate(state.NAME, state.PunicWars, state.new)
