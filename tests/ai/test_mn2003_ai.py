"""The AI levels play the 2003 ruleset (issue 17): `standard` (ai/mn2003.py, chosen by the
view's ruleset) and `random` play seeded games to a victory, from both starts, with the
invariants checked after every action; the simulator takes `--ruleset 2003`."""

from __future__ import annotations

import pytest

from bot import simulate
from bot.ai.play import play_game


@pytest.mark.parametrize(("players", "start"), [(["rome", "greece", "carthage", "egypt"], "free")])
def test_standard_and_random_play_2003_to_a_victory(players: list[str], start: str) -> None:
    seats = {p: "standard" if i % 2 == 0 else "random" for i, p in enumerate(players)}
    result = play_game(seats, seed=3, check=True, options={"ruleset": "2003", "start": start})
    assert result.error is None, result.error
    assert result.winners and result.victory in ("pyramids", "heroes_wonders")


def test_simulate_takes_the_2003_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    code = simulate.main(
        [
            "--game",
            "mare_nostrum",
            "--ruleset",
            "2003",
            "--players",
            "3",
            "--games",
            "1",
            "--no-progress",
        ]
    )
    assert code == 0
    assert "games: 1" in capsys.readouterr().out
