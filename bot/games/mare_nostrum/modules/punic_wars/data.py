"""The Punic Wars' tables (Atlas, section 7.1): two empires, their titles, the board and the
barbarians' starting units.

The board is not named by the rulebook: ruling G1 (shared/design/atlas.md §6.8) plays the
3-player layout (the Egyptian and Babylonian provinces covered) under its own key, so no cache
mixes it with the base 3-player board. The Greek provinces start neutral (G2): the set-up
places only the players' screens.
"""

from __future__ import annotations

from typing import Any

from ...board import Board, assemble, base_part, board, default_board_key, register_board

EMPIRES = ("rome", "carthage")
BOARD_KEY = "punic/2"
BARBARIANS = "barbarians"

# 7.1: « Carthage possède les Titres de Maître du Commerce et de Leader Politique, Rome possède
# le Titre de Chef Militaire. »
STARTING_TITLES = {"trade": "carthage", "culture": "carthage", "military": "rome"}

# 7.1: the barbarians' set-up (the box's 14 figures: 8 legions, 3 triremes, 3 fortresses).
BARBARIAN_LEGIONS = {"achaea": 4, "macedonia": 2, "thracia": 2}
BARBARIAN_FORTRESSES = ("achaea", "macedonia", "thracia")
BARBARIAN_TRIREMES = {"ionium": 1, "aegaeum": 1, "pontus": 1}


def _assembler() -> Board:
    # The base 3-player layout's covered provinces (G1), on a board of its own key.
    return assemble(BOARD_KEY, [base_part()], board(default_board_key(3)).covered)


def register() -> None:
    register_board(BOARD_KEY, _assembler)


def tables() -> dict[str, Any]:
    """The set-up tables of the rules (they replace the base game's: 2 players only)."""
    return {
        "player_counts": {"2": list(EMPIRES)},
        "starting_titles": {"2": dict(STARTING_TITLES)},
        "board_keys": {"2": BOARD_KEY},
    }
