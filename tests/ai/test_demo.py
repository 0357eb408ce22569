"""`python -m bot.demo`: one seeded AI game, a picture after each round and at the end, and the
public log; an explicit fallback when the game has no renderer."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot import demo, registry


def test_fallback_writes_view_json_and_placeholder(tmp_path: Path) -> None:
    writer = demo.run_demo(tmp_path, players=3, seed=1, use_renderer=False)
    names = {p.name for p in writer.files}
    assert {"round-01.png", "round-01.json", "final.png", "final.json"} <= names
    assert (tmp_path / "final.png").read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    final = json.loads((tmp_path / "final.json").read_text(encoding="utf-8"))
    assert final["viewer"] is None and final["hand"] is None  # the spectator's view
    assert final["over"] and final["winners"]
    log = (tmp_path / "log.txt").read_text(encoding="utf-8")
    assert log.startswith("# no board renderer")
    assert "game_won" in log and "# winners:" in log
    # Public events only: no private event (hands, sealed offers) is in the log.
    assert "offer_made" not in log and "produced " not in log


def test_renderer_is_used_when_present(tmp_path: Path) -> None:
    views: list[Mapping[str, Any]] = []

    def fake_render(view: Mapping[str, Any]) -> bytes:
        views.append(view)
        return b"PNG-" + str(view["round"]).encode()

    writer = demo.run_demo(tmp_path, players=3, seed=2, renderer=fake_render)
    assert all(p.suffix == ".png" for p in writer.files)
    assert not list(tmp_path.glob("*.json"))
    rounds = sorted(tmp_path.glob("round-*.png"))
    assert len(rounds) == len(views) - 1 >= 1  # every round, plus final.png
    assert all(v["viewer"] is None for v in views)
    assert (tmp_path / "final.png").read_bytes().startswith(b"PNG-")


def test_main(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert demo.main(["--out", str(tmp_path / "d"), "--seed", "3", "--no-render"]) == 0
    assert "wrote" in capsys.readouterr().out
    assert (tmp_path / "d" / "log.txt").exists()


def test_find_renderer_without_render(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game whose registry entry has no renderer gets the explicit fallback."""
    hosted = registry.game("mare_nostrum")
    monkeypatch.setitem(registry._GAMES, hosted.id, replace(hosted, renderer=None))
    assert demo.find_renderer() is None


def test_game_options_are_checked(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """--game, --ruleset, --modules and --players are checked against the game's registry
    entry: a bad one is refused with the choices, before anything is played."""
    for bad, said in ((["--game", "chess"], "unknown game 'chess'"),
                      (["--ruleset", "1999"], "no ruleset '1999'"),
                      (["--modules", "dragons"], "unknown module(s) ['dragons']"),
                      (["--players", "9"], "played by 3 to 5 players, not 9")):
        with pytest.raises(SystemExit):
            demo.main(["--out", str(tmp_path / "x"), *bad])
        assert said in capsys.readouterr().err
    assert not (tmp_path / "x").exists()


def test_main_plays_the_chosen_game(tmp_path: Path) -> None:
    assert demo.main(["--out", str(tmp_path / "d"), "--game", "mare_nostrum",
                      "--ruleset", "empires", "--players", "4", "--seed", "2",
                      "--no-render"]) == 0
    log = (tmp_path / "d" / "log.txt").read_text(encoding="utf-8")
    # Four seats: Egypt plays, Babylon (the 5th empire) does not.
    assert '"player": "egypt"' in log and '"babylon"' not in log
