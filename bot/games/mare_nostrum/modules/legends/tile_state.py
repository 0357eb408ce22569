"""What the Legendary City tiles remember between actions: one sub-state, `legend_tiles`,
shared by the three modules (each declares it when it is the first of them in a game).

Public except the base tiles the set-up left out of the game (a face-down tile never seen by
anyone): the Mausoleum's province, the figures put in play, the powers used this round."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Self

from ...state import GameState

TILE_STATE = "legend_tiles"


@dataclass(slots=True)
class LegendTiles:
    # The base tiles the set-up took out of this game (hidden: they were never dealt).
    removed: list[str] = field(default_factory=list)
    # Achille, Archimède: each figure put in play (figure id -> its owner), on the board or not.
    figures: dict[str, str] = field(default_factory=dict)
    # The round each special figure last moved (once a turn, like a legion).
    figure_moved: dict[str, int] = field(default_factory=dict)
    # Halicarnasse: the Mausoleum's province ("" while its owner has not placed it).
    mausoleum: dict[str, str] = field(default_factory=dict)  # owner -> province
    # Once-per-turn powers used: "power:player" -> the round.
    used: dict[str, int] = field(default_factory=dict)
    # Ulysse: the sea that carries his land units this turn (player -> sea), while `used` says
    # this round.
    carrying: dict[str, str] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "removed": list(self.removed),
            "figures": dict(self.figures),
            "figure_moved": dict(self.figure_moved),
            "mausoleum": dict(self.mausoleum),
            "used": dict(self.used),
            "carrying": dict(self.carrying),
        }

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Self:
        return cls(
            list(raw["removed"]),
            dict(raw["figures"]),
            dict(raw["figure_moved"]),
            dict(raw["mausoleum"]),
            dict(raw["used"]),
            dict(raw.get("carrying", {})),
        )

    def view(self, viewer: str | None) -> dict[str, Any]:
        public = self.to_dict()
        del public["removed"]  # face-down tiles out of the game: nobody has seen them
        return public


def tile_state(state: GameState) -> LegendTiles:
    # No isinstance check: the module's substate factory and `from_dict` make only a
    # LegendTiles, and this is read on every action (its hooks) and many listings.
    part: LegendTiles = state.substates[TILE_STATE]  # type: ignore[assignment]
    return part
