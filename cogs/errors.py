"""The command tree of the bot: one error handler for every slash command, whichever cog or
extension added it to the /mn group (a per-cog handler misses the commands of cogs/admin.py
and cogs/help.py, and the user is left with "The application did not respond")."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from .common import error_reply


class MareNostrumTree(app_commands.CommandTree[Any]):
    async def on_error(self, interaction: discord.Interaction[Any],
                       error: app_commands.AppCommandError, /) -> None:
        """Every failure gets a private answer in the user's language; a bug is logged with
        its traceback by `error_reply`, so the default handler's log is not wanted too."""
        await error_reply(interaction, error)
