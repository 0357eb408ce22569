"""The Mythology's set-up tables (004 l.86–147; aid §B.3–B.5, B.13; C-8, C-10, C-29, C-31):
the sixth civilisation and its sheet, the civilisations in play by player count, the stronger
neutrals, the building markers for 3–6 players, the costs and the free start's 45 points. They
replace the 2003 ruleset's tables of the same keys (rulesets/mn2003/tables.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...board import COMMODITIES
from ...board import PYRAMIDS as PYRAMIDS_ITEM
from ...rulesets.mn2003 import data as base
from ...rulesets.mn2003.data import StartProvince
from . import cards

ATLANTIS = "atlantis"
BOARD_KEY = "mn2003.mythology"
CIVILISATIONS: tuple[str, ...] = (*base.CIVILISATIONS, ATLANTIS)
# C-10: «5 players drop Atlantis; 4 drop Atlantis and Babylon; 3 drop Atlantis, Rome and Egypt».
PLAYER_COUNTS: dict[str, list[str]] = {
    **{n: list(civs) for n, civs in base.PLAYER_COUNTS.items()},
    "6": ["rome", "greece", "carthage", "egypt", "babylon", ATLANTIS],
}
# 004 l.90: «sa capitale de départ est Poseïdonis» (on atlantis, board.md §5).
CAPITALS: dict[str, str] = {**base.CAPITALS, ATLANTIS: "atlantis"}
OTHER_PROVINCES: dict[str, tuple[str, ...]] = {
    **base.OTHER_PROVINCES,
    ATLANTIS: ("gadira", "hesperides"),
}
# C-29: the Atlantean sheet (one ville: «les autres n'en ont qu'une», 004 l.147).
START: dict[str, tuple[StartProvince, ...]] = {
    **base.START,
    ATLANTIS: (
        StartProvince("atlantis", 1, (("ceramic",), ("metal",)), True),
        StartProvince("gadira", 0, (("oil",),)),
        StartProvince("hesperides", 0, (("sheep", "grain"),)),
    ),
}
# 004 l.104: «un rôle s'il en a un au départ (par exemple Grand Prêtre pour le Grec)».
START_ROLES: dict[str, str] = {**base.START_ROLES, "high_priest": "greece"}
# C-29 / C-58: the entry bonuses of the revised specific heroes at the predetermined start
# (004 l.530: Hannibal «intéressant dès le départ grâce à sa légion gratuite»).
START_BONUS: dict[str, str] = {"carthage": "legion", "greece": "trireme"}
# 004 l.112–137 (B.4.4, G-5: 18 caravans at 3 players, not «12»).
BUILDINGS: dict[int, dict[str, int]] = {
    **base.BUILDINGS,
    6: {"caravan": 33, "city": 14, "market": 14, "temple": 7},
}
# B.13, C-11: ceramic is the 13th resource.
RESOURCES: tuple[str, ...] = tuple(COMMODITIES)
# 004 l.96: 8 forteresses, 5 trirèmes, 8 légions (the 3 creatures are counted by creatures.py).
PIECES: dict[str, int] = dict(base.PIECES)
# Ruling 19: creature 6, offering 3; the rest as in 2003.
COSTS: dict[str, int] = {**base.COSTS, "creature": 6, "offering": 3}
COSTS_LONG: dict[str, int] = {**COSTS, PYRAMIDS_ITEM: cards.PYRAMIDS_COST_LONG}
HW_TO_WIN = 4
HW_TO_WIN_LONG = 5  # 004 l.87: «fixer l'objectif à 5 héros et/ou merveilles»
# 004 l.110: capital: influence, creature, legion, fortress; the others: influence, legion,
# fortress (the ruleset places the legions and fortresses, army_state.py the creature).
NEUTRAL_PIECES: dict[str, dict[str, int]] = {
    "capital": {"creature": 1, "legion": 1, "fortress": 1},
    "others": {"legion": 1, "fortress": 1},
}
# B.4.2: 5 waves of 9 points (45); C-31: the Greek zone (the Aegean's shores) and the
# Atlantean one (the shores of the Ocean and the Strait), reachable from the capital by sea.
FREE_START: Mapping[str, Any] = {
    "waves": 5,
    "zones": {"greece": ("aegaeum",), ATLANTIS: ("atlanticus", "fretum")},
    "sea_linked": ("greece", ATLANTIS),
    "items": (
        "influence",
        "city",
        "caravan",
        "temple",
        "market",
        "legion",
        "fortress",
        "trireme",
        "hw",
        # B.4.2 «créatures autorisées»: placed by the construction's rule (creatures.py's
        # BUY_ITEMS), own kind, at most 3, 6 points.
        "creature",
    ),
}
# The four roles in the order of the round's phases (B.5).
ROLES: tuple[str, ...] = ("trade", "high_priest", "culture", "military")
SPECIFIC_HEROES = cards.SPECIFIC_HEROES
