"""The `random` level: a uniformly random legal action."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..games.mare_nostrum.actions import Action
from .base import register_level


class RandomPlayer:
    def __init__(self, seed: int = 0) -> None:
        self.rnd = random.Random(seed)

    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        return self.rnd.choice(legal)


@register_level("random")
def _make(seed: int) -> RandomPlayer:
    return RandomPlayer(seed)
