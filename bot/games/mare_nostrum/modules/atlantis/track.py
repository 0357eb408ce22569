"""The Atlantean track (Atlas L170–174): at 6 players (or with `atlantis_heroes`, ruling A2)
the five Atlantean heroes lie face up on their own track and are bought like any face-up HW
tile; with `atlantis_intro` only one of them is face up at a time, the next one revealed at
the end of the Build phase in which it was bought (A2b)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Self

from ... import rng
from ...events import EventLog
from ...flow import next_phase
from ...hooks import HW_ROWS
from ...state import GameState
from . import data
from .module import MODULE

TRACK = "atlantean_track"


@dataclass(slots=True)
class AtlanteanTrack:
    """The face-up Atlantean tiles, and (introductory option) those still face down, in the
    order they will be revealed."""

    face_up: list[str] = field(default_factory=list)
    hidden: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"face_up": list(self.face_up), "hidden": list(self.hidden)}

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Self:
        return cls(list(raw["face_up"]), list(raw["hidden"]))

    def view(self, viewer: str | None) -> dict[str, Any]:
        # The face-down tiles are hidden from everyone: only how many are left.
        return {"face_up": list(self.face_up), "hidden_count": len(self.hidden)}


def track(state: GameState) -> AtlanteanTrack:
    part = state.substates[TRACK]
    assert isinstance(part, AtlanteanTrack)
    return part


def _new_track(state: GameState) -> AtlanteanTrack:
    """Set-up: the Atlantean heroes leave the base deal (they are never among the base
    market's tiles), and lie on their track when this game uses them."""
    heroes = data.atlantean_heroes()
    state.hw_market = [t for t in state.hw_market if t not in heroes]
    state.hw_deck = [t for t in state.hw_deck if t not in heroes]
    size = state.rules.data["hw_market_size"]
    while len(state.hw_market) < size and state.hw_deck:
        state.hw_market.append(state.hw_deck.pop(0))
    rules = state.rules
    if len(state.players) not in rules.data["atlantean_track_players"]:
        return AtlanteanTrack()
    laid = list(data.track_tiles())
    if rules.data["atlantean_intro"]:
        order = rng.shuffled(state, laid)
        return AtlanteanTrack(order[:1], order[1:])
    return AtlanteanTrack(laid)


MODULE.substate(TRACK, AtlanteanTrack, _new_track)


@MODULE.hook(HW_ROWS)
def _track_row(state: GameState) -> list[str]:
    return track(state).face_up


@MODULE.phase("atlantis.reveal", after="build")
def _reveal(state: GameState, ev: EventLog) -> None:
    """Introductory option: when the face-up Atlantean tile was bought, the next one is
    revealed as the Build phase ends (A2b)."""
    row = track(state)
    if not row.face_up and row.hidden:
        row.face_up.append(row.hidden.pop(0))
        ev.public("atlantean_tile_revealed", tile=row.face_up[0])
    next_phase(state, ev)
