"""Seeded random-legal games with the Legendary City modules to a victory: each module alone
and the three together at 3 and 5 players, and with Atlantis at 6 — the invariants and the
JSON round trip after every action, illegal input refused, the views checked, and the action
log replayed to the same state. `LEGENDS_SEEDS` sets how many seeds per case (the suite's
default is small)."""

from __future__ import annotations

import os

import pytest

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.setup import empires_for

from ..test_playouts import play

SEEDS = int(os.environ.get("LEGENDS_SEEDS", "3"))
CASES = [
    (("troia",), 3),
    (("ierusalem",), 3),
    (("syracusae",), 3),
    (("troia",), 5),
    (("ierusalem",), 5),
    (("syracusae",), 5),
    (("troia", "ierusalem", "syracusae"), 3),
    (("troia", "ierusalem", "syracusae"), 5),
    (("troia", "ierusalem"), 4),
    (("atlantis", "troia", "ierusalem", "syracusae"), 6),
    (("atlantis", "troia"), 6),
    (("atlantis", "ierusalem"), 6),
    (("atlantis", "syracusae"), 6),
]


@pytest.mark.parametrize(("modules", "count"), CASES, ids=[f"{'+'.join(m)}-{n}" for m, n in CASES])
@pytest.mark.parametrize("seed", range(SEEDS))
def test_legends_playout_to_a_victory_and_replay(
    modules: tuple[str, ...], count: int, seed: int
) -> None:
    options = {"modules": list(modules)}
    players = empires_for(count, "empires", modules)
    state, log = play(players, seed, options=options)
    assert state.over
    again = engine.replay(players, options, seed, [a.to_dict() for a in log])
    assert engine.to_json(again) == engine.to_json(state)
