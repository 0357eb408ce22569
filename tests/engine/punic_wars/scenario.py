"""Scenario helpers for the Punic Wars tests: a 2-player game driven through the engine's API."""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Action, MakeOffer, PlayTradeToken
from bot.games.mare_nostrum.state import GameState
from tests.engine.builder import Scenario

PLAYERS = ["rome", "carthage"]
OPTIONS = {"modules": ["punic_wars"]}


def new(seed: int = 1) -> GameState:
    state, _ = engine.new_game(PLAYERS, OPTIONS, seed)
    return state


def act(state: GameState, action: Action) -> GameState:
    state, _ = engine.apply(state, action)
    return state


def owes(state: GameState, player: str, kind: str) -> bool:
    return any(p.player == player and p.kind == kind for p in engine.owed(state))


def offers_revealed(state: GameState, token: str, amount: int) -> GameState:
    """The Trade Leader (Carthage) plays `token` on face `amount`; both offer their first
    legal offer of that size; the offers are revealed."""
    state = act(state, PlayTradeToken("carthage", token, amount))
    for player in PLAYERS:
        offer = next(a for a in engine.legal_actions(state, player) if isinstance(a, MakeOffer))
        state = act(state, offer)
    assert state.trade is not None and state.trade.revealed
    return state


def play_until(state: GameState, done: Callable[[GameState], bool], seed: int = 0,
               limit: int = 5000) -> GameState:
    """Random legal play (seeded) until `done(state)`."""
    rnd = random.Random(seed)
    for _ in range(limit):
        if done(state):
            return state
        assert not state.over, "the game ended first"
        player = rnd.choice(sorted({p.player for p in engine.owed(state)}))
        state = act(state, rnd.choice(engine.legal_actions(state, player)))
    raise AssertionError("not reached")


def military_turn(seed: int, player: str, step: str) -> GameState:
    """A game played at random until `player`'s Military turn is at `step`."""
    return play_until(new(seed), lambda s: any(
        p.kind == "military_turn" and p.player == player and p.data.get("step") == step
        for p in engine.owed(s)), seed)


def builder(seed: int = 1) -> Scenario:
    """The base tests' scenario builder on a Punic Wars set-up (no prompt owed, no trade)."""
    s = Scenario.__new__(Scenario)
    s.state, s.events = engine.new_game(PLAYERS, OPTIONS, seed)
    s.state.prompts = []
    s.state.trade = None
    return s
