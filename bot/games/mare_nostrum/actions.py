"""Actions: frozen dataclasses, one per kind of decision; text is parsed only at the edge.

Every action names the player who makes it. `to_dict` / `action_from_dict` give the form stored
in the action log and carried in Discord custom ids.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import Any, ClassVar, TypeVar

from .errors import MalformedAction


@dataclass(frozen=True, slots=True)
class Action:
    kind: ClassVar[str] = "action"
    player: str

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out


# --- Phase I: Production --------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class ChooseProduction(Action):
    """Legendary city + temple: the extra resource is a coin or a legendary commodity."""

    kind: ClassVar[str] = "choose_production"
    province: str
    choice: str  # "coin" | "legendary"


# --- Phase II: Trade ------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class PlayTradeToken(Action):
    kind: ClassVar[str] = "play_trade_token"
    token: str  # "5/0", "2/1", "4/3"
    amount: int  # the face chosen


@dataclass(frozen=True, slots=True)
class MakeOffer(Action):
    """The sealed offer: resource types, sorted (ordinary tokens are offered before legendary)."""

    kind: ClassVar[str] = "make_offer"
    resources: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TakeResource(Action):
    """Take one token (exact token, e.g. "grain" or "grain*") from another player's offer."""

    kind: ClassVar[str] = "take_resource"
    source: str
    token: str


@dataclass(frozen=True, slots=True)
class GiveCompensation(Action):
    """The Trade Leader gives one resource (a type) to the player who ended one short."""

    kind: ClassVar[str] = "give_compensation"
    resource: str


# --- Phase III: Build -----------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class ChooseNext(Action):
    """A leader names who plays next (Build: Culture Leader; Military: Military Leader)."""

    kind: ClassVar[str] = "choose_next"
    target: str


@dataclass(frozen=True, slots=True)
class Buy(Action):
    """Start a purchase. `item`: influence, legion, trireme, fortress, caravan, market, city,
    capital, legendary_city, temple, hw, pyramids. `target`: province or sea (units, influence,
    buildings) or tile id (hw); `slot`: the building slot index in the province (-1 otherwise)."""

    kind: ClassVar[str] = "buy"
    item: str
    target: str = ""
    slot: int = -1


@dataclass(frozen=True, slots=True)
class Pay(Action):
    """Pay the pending purchase with one set: resource types, sorted."""

    kind: ClassVar[str] = "pay"
    resources: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CancelPurchase(Action):
    kind: ClassVar[str] = "cancel_purchase"


@dataclass(frozen=True, slots=True)
class PlaceFreeInfluence(Action):
    """Hammurabi: once a turn, one influence marker for free (placement rules apply)."""

    kind: ClassVar[str] = "place_free_influence"
    target: str


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """End this player's Build turn, or the current step of his Military turn."""

    kind: ClassVar[str] = "end_turn"


# --- Phase IV: Military ---------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move one trireme (sea to adjacent sea) or one legion (province to adjacent or connected
    province)."""

    kind: ClassVar[str] = "move"
    unit: str  # "trireme" | "legion"
    source: str
    target: str


@dataclass(frozen=True, slots=True)
class Battle(Action):
    """Start a battle in `area` against `opponent` (optional at sea, owed on land)."""

    kind: ClassVar[str] = "battle"
    area: str
    opponent: str


@dataclass(frozen=True, slots=True)
class ChooseCasualties(Action):
    """How the hits taken in the pending battle are spread: legions lost and whether the
    fortress is lost."""

    kind: ClassVar[str] = "choose_casualties"
    legions: int
    fortress: bool


@dataclass(frozen=True, slots=True)
class Conquer(Action):
    """The conqueror's choice in a province: "pillage" (slot, and for a legendary city
    reward "coin"/"legendary"), "occupy" (slots), "influence" (occupy the marker to convert),
    or "none"."""

    kind: ClassVar[str] = "conquer"
    province: str
    option: str
    slots: tuple[int, ...] = ()
    reward: str = ""


# --- Phase V: Claims ------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class AwardTitle(Action):
    """The holder of a title picks the winner among the players tied for it."""

    kind: ClassVar[str] = "award_title"
    title: str
    winner: str


ACTION_TYPES: dict[str, type[Action]] = {
    cls.kind: cls
    for cls in (
        ChooseProduction, PlayTradeToken, MakeOffer, TakeResource, GiveCompensation,
        ChooseNext, Buy, Pay, CancelPurchase, PlaceFreeInfluence, EndTurn,
        Move, Battle, ChooseCasualties, Conquer, AwardTitle,
    )
}


def register_action(cls: type[Action]) -> type[Action]:
    """Rulesets and modules add their own action kinds here."""
    ACTION_TYPES[cls.kind] = cls
    return cls


def action_from_dict(data: Any) -> Action:
    """Parse an action from its dict form, checking field names and primitive types."""
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise MalformedAction("an action is a dict with a 'kind'")
    cls = ACTION_TYPES.get(data["kind"])
    if cls is None:
        raise MalformedAction(f"unknown action kind {data['kind']!r}", kind=data["kind"])
    kwargs: dict[str, Any] = {}
    for f in fields(cls):
        if f.name not in data:
            if f.default is not MISSING:
                continue
            raise MalformedAction(f"{cls.kind}: missing field {f.name!r}")
        value = data[f.name]
        expected = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", "")
        if expected.startswith("tuple"):
            if not isinstance(value, list | tuple) or not all(
                isinstance(v, int if "int" in expected else str) for v in value
            ):
                raise MalformedAction(f"{cls.kind}: field {f.name!r} must be a list")
            value = tuple(value)
        elif expected == "int":
            if not isinstance(value, int) or isinstance(value, bool):
                raise MalformedAction(f"{cls.kind}: field {f.name!r} must be an integer")
        elif expected == "bool":
            if not isinstance(value, bool):
                raise MalformedAction(f"{cls.kind}: field {f.name!r} must be true or false")
        elif not isinstance(value, str):
            raise MalformedAction(f"{cls.kind}: field {f.name!r} must be a string")
        kwargs[f.name] = value
    extra = set(data) - {"kind"} - {f.name for f in fields(cls)}
    if extra:
        raise MalformedAction(f"{cls.kind}: unknown fields {sorted(extra)}")
    return cls(**kwargs)


# --- interning ------------------------------------------------------------------------------

A = TypeVar("A", bound=Action)
_INTERNED: dict[tuple[Any, ...], Action] = {}
_INTERNED_MAX = 100_000  # distinct actions of a board are far fewer; a bound all the same


def interned(cls: type[A], *args: Any) -> A:
    """cls(*args), shared: listings build the same frozen actions over and over (every move
    of every legion, every offer of a hand), and a lookup costs a third of a construction.
    Actions are immutable values, so sharing one is safe."""
    key = (cls, *args)
    action = _INTERNED.get(key)
    if action is None:
        if len(_INTERNED) >= _INTERNED_MAX:
            _INTERNED.clear()
        action = _INTERNED[key] = cls(*args)
    return action  # type: ignore[return-value]
