"""The 2003 ruleset's Construction (extension): `/mn construction …` — who builds next (the
Culture Leader names him), a builder's purchases (units, villes, caravans, temples, markets,
influence, conversions, cards) and their payments, the end of his turn (what the Hanging
Gardens keep), Cleopatra's swap, Hammurabi's free influence. Empires' Build is `/mn build`:
each answers in its own phase and says which phase the game is in otherwise."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands

from bot.i18n import ln, ls

from .forms import EMPTY, Form, Place, Text, Tokens, _name
from .phase import GameOption, PhaseCog, Pick

PHASE = "construction"
RULESET = "2003"


class CardPlace(Place):
    """Where a 2003 purchase goes: as `Place`, and a card, whose id has a dot of its own
    ("mn2003.agamemnon": no building space)."""

    def write(self, text: str) -> dict[str, Any]:
        if re.fullmatch(r"[a-z0-9_]{1,20}\.[a-z_]{1,40}", text):
            return {"target": text, "slot": -1}
        return super().write(text)

    def label(self, value: str, lang: str, names: Mapping[str, str]) -> str:
        if value != EMPTY and not value.rpartition(".")[2].isdigit():
            return _name(value, lang, names)
        return super().label(value, lang, names)


NEXT = Form(PHASE, "next", "choose_next", {"player": Text("target")})
BUY = Form(PHASE, "buy", "buy", {"item": Text("item"), "where": CardPlace()})
PAY = Form(PHASE, "pay", "pay", {"resources": Tokens("resources")})
CANCEL = Form(PHASE, "cancel", "cancel_purchase")
END = Form(PHASE, "end", "end_construction", {"keep": Tokens("keep")})
SWAP = Form(PHASE, "swap", "swap_card", {"give": Text("give"), "take": Text("take")})
INFLUENCE = Form(PHASE, "influence", "place_free_influence", {"where": Text("target")})
FORMS = (NEXT, BUY, PAY, CANCEL, END, SWAP, INFLUENCE)


class Construction(
    PhaseCog, group_name=ln("construction"), group_description=ls("cmd.construction")
):
    phase = PHASE

    @app_commands.command(
        name=ln("next"), description=ls("cmd.construction.next"), extras={"form": NEXT}
    )
    @app_commands.describe(player=ls("cmd.opt.next_player"), game=ls("cmd.game"))
    @app_commands.rename(player=ln("player"), game=ln("game"))
    async def next_(
        self,
        interaction: discord.Interaction,
        player: app_commands.Transform[str, Pick("player")],
        game: GameOption = None,
    ) -> None:
        await self.act(interaction, NEXT, game, player=player)

    @app_commands.command(
        name=ln("buy"), description=ls("cmd.construction.buy"), extras={"form": BUY}
    )
    @app_commands.describe(
        item=ls("cmd.opt.item"), where=ls("cmd.opt.where_buy"), game=ls("cmd.game")
    )
    @app_commands.rename(item=ln("item"), where=ln("where"), game=ln("game"))
    async def buy(
        self,
        interaction: discord.Interaction,
        item: app_commands.Transform[str, Pick("item")],
        where: app_commands.Transform[str, Pick("where")] | None = None,
        game: GameOption = None,
    ) -> None:
        await self.act(interaction, BUY, game, item=item, where=where)

    @app_commands.command(
        name=ln("pay"), description=ls("cmd.construction.pay"), extras={"form": PAY}
    )
    @app_commands.describe(resources=ls("cmd.opt.payment"), game=ls("cmd.game"))
    @app_commands.rename(resources=ln("resources"), game=ln("game"))
    async def pay(
        self,
        interaction: discord.Interaction,
        resources: app_commands.Transform[str, Pick("resources")],
        game: GameOption = None,
    ) -> None:
        await self.act(interaction, PAY, game, resources=resources)

    @app_commands.command(
        name=ln("cancel"), description=ls("cmd.construction.cancel"), extras={"form": CANCEL}
    )
    @app_commands.describe(game=ls("cmd.game"))
    @app_commands.rename(game=ln("game"))
    async def cancel(self, interaction: discord.Interaction, game: GameOption = None) -> None:
        await self.act(interaction, CANCEL, game)

    @app_commands.command(
        name=ln("end"), description=ls("cmd.construction.end"), extras={"form": END}
    )
    @app_commands.describe(keep=ls("cmd.opt.keep_2003"), game=ls("cmd.game"))
    @app_commands.rename(keep=ln("keep"), game=ln("game"))
    async def end(
        self,
        interaction: discord.Interaction,
        keep: app_commands.Transform[str, Pick("keep")] | None = None,
        game: GameOption = None,
    ) -> None:
        await self.act(interaction, END, game, keep=keep)

    @app_commands.command(
        name=ln("swap"), description=ls("cmd.construction.swap"), extras={"form": SWAP}
    )
    @app_commands.describe(
        give=ls("cmd.opt.give_card"), take=ls("cmd.opt.take_card"), game=ls("cmd.game")
    )
    @app_commands.rename(give=ln("give"), take=ln("take"), game=ln("game"))
    async def swap(
        self,
        interaction: discord.Interaction,
        give: app_commands.Transform[str, Pick("give")],
        take: app_commands.Transform[str, Pick("take")],
        game: GameOption = None,
    ) -> None:
        await self.act(interaction, SWAP, game, give=give, take=take)

    @app_commands.command(
        name=ln("influence"),
        description=ls("cmd.construction.influence"),
        extras={"form": INFLUENCE},
    )
    @app_commands.describe(where=ls("cmd.opt.province"), game=ls("cmd.game"))
    @app_commands.rename(where=ln("where"), game=ln("game"))
    async def influence(
        self,
        interaction: discord.Interaction,
        where: app_commands.Transform[str, Pick("where")],
        game: GameOption = None,
    ) -> None:
        await self.act(interaction, INFLUENCE, game, where=where)


async def setup(bot: Any) -> None:
    await bot.add_cog(Construction(bot))
