"""AI players for Mare Nostrum: Empires. They play only through the public engine API: each
decision receives `view(state, me)` and `legal_actions(state, me)` and returns one of those
actions (never another player's hidden resources; the view hides them).

    player = make_player("standard", seed=7)
    action = player.choose(view, legal)
"""

from __future__ import annotations

from .base import LEVELS, Player, make_player
from .play import GameResult, play_game

__all__ = ["LEVELS", "GameResult", "Player", "make_player", "play_game"]
