"""Small helpers shared by the cogs: replying (first response or follow-up), error texts."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import error_text, lang_of
from bot.rulesets import RULESETS
from bot.service import Caller, ServiceError

# Every hosted engine's error base: a refusal by the rules.
ENGINE_ERRORS: tuple[type[Exception], ...] = tuple(
    {r.engine.EngineError for r in RULESETS.values()})
REFUSALS: tuple[type[Exception], ...] = (ServiceError, *ENGINE_ERRORS)


def lang(interaction: discord.Interaction) -> str:
    return lang_of(interaction.locale)


def error_message(exc: Exception, language: str) -> str:
    if isinstance(exc, REFUSALS):
        return error_text(getattr(exc, "code", "error"), language,
                          dict(getattr(exc, "params", {})))
    return error_text("error", language)


async def reply(
    interaction: discord.Interaction, content: str, *, ephemeral: bool = True,
    view: discord.ui.View | None = None, file: discord.File | None = None,
) -> None:
    kwargs: dict[str, Any] = {"ephemeral": ephemeral}
    if view is not None:
        kwargs["view"] = view
    if file is not None:
        kwargs["file"] = file
    if interaction.response.is_done():
        await interaction.followup.send(content, **kwargs)
    else:
        await interaction.response.send_message(content, **kwargs)


async def reply_error(interaction: discord.Interaction, exc: Exception) -> None:
    await reply(interaction, error_message(exc, lang(interaction)))


def caller(interaction: discord.Interaction) -> Caller:
    """Who clicked or typed, and from where (the scope of every game lookup). Manage Server
    counts only in a server, and `find` matches it to the game's own server."""
    in_guild = interaction.guild_id is not None
    return Caller(interaction.user.id, interaction.guild_id, interaction.channel_id,
                  in_guild and bool(interaction.permissions.manage_guild))
