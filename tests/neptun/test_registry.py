"""Neptun's registry entry: the AI plumbing and the simulator play it like any game. It is an
installed game (`registry.INSTALLED`): a test that unregisters it registers it again."""

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
    register(GAME)


def test_neptun_is_registered_with_its_counts_seats_and_ai_levels(neptun: Game) -> None:
    assert neptun.player_range() == (3, 5)
    assert neptun.seats({}, 4) == ["red", "green", "purple", "yellow"]
    assert set(neptun.ai_levels) == {"random", "standard"}
    assert neptun.secret_actions == frozenset({"play_oar"})
    assert "bot.adapters.neptun" in INSTALLED


def test_play_game_runs_neptun_with_invariants(neptun: Game) -> None:
    for n in (3, 4, 5):
        seats = seat_levels(["standard", "random"], n, "neptun")
        result = play_game(seats, seed=n, game_id="neptun")
        assert result.error is None and result.winners and result.rounds == 3
        assert result.victory == "points"


def test_neptun_engine_errors_are_in_its_part_of_the_catalog(neptun: Game) -> None:
    """Its engine's own error codes live with the game (`bot/games/neptun/locales`, read as
    `neptun.error.<code>`), not in the common part, and `error_text` finds them in both
    languages; every code its engine raises has both texts (common or its own)."""
    import json
    import re
    from pathlib import Path

    from bot.i18n import catalog, error_text, t

    package = Path(__file__).resolve().parents[2] / "bot" / "games" / "neptun"
    own = json.loads((package / "locales" / "en.json").read_text("utf-8"))
    common = json.loads((package.parents[1] / "locales" / "en.json").read_text("utf-8"))
    assert neptun.catalog == "neptun" and not set(own) & set(common)
    raised = {code for path in package.rglob("*.py")
              for code in re.findall(r"code\s*=\s*\"([a-z_]+)\"", path.read_text("utf-8"))}
    assert {"slot_taken", "out_of_reach", "nothing_to_deliver"} <= raised
    for code in raised:
        for lang in ("en", "fr"):
            assert (f"error.{code}" in catalog(lang)
                    or f"neptun.error.{code}" in catalog(lang)), (lang, code)
    assert error_text("slot_taken", "fr") == t("neptun.error.slot_taken", "fr") == (
        "Cet emplacement du manifeste n'est pas libre.")
    assert error_text("out_of_reach", "en", {"to": "roma"}).startswith(
        "Your ship cannot reach roma")


def test_unregistering_neptun_takes_its_part_out_of_the_catalog() -> None:
    from bot.adapters.neptun import GAME
    from bot.i18n import catalog, error_text

    register(GAME)
    assert catalog("fr")["neptun.gamename.neptun"] == "Neptun"
    try:
        unregister("neptun")
        assert not [key for key in catalog("fr") if key.startswith("neptun.")]
        assert error_text("slot_taken", "en") == "That did not work (slot_taken)."
        assert "mn.phase.build" in catalog("fr")  # Mare Nostrum's part stays
    finally:
        register(GAME)  # installed: the other tests find it
