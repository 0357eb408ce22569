"""The offline tools play the Punic Wars (issue 16): `python -m bot simulate --game
mare_nostrum --modules punic_wars --players 2 --games 20` and the matching `demo`; naming
another module with it is refused as the lobby refuses it (ruling G12)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import demo, simulate

PUNIC = ["--game", "mare_nostrum", "--modules", "punic_wars", "--players", "2"]


def test_simulate_plays_20_punic_wars_games(capsys: pytest.CaptureFixture[str]) -> None:
    code = simulate.main([*PUNIC, "--games", "20", "--no-progress"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "games: 20" in out and "failures" not in out.lower()
    assert "wins by empire: rome" in out and "carthage" in out
    assert "greece" not in out


def test_demo_plays_a_punic_wars_game(tmp_path: Path) -> None:
    out = tmp_path / "demo"
    assert demo.main(["--out", str(out), *PUNIC, "--seed", "3"]) == 0
    log = (out / "log.txt").read_text(encoding="utf-8")
    assert '"player": "carthage"' in log and '"greece"' not in log
    assert "external_market_refilled" in log
    pictures = sorted(p.name for p in out.glob("*.png"))
    assert "final.png" in pictures and len(pictures) >= 3
    assert (out / "final.png").read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize("tool", ["simulate", "demo"])
def test_g12_the_tools_refuse_another_module_with_it(
    tool: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--modules", "punic_wars,atlantis", "--players", "2"]
    with pytest.raises(SystemExit):
        if tool == "simulate":
            simulate.main([*args, "--games", "1"])
        else:
            demo.main(["--out", str(tmp_path / "x"), *args])
    assert "module_alone" in capsys.readouterr().err
    assert not (tmp_path / "x").exists()
