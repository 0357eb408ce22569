"""The Punic Wars' own state (a typed sub-state, `state.substates["punic_wars"]`): the
barbarians (a neutral power with units only, never a seat: ruling G7), the External Market
(7.2), each player's gold purse (7.3, G5) and the delayed victories' memory (7.5)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Self

from ...state import GameState
from . import data

NAME = "punic_wars"


@dataclass(slots=True)
class PunicWars:
    """`legions[province]`, `triremes[sea]`: barbarian units on the board; `fortresses`: the
    provinces holding a barbarian fortress; `market`: the External Market's legendary tokens
    (face up); `purse[player]`: gold kept for barbarians ({token: n}); `conquest_held` and
    `titles_held`: who met the changed condition at the previous Military / Claims phase's
    end; `moved`: how many barbarian units came into each area in the current Military turn
    (each moves once: G6); `fought`: the provinces of this turn's barbarian battles."""

    legions: dict[str, int] = field(default_factory=dict)
    triremes: dict[str, int] = field(default_factory=dict)
    fortresses: list[str] = field(default_factory=list)
    market: list[str] = field(default_factory=list)
    purse: dict[str, dict[str, int]] = field(default_factory=dict)
    conquest_held: list[str] = field(default_factory=list)
    titles_held: list[str] = field(default_factory=list)
    moved: dict[str, int] = field(default_factory=dict)
    fought: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "legions": dict(self.legions), "triremes": dict(self.triremes),
            "fortresses": list(self.fortresses), "market": list(self.market),
            "purse": {p: dict(h) for p, h in self.purse.items()},
            "conquest_held": list(self.conquest_held), "titles_held": list(self.titles_held),
            "moved": dict(self.moved), "fought": list(self.fought),
        }

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Self:
        return cls(dict(raw["legions"]), dict(raw["triremes"]), list(raw["fortresses"]),
                   list(raw["market"]), {p: dict(h) for p, h in raw["purse"].items()},
                   list(raw["conquest_held"]), list(raw["titles_held"]), dict(raw["moved"]),
                   list(raw["fought"]))

    def view(self, viewer: str | None) -> dict[str, Any]:
        # Everything here is public: units on the board, face-up market tokens, the purses
        # (kept face up beside the screen, like the 2 coins' count) and the delayed victories.
        return self.to_dict()


def punic(state: GameState) -> PunicWars:
    part = state.substates[NAME]
    assert isinstance(part, PunicWars)
    return part


def new(state: GameState) -> PunicWars:
    """7.1: the barbarians' units; empty purses; the market is drawn at the first Trade."""
    return PunicWars(legions=dict(data.BARBARIAN_LEGIONS),
                     triremes=dict(data.BARBARIAN_TRIREMES),
                     fortresses=list(data.BARBARIAN_FORTRESSES),
                     purse={p: {} for p in state.players})
