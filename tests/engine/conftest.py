"""Fixtures shared by the engine's rule tests."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.games.mare_nostrum import rng
from bot.games.mare_nostrum.state import GameState


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Callable[..., None]:
    """dice([5, 4, 3], [3]): the next rolls, in order (attacker first, then defender; a side
    without legions rolls nothing). Replaces `rng.roll` in the test only."""

    def set_rolls(*rolls: list[int]) -> None:
        queue = [list(r) for r in rolls]

        def fake(state: GameState, count: int, faces: tuple[int, ...]) -> list[int]:
            state.rng_counter += 1
            got = queue.pop(0)
            assert len(got) == count, f"expected {count} dice, the test gave {got}"
            return got

        monkeypatch.setattr(rng, "roll", fake)

    return set_rolls
