"""What is the user's own across servers (issue 13): `/mn games`, the games he plays in, those
awaiting him first, with links to their threads (`bot.mygames`). Private: it names games of
other servers, which only he (a player there) may know of."""

from __future__ import annotations

import discord

from bot.mygames import listing, my_games
from bot.service import GameService

from .common import lang, reply


async def show_games(interaction: discord.Interaction) -> None:
    service: GameService = interaction.client.service  # type: ignore[attr-defined]
    language = lang(interaction)
    found = await my_games(service, interaction.user.id, language)
    await reply(interaction, listing(found, language))
