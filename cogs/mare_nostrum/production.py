"""Phase I, Production (extension): `/mn production …`, the decisions taken while the
empires collect — a legendary city's extra resource, and the powers' own choices (the
Colossus' commodity, Circe's caravans)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.i18n import ln, ls

from .forms import Form, Text, Tokens
from .phase import GameOption, PhaseCog, Pick

PHASE = "production"
CHOOSE = Form(PHASE, "choose", "choose_production",
              {"province": Text("province"), "choice": Text("choice")})
COMMODITY = Form(PHASE, "commodity", "choose_commodity", {"commodity": Text("commodity")})
CARAVANS = Form(PHASE, "caravans", "circe_caravans",
                {"province": Text("province"), "commodities": Tokens("commodities")})
FORMS = (CHOOSE, COMMODITY, CARAVANS)


class Production(PhaseCog, group_name=ln("production"), group_description=ls("cmd.production")):
    phase = PHASE

    @app_commands.command(name=ln("choose"), description=ls("cmd.production.choose"),
                          extras={"form": CHOOSE})
    @app_commands.describe(province=ls("cmd.opt.province"), choice=ls("cmd.opt.choice"),
                           game=ls("cmd.game"))
    @app_commands.rename(province=ln("province"), choice=ln("choice"), game=ln("game"))
    async def choose(self, interaction: discord.Interaction,
                     province: app_commands.Transform[str, Pick("province")],
                     choice: app_commands.Transform[str, Pick("choice")],
                     game: GameOption = None) -> None:
        await self.act(interaction, CHOOSE, game, province=province, choice=choice)

    @app_commands.command(name=ln("commodity"), description=ls("cmd.production.commodity"),
                          extras={"form": COMMODITY})
    @app_commands.describe(commodity=ls("cmd.opt.commodity"), game=ls("cmd.game"))
    @app_commands.rename(commodity=ln("commodity"), game=ln("game"))
    async def commodity(self, interaction: discord.Interaction,
                        commodity: app_commands.Transform[str, Pick("commodity")],
                        game: GameOption = None) -> None:
        await self.act(interaction, COMMODITY, game, commodity=commodity)

    @app_commands.command(name=ln("caravans"), description=ls("cmd.production.caravans"),
                          extras={"form": CARAVANS})
    @app_commands.describe(province=ls("cmd.opt.province"),
                           commodities=ls("cmd.opt.commodities"), game=ls("cmd.game"))
    @app_commands.rename(province=ln("province"), commodities=ln("commodities"),
                         game=ln("game"))
    async def caravans(self, interaction: discord.Interaction,
                       province: app_commands.Transform[str, Pick("province")],
                       commodities: app_commands.Transform[str, Pick("commodities")],
                       game: GameOption = None) -> None:
        await self.act(interaction, CARAVANS, game, province=province, commodities=commodities)


async def setup(bot: Any) -> None:
    await bot.add_cog(Production(bot))
