"""Building Mythology positions for the set-up, role and victory tests: a game through the
engine's entry points, moved to the phase a test needs (hands and pieces set by hand where a
clause needs them)."""

from __future__ import annotations

from typing import Any

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Action, ChooseNext, Pay
from bot.games.mare_nostrum.events import Event, EventLog
from bot.games.mare_nostrum.flow import enter_phase
from bot.games.mare_nostrum.modules.mythology.tables import PLAYER_COUNTS
from bot.games.mare_nostrum.state import GameState, Prompt

OPTIONS: dict[str, Any] = {"ruleset": "2003", "modules": ["mythology"]}


def civs(n: int) -> list[str]:
    return list(PLAYER_COUNTS[str(n)])


def new(n: int = 6, seed: int = 1, **options: Any) -> GameState:
    """A game at its start (the icon choices, or the free start, still owed)."""
    state, _ = engine.new_game(civs(n), {**OPTIONS, **options}, seed)
    return state


def act(state: GameState, action: Action) -> list[Event]:
    return engine.apply_in_place(state, action)


def started(n: int = 6, seed: int = 1, **options: Any) -> GameState:
    """A predetermined game past its start choices (each answered with its first option)."""
    state = new(n, seed, **options)
    while state.phase == "start":
        p = state.prompts[0]
        act(state, engine.legal_actions(state, p.player)[0])
    return state


def prompt_of(state: GameState, kind: str) -> Prompt:
    return next(p for p in state.prompts if p.kind == kind)


def enter(state: GameState, phase: str) -> list[Event]:
    """Open a phase of the round directly (whatever phases other modules add before it)."""
    state.prompts = []
    state.trade = state.build = state.military = None
    ev = EventLog()
    enter_phase(state, phase, ev)
    return list(ev)


def construction_turn(state: GameState, builder: str) -> None:
    """The construction phase opened, `builder` named first by the Leader politique."""
    enter(state, "construction")
    if state.over:
        return
    leader = prompt_of(state, "construction_order").player
    act(state, ChooseNext(leader, builder))


def pay_coins(state: GameState, player: str) -> None:
    n = prompt_of(state, "construction_payment").data["cost"]
    act(state, Pay(player, ("coin",) * n))


def give(state: GameState, player: str, *cards: str) -> None:
    state.hw[player] = [*state.hw[player], *cards]
    state.hw_market = [x for x in state.hw_market if x not in cards]
