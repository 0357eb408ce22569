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


def test_standard_spends_its_free_start_wave() -> None:
    """S-07, the free start (36 points, waves of 9): `standard` deploys while it can instead
    of ending its wave after the capital's influence (it lost every free-start game of
    `simulate --start free`: 0 of 20)."""
    from bot.games.mare_nostrum import engine
    from bot.games.mare_nostrum.ai.mn2003 import Standard2003Player
    from bot.games.mare_nostrum.rulesets.mn2003.free_start import Deploy

    state, _ = engine.new_game(
        ["rome", "greece", "carthage", "egypt"], {"ruleset": "2003", "start": "free"}, 1
    )
    ai = Standard2003Player(1)
    prompt = next(p for p in state.prompts if p.kind == "free_start")
    player = prompt.player
    deployed = 0
    while any(p.kind == "free_start" and p.player == player for p in state.prompts):
        action = ai.choose(engine.view(state, player), engine.legal_actions(state, player))
        deployed += isinstance(action, Deploy)
        engine.apply_in_place(state, action)
    assert deployed >= 2  # before: the capital's influence, then «end»
