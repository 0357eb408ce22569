"""Help for everyone, added to the /mn group (extension `cogs.help`): `rules <topic>` and
`hw <name>`, both with autocomplete, answered privately in the user's language. Each game
provides its topics through the registry (`Game.help`); the `game` option (autocompleted from
the registry, for when several games are installed) chooses whose, by default the game of the
channel, else the default game. They read public data only (bot/help.py), so spectators may use
them and nothing secret can leak."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands

from bot import help as texts
from bot.i18n import ln, ls, t
from bot.mygames import game_name
from bot.presenters import MESSAGE_LIMIT, clip
from bot.registry import DEFAULT_GAME, GameHelp, games

from .common import REFUSALS, caller, lang, reply
from .lobby import game_choices
from .ui import guarded


def _choices(pairs: list[tuple[str, str]]) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=name, value=value) for name, value in pairs]


async def _game_of(interaction: discord.Interaction, chosen: str | None) -> str:
    """The game chosen, else the channel's game, else the default game."""
    if chosen in games():
        return str(chosen)
    service = getattr(interaction.client, "service", None)
    if service is not None and interaction.guild_id is not None:
        with contextlib.suppress(*REFUSALS):  # no game here (or several): the default one
            return str((await service.find(caller(interaction))).game)
    return DEFAULT_GAME


async def _help_of(interaction: discord.Interaction, chosen: str | None) -> GameHelp | None:
    """The help of the game chosen, else of the channel's game, else of the default game."""
    entry = games().get(await _game_of(interaction, chosen))
    return entry.help if entry is not None else None


def _picked(interaction: discord.Interaction) -> str | None:
    picked = getattr(interaction.namespace, "game", None)
    return picked if isinstance(picked, str) else None


Answer = Callable[[GameHelp, str, str], str]
Choices = Callable[[GameHelp, str, str], list[tuple[str, str]]]


async def _answer(interaction: discord.Interaction, game: str | None, typed: str,
                  answer: Answer) -> None:
    language = lang(interaction)
    found = await _help_of(interaction, game)
    await reply(interaction, answer(found, typed, language) if found
                else t("help.none", language))


async def _suggest(interaction: discord.Interaction, current: str,
                   choices: Choices) -> list[app_commands.Choice[str]]:
    found = await _help_of(interaction, _picked(interaction))
    return _choices(choices(found, current, lang(interaction))) if found else []


@app_commands.command(name=ln("rules"), description=ls("cmd.rules"))
@app_commands.describe(topic=ls("cmd.rules.topic"), game=ls("cmd.help.game"))
@app_commands.rename(topic=ln("topic"), game=ln("game", "boardgame"))
async def rules(interaction: discord.Interaction, topic: str | None = None,
                game: str | None = None) -> None:
    """The rules text itself, a page at a time (Previous / Next through every topic), opened
    at the topic asked for; privately."""
    language = lang(interaction)
    chosen = await _game_of(interaction, game)
    entry = games()[chosen]
    if entry.help is None or not entry.help.rules():
        return await reply(interaction, t("help.none", language))
    index = 0
    if topic:
        found = texts.find_topic(entry.help, topic, language)
        if found is None:
            return await reply(interaction, texts.rules_text(entry.help, topic, language))
        index = texts.first_page(texts.rules_book(entry.help, language), found)
    content, view = _page(chosen, index, language)
    await reply(interaction, content, view=view)


@rules.autocomplete("topic")
async def _rules_topics(interaction: discord.Interaction,
                        current: str) -> list[app_commands.Choice[str]]:
    return await _suggest(interaction, current, texts.topic_choices)


def _page(game: str, index: int, language: str) -> tuple[str, discord.ui.View | None]:
    """Page `index` of a game's rules book (clamped), with its Previous / Next buttons."""
    entry = games()[game]
    assert entry.help is not None
    book = texts.rules_book(entry.help, language)
    index = max(0, min(index, len(book) - 1))
    if len(book) == 1:  # nothing to leaf through: the text alone, as a topic's answer
        return clip(book[0].text, MESSAGE_LIMIT), None
    content = texts.page_text(book, index, game_name(entry, language), language)
    view = discord.ui.View(timeout=None)
    for op, target, key in (("p", index - 1, "button.previous"), ("n", index + 1, "button.next")):
        button = HelpPageButton(game, max(0, min(target, len(book) - 1)), op,
                                t(key, language))
        button.item.disabled = not 0 <= target < len(book)
        view.add_item(button)
    return content, view


class HelpPageButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                     template=r"mn:help:(?P<game>[a-z0-9_]{1,40}):(?P<page>[0-9]{1,4})"
                              r":(?P<op>[pn])"):
    """Previous / Next of a rules page: the page is in the custom id (and the reader's
    language in his click), so it works after a restart and needs nothing stored."""

    def __init__(self, game: str, page: int, op: str, label: str = "") -> None:
        super().__init__(discord.ui.Button(label=label or op, style=discord.ButtonStyle.secondary,
                                           custom_id=f"mn:help:{game}:{page}:{op}"))
        self.game, self.page = game, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> HelpPageButton:
        return cls(match["game"], int(match["page"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, _turn(interaction, self.game, self.page))


async def _turn(interaction: discord.Interaction, game: str, page: int) -> None:
    language = lang(interaction)
    entry = games().get(game)
    if entry is None or entry.help is None or not entry.help.rules():
        return await reply(interaction, t("help.none", language))
    content, view = _page(game, page, language)
    await interaction.response.edit_message(content=content, view=view)


@app_commands.command(name=ln("hw"), description=ls("cmd.hw"))
@app_commands.describe(name=ls("cmd.hw.name"), game=ls("cmd.help.game"))
@app_commands.rename(name=ln("name"), game=ln("game", "boardgame"))
async def hw(interaction: discord.Interaction, name: str, game: str | None = None) -> None:
    await _answer(interaction, game, name, texts.piece_text)


@hw.autocomplete("name")
async def _hw_names(interaction: discord.Interaction,
                    current: str) -> list[app_commands.Choice[str]]:
    return await _suggest(interaction, current, texts.piece_choices)


@rules.autocomplete("game")
@hw.autocomplete("game")
async def _games(interaction: discord.Interaction,
                 current: str) -> list[app_commands.Choice[str]]:
    return game_choices(interaction, current)


async def setup(bot: Any) -> None:
    """Add the commands to the /mn group of `cogs.mn` (load that extension first)."""
    group = bot.get_cog("MareNostrum").app_command
    commands: tuple[app_commands.Command[Any, ..., None], ...] = (rules, hw)
    for command in commands:
        group.add_command(command)
    bot.add_dynamic_items(HelpPageButton)
