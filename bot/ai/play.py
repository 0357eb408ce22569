"""Play one complete game between AI seats through the public engine API, for any registered
game."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.games.core.actions import Action
from bot.games.core.events import Event
from bot.registry import DEFAULT_GAME, game

from .base import Player, make_player

MAX_ACTIONS = 50_000

# Called after every action with (state, action, events).
Observer = Callable[[Any, Action, list[Event]], None]


@dataclass
class GameResult:
    seed: int
    seats: dict[str, str]  # seat (empire...) -> AI level
    winners: list[str]
    victory: str | None
    rounds: int
    actions: int
    seconds: float
    # Decision time (seconds) and count by AI level.
    think: dict[str, float] = field(default_factory=dict)
    decisions: dict[str, int] = field(default_factory=dict)
    error: str | None = None
    state: Any = None


def seat_order(players: int, game_id: str = DEFAULT_GAME,
               options: Mapping[str, Any] | None = None) -> list[str]:
    """The game's seats for this many players, in seat order."""
    return game(game_id).seats(options or {}, players)


def seat_levels(levels: Sequence[str], players: int, game_id: str = DEFAULT_GAME,
                options: Mapping[str, Any] | None = None) -> dict[str, str]:
    """The AI level of each seat in seat order; a short list repeats its last level."""
    if not levels:
        raise ValueError("at least one AI level")
    return {e: levels[min(i, len(levels) - 1)]
            for i, e in enumerate(seat_order(players, game_id, options))}


def play_game(
    seats: dict[str, str], seed: int, *, check: bool = True,
    observer: Observer | None = None, max_actions: int = MAX_ACTIONS,
    game_id: str = DEFAULT_GAME, options: Mapping[str, Any] | None = None,
    on_setup: Callable[[Any, list[Event]], None] | None = None,
) -> GameResult:
    """Play a seeded game to its end. Each seat gets its own player seeded from `seed`. With
    `check`, the game's invariants are checked after every action; the first failure stops
    the game and is reported in `error`."""
    hosted = game(game_id)
    engine = hosted.engine
    invariants = hosted.invariants if check else None
    order = list(seats)
    ais: dict[str, Player] = {
        e: make_player(level, seed * 31 + i, game_id) for i, (e, level) in enumerate(seats.items())
    }
    state, setup = engine.new_game(order, options, seed)
    if on_setup is not None:  # the set-up's own news (the Mythology's heroes set aside)
        on_setup(state, setup)
    result = GameResult(seed, dict(seats), [], None, 0, 0, 0.0)
    t_start = time.perf_counter()
    while not engine.is_over(state) and result.actions < max_actions:
        # Decisions owed at once (sealed offers) are asked in seat order.
        owed = {p.player for p in engine.owed(state)}
        player = next(e for e in order if e in owed)
        legal = engine.legal_actions(state, player)
        v = engine.view(state, player)
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
        if invariants is not None:
            errors = invariants(state)
            if errors:
                result.error = f"action {result.actions} {action.to_dict()}: {errors[0]}"
                break
    if not engine.is_over(state) and result.error is None:
        result.error = f"no victory after {max_actions} actions"
    result.seconds = time.perf_counter() - t_start
    public = engine.view(state, None)  # the kit's views say who won, how, and the round
    result.winners = list(public.get("winners") or [])
    result.victory = public.get("victory")
    result.rounds = int(public.get("round") or 0)
    result.state = state
    return result
