"""What is the user's own across servers (issue 13): `/mn games`, the games he plays in, those
awaiting him first, with links to their threads (`bot.mygames`), private: it names games of
other servers, which only he (a player there) may know of; `/mn stats`, his games played and
won per game (`bot.stats`), public: counts only."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import ln, ls
from bot.mygames import listing, listing_embed, my_games
from bot.service import GameService
from bot.stats import stats_embed, tallies

from .common import lang, reply


async def show_games(interaction: discord.Interaction) -> None:
    service: GameService = interaction.client.service  # type: ignore[attr-defined]
    language = lang(interaction)
    found = await my_games(service, interaction.user.id, language)
    if not found:
        return await reply(interaction, listing(found, language))
    await interaction.response.send_message(
        embed=discord.Embed.from_dict(listing_embed(found, language)), ephemeral=True,
        allowed_mentions=discord.AllowedMentions.none())


async def show_stats(interaction: discord.Interaction, user_id: int) -> None:
    """Games played and won per game (public: counts only, no game's content)."""
    service: GameService = interaction.client.service  # type: ignore[attr-defined]
    found = await tallies(service, user_id)
    await interaction.response.send_message(
        embed=discord.Embed.from_dict(stats_embed(user_id, found, lang(interaction))),
        allowed_mentions=discord.AllowedMentions.none(),
    )


@app_commands.command(name=ln("stats"), description=ls("cmd.stats"))
@app_commands.describe(player=ls("cmd.stats.player"))
@app_commands.rename(player=ln("player"))
@app_commands.guild_only()
async def stats(interaction: discord.Interaction, player: discord.User | None = None) -> None:
    """`/stats [player]`: top level, not under /mn (Discord allows /mn 25 children)."""
    await show_stats(interaction, player.id if player else interaction.user.id)
