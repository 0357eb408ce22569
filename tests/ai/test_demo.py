"""`python -m bot.demo`: one seeded AI game, a picture after each round and at the end, and the
public log; an explicit fallback when `rendering.render` is not there."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from bot import demo


def test_fallback_writes_view_json_and_placeholder(tmp_path: Path) -> None:
    writer = demo.run_demo(tmp_path, players=3, seed=1, use_renderer=False)
    names = {p.name for p in writer.files}
    assert {"round-01.png", "round-01.json", "final.png", "final.json"} <= names
    assert (tmp_path / "final.png").read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    final = json.loads((tmp_path / "final.json").read_text(encoding="utf-8"))
    assert final["viewer"] is None and final["hand"] is None  # the spectator's view
    assert final["over"] and final["winners"]
    log = (tmp_path / "log.txt").read_text(encoding="utf-8")
    assert log.startswith("# rendering.mare_nostrum.render is not available")
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
    import types

    monkeypatch.setitem(__import__("sys").modules, "rendering.mare_nostrum",
                       types.ModuleType("rendering.mare_nostrum"))
    assert demo.find_renderer() is None
