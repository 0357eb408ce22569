"""The offline tools and the AI play the Legendary City modules (issue 15): `python -m bot
simulate --game mare_nostrum --modules troia,ierusalem,syracusae --players 5 --games 20` and
the matching `demo`; the standard AI answers the tiles' own prompts."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import demo, simulate
from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.ai.standard import StandardPlayer
from bot.games.mare_nostrum.modules.ierusalem.actions import PlaceMausoleum
from bot.games.mare_nostrum.modules.legends.tile_state import tile_state
from bot.games.mare_nostrum.prompts import add_prompt

CITIES = ["--game", "mare_nostrum", "--modules", "troia,ierusalem,syracusae"]


def test_simulate_plays_20_games_with_the_three_cities(capsys: pytest.CaptureFixture[str]) -> None:
    code = simulate.main([*CITIES, "--players", "5", "--games", "20", "--no-progress"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "games: 20" in out and "failures" not in out.lower()


def test_demo_plays_a_game_with_the_three_cities(tmp_path: Path) -> None:
    out = tmp_path / "demo"
    assert demo.main(["--out", str(out), *CITIES, "--players", "3", "--seed", "3"]) == 0
    assert (out / "final.png").read_bytes().startswith(b"\x89PNG")


def test_standard_places_the_mausoleum_where_the_threat_is() -> None:
    """The standard AI answers Halicarnasse's placement: the province an enemy threatens
    most."""
    players = ["rome", "greece", "carthage"]
    state, _ = engine.new_game(players, {"modules": ["ierusalem"]}, 1)
    state.prompts = []
    state.hw["greece"] = ["pericles", "halicarnassus"]
    state.legions.setdefault("thracia", {})["rome"] = 4
    state.influence["macedonia"] = "greece"
    add_prompt(state, "mausoleum_place", "greece")
    legal = engine.legal_actions(state, "greece")
    assert len(legal) > 1 and all(isinstance(a, PlaceMausoleum) for a in legal)
    choice = StandardPlayer(1).choose(engine.view(state, "greece"), legal)
    assert choice == PlaceMausoleum("greece", "macedonia")
    assert tile_state(state).mausoleum == {}
