"""The Trade offer listing (trade._offers) made by its table of sizes is every offer a hand
can make, in sorted order: the same list as a plain enumeration of its tokens."""

from __future__ import annotations

import random
from itertools import combinations

from bot.games.mare_nostrum.board import RESOURCE_TYPES
from bot.games.mare_nostrum.phases.trade import _offers


def _by_enumeration(held: tuple[tuple[str, int], ...], n: int) -> tuple[tuple[str, ...], ...]:
    pool = [t for t, k in held for _ in range(k)]
    return tuple(sorted(set(combinations(pool, n))))


def test_2_1_offers_of_n_are_every_multiset_of_n_held_tokens_sorted() -> None:
    """« chaque joueur choisit parmi ses jetons Ressource [...] le nombre demandé »: the
    listed offers of N are exactly the sorted multisets of N of his tokens, by type."""
    rnd = random.Random(16)
    for _ in range(400):
        n = rnd.randint(0, 5)
        types = sorted(rnd.sample(RESOURCE_TYPES, rnd.randint(0, 7)))
        held = tuple((t, min(n, rnd.randint(1, 4))) for t in types)
        assert _offers(held, n) == _by_enumeration(held, n), (held, n)
