"""Phase 2, voyages (extension): `/neptun voyage …`. `oar card:` plays the turn's oar card
(sealed: the reply and the DM are private), `sail to:` sails one leg (the autocomplete names
the reachable ports with the miles and the gold each costs), `deliver contract: buy:`
delivers where the ship is and ends the move, `stay` ends it without a delivery, `extra
accept:` answers the extra turn 5.I or 5.II."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.i18n import ln, ls

from . import GameOption, NeptunPhase, choices, name

PHASE = "voyages"


class Voyages(
    NeptunPhase,
    name="NeptunVoyages",  # cog names are bot-wide
    group_name=name("voyage"),
    group_description=ls("neptun.cmd.voyage"),
):
    phase = PHASE

    @app_commands.command(name=name("oar"), description=ls("neptun.cmd.voyage.oar"))
    @app_commands.describe(card=ls("neptun.cmd.voyage.oar.card"), game=ls("cmd.game"))
    @app_commands.rename(card=name("card"), game=ln("game"))
    async def oar(
        self, interaction: discord.Interaction, card: int, game: GameOption = None
    ) -> None:
        await self.act(interaction, "play_oar", {"card": card}, game)

    @oar.autocomplete("card")
    async def _cards(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[Any]]:
        return await choices(interaction, "play_oar", lambda a: a["card"], typed)

    @app_commands.command(name=name("sail"), description=ls("neptun.cmd.voyage.sail"))
    @app_commands.describe(to=ls("neptun.cmd.voyage.sail.to"), game=ls("cmd.game"))
    @app_commands.rename(to=ln("to"), game=ln("game"))
    async def sail(
        self, interaction: discord.Interaction, to: str, game: GameOption = None
    ) -> None:
        await self.act(interaction, "sail", {"to": to}, game)

    @sail.autocomplete("to")
    async def _ports(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[Any]]:
        return await choices(interaction, "sail", lambda a: a["to"], typed)

    @app_commands.command(name=name("deliver"), description=ls("neptun.cmd.voyage.deliver"))
    @app_commands.describe(
        contract=ls("neptun.cmd.voyage.deliver.contract"),
        buy=ls("neptun.cmd.voyage.deliver.buy"),
        game=ls("cmd.game"),
    )
    @app_commands.rename(contract=name("contract"), buy=ln("buy"), game=ln("game"))
    async def deliver(
        self,
        interaction: discord.Interaction,
        contract: int,
        buy: bool = False,
        game: GameOption = None,
    ) -> None:
        await self.act(interaction, "deliver", {"slot": contract - 1, "buy": buy}, game)

    @deliver.autocomplete("contract")
    async def _open_slots(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[Any]]:
        found = await choices(interaction, "deliver", lambda a: a["slot"], typed)
        return [app_commands.Choice(name=c.name, value=int(c.value) + 1) for c in found]

    @app_commands.command(name=name("stay"), description=ls("neptun.cmd.voyage.stay"))
    @app_commands.describe(game=ls("cmd.game"))
    @app_commands.rename(game=ln("game"))
    async def stay(self, interaction: discord.Interaction, game: GameOption = None) -> None:
        await self.act(interaction, "end_voyage", {}, game)

    @app_commands.command(name=name("extra"), description=ls("neptun.cmd.voyage.extra"))
    @app_commands.describe(accept=ls("neptun.cmd.voyage.extra.accept"), game=ls("cmd.game"))
    @app_commands.rename(accept=name("accept"), game=ln("game"))
    async def extra(
        self, interaction: discord.Interaction, accept: bool, game: GameOption = None
    ) -> None:
        await self.act(interaction, "extra_turn", {"accept": accept}, game)


async def setup(bot: Any) -> None:
    await bot.add_cog(Voyages(bot))
