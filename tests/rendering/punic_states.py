"""Punic Wars positions for the pictures (gallery, tests, benchmark): a seeded game played at
random to its third Military phase, then arranged so that every Punic part of the picture
shows (the market, both purses, a delayed victory held, barbarians hired into Italia)."""

from __future__ import annotations

from typing import Any

from bot.games.mare_nostrum.modules.punic_wars.state import punic
from bot.games.mare_nostrum.state import GameState
from tests.engine.punic_wars.scenario import new, play_until

SEED = 5
# The dice of a barbarian battle in Italia, for the highlight.
BATTLE: dict[str, Any] = {
    "areas": ["italia"],
    "dice": {"rome": [4], "barbarians": [6, 2]},
    "label": "4→0 – 8→1",
}


def midgame() -> GameState:
    state = play_until(new(SEED), lambda s: s.round >= 3 and s.phase == "military", SEED)
    part = punic(state)
    part.market = ["wine*", "gold*", "grain*"]
    part.purse = {"rome": {"gold": 1, "gold*": 1}, "carthage": {"gold": 1}}
    part.conquest_held = ["carthage"]
    part.legions["italia"] = 2
    part.legions["achaea"] -= 2
    return state
