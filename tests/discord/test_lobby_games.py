"""/mn new chooses the game, its ruleset and modules among the registry's (issue 12's lobby):
autocompleted from the registry, checked by the service, shown in the lobby message."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bot import registry
from tests.discord.harness import Harness
from tests.toygame.entry import GAME

CREATOR = 1


@pytest.fixture
def toy() -> Iterator[registry.Game]:
    """A second game in the registry: the test-only toy game (tests/toygame: its own engine,
    two rulesets, one of them with modules, 2 to 4 players)."""
    entry = registry.register(GAME)
    yield entry
    registry.unregister(GAME.id)


async def test_the_default_game_needs_no_choice(h: Harness) -> None:
    iid = await h.command(CREATOR, "new", players=3)
    record = await h.bot.service.game(1)
    assert record.game == "mare_nostrum" and "ruleset" not in record.options
    assert "modules" not in record.options
    # No line naming the game and its rules above the usual lobby message.
    assert h.api.responses(iid)[0].content.startswith("**Mare Nostrum: Empires — game #1**")


async def test_game_ruleset_and_modules_are_chosen_and_shown(
        h: Harness, toy: registry.Game) -> None:
    iid = await h.command(CREATOR, "new", players=3, game="toy", ruleset="deluxe",
                          modules="storms, fog,storms")
    record = await h.bot.service.game(1)
    assert record.game == "toy"
    assert record.options["ruleset"] == "deluxe"
    assert record.options["modules"] == ["storms", "fog"]  # each once, in the order given
    assert "modules: storms, fog" in h.api.responses(iid)[0].content


async def test_the_lobby_is_titled_with_the_chosen_game(
        h: Harness, toy: registry.Game) -> None:
    """The lobby names the game being set up, not Mare Nostrum for every game (issue 12)."""
    # 3 players: the deluxe rules seat 2 to 4.
    iid = await h.command(CREATOR, "new", players=3, game="toy", ruleset="deluxe")
    content = h.api.responses(iid)[0].content
    assert content.startswith("**deluxe**\n**toy — game #1**")
    assert "Mare Nostrum" not in content


@pytest.mark.parametrize(("options", "refusal"), [
    ({"game": "chess"}, 'There is no game "chess" here.'),
    ({"ruleset": "1999"}, 'There are no rules "1999".'),
    ({"modules": "dragons"}, 'There is no module "dragons".'),
    ({"players": 2}, "A game has 3 to 5 players."),
])
async def test_a_bad_choice_is_refused_and_stores_nothing(
        h: Harness, options: dict[str, Any], refusal: str) -> None:
    iid = await h.command(CREATOR, "new", **{"players": 3, **options})
    replies = h.api.responses(iid)
    assert len(replies) == 1 and replies[0].ephemeral and refusal in replies[0].content
    assert await h.bot.storage.games(("lobby", "active")) == []


async def test_the_player_range_is_the_chosen_rules_one(h: Harness, toy: registry.Game) -> None:
    """Toy classic is for 2 players only; its deluxe rules for 2 to 4."""
    iid = await h.command(CREATOR, "new", players=3, game="toy", ruleset="classic")
    assert "A game has 2 to 2 players." in h.api.responses(iid)[0].content
    await h.command(CREATOR, "new", players=2, game="toy", ruleset="classic")
    assert (await h.bot.service.game(1)).game == "toy"


async def test_choices_come_from_the_registry(h: Harness, toy: registry.Game) -> None:
    games = await h.autocomplete(CREATOR, "new", "game", "", players=3)
    assert {c["value"] for c in games} == {"mare_nostrum", "neptun", "toy"}
    assert {"name": "Mare Nostrum: Empires", "value": "mare_nostrum"} in games
    rulesets = await h.autocomplete(CREATOR, "new", "ruleset", "", players=3, game="toy")
    assert [c["value"] for c in rulesets] == ["classic", "deluxe"]
    modules = await h.autocomplete(CREATOR, "new", "modules", "fog,", players=3, game="toy",
                                   ruleset="deluxe")
    assert [c["value"] for c in modules] == ["fog,storms"]  # the typed one is not offered twice
    none = await h.autocomplete(CREATOR, "new", "modules", "", players=3, game="toy",
                                ruleset="classic")
    assert none == []
