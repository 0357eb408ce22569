"""Building 2003 positions for the rule tests: a game through the engine's entry points,
driven to the phase a test needs; hands and pieces set by hand where a clause needs them
(the test lists again after an edit)."""

from __future__ import annotations

from typing import Any

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Action, ChooseNext, EndTurn
from bot.games.mare_nostrum.events import Event
from bot.games.mare_nostrum.rulesets.mn2003.construction import EndConstruction
from bot.games.mare_nostrum.rulesets.mn2003.data import PLAYER_COUNTS
from bot.games.mare_nostrum.rulesets.mn2003.substate import Mn2003State, sub
from bot.games.mare_nostrum.rulesets.mn2003.trade import NameAmount
from bot.games.mare_nostrum.state import GameState, Prompt

RULESET = {"ruleset": "2003"}


def civs(n: int) -> list[str]:
    return list(PLAYER_COUNTS[str(n)])


def new(n: int = 4, seed: int = 1, **options: Any) -> GameState:
    """A game at its start (the icon choices still owed)."""
    state, _ = engine.new_game(civs(n), {**RULESET, **options}, seed)
    return state


def started(n: int = 4, seed: int = 1) -> GameState:
    """A game past its start choices (each answered with its first option): round 1's
    Trade, the Maître du commerce naming the amount."""
    state = new(n, seed)
    while state.phase == "start":
        p = state.prompts[0]
        act(state, engine.legal_actions(state, p.player)[0])
    return state


def act(state: GameState, action: Action) -> list[Event]:
    return engine.apply_in_place(state, action)


def prompt_of(state: GameState, kind: str) -> Prompt:
    return next(p for p in state.prompts if p.kind == kind)


def to_construction(n: int = 4, builder: str = "egypt", seed: int = 1) -> GameState:
    """Round 1's construction, `builder`'s turn (no exchange, the income collected)."""
    state = started(n, seed)
    act(state, NameAmount(state.titles["trade"], 0))
    assert state.phase == "construction"
    leader = prompt_of(state, "construction_order").player
    act(state, ChooseNext(leader, builder))
    return state


def to_military(n: int = 4, player: str = "rome", seed: int = 1) -> GameState:
    """Round 1's military phase, `player`'s turn, at his sea step."""
    state = to_construction(n, seed=seed)
    while state.phase == "construction":
        p = state.prompts[0]
        if p.kind == "construction_order":
            act(state, ChooseNext(p.player, p.data["remaining"][0]))
        else:
            act(state, EndConstruction(p.player))
    leader = prompt_of(state, "military_order").player
    act(state, ChooseNext(leader, player))
    return state


def to_land_step(state: GameState, player: str) -> None:
    act(state, EndTurn(player))
    assert state.military is not None and state.military.step == "land_moves"


def part(state: GameState) -> Mn2003State:
    return sub(state)


def legal(state: GameState, player: str) -> list[Action]:
    return engine.legal_actions(state, player)
