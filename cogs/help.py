"""Help for everyone, added to the /mn group (extension `cogs.help`): `rules <topic>` and
`hw <name>`, both with autocomplete, answered privately in the user's language. They read
public data only (bot/help.py), so spectators may use them and nothing secret can leak."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot import help as texts
from bot.i18n import ln, ls

from .common import lang, reply


def _choices(pairs: list[tuple[str, str]]) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=name, value=value) for name, value in pairs]


@app_commands.command(name=ln("rules"), description=ls("cmd.rules"))
@app_commands.describe(topic=ls("cmd.rules.topic"))
@app_commands.rename(topic=ln("topic"))
async def rules(interaction: discord.Interaction, topic: str) -> None:
    await reply(interaction, texts.rules_text(topic, lang(interaction)))


@rules.autocomplete("topic")
async def _rules_topics(interaction: discord.Interaction,
                        current: str) -> list[app_commands.Choice[str]]:
    return _choices(texts.topic_choices(current, lang(interaction)))


@app_commands.command(name=ln("hw"), description=ls("cmd.hw"))
@app_commands.describe(name=ls("cmd.hw.name"))
@app_commands.rename(name=ln("name"))
async def hw(interaction: discord.Interaction, name: str) -> None:
    await reply(interaction, texts.hw_text(name, lang(interaction)))


@hw.autocomplete("name")
async def _hw_names(interaction: discord.Interaction,
                    current: str) -> list[app_commands.Choice[str]]:
    return _choices(texts.hw_choices(current, lang(interaction)))


async def setup(bot: Any) -> None:
    """Add the commands to the /mn group of `cogs.mn` (load that extension first)."""
    group = bot.get_cog("MareNostrum").app_command
    commands: tuple[app_commands.Command[Any, ..., None], ...] = (rules, hw)
    for command in commands:
        group.add_command(command)
