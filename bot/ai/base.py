"""The AI player interface and the registry of levels."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from ..games.mare_nostrum.actions import Action


class Player(Protocol):
    """An AI seat: picks one of the legal actions from what its viewer may see."""

    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action: ...


LEVELS: dict[str, Callable[[int], Player]] = {}


def register_level(name: str) -> Callable[[Callable[[int], Player]], Callable[[int], Player]]:
    def deco(factory: Callable[[int], Player]) -> Callable[[int], Player]:
        LEVELS[name] = factory
        return factory
    return deco


def load_levels() -> dict[str, Callable[[int], Player]]:
    """Every level (their modules register them when imported)."""
    from . import random_player, standard  # noqa: F401

    return LEVELS


def make_player(level: str, seed: int = 0) -> Player:
    """A player of this level with its own seeded random.Random."""
    load_levels()

    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r} (known: {', '.join(sorted(LEVELS))})")
    return LEVELS[level](seed)
