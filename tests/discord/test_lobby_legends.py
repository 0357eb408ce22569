"""/mn new with the Legendary City modules (issue 15): any of the three, together, with
Atlantis; their names in the lobby in the game's language; never with the Punic Wars."""

from __future__ import annotations

from tests.discord.harness import Harness

CREATOR = 1


async def test_the_three_cities_can_be_opened_and_are_named(h: Harness) -> None:
    iid = await h.command(CREATOR, "new", players=5, modules="troia, ierusalem, syracusae")
    record = await h.bot.service.game(1)
    assert record.options["modules"] == ["troia", "ierusalem", "syracusae"]
    shown = str(h.api.responses(iid)[0])
    assert "Troia (Legendary City)" in shown and "Syracusae (Legendary City)" in shown


async def test_the_cities_with_atlantis_at_6(h: Harness) -> None:
    await h.command(CREATOR, "new", players=6, modules="atlantis, troia")
    record = await h.bot.service.game(1)
    assert record.options["modules"] == ["atlantis", "troia"] and record.options["seats"] == 6


async def test_the_cities_are_not_played_with_the_punic_wars(h: Harness) -> None:
    iid = await h.command(CREATOR, "new", players=2, modules="punic_wars, troia")
    assert "played on its own" in h.api.responses(iid)[0].content
