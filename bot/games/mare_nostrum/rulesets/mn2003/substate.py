"""The 2003 ruleset's own part of the game state (`state.substates["mn2003"]`): what the
Empires state has no place for. Roles are the state's `titles` (the three 2003 roles have
the Empires titles' ids); pieces, influence, ville and caravan markers, hands and cards use
the Empires fields, read the 2003 way (mn2003.md §A.11)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Self

from ...state import GameState

NAME = "mn2003"


@dataclass(slots=True)
class Mn2003State:
    # Absent civilisations whose pieces stand on the board (C-8), in seat order.
    neutrals: list[str] = field(default_factory=list)
    # C-5: one temple and one market per province, no printed site.
    temples: list[str] = field(default_factory=list)
    markets: list[str] = field(default_factory=list)
    # Rule 5: triremes built on land, by province and owner, until their first move.
    docked: dict[str, dict[str, int]] = field(default_factory=dict)
    # A.7.3: the occupier of each occupied province (his legions there cover its buildings).
    occupied: dict[str, str] = field(default_factory=dict)
    # Once-a-round or once-a-phase powers used (card ids), cleared when their period ends.
    used: list[str] = field(default_factory=list)
    # Rule 3 / C-4: provinces whose influence was placed in the current construction turn.
    placed: list[str] = field(default_factory=list)
    # The current military turn: units of the active player that moved in / fought, by area.
    moved: dict[str, int] = field(default_factory=dict)
    fought: dict[str, int] = field(default_factory=dict)
    fortress_fought: list[str] = field(default_factory=list)
    # C-20: provinces where the active player entered or fought this turn.
    contested: list[str] = field(default_factory=list)
    # The start's open choices (S-06) and the role counts of the last recount.
    counts: dict[str, dict[str, int]] = field(default_factory=dict)
    # The free start (S-07): the order, the wave, whose turn, the points left in it.
    free: dict[str, Any] = field(default_factory=dict)
    # C-14's game option `first_builder_only`: no shared win, the first winning purchase wins.
    first_builder_only: bool = False

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        return cls(**data)

    def view(self, viewer: str | None) -> dict[str, Any]:
        # Nothing here is hidden: markers, triremes on land, occupations, powers used.
        return asdict(self)


def sub(state: GameState) -> Mn2003State:
    # Neither an isinstance check nor typing.cast (a call): asked tens of times an action.
    part: Mn2003State = state.substates[NAME]  # type: ignore[assignment]
    return part
