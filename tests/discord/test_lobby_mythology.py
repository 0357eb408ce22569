"""/mn new with the 2003 ruleset and its Mythology module (issue 18): the lobby opens a 3–6
player game with the Atlanteans among the civilisations, offers the long game as a variant,
and refuses what the module does not set up."""

from __future__ import annotations

from bot.games.mare_nostrum.rules import optional_modules
from bot.registry import game
from tests.discord.harness import Harness

CREATOR = 1


async def test_ms02_a_6_player_mythology_game_can_be_opened(h: Harness) -> None:
    """004 l.82: «autorise donc un sixième participant»."""
    await h.command(CREATOR, "new", players=6, ruleset="2003", modules="mythology")
    record = await h.bot.service.game(1)
    assert record.options["modules"] == ["mythology"] and record.options["seats"] == 6
    assert record.options["ruleset"] == "2003"
    assert game("mare_nostrum").seats(record.options, 6)[-1] == "atlantis"
    assert game("mare_nostrum").player_range("2003", ("mythology",)) == (3, 6)


async def test_mv02_the_long_game_is_a_variant(h: Harness) -> None:
    """004 l.86–87: «Pour une partie longue, on peut fixer l'objectif à 5 héros et/ou
    merveilles»."""
    await h.command(
        CREATOR, "new", players=4, ruleset="2003", modules="mythology", variants="long_game"
    )
    record = await h.bot.service.game(1)
    assert record.options["long_game"] is True


async def test_the_module_belongs_to_the_2003_ruleset_only(h: Harness) -> None:
    choice = game("mare_nostrum").ruleset("2003")
    assert choice is not None and "mythology" in choice.modules
    assert "mythology" in optional_modules("2003") and "mythology" not in optional_modules()
    iid = await h.command(CREATOR, "new", players=4, modules="mythology")
    assert h.api.responses(iid)[0].ephemeral


async def test_the_2003_game_without_the_module_is_still_3_to_5(h: Harness) -> None:
    iid = await h.command(CREATOR, "new", players=6, ruleset="2003")
    assert "A game has 3 to 5 players." in h.api.responses(iid)[0].content


async def test_mv02_the_long_game_needs_the_module(h: Harness) -> None:
    """004 l.86–87: the long game is the expansion's («car l'extension introduit une 13e
    ressource»): a plain 2003 lobby asking for it is refused at once, not when it starts."""
    iid = await h.command(CREATOR, "new", players=4, ruleset="2003", variants="long_game")
    (reply,) = h.api.responses(iid)
    assert reply.ephemeral and "long_game" in reply.content and "Mythology" in reply.content
    iid = await h.command(
        CREATOR, "new", players=3, ruleset="2003", modules="mythology", variants="long_game"
    )
    record = await h.bot.service.game(1)  # the first lobby made: the refused one made none
    assert record.options["seats"] == 3 and record.options["long_game"] is True


async def test_ms02_the_module_is_played_by_3_to_6(h: Harness) -> None:
    """004 l.82: «autorise donc un sixième participant»; C-10: fewer players leave out
    Atlantis, then Babylon, then Rome and Egypt."""
    iid = await h.command(CREATOR, "new", players=7, ruleset="2003", modules="mythology")
    assert "A game has 3 to 6 players." in h.api.responses(iid)[0].content
    iid = await h.command(CREATOR, "new", players=2, ruleset="2003", modules="mythology")
    assert "A game has 3 to 6 players." in h.api.responses(iid)[0].content
    options = {"ruleset": "2003", "modules": ["mythology"]}
    assert game("mare_nostrum").seats(options, 3) == ["greece", "carthage", "babylon"]
    await h.command(CREATOR, "new", players=3, ruleset="2003", modules="mythology")
    record = await h.bot.service.game(1)
    assert record.options["seats"] == 3 and record.options["modules"] == ["mythology"]


async def test_the_lobby_suggests_the_module_and_the_long_game_with_the_2003_ruleset(
    h: Harness,
) -> None:
    """What `/mn new` suggests: the Mythology and its long game with the 2003 ruleset only."""
    modules = await h.autocomplete(CREATOR, "new", "modules", "", ruleset="2003")
    assert "mythology" in [c["value"] for c in modules]
    modules = await h.autocomplete(CREATOR, "new", "modules", "")  # Empires
    assert "mythology" not in [c["value"] for c in modules]
    variants = await h.autocomplete(
        CREATOR, "new", "variants", "", ruleset="2003", modules="mythology"
    )
    assert "long_game" in [c["value"] for c in variants]
    variants = await h.autocomplete(CREATOR, "new", "variants", "", ruleset="2003")
    assert [c["value"] for c in variants] == ["first_builder_only"]  # no long game without it
