"""/mn new with the Atlas module (issue 14): the lobby opens a 4–6 player Atlantis game, with
Atlantis among the empires to claim, and refuses a count the module does not set up."""

from __future__ import annotations

from bot.registry import game
from tests.discord.harness import Harness

CREATOR = 1


async def test_a_6_player_atlantis_game_can_be_opened(h: Harness) -> None:
    await h.command(CREATOR, "new", players=6, modules="atlantis")
    record = await h.bot.service.game(1)
    assert record.options["modules"] == ["atlantis"] and record.options["seats"] == 6
    assert game("mare_nostrum").seats(record.options, 6)[-1] == "atlantis"


async def test_atlantis_is_not_played_by_3(h: Harness) -> None:
    iid = await h.command(CREATOR, "new", players=3, modules="atlantis")
    assert "A game has 4 to 6 players." in h.api.responses(iid)[0].content


async def test_the_base_game_is_still_3_to_5(h: Harness) -> None:
    iid = await h.command(CREATOR, "new", players=6)
    assert "A game has 3 to 5 players." in h.api.responses(iid)[0].content
