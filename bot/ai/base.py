"""The AI player interface, and the levels each game offers (its registry entry's
`ai_levels`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from bot.games.core.actions import Action
from bot.registry import DEFAULT_GAME, game


class Player(Protocol):
    """An AI seat: picks one of the legal actions from what its viewer may see."""

    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action: ...


def make_player(level: str, seed: int = 0, game_id: str = DEFAULT_GAME) -> Player:
    """A player of one of the game's levels, with its own seeded random.Random."""
    levels = game(game_id).ai_levels
    if level not in levels:
        raise ValueError(f"unknown AI level {level!r} (known: {', '.join(sorted(levels))})")
    player: Player = levels[level](seed)
    return player
