"""Actions: frozen dataclasses, one per kind of decision; text is parsed only at the edge.

Every action names the player who makes it. `to_dict` / `action_from_dict` give the form stored
in the action log and carried in Discord custom ids; the action kinds a game accepts are those of
its rules object (bot.games.mare_nostrum.rules).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

# The kit's, re-exported: the phases and the adapters import them from here.
from ..core.actions import Action as Action
from ..core.actions import interned as interned
from ..core.actions import parse_action as parse_action
from ..core.rules import Rules
from .kinds import ConquestOption, PillageReward, ProductionChoice, Title, Unit

# --- Phase I: Production --------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class ChooseProduction(Action):
    """Legendary city + temple: the extra resource is a coin or a legendary commodity."""

    kind: ClassVar[str] = "choose_production"
    province: str
    choice: ProductionChoice


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
    unit: Unit
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
class LoseFigures(Action):
    """Casualties where his special land figures (a module's: the Centaurs) are lost before
    some of his legions: `legions` legions, the `figures` named, and whether the fortress."""

    kind: ClassVar[str] = "lose_figures"
    legions: int
    figures: tuple[str, ...]
    fortress: bool


@dataclass(frozen=True, slots=True)
class Conquer(Action):
    """The conqueror's choice in a province: "pillage" (slot, and for a legendary city
    reward "coin"/"legendary"), "occupy" (slots), "influence" (occupy the marker to convert),
    or "none"."""

    kind: ClassVar[str] = "conquer"
    province: str
    option: ConquestOption
    slots: tuple[int, ...] = ()
    reward: PillageReward = ""


# --- Phase V: Claims ------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class AwardTitle(Action):
    """The holder of a title picks the winner among the players tied for it."""

    kind: ClassVar[str] = "award_title"
    title: Title
    winner: str


# The base game's action kinds (phases and powers of modules add theirs through the rules
# object, bot.games.mare_nostrum.rules).
BASE_ACTIONS: tuple[type[Action], ...] = (
    ChooseProduction, PlayTradeToken, MakeOffer, TakeResource, GiveCompensation,
    ChooseNext, Buy, Pay, CancelPurchase, PlaceFreeInfluence, EndTurn,
    Move, Battle, ChooseCasualties, Conquer, AwardTitle,
)


def action_from_dict(data: Any, rules: Rules[Any] | None = None) -> Action:
    """Parse an action among the kinds of `rules` (default: the base game's)."""
    from .rules import rules_for  # the rules are composed from the phases, which import this

    return (rules or rules_for()).parse(data)
