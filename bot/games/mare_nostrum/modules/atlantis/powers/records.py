"""What the Atlantean powers remember between actions: one sub-state, `atlantean_powers`,
public (every record is visible on the table)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NotRequired, Self, TypedDict

from ....state import GameState
from ..module import MODULE

RECORDS = "atlantean_powers"


class Petrified(TypedDict):
    """Units petrified by Médée or Méduse (A9): off the board until the end of the turn."""

    owner: str
    area: str
    legions: int
    fortress: bool
    triremes: int
    figures: NotRequired[list[str]]  # his special land figures petrified there (Centaurs)
    power: str  # the tile whose power petrified them
    by: str
    round: int


class Use(TypedDict):
    """The area a petrifying power was last used on, by whom, in which round (A9 e)."""

    player: str
    power: str
    area: str
    round: int


@dataclass(slots=True)
class AtlanteanPowers:
    orpheus: dict[str, int] = field(default_factory=dict)  # legions on his Orphée tile
    pegasus: dict[str, int] = field(default_factory=dict)  # the round of his last flight
    petrified: list[Petrified] = field(default_factory=list)
    uses: list[Use] = field(default_factory=list)
    # Chiron: each figure put in play (figure id -> its owner), whether on the board or not;
    # the round each figure last moved.
    figures: dict[str, str] = field(default_factory=dict)
    figure_moved: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"orpheus": dict(self.orpheus), "pegasus": dict(self.pegasus),
                "petrified": [{**p, "figures": list(p.get("figures", []))}
                              for p in self.petrified],
                "uses": [dict(u) for u in self.uses], "figures": dict(self.figures),
                "figure_moved": dict(self.figure_moved)}

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Self:
        # Snapshots from before Chiron have no figures: read as none.
        return cls(dict(raw["orpheus"]), dict(raw["pegasus"]),
                   [Petrified(**{"figures": [], **p})  # type: ignore[typeddict-item]
                    for p in raw["petrified"]],
                   [Use(**u) for u in raw["uses"]],  # type: ignore[typeddict-item]
                   dict(raw.get("figures", {})), dict(raw.get("figure_moved", {})))

    def view(self, viewer: str | None) -> dict[str, Any]:
        return self.to_dict()  # all public: the tiles and the petrified figures are seen


MODULE.substate(RECORDS, AtlanteanPowers, lambda state: AtlanteanPowers())


def records(state: GameState) -> AtlanteanPowers:
    part = state.substates[RECORDS]
    assert isinstance(part, AtlanteanPowers)
    return part
