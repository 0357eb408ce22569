"""Seeded random-legal Atlas games to a victory at 4, 5 and 6 players: the invariants and the
JSON round trip after every action, illegal input refused, the views checked, and the action
log replayed to the same state. `ATLAS_SEEDS` sets how many seeds per count (the suite's
default is small; the report's run used 100)."""

from __future__ import annotations

import os

import pytest

from bot.games.mare_nostrum import engine

from ..test_playouts import play
from .scenario import FIVE_A, FOUR_A, SIX

SEEDS = int(os.environ.get("ATLAS_SEEDS", "6"))
OPTIONS = {"modules": ["atlantis"]}


@pytest.mark.parametrize("players", [FOUR_A, FIVE_A, SIX], ids=["4", "5", "6"])
@pytest.mark.parametrize("seed", range(SEEDS))
def test_atlas_playout_to_a_victory_and_replay(players: list[str], seed: int) -> None:
    state, log = play(players, seed, options=OPTIONS)
    again = engine.replay(players, OPTIONS, seed, [a.to_dict() for a in log])
    assert engine.to_json(again) == engine.to_json(state)


def test_every_atlantean_tile_is_bought_in_some_game() -> None:
    """Games where each Atlantean hero of the track is bought and its power used (with the
    track at 4 players too)."""
    bought: set[str] = set()
    for seed in range(40):
        players = (SIX, FOUR_A)[seed % 2]
        state, _ = play(players, 1000 + seed, used=bought,
                        options={"modules": ["atlantis", "atlantis_heroes"]})
        bought.update(t for tiles in state.hw.values() for t in tiles)
        if {"medea", "medusa", "orpheus", "pegasus", "fly", "petrify", "return_legion"} <= bought:
            break
    # Each tile on the track is bought, and each power used (Chiron: test_chiron.py).
    assert {"medea", "medusa", "orpheus", "pegasus", "fly", "petrify", "return_legion"} <= bought
