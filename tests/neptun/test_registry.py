"""Neptun in the game registry: the simulator and the AI plumbing play it like any game."""

from __future__ import annotations

from bot.ai.play import play_game, seat_levels
from bot.registry import game


def test_neptun_is_registered_with_its_counts_seats_and_ai_levels() -> None:
    neptun = game("neptun")
    assert neptun.player_range() == (3, 5)
    assert neptun.seats({}, 4) == ["red", "green", "purple", "yellow"]
    assert set(neptun.ai_levels) == {"random", "standard"}
    assert neptun.secret_actions == frozenset({"play_oar"})


def test_play_game_runs_neptun_with_invariants() -> None:
    for n in (3, 4, 5):
        seats = seat_levels(["standard", "random"], n, "neptun")
        result = play_game(seats, seed=n, game_id="neptun")
        assert result.error is None and result.winners and result.rounds == 3
        assert result.victory == "points"
