"""The kinds the engine names with strings, as `Literal` types: a typo in one of them is a type
error (mypy --strict), and the action parser accepts only the declared values of an action's
Literal field (bot.games.core.actions.parse_action).

Each Literal is the one source of its kinds: the tuples below are read from it, in order.
Kinds a module may extend (phases, items, hero and wonder tiles, board areas) stay `str`.
"""

from __future__ import annotations

from typing import Literal, get_args

# The three titles, each with its track (section 5); the 2003 Mythology's fourth role, the
# Grand Prêtre, is kept in `state.titles` too (never an Empires title: not in TITLES).
Title = Literal["trade", "culture", "military", "high_priest"]

# The steps of a Military turn, in order (4.1, 4.2); "conquest" ends the turn (4.3).
MilitaryStep = Literal["sea_moves", "sea_battles", "land_moves", "land_battles", "conquest"]

# What moves in a Military step (`Move.unit`): a trireme at sea, a legion on land.
Unit = Literal["trireme", "legion"]

# The extra resource of a legendary city with a temple (`ChooseProduction.choice`), and what a
# pillaged legendary city gives (`Conquer.reward`; "" when there is nothing to choose).
ProductionChoice = Literal["coin", "legendary"]
PillageReward = Literal["", "coin", "legendary"]

# The conqueror's choice in a province (4.3, `Conquer.option`).
ConquestOption = Literal["pillage", "occupy", "influence", "none"]

TITLES: tuple[Title, ...] = get_args(Title)[:3]
MILITARY_STEPS: tuple[MilitaryStep, ...] = get_args(MilitaryStep)
CONQUEST_OPTIONS: tuple[ConquestOption, ...] = get_args(ConquestOption)
