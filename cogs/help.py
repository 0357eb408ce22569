"""Help for everyone, added to the /mn group (extension `cogs.help`): `rules <topic>` and
`hw <name>`, both with autocomplete, answered privately in the user's language. Each game
provides its topics through the registry (`Game.help`); the `game` option (autocompleted from
the registry, for when several games are installed) chooses whose, by default the game of the
channel, else the default game. They read public data only (bot/help.py), so spectators may use
them and nothing secret can leak."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands

from bot import help as texts
from bot.i18n import ln, ls, t
from bot.registry import DEFAULT_GAME, GameHelp, games

from .common import REFUSALS, caller, lang, reply
from .lobby import game_choices


def _choices(pairs: list[tuple[str, str]]) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=name, value=value) for name, value in pairs]


async def _help_of(interaction: discord.Interaction, chosen: str | None) -> GameHelp | None:
    """The help of the game chosen, else of the channel's game, else of the default game."""
    installed = games()
    if chosen not in installed:
        chosen = DEFAULT_GAME
        service = getattr(interaction.client, "service", None)
        if service is not None and interaction.guild_id is not None:
            with contextlib.suppress(*REFUSALS):  # no game here: the default one
                chosen = (await service.find(caller(interaction))).game
    entry = installed.get(chosen or DEFAULT_GAME)
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
async def rules(interaction: discord.Interaction, topic: str, game: str | None = None) -> None:
    await _answer(interaction, game, topic, texts.rules_text)


@rules.autocomplete("topic")
async def _rules_topics(interaction: discord.Interaction,
                        current: str) -> list[app_commands.Choice[str]]:
    return await _suggest(interaction, current, texts.topic_choices)


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
