"""Neptun's registry entry: the AI plumbing and the simulator play it like any game. The entry
is registered for these tests only and removed after them: the bot does not offer Neptun in
its lobby (`registry.INSTALLED`) until its presenter, pictures and phase cogs exist."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.ai.play import play_game, seat_levels
from bot.registry import INSTALLED, Game, register, unregister


@pytest.fixture
def neptun() -> Iterator[Game]:
    from bot.adapters.neptun import GAME

    register(GAME)
    yield GAME
    unregister("neptun")


def test_neptun_is_registered_with_its_counts_seats_and_ai_levels(neptun: Game) -> None:
    assert neptun.player_range() == (3, 5)
    assert neptun.seats({}, 4) == ["red", "green", "purple", "yellow"]
    assert set(neptun.ai_levels) == {"random", "standard"}
    assert neptun.secret_actions == frozenset({"play_oar"})
    assert "bot.adapters.neptun" not in INSTALLED


def test_play_game_runs_neptun_with_invariants(neptun: Game) -> None:
    for n in (3, 4, 5):
        seats = seat_levels(["standard", "random"], n, "neptun")
        result = play_game(seats, seed=n, game_id="neptun")
        assert result.error is None and result.winners and result.rounds == 3
        assert result.victory == "points"
