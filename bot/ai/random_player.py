"""The `random` level, for every game: a uniformly random legal action."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from bot.games.core.actions import Action


class RandomPlayer:
    def __init__(self, seed: int = 0) -> None:
        self.rnd = random.Random(seed)

    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        return self.rnd.choice(legal)
