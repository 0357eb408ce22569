"""/mn new with the Punic Wars (issue 16): a 2-player lobby, and ruling G12 (« combining with
other modules [...] not offered »): naming another module with it is refused, in the user's
language, and opens nothing."""

from __future__ import annotations

from bot.registry import game
from tests.discord.harness import Harness

CREATOR = 1


async def test_a_2_player_punic_wars_game_can_be_opened(h: Harness) -> None:
    await h.command(CREATOR, "new", players=2, modules="punic_wars")
    record = await h.bot.service.game(1)
    assert record.options["modules"] == ["punic_wars"] and record.options["seats"] == 2
    assert game("mare_nostrum").seats(record.options, 2) == ["rome", "carthage"]


async def test_g12_the_punic_wars_are_not_combined_with_another_module(h: Harness) -> None:
    iid = await h.command(CREATOR, "new", players=2, modules="punic_wars, atlantis")
    assert (
        "The punic_wars module is played on its own: it cannot be combined with another module."
    ) in h.api.responses(iid)[0].content
    assert not await h.bot.service.storage.games(("lobby",))


async def test_g12_the_modules_hint_offers_no_other_module_with_the_punic_wars(h: Harness) -> None:
    alone = await h.autocomplete(CREATOR, "new", "modules", "punic_wars,", players=2)
    assert alone == []
    first = await h.autocomplete(CREATOR, "new", "modules", "", players=2)
    assert {c["value"] for c in first} >= {"atlantis", "punic_wars"}
    after_atlantis = await h.autocomplete(CREATOR, "new", "modules", "atlantis,", players=2)
    assert "atlantis,punic_wars" not in {c["value"] for c in after_atlantis}
