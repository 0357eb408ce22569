"""The Legendary City modules' own state (one typed sub-state, `state.substates["legends"]`,
shared by the cities in play): the objective tiles, the event decks and discards (one per city:
B9), the secret hands (sizes public: B5), the victory markers (B12), the draft in progress
(2.2, B4) with the decisions it suspended, and the effects of the cards played (a battle's, a
turn's)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Self, TypedDict

from ... import rng
from ...state import GameState
from . import data

NAME = "legends"


class Draft(TypedDict):
    """A draft in progress (2.2): `owner` met `objective`; `cards` are still to be kept (seen
    only by the player who holds them now, `holder`); `chosen`: who kept one, in order;
    `passes`: [giver, receiver] in order (public); `k`: how many were drawn (public)."""

    objective: str
    city: str
    owner: str
    k: int
    cards: list[str]
    holder: str
    chosen: list[str]
    passes: list[list[str]]


class Effect(TypedDict):
    """A card's effect still to apply: `card` played by `player` in `round`; `key` says what
    it is bound to (a battle: "<area>", a Military turn: "turn"); `data`: its own values."""

    card: str
    player: str
    round: int
    key: str
    data: dict[str, Any]


@dataclass(slots=True)
class Legends:
    objectives: list[str] = field(default_factory=list)  # face up, in set-up order
    taken: dict[str, str] = field(default_factory=dict)  # objective -> who took it
    decks: dict[str, list[str]] = field(default_factory=dict)  # city -> cards, top first
    discards: dict[str, list[str]] = field(default_factory=dict)  # city -> cards, face up
    hands: dict[str, list[str]] = field(default_factory=dict)  # player -> cards (secret)
    wins: dict[str, int] = field(default_factory=dict)  # victory markers (B12)
    draft: Draft | None = None
    # Objectives met and still to draft from, in order: [player, objective].
    queue: list[list[str]] = field(default_factory=list)
    # The decisions a draft suspended (2.2: « le cours de la partie s'interrompt »), as
    # {"kind", "player", "data"}: given back when the last draft ends.
    suspended: list[dict[str, Any]] = field(default_factory=list)
    effects: list[Effect] = field(default_factory=list)
    # Horn of Plenty reveals made (E5): who revealed, to be checked once.
    revealed: list[str] = field(default_factory=list)
    # "At any time" plays waiting for no decision to be resolved (rulings 17 a), as actions.
    pending: list[dict[str, Any]] = field(default_factory=list)
    # Port du Pirée (E11): player -> piece -> units taken from the barbarian reserve (public).
    piraeus: dict[str, dict[str, int]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "objectives": list(self.objectives),
            "taken": dict(self.taken),
            "decks": {c: list(d) for c, d in self.decks.items()},
            "discards": {c: list(d) for c, d in self.discards.items()},
            "hands": {p: list(h) for p, h in self.hands.items()},
            "wins": dict(self.wins),
            "draft": _copy_draft(self.draft),
            "queue": [list(q) for q in self.queue],
            "suspended": [dict(s, data=dict(s["data"])) for s in self.suspended],
            "effects": [dict(e, data=dict(e["data"])) for e in self.effects],
            "revealed": list(self.revealed),
            "pending": [dict(p) for p in self.pending],
            "piraeus": {p: dict(n) for p, n in self.piraeus.items()},
        }

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Self:
        return cls(
            list(raw["objectives"]),
            dict(raw["taken"]),
            {c: list(d) for c, d in raw["decks"].items()},
            {c: list(d) for c, d in raw["discards"].items()},
            {p: list(h) for p, h in raw["hands"].items()},
            dict(raw["wins"]),
            _copy_draft(raw["draft"]),
            [list(q) for q in raw["queue"]],
            [dict(s, data=dict(s["data"])) for s in raw["suspended"]],
            [
                Effect(
                    card=e["card"],
                    player=e["player"],
                    round=e["round"],
                    key=e["key"],
                    data=dict(e["data"]),
                )
                for e in raw["effects"]
            ],
            list(raw["revealed"]),
            [dict(p) for p in raw["pending"]],
            {p: dict(n) for p, n in raw.get("piraeus", {}).items()},
        )

    def view(self, viewer: str | None) -> dict[str, Any]:
        """Public: the objectives and who took them, the decks' sizes, the discards (face up:
        B9), every hand's size, the victory markers, the draft's course (k, who kept one, who
        passed to whom, how many cards are left). Only the viewer's own hand, and the draft's
        cards only to the player holding them now."""
        draft = None
        if self.draft is not None:
            d = self.draft
            draft = {
                "objective": d["objective"],
                "city": d["city"],
                "owner": d["owner"],
                "k": d["k"],
                "holder": d["holder"],
                "left": len(d["cards"]),
                "chosen": list(d["chosen"]),
                "passes": [list(p) for p in d["passes"]],
                "cards": list(d["cards"]) if viewer == d["holder"] else None,
            }
        return {
            "objectives": list(self.objectives),
            "taken": dict(self.taken),
            "deck_sizes": {c: len(d) for c, d in self.decks.items()},
            "discards": {c: list(d) for c, d in self.discards.items()},
            "hand_sizes": {p: len(h) for p, h in self.hands.items()},
            "hand": list(self.hands.get(viewer, [])) if viewer is not None else None,
            "wins": dict(self.wins),
            "draft": draft,
            "effects": [dict(e, data=dict(e["data"])) for e in self.effects],
            "pending": [p["player"] for p in self.pending],  # who waits, never what
            "piraeus": {p: dict(n) for p, n in self.piraeus.items()},
        }


def _copy_draft(d: Any) -> Draft | None:
    if d is None:
        return None
    return Draft(
        objective=d["objective"],
        city=d["city"],
        owner=d["owner"],
        k=d["k"],
        cards=list(d["cards"]),
        holder=d["holder"],
        chosen=list(d["chosen"]),
        passes=[list(p) for p in d["passes"]],
    )


def legends(state: GameState) -> Legends:
    # No isinstance check: the module's substate factory and `from_dict` make only a Legends,
    # and this is read several times an action (every listing of a card holder, every check).
    part: Legends = state.substates[NAME]  # type: ignore[assignment]
    return part


def cities_in_play(state: GameState) -> list[str]:
    return [c for c in data.cities() if c in state.modules]


def new(state: GameState) -> Legends:
    """Set-up (section 2.1, section 6): the objective tiles face up — a city's three alone;
    with two cities one drawn from each and one from the four left; with three one from each
    (draws from the seeded generator, public) — and each city's 15 cards shuffled."""
    cities = cities_in_play(state)
    if len(cities) == 1:
        objectives = list(data.objectives(cities[0]))
    else:
        objectives, left = [], []
        for city in cities:
            tiles = list(data.objectives(city))
            objectives.append(tiles.pop(rng.pick_index(state, len(tiles))))
            left += tiles
        if len(cities) == 2:
            objectives.append(left[rng.pick_index(state, len(left))])
    return Legends(
        objectives=objectives,
        decks={c: rng.shuffled(state, data.deck(c)) for c in cities},
        discards={c: [] for c in cities},
        hands={p: [] for p in state.players},
        wins={p: 0 for p in state.players},
    )
