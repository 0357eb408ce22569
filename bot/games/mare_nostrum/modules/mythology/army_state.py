"""The creatures' data and their part of the game state (004 l.457–474, l.591–613; aid
§B.10): one kind per civilisation, 3 pawns each, where they stand, the krakens diving and
the phoenixes on their card, and the current military turn's bookkeeping."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal, Self

from ...rulesets.mn2003 import tables as mn2003_tables
from ...rulesets.mn2003.substate import sub as mn2003_sub
from ...state import GameState
from . import tables

NAME = "mythology.creatures"
Kind = Literal["behemoth", "centaur", "griffon", "kraken", "phoenix", "titan"]
# «Béhémoth – Carthage, Centaure – Grèce, Griffon – Babylone, Kraken – Atlantide,
# Phoenix – Egypte, Titan – Rome» (004 l.459–469).
KINDS: dict[str, Kind] = {
    "carthage": "behemoth",
    "greece": "centaur",
    "babylon": "griffon",
    "atlantis": "kraken",
    "egypt": "phoenix",
    "rome": "titan",
}
# «elles sont limitées à 3 par joueur et il faut constituer une combinaison de 6 cartes».
PER_PLAYER = 3
COST = 6
# «Il peut alors être ressuscité sur la capitale avec une combinaison de 3 cartes.»
RESURRECTION_COST = 3
CAPITALS: dict[str, str] = tables.CAPITALS
# Kinds that move as legions do (border or convoy); the griffon flies, the kraken swims.
WALKERS: frozenset[str] = frozenset({"behemoth", "centaur", "phoenix", "titan"})


def kind_of(owner: str) -> Kind | None:
    return KINDS.get(owner)


@dataclass(slots=True)
class CreatureState:
    # Creatures on the board: area (a province, or a sea for a kraken) -> owner -> pawns.
    at: dict[str, dict[str, int]] = field(default_factory=dict)
    # Krakens on the Kraken card (C-43): owner -> the rounds they dived in.
    dived: dict[str, list[int]] = field(default_factory=dict)
    # Phoenixes on the Phoenix card (C-44): owner -> pawns.
    card: dict[str, int] = field(default_factory=dict)
    # The military turn the bookkeeping below belongs to ("round:player"; reset when stale).
    turn: str = ""
    moved: dict[str, int] = field(default_factory=dict)
    fought: dict[str, int] = field(default_factory=dict)
    # A convoy held up by the Greek blockade (C-39): the move, the mover, the seas.
    blockade: dict[str, Any] = field(default_factory=dict)
    # Legions acting as creatures until the end of the current military turn (Hercule,
    # C-52): area -> owner -> pawns, counted in `at` too; a legion again at the turn's end.
    lent: dict[str, dict[str, int]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        return cls(**data)

    def view(self, viewer: str | None) -> dict[str, Any]:
        # Creatures are pawns on the board and cards in front of their owner: all public.
        # `kinds` names each owner's creature, for the pictures and the screens.
        out = asdict(self)
        owners = {o for d in self.at.values() for o in d} | set(self.dived) | set(self.card)
        out["kinds"] = {o: KINDS[o] for o in sorted(owners) if o in KINDS}
        return out


def army(state: GameState) -> CreatureState:
    part = state.substates[NAME]
    assert isinstance(part, CreatureState)
    return part


def creatures_at(state: GameState, area: str, owner: str) -> int:
    return army(state).at.get(area, {}).get(owner, 0)


def owned(state: GameState, owner: str) -> int:
    """His pawns in play or set aside on their card (the 3 of his colour, B.1); a legion
    acting as a creature (Hercule) is none of them."""
    part = army(state)
    on_board = sum(d.get(owner, 0) for d in part.at.values())
    lent = sum(d.get(owner, 0) for d in part.lent.values())
    return on_board - lent + len(part.dived.get(owner, [])) + part.card.get(owner, 0)


def lent_at(state: GameState, area: str, owner: str) -> int:
    """His legions acting as creatures there (Hercule), among `creatures_at`."""
    return army(state).lent.get(area, {}).get(owner, 0)


def _shift_in(table: dict[str, dict[str, int]], area: str, owner: str, n: int) -> None:
    """Add n (may be negative) to an area's count for owner; empty entries are dropped."""
    d = table.setdefault(area, {})
    d[owner] = d.get(owner, 0) + n
    assert d[owner] >= 0, (area, owner, n)
    if not d[owner]:
        del d[owner]
    if not d:
        del table[area]


def _shift_lent(state: GameState, area: str, owner: str, n: int) -> None:
    _shift_in(army(state).lent, area, owner, n)


def lend(state: GameState, area: str, owner: str) -> None:
    """C-52: one of his legions there acts as his creature until the end of this military
    turn (it leaves the legions, stands among his creatures)."""
    legions = state.legions[area]
    legions[owner] -= 1
    if not legions[owner]:
        del legions[owner]
    if not legions:
        del state.legions[area]
    shift(state, area, owner, 1)
    _shift_lent(state, area, owner, 1)


def lent_gone(state: GameState, area: str, owner: str, n: int) -> int:
    """`n` of his creature pawns leave `area` (moved or lost): the lent legions go first
    (cheapest to lose; the pawns are alike). How many of them were lent."""
    k = min(n, lent_at(state, area, owner))
    if k:
        _shift_lent(state, area, owner, -k)
    return k


def lent_come(state: GameState, area: str, owner: str, k: int) -> None:
    if k:
        _shift_lent(state, area, owner, k)


def return_lent(state: GameState) -> list[tuple[str, str, int]]:
    """The military turn is over: every lent pawn is a legion again where it stands.
    [(area, owner, n)]."""
    part = army(state)
    back = [(a, o, n) for a, d in sorted(part.lent.items()) for o, n in sorted(d.items())]
    for area, owner, n in back:
        shift(state, area, owner, -n)
        legions = state.legions.setdefault(area, {})
        legions[owner] = legions.get(owner, 0) + n
    part.lent = {}
    return back


def on_board(state: GameState, owner: str) -> int:
    """C-28: a diving kraken and a phoenix on its card do not count."""
    return sum(d.get(owner, 0) for d in army(state).at.values())


def shift(state: GameState, area: str, owner: str, n: int) -> None:
    _shift_in(army(state).at, area, owner, n)


def _turn_key(state: GameState) -> str:
    mil = state.military
    return f"{state.round}:{mil.current if mil is not None else ''}"


def bookkeeping(state: GameState) -> CreatureState:
    """The army state to record a move or a fight in, its per-turn counts reset when a new
    military turn has begun. Only a move or a fight calls it: a listing never writes (a
    replay, which lists less, must reach the same state)."""
    part = army(state)
    key = _turn_key(state)
    if part.turn != key:
        part.turn, part.moved, part.fought = key, {}, {}
    return part


def _counts(state: GameState) -> tuple[dict[str, int], dict[str, int]]:
    """(moved, fought) of the current military turn, read only (stale ones count as none)."""
    part = army(state)
    return (part.moved, part.fought) if part.turn == _turn_key(state) else ({}, {})


def movable(state: GameState, area: str, owner: str) -> int:
    """Each unit moves once, before it fights (M-04)."""
    moved = _counts(state)[0]
    return max(0, creatures_at(state, area, owner) - moved.get(area, 0))


def fightable(state: GameState, area: str, owner: str) -> int:
    fought = _counts(state)[1]
    return max(0, creatures_at(state, area, owner) - fought.get(area, 0))


def neutral_creatures(state: GameState) -> dict[str, str]:
    """B.4.3: «1 pion unité mythologique» on each neutral civilisation's capital — the
    "creature" of the set-up's neutral pieces (`mn2003.neutral_pieces`, with its legion and
    fortress: one table); a creature of the civilisation's kind, fighting as a creature.
    {province: civilisation}, one pawn each."""
    pieces = mn2003_tables.neutral_pieces(state)
    capitals = mn2003_tables.capitals(state)
    others = mn2003_tables.other_provinces(state)
    out: dict[str, str] = {}
    for civ in mn2003_sub(state).neutrals:
        if civ not in KINDS:
            continue
        for pid in (capitals[civ], *others[civ]):
            role = "capital" if pid == capitals[civ] else "others"
            if pieces[role].get("creature"):
                out[pid] = civ
    return out


def new(state: GameState) -> CreatureState:
    part = CreatureState()
    state.substates[NAME] = part
    for province, civ in neutral_creatures(state).items():
        shift(state, province, civ, 1)
    return part
