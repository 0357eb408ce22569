"""The 2003 ruleset's Trade (extension): its commands join `/mn trade` — the number of cards
the Trade Leader names (0 cancels the exchange), then the Empires exchange's own commands
(`offer`, `take`, `give`) play the rest; the Temple of Artemis' card and Ulysses' pick."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.i18n import ln, ls

from .forms import Flag, Form, Number, Text
from .joined import JoinedPhase
from .phase import GameOption, Pick

PHASE = "trade"
RULESET = "2003"
AMOUNT = Form(PHASE, "amount", "name_amount", {"number": Number("amount")})
ARTEMIS = Form(PHASE, "artemis", "choose_resource", {"resource": Text("resource")})
ULYSSES = Form(PHASE, "ulysses", "ulysses_answer", {"redirect": Flag("redirect")})
FORMS = (AMOUNT, ARTEMIS, ULYSSES)


class Trade2003(JoinedPhase, group_name="mn2003-trade", group_description="-"):
    phase = PHASE
    joins = "trade"

    @app_commands.command(
        name=ln("amount"), description=ls("cmd.trade.amount"), extras={"form": AMOUNT}
    )
    @app_commands.describe(number=ls("cmd.opt.amount"), game=ls("cmd.game"))
    @app_commands.rename(number=ln("number"), game=ln("game"))
    async def amount(
        self,
        interaction: discord.Interaction,
        number: app_commands.Transform[str, Pick("number")],
        game: GameOption = None,
    ) -> None:
        await self.act(interaction, AMOUNT, game, number=number)

    @app_commands.command(
        name=ln("artemis"), description=ls("cmd.trade.artemis"), extras={"form": ARTEMIS}
    )
    @app_commands.describe(resource=ls("cmd.opt.artemis"), game=ls("cmd.game"))
    @app_commands.rename(resource=ln("resource"), game=ln("game"))
    async def artemis(
        self,
        interaction: discord.Interaction,
        resource: app_commands.Transform[str, Pick("resource")],
        game: GameOption = None,
    ) -> None:
        await self.act(interaction, ARTEMIS, game, resource=resource)

    @app_commands.command(
        name=ln("ulysses"), description=ls("cmd.trade.ulysses"), extras={"form": ULYSSES}
    )
    @app_commands.describe(redirect=ls("cmd.opt.redirect"), game=ls("cmd.game"))
    @app_commands.rename(redirect=ln("redirect"), game=ln("game"))
    async def ulysses(
        self,
        interaction: discord.Interaction,
        redirect: app_commands.Transform[str, Pick("redirect")],
        game: GameOption = None,
    ) -> None:
        await self.act(interaction, ULYSSES, game, redirect=redirect)


async def setup(bot: Any) -> None:
    await bot.add_cog(Trade2003(bot))
