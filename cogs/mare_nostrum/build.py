"""Phase III, Build (extension): `/mn build …` — who builds next, a builder's purchases and
payments, the end of his turn, and the powers' own answers (Hammurabi's free influence,
Penthesilea's free legions, Castor & Pollux's copy, the Hanging Gardens' keep). The payment
is the one builder of `pay` answers (the decision page composes one through it too), and the
Build turn's summary on the decision page is this phase's (`page_lines`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands

from bot.adapters.mare_nostrum.present import turn_summary
from bot.i18n import ln, ls

from .forms import Form, Place, Text, Tokens
from .phase import GameOption, PhaseCog, Pick

PHASE = "build"
NEXT = Form(PHASE, "next", "choose_next", {"player": Text("target")})
BUY = Form(PHASE, "buy", "buy", {"item": Text("item"), "where": Place()})
PAY = Form(PHASE, "pay", "pay", {"resources": Tokens("resources")})
CANCEL = Form(PHASE, "cancel", "cancel_purchase")
END = Form(PHASE, "end", "end_turn")
INFLUENCE = Form(PHASE, "influence", "place_free_influence", {"where": Text("target")})
LEGIONS = Form(PHASE, "legions", "place_free_legions")
COPY = Form(PHASE, "copy", "copy_power", {"tile": Text("tile")})
KEEP = Form(PHASE, "keep", "keep_commodities", {"resources": Tokens("resources")})
FORMS = (NEXT, BUY, PAY, CANCEL, END, INFLUENCE, LEGIONS, COPY, KEEP)


def page_lines(view: Mapping[str, Any], lang: str, names: Mapping[str, str]) -> list[str]:
    """Before he ends his Build turn: what it placed, what ending it keeps and discards (the
    game's presenter writes it on the decision page)."""
    return turn_summary(view, lang, names)


class Build(PhaseCog, group_name=ln("build"), group_description=ls("cmd.build")):
    phase = PHASE

    @app_commands.command(name=ln("next"), description=ls("cmd.build.next"),
                          extras={"form": NEXT})
    @app_commands.describe(player=ls("cmd.opt.next_player"), game=ls("cmd.game"))
    @app_commands.rename(player=ln("player"), game=ln("game"))
    async def next_(self, interaction: discord.Interaction,
                    player: app_commands.Transform[str, Pick("player")],
                    game: GameOption = None) -> None:
        await self.act(interaction, NEXT, game, player=player)

    @app_commands.command(name=ln("buy"), description=ls("cmd.build.buy"), extras={"form": BUY})
    @app_commands.describe(item=ls("cmd.opt.item"), where=ls("cmd.opt.where_buy"),
                           game=ls("cmd.game"))
    @app_commands.rename(item=ln("item"), where=ln("where"), game=ln("game"))
    async def buy(self, interaction: discord.Interaction,
                  item: app_commands.Transform[str, Pick("item")],
                  where: app_commands.Transform[str, Pick("where")] | None = None,
                  game: GameOption = None) -> None:
        await self.act(interaction, BUY, game, item=item, where=where)

    @app_commands.command(name=ln("pay"), description=ls("cmd.build.pay"), extras={"form": PAY})
    @app_commands.describe(resources=ls("cmd.opt.payment"), game=ls("cmd.game"))
    @app_commands.rename(resources=ln("resources"), game=ln("game"))
    async def pay(self, interaction: discord.Interaction,
                  resources: app_commands.Transform[str, Pick("resources")],
                  game: GameOption = None) -> None:
        await self.act(interaction, PAY, game, resources=resources)

    @app_commands.command(name=ln("cancel"), description=ls("cmd.build.cancel"),
                          extras={"form": CANCEL})
    @app_commands.describe(game=ls("cmd.game"))
    @app_commands.rename(game=ln("game"))
    async def cancel(self, interaction: discord.Interaction, game: GameOption = None) -> None:
        await self.act(interaction, CANCEL, game)

    @app_commands.command(name=ln("end"), description=ls("cmd.build.end"), extras={"form": END})
    @app_commands.describe(game=ls("cmd.game"))
    @app_commands.rename(game=ln("game"))
    async def end(self, interaction: discord.Interaction, game: GameOption = None) -> None:
        await self.act(interaction, END, game)

    @app_commands.command(name=ln("influence"), description=ls("cmd.build.influence"),
                          extras={"form": INFLUENCE})
    @app_commands.describe(where=ls("cmd.opt.province"), game=ls("cmd.game"))
    @app_commands.rename(where=ln("where"), game=ln("game"))
    async def influence(self, interaction: discord.Interaction,
                        where: app_commands.Transform[str, Pick("where")],
                        game: GameOption = None) -> None:
        await self.act(interaction, INFLUENCE, game, where=where)

    @app_commands.command(name=ln("legions"), description=ls("cmd.build.legions"),
                          extras={"form": LEGIONS})
    @app_commands.describe(game=ls("cmd.game"))
    @app_commands.rename(game=ln("game"))
    async def legions(self, interaction: discord.Interaction, game: GameOption = None) -> None:
        await self.act(interaction, LEGIONS, game)

    @app_commands.command(name=ln("copy"), description=ls("cmd.build.copy"),
                          extras={"form": COPY})
    @app_commands.describe(tile=ls("cmd.opt.tile"), game=ls("cmd.game"))
    @app_commands.rename(tile=ln("tile"), game=ln("game"))
    async def copy(self, interaction: discord.Interaction,
                   tile: app_commands.Transform[str, Pick("tile")],
                   game: GameOption = None) -> None:
        await self.act(interaction, COPY, game, tile=tile)

    @app_commands.command(name=ln("keep"), description=ls("cmd.build.keep"),
                          extras={"form": KEEP})
    @app_commands.describe(resources=ls("cmd.opt.keep"), game=ls("cmd.game"))
    @app_commands.rename(resources=ln("resources"), game=ln("game"))
    async def keep(self, interaction: discord.Interaction,
                   resources: app_commands.Transform[str, Pick("resources")],
                   game: GameOption = None) -> None:
        await self.act(interaction, KEEP, game, resources=resources)


async def setup(bot: Any) -> None:
    await bot.add_cog(Build(bot))
