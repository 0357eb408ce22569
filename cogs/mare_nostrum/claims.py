"""Phase V, Claims (extension): `/mn claims award` — the holder of a title names its winner
among the players tied for it."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.i18n import ln, ls

from .forms import Form, Text
from .phase import GameOption, PhaseCog, Pick

PHASE = "claims"
AWARD = Form(PHASE, "award", "award_title", {"title": Text("title"), "winner": Text("winner")})
FORMS = (AWARD,)


class Claims(PhaseCog, group_name=ln("claims"), group_description=ls("cmd.claims")):
    phase = PHASE

    @app_commands.command(name=ln("award"), description=ls("cmd.claims.award"),
                          extras={"form": AWARD})
    @app_commands.describe(title=ls("cmd.opt.title"), winner=ls("cmd.opt.winner"),
                           game=ls("cmd.game"))
    @app_commands.rename(title=ln("title"), winner=ln("winner"), game=ln("game"))
    async def award(self, interaction: discord.Interaction,
                    title: app_commands.Transform[str, Pick("title")],
                    winner: app_commands.Transform[str, Pick("winner")],
                    game: GameOption = None) -> None:
        await self.act(interaction, AWARD, game, title=title, winner=winner)


async def setup(bot: Any) -> None:
    await bot.add_cog(Claims(bot))
