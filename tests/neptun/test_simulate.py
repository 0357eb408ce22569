"""Issue 19: `python -m bot simulate --game neptun --players 4 --games 20` plays Neptun to the
end, invariants checked after every action (the demo's pictures are
tests/rendering/test_neptun_pictures.py's)."""

from __future__ import annotations

import pytest

from bot import simulate


def test_the_issue_s_simulate_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert simulate.main(["--game", "neptun", "--players", "4", "--games", "20"]) == 0
    out = capsys.readouterr().out
    assert "games: 20" in out and "wins by condition: points 20" in out
    assert "rounds: mean 3.0" in out
