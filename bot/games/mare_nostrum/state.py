"""The complete state of one game of Mare Nostrum: Empires, as plain JSON-able data.

Everything a rule needs lives here, including the seeded generator's position and every decision
a player owes (`prompts`). Nothing here refers to Discord, images or storage.

Conventions:
- players are empire ids ("rome", "greece", ...), listed in seat order;
- a resource *token* is a type ("coin", "grain", ...) with a trailing "*" for a legendary
  commodity ("grain*"); a hand maps tokens to counts; a legendary token counts as its type;
- areas are province or sea ids from the board data; building slots are indexed as printed in
  the board data (`built[province][i]` says whether slot i holds its building).
"""

from __future__ import annotations

import pickle
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any, TypedDict

from ..core.errors import MalformedAction
from ..core.prompts import Prompt
from ..core.rules import Rules, SubState
from .board import Board, board, default_board_key
from .kinds import MilitaryStep, Title
from .rules import rules_for

__all__ = ["BuildState", "Conversion", "Figure", "GameState", "Hand", "MilitaryState", "Peace",
           "PendingBattle", "Placed", "Prompt", "Purchase", "TradeState", "state_from_dict",
           "state_to_dict"]

Hand = dict[str, int]


# The Military's records are TypedDicts, not dataclasses: a snapshot writes them as the plain
# dicts they are, so stored games read back unchanged.
class PendingBattle(TypedDict):
    """A battle whose casualties are still being chosen (4.2)."""

    area: str
    attacker: str
    defender: str
    pending: list[str]  # who still owes his choice of casualties


class Conversion(TypedDict):
    """An influence marker its conqueror occupies to convert the province (4.3.3)."""

    player: str
    round: int  # the round the marker was occupied


class Figure(TypedDict):
    """A module's special land figure on the board (Atlas's Centaurs): a land unit of its
    owner for every presence rule, one land die without per-die bonuses, lost after his
    legions; never in the Military level or the legions' supply."""

    owner: str
    area: str  # a province


class Peace(TypedDict):
    """A peace declared with the owner of STATUE DE ZEUS (4.1 note)."""

    players: list[str]  # [the owner, his ally]
    round: int  # the round it was declared


@dataclass(slots=True)
class TradeState:
    token: str | None = None
    amount: int = 0
    participants: list[str] = field(default_factory=list)
    # Sealed until every participant has offered; then what is still on offer.
    offers: dict[str, list[str]] = field(default_factory=dict)
    revealed: bool = False
    # Tokens taken so far, by taker (face down on his empire board until the phase ends).
    taken: dict[str, list[str]] = field(default_factory=dict)
    picker: str | None = None
    # (taker, victim) of every pick, in order.
    picks: list[list[str]] = field(default_factory=list)


class Purchase(TypedDict):
    """A Buy waiting for its payment (a plain dict in snapshots)."""

    item: str
    target: str
    slot: int
    cost: int


class Placed(TypedDict):
    """An item a builder placed this turn (a plain dict in snapshots)."""

    item: str
    target: str


@dataclass(slots=True)
class BuildState:
    done: list[str] = field(default_factory=list)
    current: str | None = None
    # Provinces under the builder's influence when his Build turn began (rulings §6).
    start_provinces: list[str] = field(default_factory=list)
    # The purchase waiting for its payment.
    purchase: Purchase | None = None
    # Once-a-turn powers already used this turn ("hammurabi", "spartacus", ...).
    used_powers: list[str] = field(default_factory=list)
    # Who could win by the Pyramids / a 5th HW when the phase began (section 6.1).
    could_win: list[str] = field(default_factory=list)
    # What the current builder placed this turn (public: for his summary).
    bought: list[Placed] = field(default_factory=list)


@dataclass(slots=True)
class MilitaryState:
    done: list[str] = field(default_factory=list)
    current: str | None = None
    step: MilitaryStep = "sea_moves"
    # How many of the active player's units have already moved into each area this turn.
    moved: dict[str, int] = field(default_factory=dict)
    # Areas where the active player already fought this turn.
    fought: list[str] = field(default_factory=list)
    # A battle whose casualties are still being chosen.
    battle: PendingBattle | None = None
    # Provinces where the active player must still choose a conquest option.
    conquests: list[str] = field(default_factory=list)


class _PlaysBy:
    """The rules a game plays by, kept on its state (not a field: neither compared, shown nor
    written in a snapshot): the hot paths read `state.rules` instead of looking the rules up
    on each call. Set from `ruleset` and `modules` when the state is made; a copy (`clone`,
    pickle) finds the same object again (`Rules.rebuild`); `rules.state.rules`, the
    entry points' lookup, sets it again if a test changed `modules` by hand."""

    __slots__ = ("rules",)
    rules: Rules[GameState]


@dataclass(slots=True)
class GameState(_PlaysBy):
    players: list[str]
    seed: int
    # The board played on (a key of board.board()); a snapshot stores it only when it is not
    # the base game's board for this many players, so older snapshots read unchanged.
    board_key: str
    ruleset: str = "empires"
    # The optional modules played, in composition order (bot.games.mare_nostrum.rules): with
    # the ruleset, they choose the rules object. Not written when empty (base-game snapshots
    # stay as they were).
    modules: tuple[str, ...] = ()
    rng_counter: int = 0
    version: int = 0
    round: int = 1
    phase: str = "production"
    influence: dict[str, str] = field(default_factory=dict)
    built: dict[str, list[bool]] = field(default_factory=dict)
    # The empire whose unit occupies each building slot (None: not occupied).
    occupant: dict[str, list[str | None]] = field(default_factory=dict)
    legions: dict[str, dict[str, int]] = field(default_factory=dict)
    triremes: dict[str, dict[str, int]] = field(default_factory=dict)
    fortresses: dict[str, list[str]] = field(default_factory=dict)
    # The special land figures on the board, by figure id (none in the base game: not written
    # when empty; the presence, battle and conquest rules read them only when there are some).
    figures: dict[str, Figure] = field(default_factory=dict)
    hands: dict[str, Hand] = field(default_factory=dict)
    legendary_pile: list[str] = field(default_factory=list)
    legendary_discard: list[str] = field(default_factory=list)
    # title -> its holder
    titles: dict[Title, str] = field(default_factory=dict)
    trade_tokens_used: list[str] = field(default_factory=list)
    hw: dict[str, list[str]] = field(default_factory=dict)
    hw_market: list[str] = field(default_factory=list)
    hw_deck: list[str] = field(default_factory=list)
    pyramids_available: bool = True
    # Conquest: the conqueror of each province, and influence markers occupied for conversion.
    conquerors: dict[str, str] = field(default_factory=dict)
    # province -> the marker occupied for conversion there
    conversions: dict[str, Conversion] = field(default_factory=dict)
    # Castor & Pollux: the hero power each owner copied for good (player -> tile id).
    copied: dict[str, str] = field(default_factory=dict)
    # Statue de Zeus: the pairs at peace.
    peace: list[Peace] = field(default_factory=list)
    # Last Build/Military order chosen by each leader (tie-break for unheld titles, rulings §8).
    last_order: list[str] = field(default_factory=list)
    prompts: list[Prompt] = field(default_factory=list)
    trade: TradeState | None = None
    build: BuildState | None = None
    military: MilitaryState | None = None
    winners: list[str] = field(default_factory=list)
    victory: str | None = None
    # The modules' own parts of the state, by name (core.rules.SubState: event decks,
    # objectives, barbarians...), declared by the modules and made at set-up. Not written
    # when empty.
    substates: dict[str, SubState] = field(default_factory=dict)
    # Players who asked not to be asked in play windows where they hold nothing playable
    # (ruling 17; core.windows), from the game's options. Not written when empty.
    window_quiet: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        # object.__setattr__: mypy does not see a base class's slot in a slots dataclass.
        object.__setattr__(self, "rules", rules_for(self.ruleset, self.modules))

    @property
    def board(self) -> Board:
        return board(self.board_key)

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def clone(self) -> GameState:
        copy: GameState = pickle.loads(pickle.dumps(self, protocol=pickle.HIGHEST_PROTOCOL))
        return copy

    def prompts_for(self, player: str) -> list[Prompt]:
        return [p for p in self.prompts if p.player == player]


# Fields added after games were stored: left out of a snapshot at their empty default, so a
# base game's snapshot (and the replay check that compares snapshots) is unchanged.
_OMITTED_WHEN_EMPTY = frozenset({"modules", "substates", "figures", "window_quiet"})
_NESTED: dict[str, type[Any]] = {
    "trade": TradeState, "build": BuildState, "military": MilitaryState,
}


def state_to_dict(state: GameState) -> dict[str, Any]:
    """A JSON-able dict of the whole state (the snapshot the bot stores)."""
    out: dict[str, Any] = {}
    for f in fields(state):
        value = getattr(state, f.name)
        if f.name == "board_key" and value == default_board_key(len(state.players)):
            continue  # the base game's board: snapshots stay as they were before boards had keys
        if f.name == "prompts":
            value = [{"kind": p.kind, "player": p.player, "data": p.data} for p in value]
        elif f.name in _OMITTED_WHEN_EMPTY and not value:
            continue
        elif f.name == "substates":
            value = {name: sub.to_dict() for name, sub in value.items()}
        elif f.name in _NESTED and value is not None:
            value = {g.name: getattr(value, g.name) for g in fields(value)}
        out[f.name] = value
    return out


def state_from_dict(data: dict[str, Any]) -> GameState:
    data = _upgraded(data)
    kwargs: dict[str, Any] = {}
    for f in fields(GameState):
        if f.name not in data:
            continue
        value = data[f.name]
        if f.name == "prompts":
            value = [Prompt(p["kind"], p["player"], dict(p["data"])) for p in value]
        elif f.name == "modules":
            value = tuple(value)
        elif f.name == "substates":
            value = _substates_from_dict(data, value)
        elif f.name in _NESTED and value is not None:
            value = _NESTED[f.name](**value)
        kwargs[f.name] = value
    if "board_key" not in kwargs:  # a base-game snapshot (state_to_dict leaves it out)
        kwargs["board_key"] = default_board_key(len(data["players"]))
    return GameState(**kwargs)


def _specs(data: dict[str, Any]) -> Mapping[str, Any]:
    from .rules import DEFAULT_RULESET, rules_for  # the rules import the phases, which import us

    return rules_for(data.get("ruleset", DEFAULT_RULESET), tuple(data.get("modules", ()))
                     ).substates


def _upgraded(data: dict[str, Any]) -> dict[str, Any]:
    """A snapshot saved by an older version of a module, rewritten by that module before it is
    read: its sub-state class may define `upgrade_snapshot(data) -> data` (a staticmethod) for
    what moved out of its own part (e.g. into a field of the state). The stored games' players
    keep what they had; a module without it is read as it is."""
    stored = data.get("substates")
    if not stored:
        return data
    specs = _specs(data)
    for name in sorted(stored):
        upgrade = getattr(specs[name].cls, "upgrade_snapshot", None) if name in specs else None
        if upgrade is not None:
            data = upgrade(data)
    return data


def _substates_from_dict(data: dict[str, Any], stored: dict[str, Any]) -> dict[str, SubState]:
    """The modules' sub-states of a snapshot, each read by the class its module declared."""
    specs = _specs(data)
    unknown = sorted(set(stored) - set(specs))
    if unknown:
        raise MalformedAction(f"sub-states {unknown} belong to no module of this game",
                              code="bad_snapshot")
    return {name: specs[name].cls.from_dict(value) for name, value in stored.items()}
