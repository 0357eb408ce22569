"""Seeded randomness stored in the state: every draw advances `rng_counter`.

A fresh `random.Random` is derived from (seed, counter) for each draw, so the state stays small
and JSON-able and a replay reproduces every roll. The global `random` module is never used.
"""

from __future__ import annotations

import random
from _random import Random as _CRandom
from typing import Protocol, TypeVar

T = TypeVar("T")


class Seeded(Protocol):
    """Any game state: its seed (never shown to players) and how many draws it has made."""

    seed: int
    rng_counter: int


# random.Random(n) without its two Python frames (__init__, then seed, which for an int hands
# it to the C seeding as is): the same generator, seeded by the C method directly. Every
# draw makes one (each battle two); tests/engine/test_rng.py compares it with random.Random.
_new_random = _CRandom.__new__
_seed = _CRandom.seed


def generator(n: int) -> random.Random:
    """random.Random(n), made at C speed (n an int)."""
    gen: random.Random = _new_random(random.Random)
    _seed(gen, n)
    gen.gauss_next = None  # type: ignore[attr-defined]  # as random.Random.seed leaves it
    return gen


def _next(state: Seeded) -> random.Random:
    state.rng_counter += 1
    return generator(state.seed * 1_000_003 + state.rng_counter)


def roll(state: Seeded, count: int, faces: tuple[int, ...]) -> list[int]:
    """`count` dice of these faces: each `faces[gen.randrange(len(faces))]`."""
    gen = _next(state)
    n = len(faces)
    if not n:
        raise ValueError("a die needs faces")
    # randrange(n)'s very draw (random.Random._randbelow: getrandbits of n's bit length,
    # drawn again while >= n) without its two Python frames per die (every battle rolls
    # ~10 dice); tests/engine/test_rng.py compares it with randrange.
    k = n.bit_length()
    bits = gen.getrandbits
    out = []
    for _ in range(count):
        r = bits(k)
        while r >= n:
            r = bits(k)
        out.append(faces[r])
    return out


def pick_index(state: Seeded, size: int) -> int:
    return _next(state).randrange(size)


def shuffled(state: Seeded, items: list[T]) -> list[T]:
    out = list(items)
    _next(state).shuffle(out)
    return out
