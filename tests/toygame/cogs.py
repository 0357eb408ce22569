"""The toy game's phase cogs (one extension, named by its registry entry): `/toy bid place
amount:` in the Bid phase, `/toy claim take reward:` in the Claim phase, under the game's own
top-level command (its entry's `commands`). Built on the generic `cogs.phases` only: the
caller's position, the group under the game's command, the one submit."""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands

from cogs.common import REFUSALS, lang, reply, reply_error
from cogs.phases import PhaseGroup, position, submit

from .present import word


async def _act(interaction: discord.Interaction, phase: str, action: dict[str, Any],
               game: int | None) -> None:
    """Answer with `action` if the game is in `phase` (else say where it is, change
    nothing); the engine judges the answer."""
    try:
        pos = await position(interaction, game)
    except REFUSALS as exc:
        return await reply_error(interaction, exc)
    if pos.phase != phase:
        language = lang(interaction)
        return await reply(interaction, f"#{pos.record.id}: "
                           f"{word(f'phase.{pos.phase}', language)} ≠ "
                           f"{word(f'phase.{phase}', language)}")
    await submit(interaction, pos, action)


class BidPhase(PhaseGroup, group_name="bid", group_description="The Bid phase"):
    phase = "bid"
    root = "toy"

    @app_commands.command(name="place", description="Bid some of your coins (sealed)")
    async def place(self, interaction: discord.Interaction, amount: int,
                    game: int | None = None) -> None:
        await _act(interaction, self.phase, {"kind": "bid", "amount": amount}, game)


class ClaimPhase(PhaseGroup, group_name="claim", group_description="The Claim phase"):
    phase = "claim"
    root = "toy"

    @app_commands.command(name="take", description="Take the round's reward")
    async def take(self, interaction: discord.Interaction,
                   reward: Literal["point", "coins"], game: int | None = None) -> None:
        await _act(interaction, self.phase, {"kind": "claim", "reward": reward}, game)


async def setup(bot: Any) -> None:
    await bot.add_cog(BidPhase(bot))
    await bot.add_cog(ClaimPhase(bot))
