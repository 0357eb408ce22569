"""Seeded random-legal Punic Wars games to a victory: the invariants (the base ones and the
module's: barbarian figures, purses, market) and the JSON round trip after every action,
illegal input refused, the views checked, and the action log replayed to the same state.
`PUNIC_SEEDS` sets how many seeds (the suite's default is small; the report's run used 200)."""

from __future__ import annotations

import os

import pytest

from bot.games.mare_nostrum import engine

from ..test_playouts import play
from .scenario import OPTIONS, PLAYERS

SEEDS = int(os.environ.get("PUNIC_SEEDS", "8"))


@pytest.mark.parametrize("seed", range(SEEDS))
def test_punic_playout_to_a_victory_and_replay(seed: int) -> None:
    state, log = play(PLAYERS, seed, options=OPTIONS)
    assert state.victory in ("titles", "conquest", "hw", "pyramids")
    again = engine.replay(PLAYERS, OPTIONS, seed, [a.to_dict() for a in log])
    assert engine.to_json(again) == engine.to_json(state)


def test_every_punic_decision_is_taken_in_some_game() -> None:
    """The module's own answers all occur in seeded games (hire, fight, pillage, market
    discard; the barbarians' casualties answer with the base kind: test_barbarians)."""
    used: set[str] = set()
    wanted = {"hire_barbarian", "fight_barbarians", "barbarian_pillage", "discard_offered"}
    # G7's blocking made hired pillage rarer in random play: 249 is the first seed from 100
    # with one (4 in seeds 100-399), so the search starts just before it.
    for seed in range(240, 340):
        play(PLAYERS, seed, options=OPTIONS, used=used, deep_every=1000)
        if wanted <= used:
            break
    assert wanted <= used, wanted - used
