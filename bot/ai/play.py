"""Play one complete game between AI seats through the public engine API."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..games.mare_nostrum import engine
from ..games.mare_nostrum.actions import Action
from ..games.mare_nostrum.events import Event
from ..games.mare_nostrum.invariants import check_invariants
from ..games.mare_nostrum.setup import empires_for, player_counts
from ..games.mare_nostrum.state import GameState
from ..games.mare_nostrum.view import view
from .base import Player, make_player

# Every empire in seat order, from the engine's set-up tables (n players: the first n).
EMPIRES: tuple[str, ...] = tuple(empires_for(max(player_counts())))
MAX_ACTIONS = 50_000

# Called after every action with (state, action, events).
Observer = Callable[[GameState, Action, list[Event]], None]


@dataclass
class GameResult:
    seed: int
    seats: dict[str, str]  # empire -> AI level
    winners: list[str]
    victory: str | None
    rounds: int
    actions: int
    seconds: float
    # Decision time (seconds) and count by AI level.
    think: dict[str, float] = field(default_factory=dict)
    decisions: dict[str, int] = field(default_factory=dict)
    error: str | None = None
    state: GameState | None = None


def seat_levels(levels: Sequence[str], players: int) -> dict[str, str]:
    """The AI level of each empire in seat order; a short list repeats its last level."""
    if not levels:
        raise ValueError("at least one AI level")
    return {e: levels[min(i, len(levels) - 1)] for i, e in enumerate(EMPIRES[:players])}


def play_game(
    seats: dict[str, str], seed: int, *, check: bool = True,
    observer: Observer | None = None, max_actions: int = MAX_ACTIONS,
) -> GameResult:
    """Play a seeded game to its end. Each seat gets its own player seeded from `seed`. With
    `check`, the invariants are checked after every action; the first failure stops the game
    and is reported in `error`."""
    empires = list(seats)
    ais: dict[str, Player] = {
        e: make_player(level, seed * 31 + i) for i, (e, level) in enumerate(seats.items())
    }
    state, _ = engine.new_game(empires, None, seed)
    result = GameResult(seed, dict(seats), [], None, 0, 0, 0.0)
    t_start = time.perf_counter()
    while not state.over and result.actions < max_actions:
        # Decisions owed at once (sealed offers) are asked in seat order.
        owed = {p.player for p in engine.owed(state)}
        player = next(e for e in empires if e in owed)
        legal = engine.legal_actions(state, player)
        v = view(state, player)
        t0 = time.perf_counter()
        action = ais[player].choose(v, legal)
        dt = time.perf_counter() - t0
        level = seats[player]
        result.think[level] = result.think.get(level, 0.0) + dt
        result.decisions[level] = result.decisions.get(level, 0) + 1
        events = engine.apply_in_place(state, action)
        result.actions += 1
        if observer is not None:
            observer(state, action, events)
        if check:
            errors = check_invariants(state)
            if errors:
                result.error = f"action {result.actions} {action.to_dict()}: {errors[0]}"
                break
    if not state.over and result.error is None:
        result.error = f"no victory after {max_actions} actions"
    result.seconds = time.perf_counter() - t_start
    result.winners = list(state.winners)
    result.victory = state.victory
    result.rounds = state.round
    result.state = state
    return result
