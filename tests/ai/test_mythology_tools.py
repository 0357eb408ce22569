"""The offline tools play the 2003 ruleset with its Mythology module (issue 18), through the
command-line entry `python -m bot`: `simulate … --modules mythology --players 6` and the
matching `demo`, the long game as a variant, and what the module does not allow refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.__main__ import main

MYTH = ["--game", "mare_nostrum", "--ruleset", "2003", "--modules", "mythology"]


def test_simulate_plays_the_mythology_at_6_players(capsys: pytest.CaptureFixture[str]) -> None:
    """004 l.82: «autorise donc un sixième participant» (the issue's command, one game)."""
    code = main(["simulate", *MYTH, "--players", "6", "--games", "1", "--no-progress"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "games: 1" in out and "FAILED" not in out and "atlantis" in out


def test_demo_plays_the_mythology_at_6_players(tmp_path: Path) -> None:
    out = tmp_path / "myth"
    code = main(
        [
            "demo",
            "--out",
            str(out),
            *MYTH,
            "--players",
            "6",
            "--ai",
            "standard,random",
            "--no-render",
        ]
    )
    assert code == 0
    log = (out / "log.txt").read_text(encoding="utf-8")
    assert "heroes_set_aside" in log and "# winners: " in log


def test_mv02_simulate_plays_the_long_game(capsys: pytest.CaptureFixture[str]) -> None:
    """004 l.86–87: «Pour une partie longue, on peut fixer l'objectif à 5 héros et/ou
    merveilles et fixer le coût des pyramides à 13 cartes»."""
    code = main(
        [
            "simulate",
            *MYTH,
            "--players",
            "3",
            "--games",
            "1",
            "--variants",
            "long_game",
            "--no-progress",
        ]
    )
    assert code == 0 and "games: 1" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        (["--ruleset", "2003", "--variants", "long_game"], "long_game needs its module"),
        ([*MYTH[2:], "--players", "7"], "3 to 6 players"),
        (["--modules", "mythology"], "unknown module"),  # Empires: not its module
        ([*MYTH[2:], "--variants", "longer"], "unknown variant"),
    ],
)
def test_what_the_module_does_not_allow_is_refused(
    extra: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["simulate", "--game", "mare_nostrum", *extra, "--games", "1", "--no-progress"])
    assert exit_.value.code == 2
    assert said in capsys.readouterr().err
