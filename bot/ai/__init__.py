"""AI players. They play only through the public engine API: each decision receives
`view(state, me)` and `legal_actions(state, me)` and returns one of those actions (never
another player's hidden resources; the view hides them). Each game names its levels in the
registry (`random` is every game's); `LEVELS` are the default game's.

    player = make_player("standard", seed=7)
    action = player.choose(view, legal)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .base import Player, make_player
from .play import GameResult, play_game


def __getattr__(name: str) -> Any:
    if name == "LEVELS":  # looked up when asked: the registry loads the games on first use
        from bot.registry import DEFAULT_GAME, game

        levels: dict[str, Callable[[int], Any]] = game(DEFAULT_GAME).ai_levels
        return levels
    raise AttributeError(name)


__all__ = ["LEVELS", "GameResult", "Player", "make_player", "play_game"]
