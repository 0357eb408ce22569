"""The 2003 ruleset's tables (mn2003.md §A, proposals C-6 … C-11): civilisations, the
Situations de départ on the Empires board, neutral placements, supplies and costs."""

from __future__ import annotations

from dataclasses import dataclass

from ...board import COMMODITIES
from ...board import PYRAMIDS as PYRAMIDS_ITEM

RULESET = "2003"
BOARD_KEY = "mn2003"
# Namespace of the 2003 cards: several share a name, never a power, with an Empires tile.
CARD_PREFIX = "mn2003."
TAX = "coin"  # a tax card («carte impôt») is the engine's coin token (same payment rule)
# C-11: ceramic is the Mythology's 13th resource; the base game has the other twelve.
RESOURCES: tuple[str, ...] = tuple(c for c in COMMODITIES if c != "ceramic")
CIVILISATIONS: tuple[str, ...] = ("rome", "greece", "carthage", "egypt", "babylon")
# 003 l.378–384: «à 4 joueurs, éliminer Babylone - à 3 joueurs, éliminer Rome et l'Egypte».
PLAYER_COUNTS: dict[str, list[str]] = {
    "3": ["greece", "carthage", "babylon"],
    "4": ["rome", "greece", "carthage", "egypt"],
    "5": ["rome", "greece", "carthage", "egypt", "babylon"],
}
CAPITALS: dict[str, str] = {
    "rome": "latium",
    "greece": "achaea",
    "carthage": "africa",
    "egypt": "aegyptus",
    "babylon": "babylonia",
}
# C-8: a civilisation's two other starting provinces (board.md §4).
OTHER_PROVINCES: dict[str, tuple[str, str]] = {
    "rome": ("gallia", "italia"),
    "greece": ("macedonia", "thracia"),
    "carthage": ("numidia", "libya"),
    "egypt": ("cyrenaica", "aethiopia"),
    "babylon": ("syria", "mesopotamia"),
}
# 003 l.11–15: «5 trirèmes, 8 légions, 8 forteresses, 12 influences» per colour.
PIECES: dict[str, int] = {"legion": 8, "trireme": 5, "fortress": 8, "influence": 12}
# 003 l.348–357: the building markers in play by player count.
BUILDINGS: dict[int, dict[str, int]] = {
    3: {"caravan": 18, "city": 8, "market": 8, "temple": 4},
    4: {"caravan": 23, "city": 10, "market": 10, "temple": 5},
    5: {"caravan": 28, "city": 12, "market": 12, "temple": 6},
}
# The summary sheet (003 l.813–830): one combination of exactly this size buys the item.
COSTS: dict[str, int] = {
    "influence": 3,
    "city": 3,
    "caravan": 3,
    "legion": 3,
    "trireme": 3,
    "fortress": 3,
    "temple": 6,
    "market": 6,
    "hw": 9,
    PYRAMIDS_ITEM: 12,
    "convert": 3,
}
ROLES: tuple[str, ...] = ("trade", "culture", "military")


@dataclass(frozen=True, slots=True)
class StartProvince:
    """One province of a Situation de départ (C-9): `cities` ville markers on the city
    sites in printed order, `caravans` each a tuple of the icons it may stand on (two: «Le
    pion caravane peut être placé sur l'une ou l'autre icône», the player picks)."""

    province: str
    cities: int = 0
    caravans: tuple[tuple[str, ...], ...] = ()
    fortress: bool = False


# C-9: the five sheets on the Empires board (Egypt's ville and caravan swapped: aethiopia has
# no city site). Each also takes its specific hero; no legion, trireme or card.
START: dict[str, tuple[StartProvince, ...]] = {
    "rome": (
        StartProvince("latium", 1, (("metal",), ("wine",)), True),
        StartProvince("gallia", 0, (("grain", "sheep"),)),
        StartProvince("italia", 0, (("metal", "oil"),)),
    ),
    "greece": (
        StartProvince("achaea", 2, (("oil",),), True),
        StartProvince("macedonia", 0, (("grain",), ("wine",))),
        StartProvince("thracia"),
    ),
    "carthage": (
        StartProvince("africa", 1, (("sheep",), ("perfume",)), True),
        StartProvince("numidia", 0, (("gold", "gladiator"),)),
        StartProvince("libya", 0, (("oil", "sheep"),)),
    ),
    "babylon": (
        StartProvince("babylonia", 1, (("grain",), ("perfume",)), True),
        StartProvince("syria", 1),
        StartProvince("mesopotamia", 0, (("sheep", "oil"),)),
    ),
    "egypt": (
        StartProvince("aegyptus", 2, (("papyrus",),), True),
        StartProvince("cyrenaica", 1),
        StartProvince("aethiopia", 0, (("grain", "gold"),)),
    ),
}
# The starting roles the sheets give (Carthage, Rome, Egypt).
START_ROLES: dict[str, str] = {"trade": "carthage", "military": "rome", "culture": "egypt"}
SPECIFIC_HEROES: dict[str, str] = {
    "rome": "mn2003.caesar",
    "carthage": "mn2003.hannibal",
    "babylon": "mn2003.hammurabi",
    "greece": "mn2003.pericles",
    "egypt": "mn2003.cleopatra",
}
