"""The toy game's pure rules on the engine kit (see the package's docstring)."""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from functools import cache
from typing import Any, Literal

import orjson

from bot.games.core import (
    Action,
    Dispatcher,
    EngineError,
    Event,
    EventLog,
    IllegalAction,
    Prompt,
    PromptHandler,
    Rules,
    RulesModule,
    compose,
)
from bot.games.core.rng import pick_index

SEATS = ("north", "east", "south", "west")
START_COINS = 3
Reward = Literal["point", "coins"]


@dataclass(slots=True)
class ToyState:
    players: list[str]
    seed: int
    ruleset: str = "classic"
    modules: list[str] = field(default_factory=list)
    prompts: list[Prompt] = field(default_factory=list)
    version: int = 0
    rng_counter: int = 0
    round: int = 1
    phase: str = "bid"
    coins: dict[str, int] = field(default_factory=dict)
    points: dict[str, int] = field(default_factory=dict)
    bids: dict[str, int] = field(default_factory=dict)  # sealed until every player bid
    winners: list[str] = field(default_factory=list)
    finished: bool = False

    @property
    def over(self) -> bool:
        return self.finished

    def clone(self) -> ToyState:
        return copy.deepcopy(self)


@dataclass(frozen=True, slots=True)
class Bid(Action):
    kind = "bid"
    amount: int


@dataclass(frozen=True, slots=True)
class Claim(Action):
    kind = "claim"
    reward: Reward


# --- the base rules: two phases -------------------------------------------------------------
BASE: RulesModule[ToyState] = RulesModule("toy.base")
BASE.data("rounds", 2)
BASE.data("reveal", True)


def _rules(state: ToyState) -> Rules[ToyState]:
    return rules_for(state.ruleset, tuple(state.modules))


@BASE.phase("bid")
def _open_bids(state: ToyState, ev: EventLog) -> None:
    state.phase = "bid"
    state.bids = {}
    state.prompts = [Prompt("bid", p) for p in state.players]
    ev.public("phase_started", phase="bid", round=state.round)


def _legal_bids(state: ToyState, prompt: Prompt) -> list[Action]:
    return [Bid(prompt.player, n) for n in range(state.coins[prompt.player] + 1)]


def _check_bid(state: ToyState, prompt: Prompt, action: Action) -> None:
    assert isinstance(action, Bid)
    if not 0 <= action.amount <= state.coins[prompt.player]:
        raise IllegalAction(f"a bid of {action.amount} is more than the coins held",
                            code="bad_bid", amount=action.amount)


def _bid(state: ToyState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, Bid)
    state.bids[prompt.player] = action.amount
    prompt.data["answered"] = True
    ev.private("bid_sealed", [prompt.player], player=prompt.player, amount=action.amount)
    if len(state.bids) < len(state.players):
        return
    best = max(state.bids.values())
    tied = [p for p in state.players if state.bids[p] == best]
    winner = tied[pick_index(state, len(tied))] if len(tied) > 1 else tied[0]
    if _rules(state).data["reveal"]:
        ev.public("bids_revealed", bids={p: state.bids[p] for p in state.players},
                  winner=winner)
    else:
        ev.public("bid_won", winner=winner, amount=best)
    if len(tied) > 1:
        ev.public("tie_broken", tied=tied, winner=winner)
    state.coins[winner] -= best
    state.bids = {}
    state.phase = "claim"
    state.prompts = [Prompt("claim", winner)]
    ev.public("phase_started", phase="claim", round=state.round)


def _claim(state: ToyState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, Claim)
    if action.reward == "point":
        state.points[prompt.player] += 1
    else:
        state.coins[prompt.player] += 2
    ev.public("claimed", player=prompt.player, reward=action.reward)
    state.prompts = []
    if state.round >= _rules(state).data["rounds"]:
        most = max(state.points.values())
        state.winners = [p for p in state.players if state.points[p] == most]
        state.finished = True
        ev.public("game_over", winners=state.winners)
        return
    state.round += 1
    _rules(state).phases["bid"](state, ev)


BASE.handler(PromptHandler(
    kind="bid", actions=(Bid,), legal=_legal_bids, perform=_bid, check=_check_bid,
    default=lambda state, prompt: Bid(prompt.player, 0)))  # a deadline bids nothing
BASE.handler(PromptHandler(
    kind="claim", actions=(Claim,), perform=_claim,
    legal=lambda state, prompt: [Claim(prompt.player, "point"), Claim(prompt.player, "coins")]))


@BASE.phase("claim")
def _claim_phase(state: ToyState, ev: EventLog) -> None:
    """Opened by the last bid (`_bid`): the winner's prompt is made there."""


# --- the deluxe ruleset's optional modules --------------------------------------------------
STORMS: RulesModule[ToyState] = RulesModule("storms", requires=("toy.base",))
STORMS.data("rounds", 3)
FOG: RulesModule[ToyState] = RulesModule("fog", requires=("toy.base",))
FOG.data("reveal", False)
MODULES = {"fog": FOG, "storms": STORMS}
RULESETS: dict[str, tuple[str, ...]] = {"classic": (), "deluxe": ("fog", "storms")}


@cache
def rules_for(ruleset: str, modules: tuple[str, ...] = ()) -> Rules[ToyState]:
    return compose((ruleset, *modules), [BASE, *(MODULES[m] for m in modules)])


def player_counts(ruleset: str, modules: tuple[str, ...] = ()) -> tuple[int, ...]:
    return (2, 3, 4) if ruleset == "deluxe" else (2,)


# --- the engine (the kit's GameEngine protocol) ---------------------------------------------
class ToyEngine:
    name = "toy"
    EngineError = EngineError

    def __init__(self) -> None:
        self.dispatch: Dispatcher[ToyState] = Dispatcher(_rules)

    def new_game(self, players: Sequence[str], options: Mapping[str, Any] | None = None,
                 seed: int = 0) -> tuple[ToyState, list[Event]]:
        options = options or {}
        ruleset = str(options.get("ruleset") or "classic")
        modules = [str(m) for m in options.get("modules") or ()]
        if ruleset not in RULESETS or any(m not in RULESETS[ruleset] for m in modules):
            raise EngineError("no such rules", code="unknown_ruleset", ruleset=ruleset)
        if len(players) not in player_counts(ruleset, tuple(modules)):
            counts = player_counts(ruleset, tuple(modules))
            raise EngineError("bad player count", code="bad_player_count",
                              min=counts[0], max=counts[-1])
        state = ToyState(list(players), seed, ruleset, modules,
                         coins={p: START_COINS for p in players},
                         points={p: 0 for p in players})
        ev = EventLog()
        ev.public("game_started", players=list(players))
        _rules(state).phases["bid"](state, ev)
        return state, list(ev)

    def legal_actions(self, state: ToyState, player: str) -> list[Action]:
        return self.dispatch.legal_actions(state, player)

    def check(self, state: ToyState, action: Action) -> Prompt:
        return self.dispatch.check(state, action)

    def apply(self, state: ToyState, action: Action) -> tuple[ToyState, list[Event]]:
        return self.dispatch.apply(state, action)

    def apply_in_place(self, state: ToyState, action: Action) -> list[Event]:
        return self.dispatch.apply_in_place(state, action)

    def default_action(self, state: ToyState, prompt: Prompt) -> Action:
        return self.dispatch.default_action(state, prompt)

    def owed(self, state: ToyState) -> list[Prompt]:
        return self.dispatch.owed(state)

    def forced_action(self, state: ToyState, player: str) -> Action | None:
        return self.dispatch.forced_action(state, player)

    def undoable(self, state: ToyState, action: Action) -> bool:
        return self.dispatch.undoable(state, action)

    def action_from_dict(self, data: Any, state: ToyState | None = None) -> Action:
        rules = _rules(state) if state is not None else rules_for("classic")
        return rules.parse(data)

    def view(self, state: ToyState, viewer: str | None = None) -> Mapping[str, Any]:
        """Coins and points are public; a bid is seen by its bidder only until all are in."""
        out: dict[str, Any] = {
            "viewer": viewer, "players": list(state.players), "round": state.round,
            "phase": state.phase, "over": state.over, "winners": list(state.winners),
            "victory": "points" if state.over else None, "version": state.version,
            "coins": dict(state.coins), "points": dict(state.points),
            "bidders": [p for p in state.players if p in state.bids],
            "pending": [{"player": p.player, "kind": p.kind} for p in self.owed(state)],
            "my_prompts": [{"kind": p.kind, "data": dict(p.data)} for p in state.prompts
                           if p.player == viewer],
        }
        if viewer in state.bids:
            out["my_bid"] = state.bids[viewer]
        return out

    def is_over(self, state: ToyState) -> bool:
        return state.over

    def players(self, state: ToyState) -> list[str]:
        return list(state.players)

    def to_json(self, state: ToyState) -> bytes:
        data = asdict(state)
        data["prompts"] = [{"kind": p.kind, "player": p.player, "data": p.data}
                           for p in state.prompts]
        return orjson.dumps(data, option=orjson.OPT_SORT_KEYS)

    def from_json(self, data: bytes | str) -> ToyState:
        raw = orjson.loads(data)
        raw["prompts"] = [Prompt(p["kind"], p["player"], p["data"]) for p in raw["prompts"]]
        return ToyState(**raw)

    def replay(self, players: Sequence[str], options: Mapping[str, Any] | None, seed: int,
               actions: Iterable[Action | dict[str, Any]]) -> ToyState:
        state, _ = self.new_game(players, options, seed)
        for action in actions:
            parsed = action if isinstance(action, Action) else self.action_from_dict(action,
                                                                                     state)
            self.apply_in_place(state, parsed)
        return state


ENGINE = ToyEngine()


def seats(options: Mapping[str, Any], n: int) -> list[str]:
    return list(SEATS[:n])
