"""The Atlas modules' declarations: `atlantis` (the empire, its board and tables, its tiles),
`atlantis_heroes` and `atlantis_intro` (options of the Atlantean track). The track and the
powers add their own declarations to `MODULE` (track.py, powers/)."""

from __future__ import annotations

from ....core.rules import RulesDraft, RulesModule
from ...state import GameState
from . import data

MODULE: RulesModule[GameState] = RulesModule("atlantis")
# Set-up tables by player count (ruling A1): the empires in seat order, the boards, the
# starting titles (A3: Carthage, Rome, and Egypt when present, else Greece, for Culture).
MODULE.data("player_counts", data.raw()["player_counts"])
MODULE.data("board_keys", {str(n): data.board_key(n) for n in data.PLAYER_COUNTS})
MODULE.data("starting_titles", data.raw()["starting_titles"])
MODULE.data("components", data.atlas_components())


@MODULE.edit
def _tiles(draft: RulesDraft[GameState]) -> None:
    """The Atlantean tiles join the tiles table, and Chiron the heroes Castor & Pollux may not
    copy (A12: a unique figure) — both kept from earlier modules (a Legendary City's)."""
    draft.data["hw_tiles"] = {**draft.data.get("hw_tiles", {}), **data.all_tiles()}
    draft.data["uncopyable_heroes"] = (*draft.data.get("uncopyable_heroes", ()),
                                       *data.raw()["uncopyable"])


# The Atlantean track's options (L170, L174; rulings A2, A2b), set by the two small modules.
MODULE.data("atlantean_track_players", (6,))
MODULE.data("atlantean_intro", False)

HEROES_AT_4_5: RulesModule[GameState] = RulesModule("atlantis_heroes", requires=("atlantis",))
HEROES_AT_4_5.data("atlantean_track_players", data.PLAYER_COUNTS)

INTRO: RulesModule[GameState] = RulesModule("atlantis_intro", requires=("atlantis",))
INTRO.data("atlantean_intro", True)
