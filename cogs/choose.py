"""The `game:` option of every command that names a game in play: the number of one of the
caller's games, autocompleted with his games on this server, those awaiting him first
("#12 Mare Nostrum: Empires · Trade · your turn", `bot.mygames`). Autocomplete is only a
hint: the number is looked up again (`GameService.find`, this server's games only)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.mygames import matching, my_games
from bot.service import GameService

from .common import lang


class GameArg(app_commands.Transformer):
    # A game's own commands (`/neptun …`) subclass it to suggest only that game's records.
    game: str | None = None

    @property
    def type(self) -> discord.AppCommandOptionType:
        return discord.AppCommandOptionType.integer

    async def transform(self, interaction: discord.Interaction, value: Any, /) -> int:
        return int(value)

    async def autocomplete(  # type: ignore[override]
        self, interaction: discord.Interaction, value: int | float | str, /
    ) -> list[app_commands.Choice[int]]:
        service: GameService | None = getattr(interaction.client, "service", None)
        if service is None or interaction.guild_id is None:  # a game is its server's
            return []
        found = await my_games(
            service,
            interaction.user.id,
            lang(interaction),
            guild_id=interaction.guild_id,
            game=self.game,
        )
        return [
            app_commands.Choice(name=label, value=game)
            for label, game in matching(found, str(value or ""), lang(interaction))
        ]


# The annotations of the `game:` options: optional (this thread's game, else the caller's only
# one) and required (`/mn abandon`).
GameOption = app_commands.Transform[int, GameArg] | None
GameNumber = app_commands.Transform[int, GameArg]

