"""The standard AI beats uniformly random players (issue 6): 1 standard vs random others, the
standard seat rotating with the seed; a shared victory counts for each winner."""

from __future__ import annotations

import os
from collections import Counter

import pytest

from bot.ai.play import play_game
from bot.games.mare_nostrum.setup import seat_order

EMPIRES = seat_order()

GAMES = int(os.environ.get("AI_STRENGTH_GAMES", "30"))


def seats(players: int, seed: int) -> dict[str, str]:
    return {e: "standard" if i == seed % players else "random"
            for i, e in enumerate(EMPIRES[:players])}


@pytest.mark.parametrize("players", [3, 4, 5], ids=["3p", "4p", "5p"])
def test_standard_beats_random(players: int) -> None:
    wins = 0
    conditions: Counter[str] = Counter()
    for seed in range(GAMES):
        # The invariants are checked by the simulator's test and the engine's playouts.
        result = play_game(seats(players, seed), seed, check=False)
        assert result.error is None, f"seed {seed}: {result.error}"
        conditions[result.victory or "none"] += 1
        wins += any(result.seats[w] == "standard" for w in result.winners)
    rate = wins / GAMES
    assert rate >= 0.9, f"{players}p: standard won {wins}/{GAMES} ({conditions})"
