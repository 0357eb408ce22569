"""The complete state of one game of Neptun, as plain JSON-able data.

Conventions: players are colour ids in seat order; cards are integers (city card ids index
`data.cities`, goods card ids `data.goods_cards`, oar card ids `data.oars`, and individual oar
cards `data.INDIVIDUAL + 2*seat + j`). Stacks (the oar track, the temples) are lists in arrival
order: within one space, the earlier entry is lower in the stack (ruling P17).
"""

from __future__ import annotations

import pickle
from dataclasses import dataclass, field, fields
from typing import Any, Literal, TypedDict

from ..core.prompts import Prompt

SlotStatus = Literal["open", "done", "lost"]


class Column(TypedDict):
    """One contract of the row: a city, a goods and an oar card, face down or up, with the
    coins lying on its city card."""

    city: int
    goods: int
    oar: int
    up: bool
    gold: int


class Slot(TypedDict):
    """A manifest slot holding a contract: open (to deliver), done (delivered: its cards went to
    the discards, kept here for the record) or lost (turned face down)."""

    city: int
    goods: int
    status: SlotStatus


@dataclass(slots=True)
class NeptunState:
    players: list[str]
    seed: int
    ruleset: str = "standard"
    rng_counter: int = 0
    version: int = 0
    round: int = 1  # 1..3: A, B, C
    phase: str = "contracts"  # a phase of the rules, or "over"
    turn: int = 0  # pick turn 1-5, or voyage turn 1-5, 6 = 5.I, 7 = 5.II
    sequence: list[str] = field(default_factory=list)  # the Séquence (turn order)
    oar_track: list[tuple[str, int]] = field(default_factory=list)  # (player, rowing) arrivals
    to_play: list[str] = field(default_factory=list)  # pickers / sailors / askees still to act
    wind: int = 5
    forecast: int | None = None
    markers: dict[str, int] = field(default_factory=dict)  # route id -> distance (public)
    city_deck: list[int] = field(default_factory=list)
    goods_deck: list[int] = field(default_factory=list)
    oar_deck: list[int] = field(default_factory=list)
    city_discard: list[int] = field(default_factory=list)
    goods_discard: list[int] = field(default_factory=list)
    oar_discard: list[int] = field(default_factory=list)
    boxed: list[int] = field(default_factory=list)  # played individual oar cards (out of game)
    row: list[Column] = field(default_factory=list)
    hands: dict[str, list[int]] = field(default_factory=dict)  # oar cards (hidden)
    chosen: dict[str, int] = field(default_factory=dict)  # this turn's sealed oar cards
    played: dict[str, list[int]] = field(default_factory=dict)  # face down in front, this round
    manifests: dict[str, list[Slot | None]] = field(default_factory=dict)
    ships: dict[str, str] = field(default_factory=dict)
    gold: dict[str, int] = field(default_factory=dict)
    temples: dict[str, list[tuple[str, int]]] = field(default_factory=dict)  # (player, points)
    tiles: dict[str, list[int]] = field(default_factory=dict)  # this round's tiles per temple
    won: dict[str, list[tuple[str, int]]] = field(default_factory=dict)  # (temple, value)
    bonus_supply: list[int] = field(default_factory=list)  # face down
    bonus: dict[str, list[int]] = field(default_factory=dict)  # hidden until the end
    extra: list[str] = field(default_factory=list)  # who sails the current extra turn
    prompts: list[Prompt] = field(default_factory=list)
    winners: list[str] = field(default_factory=list)
    victory: str | None = None

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def clone(self) -> NeptunState:
        copy: NeptunState = pickle.loads(pickle.dumps(self, protocol=pickle.HIGHEST_PROTOCOL))
        return copy




def state_to_dict(state: NeptunState) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in fields(state):
        value = getattr(state, f.name)
        if f.name == "prompts":
            value = [{"kind": p.kind, "player": p.player, "data": p.data} for p in value]
        elif f.name == "oar_track":
            value = [list(e) for e in value]
        elif f.name in ("temples", "won"):
            value = {k: [list(e) for e in v] for k, v in value.items()}
        out[f.name] = value
    return out


def state_from_dict(data: dict[str, Any]) -> NeptunState:
    kwargs: dict[str, Any] = {}
    for f in fields(NeptunState):
        if f.name not in data:
            continue
        value = data[f.name]
        if f.name == "prompts":
            value = [Prompt(p["kind"], p["player"], dict(p["data"])) for p in value]
        elif f.name == "oar_track":
            value = [(e[0], e[1]) for e in value]
        elif f.name in ("temples", "won"):
            value = {k: [(e[0], e[1]) for e in v] for k, v in value.items()}
        kwargs[f.name] = value
    return NeptunState(**kwargs)
