"""ARCHIMÈDE and DIDON in a full seeded game of Syracusae: their prompts are answered, with the
invariants, the JSON round trip and the views checked after every action (the playouts' own
`play`)."""

from __future__ import annotations

from ..builder import FIVE
from ..test_playouts import choose_hw, play


def test_archimede_and_didon_play_through_a_full_game() -> None:
    used: set[str] = set()
    state, _ = play(
        FIVE, 1, deep_every=25, policy=choose_hw, used=used, options={"modules": ["syracusae"]}
    )
    assert state.over
    assert {"archimedes", "dido", "place_greek_fire", "store_goods", "rebuy_figure"} <= used
