"""The gods' own part of the game state (`state.substates["mythology.gods"]`): who holds
which god (public: «Le joueur pose la carte du dieu devant lui»), which were used (the card
turned over), the Offerings phase's progress, Athéna's chosen role, the god uses waiting for
a quiet moment (rulings 17 a). Nothing here is hidden."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Self

from ....state import GameState

NAME = "mythology.gods"

ATHENA, BAAL, HERMES, ISHTAR = "athena", "baal", "hermes", "ishtar"
ISIS, MARS, POSEIDON, VULCAN = "isis", "mars", "poseidon", "vulcan"
GODS: tuple[str, ...] = (ATHENA, BAAL, HERMES, ISHTAR, ISIS, MARS, POSEIDON, VULCAN)
OFFERING_COST = 3  # «une combinaison de 3 cartes» (004 l.214; ruling 19)


@dataclass(slots=True)
class Gods:
    # god -> its holder, until the next Offerings phase.
    holders: dict[str, str] = field(default_factory=dict)
    # Gods whose power was used while held («le joueur retourne alors la carte»).
    used: list[str] = field(default_factory=list)
    # The players who made or declined their offering in this Offerings phase.
    done: list[str] = field(default_factory=list)
    # Athéna: the role its holder chose, +2 at this round's count.
    athena: dict[str, str] = field(default_factory=dict)
    # The trade gods already asked in this Trade phase (Hermès, then Isis: C-60).
    asked: list[str] = field(default_factory=list)
    # The battle a god's window holds (C-37, C-60): its sides, totals, and the gods played.
    battle: dict[str, Any] = field(default_factory=dict)
    # "At any time" uses announced while a decision was being resolved (rulings 17 a).
    pending: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        return cls(**data)

    def view(self, viewer: str | None) -> dict[str, Any]:
        return asdict(self)


def gods(state: GameState) -> Gods:
    part = state.substates[NAME]
    assert isinstance(part, Gods)
    return part


def held_by(state: GameState, player: str) -> list[str]:
    """The gods he holds, in card order."""
    holders = gods(state).holders
    return [g for g in GODS if holders.get(g) == player]


def usable(state: GameState, player: str, god: str) -> bool:
    """He holds this god and has not used it yet («une fois par tour»)."""
    g = gods(state)
    return g.holders.get(god) == player and god not in g.used


def holder_of(state: GameState, god: str) -> str | None:
    """Who may still use this god (None: nobody holds it, or it was used)."""
    g = gods(state)
    holder = g.holders.get(god)
    return holder if holder is not None and god not in g.used else None
