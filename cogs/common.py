"""Small helpers shared by the cogs: replying (first response or follow-up), error texts.

`error_reply` is the one place that turns a failure into words for the user: the command tree's
`on_error` (cogs/errors.py) and the components' `guarded` (cogs/ui.py) both use it."""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import discord
from discord import app_commands

from bot.games.core.errors import EngineError
from bot.i18n import error_text, lang_of, t
from bot.presenters import MESSAGE_LIMIT, clip
from bot.service import Caller, ServiceError
from bot.storage import GameRecord

log = logging.getLogger(__name__)

# A refusal: by the service, or by the rules of any game (the kit's error base: every
# engine's errors derive from it).
REFUSALS: tuple[type[Exception], ...] = (ServiceError, EngineError)


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
    content = clip(content, MESSAGE_LIMIT)  # Discord refuses a longer message outright
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


def unwrap(exc: BaseException) -> BaseException:
    """What a command really raised: discord.py wraps it in CommandInvokeError, and a
    transformer's own error (when it is not an AppCommandError) in TransformerError."""
    while True:
        if isinstance(exc, app_commands.CommandInvokeError):
            exc = exc.original
        elif isinstance(exc, app_commands.TransformerError) \
                and isinstance(exc.__cause__, REFUSALS):
            exc = exc.__cause__  # a refusal raised while reading an option: say which
        else:
            return exc


def _where(interaction: discord.Interaction) -> str:
    """The command or component that failed, for the log."""
    if interaction.command is not None:
        return "/" + interaction.command.qualified_name
    data: dict[str, Any] = dict(interaction.data or {})
    return f"component {data.get('custom_id')}"


def failure_text(interaction: discord.Interaction, exc: BaseException) -> str:
    """The user's words for any failure of a command or component: a refusal's own text, a
    server-only command used elsewhere, an option Discord should not have let through; else a
    bug, logged here with its traceback (never shown to the user)."""
    language = lang(interaction)
    exc = unwrap(exc)
    if isinstance(exc, REFUSALS):
        return error_message(exc, language)
    if isinstance(exc, app_commands.NoPrivateMessage) or (
            isinstance(exc, app_commands.CheckFailure) and interaction.guild_id is None):
        return error_text("guild_only", language)
    if isinstance(exc, app_commands.CheckFailure):
        return error_text("check_failed", language)
    if isinstance(exc, app_commands.TransformerError):
        return error_text("invalid_option", language)
    if isinstance(exc, app_commands.CommandSignatureMismatch):
        # Discord holds another version of the command: the options cannot be read.
        log.warning("%s: %s (run `python -m bot --sync`)", _where(interaction), exc)
        return error_text("invalid_option", language)
    log.exception("%s failed", _where(interaction), exc_info=exc)
    return t("error.unknown", language, code="bug")


async def error_reply(interaction: discord.Interaction, exc: BaseException) -> None:
    """Tell the user privately what went wrong, whether or not the interaction was already
    answered (a follow-up then). If even that fails, there is nobody left to tell."""
    text = failure_text(interaction, exc)
    with contextlib.suppress(discord.HTTPException):
        await reply(interaction, text)


def caller(interaction: discord.Interaction) -> Caller:
    """Who clicked or typed, and from where (the scope of every game lookup). Manage Server
    counts only in a server, and `find` matches it to the game's own server."""
    in_guild = interaction.guild_id is not None
    return Caller(interaction.user.id, interaction.guild_id, interaction.channel_id,
                  in_guild and bool(interaction.permissions.manage_guild))


def board_file_name(record: GameRecord) -> str:
    """The board picture's file name: the game and its number ("mare-nostrum-12.png")."""
    return f"{record.game.replace('_', '-')}-{record.id}.png"
