"""Seeded randomness stored in the state: every draw advances `rng_counter`.

A fresh `random.Random` is derived from (seed, counter) for each draw, so the state stays small
and JSON-able and a replay reproduces every roll. The global `random` module is never used.
"""

from __future__ import annotations

import random
from typing import Protocol, TypeVar

T = TypeVar("T")


class Seeded(Protocol):
    """Any game state: its seed (never shown to players) and how many draws it has made."""

    seed: int
    rng_counter: int


def _next(state: Seeded) -> random.Random:
    state.rng_counter += 1
    return random.Random(state.seed * 1_000_003 + state.rng_counter)


def roll(state: Seeded, count: int, faces: tuple[int, ...]) -> list[int]:
    gen = _next(state)
    return [faces[gen.randrange(len(faces))] for _ in range(count)]


def pick_index(state: Seeded, size: int) -> int:
    return _next(state).randrange(size)


def shuffled(state: Seeded, items: list[T]) -> list[T]:
    out = list(items)
    _next(state).shuffle(out)
    return out
