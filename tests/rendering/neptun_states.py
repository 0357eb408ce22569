"""Neptun states for the pictures (gallery, benchmark, renderer tests): seeded games played by
seeded random choices up to a point, so the same call gives the same state."""

from __future__ import annotations

import random

from bot.games.neptun import ENGINE, seats
from bot.games.neptun.state import NeptunState


def played(players: int, seed: int, actions: int) -> NeptunState:
    state, _ = ENGINE.new_game(seats(players), {}, seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if ENGINE.is_over(state):
            break
        player = ENGINE.owed(state)[0].player
        state, _ = ENGINE.apply(state, rng.choice(ENGINE.legal_actions(state, player)))
    return state


def opening(players: int = 3) -> NeptunState:
    """The first pick of round A: every contract face down, the ships on Creta."""
    return played(players, seed=1, actions=0)


def midgame(players: int = 5) -> NeptunState:
    """Round B's contracts: manifests half full, temples and gold under way."""
    return played(players, seed=4, actions=160)


def voyage(players: int = 5) -> NeptunState:
    """Round B's voyages, turn 3: ships spread from Corinthus to Antiochia, two in port
    together, the forecast and the oar track set (the picture benchmark's state)."""
    return played(players, seed=4, actions=215)
