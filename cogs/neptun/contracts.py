"""Phase 1, contracts (extension): `/neptun contract …`. `take contract: slot:` takes a
face-up contract of the row into a free slot of the manifest; `turn` turns the next
face-down one (giving up those before it)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.adapters.neptun.present import contract, slot
from bot.i18n import ln, ls
from cogs.phases import Position

from . import GameOption, NeptunPhase, choices, name

PHASE = "contracts"


def _contract(pos: Position, action: dict[str, Any], language: str) -> str:
    index = int(action["index"])
    column = pos.view.get("row", [])[index]
    return f"{index + 1}. {contract(column.get('city'), column.get('goods'), language)}"


class Contracts(
    NeptunPhase,
    name="NeptunContracts",  # cog names are bot-wide: another game may have a Contracts phase
    group_name=name("contract"),
    group_description=ls("neptun.cmd.contract"),
):
    phase = PHASE

    @app_commands.command(name=ln("take"), description=ls("neptun.cmd.contract.take"))
    @app_commands.describe(
        contract=ls("neptun.cmd.contract.take.contract"),
        slot=ls("neptun.cmd.contract.take.slot"),
        game=ls("cmd.game"),
    )
    @app_commands.rename(contract=name("contract"), slot=name("slot"), game=ln("game"))
    async def take(
        self, interaction: discord.Interaction, contract: int, slot: int, game: GameOption = None
    ) -> None:
        await self.act(
            interaction, "take_contract", {"index": contract - 1, "slot": slot - 1}, game
        )

    @take.autocomplete("contract")
    async def _contracts(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[Any]]:
        found = await choices(interaction, "take_contract", lambda a: a["index"], typed, _contract)
        return [app_commands.Choice(name=c.name, value=int(c.value) + 1) for c in found]

    @take.autocomplete("slot")
    async def _slots(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[Any]]:
        found = await choices(
            interaction,
            "take_contract",
            lambda a: a["slot"],
            typed,
            lambda pos, a, language: slot(int(a["slot"]), language),
        )
        return [app_commands.Choice(name=c.name, value=int(c.value) + 1) for c in found]

    @app_commands.command(name=name("turn"), description=ls("neptun.cmd.contract.turn"))
    @app_commands.describe(game=ls("cmd.game"))
    @app_commands.rename(game=ln("game"))
    async def turn(self, interaction: discord.Interaction, game: GameOption = None) -> None:
        await self.act(interaction, "reveal_contract", {}, game)


async def setup(bot: Any) -> None:
    await bot.add_cog(Contracts(bot))
