"""Help through the registry (issue 12: "each game provides ... its help topics"): /mn rules and
/mn hw serve the topics of the game asked about (the `game` option, autocompleted from the
registry), by default the channel's game, else the default game."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from bot import registry
from bot.registry import GameHelp, Topic
from tests.discord.harness import CHANNEL, Harness
from tests.discord.test_flow import _started

USER = 5


def _sailing(lang: str) -> str:
    return "Voile" if lang == "fr" else "Sailing"


def _sail_text(lang: str) -> str:
    return "Hissez les voiles." if lang == "fr" else "Hoist the sails."


@pytest.fixture
def toy() -> Iterator[registry.Game]:
    """A second game with one rules topic, no pieces, and no catalog part of its own."""
    base = registry.game("mare_nostrum")
    entry = registry.register(replace(
        base, id="toy", catalog="", locales=None,
        help=GameHelp(rules=lambda: (Topic("sailing", _sailing, _sail_text),))))
    yield entry
    registry.unregister("toy")


async def test_the_game_option_chooses_whose_topics(h: Harness, toy: registry.Game) -> None:
    games = await h.autocomplete(USER, "rules", "game", "")
    assert {c["value"] for c in games} == {"mare_nostrum", "neptun", "toy"}
    topics = await h.autocomplete(USER, "rules", "topic", "", game="toy")
    assert topics == [{"name": "Sailing", "value": "sailing"}]
    iid = await h.command(USER, "rules", topic="voile", game="toy", locale="fr")
    assert h.api.responses(iid)[0].content == "Hissez les voiles."
    iid = await h.command(USER, "rules", topic="victory", game="toy")
    assert h.api.responses(iid)[0].content.startswith("No rules topic “victory”. Topics: Sailing")
    # The toy's pieces: none.
    assert await h.autocomplete(USER, "hw", "name", "", game="toy") == []
    iid = await h.command(USER, "hw", name="caesar", game="toy")
    assert "Nothing called “caesar”" in h.api.responses(iid)[0].content


async def test_by_default_the_channels_game_else_the_default_game(
        h: Harness, toy: registry.Game) -> None:
    iid = await h.command(USER, "rules", topic="victory")  # no game here: Mare Nostrum's
    assert "Pyramids" in h.api.responses(iid)[0].content
    await h.command(USER, "new", players=3, game="toy")  # a toy game's lobby and thread
    thread = h.api.thread_of(CHANNEL)
    assert await h.autocomplete(USER, "rules", "topic", "", channel=thread) == [
        {"name": "Sailing", "value": "sailing"}]
    iid = await h.command(USER, "rules", topic="sailing", channel=thread)
    assert h.api.responses(iid)[0].content == "Hoist the sails."
    iid = await h.command(USER, "hw", name="caesar", channel=thread, game="mare_nostrum")
    assert "Caesar" in h.api.responses(iid)[0].content


async def test_in_a_mare_nostrum_thread_its_heroes(h: Harness, toy: registry.Game) -> None:
    _, thread = await _started(h)
    iid = await h.command(USER, "hw", name="caesar", channel=thread)
    assert "Caesar" in h.api.responses(iid)[0].content
    iid = await h.command(USER, "hw", name="caesar", channel=thread, game="toy")
    assert "Nothing called “caesar”" in h.api.responses(iid)[0].content


async def test_a_game_without_help_says_so(h: Harness) -> None:
    base = registry.game("mare_nostrum")
    registry.register(replace(base, id="bare", catalog="", locales=None, help=None))
    try:
        iid = await h.command(USER, "rules", topic="victory", game="bare", locale="fr")
        assert h.api.responses(iid)[0].content == "Ce jeu n'a pas encore de sujets d'aide."
    finally:
        registry.unregister("bare")
