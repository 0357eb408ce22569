"""Phase II, Trade (extension): `/mn trade …` — the trade token, the sealed offer, the picks
from the others' offers, the Trade Leader's compensation. The sealed offer is the one builder
of `make_offer` answers: the decision page composes an offer token by token through it too."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.i18n import ln, ls

from .forms import Form, Number, Text, Tokens
from .phase import GameOption, PhaseCog, Pick

PHASE = "trade"
TOKEN = Form(PHASE, "play", "play_trade_token", {"token": Text("token"), "face": Number("amount")})
OFFER = Form(PHASE, "offer", "make_offer", {"resources": Tokens("resources")})
TAKE = Form(PHASE, "take", "take_resource", {"source": Text("source"), "token": Text("token")})
GIVE = Form(PHASE, "give", "give_compensation", {"resource": Text("resource")})
FORMS = (TOKEN, OFFER, TAKE, GIVE)


class Trade(PhaseCog, group_name=ln("trade"), group_description=ls("cmd.trade")):
    phase = PHASE

    @app_commands.command(name=ln("play"), description=ls("cmd.trade.play"),
                          extras={"form": TOKEN})
    @app_commands.describe(token=ls("cmd.opt.trade_token"), face=ls("cmd.opt.face"),
                           game=ls("cmd.game"))
    @app_commands.rename(token=ln("token"), face=ln("face"), game=ln("game"))
    async def play(self, interaction: discord.Interaction,
                   token: app_commands.Transform[str, Pick("token")],
                   face: app_commands.Transform[str, Pick("face")],
                   game: GameOption = None) -> None:
        await self.act(interaction, TOKEN, game, token=token, face=face)

    @app_commands.command(name=ln("offer"), description=ls("cmd.trade.offer"),
                          extras={"form": OFFER})
    @app_commands.describe(resources=ls("cmd.opt.offer"), game=ls("cmd.game"))
    @app_commands.rename(resources=ln("resources"), game=ln("game"))
    async def offer(self, interaction: discord.Interaction,
                    resources: app_commands.Transform[str, Pick("resources")],
                    game: GameOption = None) -> None:
        await self.act(interaction, OFFER, game, resources=resources)

    @app_commands.command(name=ln("take"), description=ls("cmd.trade.take"),
                          extras={"form": TAKE})
    @app_commands.describe(source=ls("cmd.opt.from_player"), token=ls("cmd.opt.token"),
                           game=ls("cmd.game"))
    @app_commands.rename(source=ln("from"), token=ln("token"), game=ln("game"))
    async def take(self, interaction: discord.Interaction,
                   source: app_commands.Transform[str, Pick("source")],
                   token: app_commands.Transform[str, Pick("token")],
                   game: GameOption = None) -> None:
        await self.act(interaction, TAKE, game, source=source, token=token)

    @app_commands.command(name=ln("give"), description=ls("cmd.trade.give"),
                          extras={"form": GIVE})
    @app_commands.describe(resource=ls("cmd.opt.resource"), game=ls("cmd.game"))
    @app_commands.rename(resource=ln("resource"), game=ln("game"))
    async def give(self, interaction: discord.Interaction,
                   resource: app_commands.Transform[str, Pick("resource")],
                   game: GameOption = None) -> None:
        await self.act(interaction, GIVE, game, resource=resource)


async def setup(bot: Any) -> None:
    await bot.add_cog(Trade(bot))
