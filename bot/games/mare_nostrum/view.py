"""Per-viewer views (boardgame.io's playerView): what one seat, or a spectator, may see.

A player sees the board, every public fact, his own resources and his own sealed offer; nobody
sees another player's resources, sealed offer or private answers. Cogs and the renderer work
from views only, never from the raw state.
"""

from __future__ import annotations

import copy
from typing import Any, NotRequired, TypedDict

from .board import empire_setups
from .control import all_levels
from .kinds import Title
from .resources import disjoint_sets, max_set_size
from .state import Conversion, GameState, PendingBattle, Placed, Purchase


class EmpireView(TypedDict):
    name: str
    colour: str
    letter: str
    capital_province: str


class TradeView(TypedDict):
    token: str | None
    amount: int
    participants: list[str]
    revealed: bool
    offers: dict[str, list[str]]  # before the reveal: the viewer's own offer only
    offered: list[str]  # who has sealed an offer
    taken: dict[str, list[str]]
    picker: str | None
    picks: list[list[str]]


class BuildView(TypedDict):
    done: list[str]
    current: str | None
    purchase: Purchase | None
    bought: list[Placed]


class MilitaryView(TypedDict):
    done: list[str]
    current: str | None
    step: str
    battle: PendingBattle | None
    conquests: list[str]
    peace: list[list[str]]
    # How many of the active player's units came into each area this turn (public: every
    # move is announced); his units elsewhere may still move (4.1).
    moved: dict[str, int]


class ChangedPrice(TypedDict):
    size: int  # the set that pays the item for him
    sets: int  # how many separate basic sets of that size his hand holds


class PurchasingView(TypedDict):
    largest_set: int
    sets_of_3: int
    sets_of_6: int
    # The items his powers price otherwise (Atlas: a trireme for a set of 2); absent if none.
    prices: NotRequired[dict[str, ChangedPrice]]


class PendingView(TypedDict):
    kind: str
    player: str


class MyPromptView(TypedDict):
    kind: str
    data: dict[str, Any]


class MareNostrumView(TypedDict):
    """What one seat (or a spectator) may see: everything public, plus the viewer's own hand,
    sealed offer, prompts and modules' private parts."""

    game: str
    ruleset: str
    viewer: str | None
    players: list[str]
    empires: dict[str, EmpireView]
    round: int
    phase: str
    version: int
    over: bool
    winners: list[str]
    victory: str | None
    board: str
    covered: list[str]
    titles: dict[Title, str]
    levels: dict[str, dict[str, int]]
    influence: dict[str, str]
    built: dict[str, list[bool]]
    occupant: dict[str, list[str | None]]
    legions: dict[str, dict[str, int]]
    triremes: dict[str, dict[str, int]]
    fortresses: dict[str, list[str]]
    figures: dict[str, dict[str, str]]  # figure id -> {"owner", "area"} (a module's units)
    conquerors: dict[str, str]
    conversions: dict[str, Conversion]
    hw: dict[str, list[str]]
    copied: dict[str, str]
    hw_market: list[str]
    hw_deck_count: int
    pyramids_available: bool
    trade_tokens_used: list[str]
    legendary_pile_count: int
    legendary_discard: list[str]
    hand: dict[str, int] | None  # the viewer's own; None for a spectator
    purchasing: PurchasingView | None
    pending: list[PendingView]
    answered: list[str]
    my_prompts: list[MyPromptView]
    trade: TradeView | None
    build: BuildView | None
    military: MilitaryView | None
    substates: dict[str, dict[str, Any]]


def view(state: GameState, viewer: str | None = None) -> MareNostrumView:
    """A JSON-able dict. `viewer` None (or not a player) is a spectator."""
    me = viewer if viewer in state.players else None
    setups = empire_setups()
    out: MareNostrumView = {
        "game": "mare_nostrum",
        "ruleset": state.ruleset,
        "viewer": me,
        "players": list(state.players),
        "empires": {
            e: {"name": setups[e].name, "colour": setups[e].colour, "letter": setups[e].letter,
                "capital_province": setups[e].capital_province}
            for e in state.players
        },
        "round": state.round,
        "phase": state.phase,
        "version": state.version,
        "over": state.over,
        "winners": list(state.winners),
        "victory": state.victory,
        "board": state.board_key,
        "covered": sorted(state.board.covered),
        "titles": dict(state.titles),
        "levels": all_levels(state),
        "influence": dict(state.influence),
        "built": {k: list(v) for k, v in state.built.items()},
        "occupant": {k: list(v) for k, v in state.occupant.items()},
        "legions": {k: dict(v) for k, v in state.legions.items() if v},
        "triremes": {k: dict(v) for k, v in state.triremes.items() if v},
        "fortresses": {k: list(v) for k, v in state.fortresses.items() if v},
        # A module's special land figures (Atlas's Centaurs): figure id -> {owner, area}.
        "figures": {k: {"owner": v["owner"], "area": v["area"]} for k, v in state.figures.items()},
        "conquerors": dict(state.conquerors),
        "conversions": {k: v.copy() for k, v in state.conversions.items()},
        "hw": {k: list(v) for k, v in state.hw.items()},
        # Castor & Pollux's copied power is public (the copy is announced when recruited).
        "copied": dict(state.copied),
        "hw_market": list(state.hw_market),
        "hw_deck_count": len(state.hw_deck),
        "pyramids_available": state.pyramids_available,
        "trade_tokens_used": list(state.trade_tokens_used),
        "legendary_pile_count": len(state.legendary_pile),
        "legendary_discard": sorted(state.legendary_discard),
        "hand": dict(state.hands[me]) if me else None,
        "purchasing": _purchasing(state, me) if me else None,
        "pending": [{"kind": p.kind, "player": p.player}
                    for p in state.prompts if not p.data.get("answered")],
        "answered": sorted({p.player for p in state.prompts if p.data.get("answered")}),
        "my_prompts": [{"kind": p.kind, "data": copy.deepcopy(p.data)}
                       for p in state.prompts if me is not None and p.player == me],
        "trade": _trade_view(state, me),
        "build": _build_view(state),
        "military": _military_view(state),
        # The modules' own parts, each as this viewer may see it.
        "substates": {name: sub.view(me) for name, sub in state.substates.items()},
    }
    public = state.rules.data.get("public_view")
    if public is not None:  # a ruleset's further public facts (2003: hand sizes, role counts)
        out["substates"].update(public(state))
    return out


def _trade_view(state: GameState, me: str | None) -> TradeView | None:
    t = state.trade
    if t is None:
        return None
    if t.revealed:
        offers = {p: list(o) for p, o in t.offers.items()}
    else:
        offers = {me: list(t.offers[me])} if me is not None and me in t.offers else {}
    return {
        "token": t.token, "amount": t.amount, "participants": list(t.participants),
        "revealed": t.revealed, "offers": offers, "offered": sorted(t.offers),
        "taken": {p: list(v) for p, v in t.taken.items()} if t.revealed else {},
        "picker": t.picker, "picks": [list(x) for x in t.picks],
    }


def _build_view(state: GameState) -> BuildView | None:
    b = state.build
    if b is None:
        return None
    return {"done": list(b.done), "current": b.current,
            "purchase": b.purchase.copy() if b.purchase else None,
            "bought": [x.copy() for x in b.bought]}


def _military_view(state: GameState) -> MilitaryView | None:
    m = state.military
    if m is None:
        return None
    return {"done": list(m.done), "current": m.current, "step": m.step,
            "battle": copy.deepcopy(m.battle), "conquests": list(m.conquests),
            "moved": dict(m.moved),
            # STATUE DE ZEUS: the pairs at peace this round (public).
            "peace": [list(e["players"]) for e in state.peace if e["round"] == state.round]}


def _purchasing(state: GameState, me: str) -> PurchasingView:
    """What the viewer's hand can pay (his screen): the largest single set under his own
    payment rules (Cleopatra, Hannibal), and how many separate basic sets of 3 and 6."""
    from .phases.build import payment_rules  # the phase owns the payment rules
    from .phases.build.payment import price_changes

    hand = state.hands[me]
    out: PurchasingView = {"largest_set": max_set_size(hand, payment_rules(state, me)),
                           "sets_of_3": disjoint_sets(hand, 3),
                           "sets_of_6": disjoint_sets(hand, 6)}
    changes = price_changes(state, me)
    if changes:
        out["prices"] = {item: {"size": size, "sets": disjoint_sets(hand, size)}
                         for item, size in changes}
    return out
