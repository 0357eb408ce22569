"""Neptun's slash commands (extension): one group of /mn, `/mn neptun …`, holding the
commands of both its phases (scoring asks no decision). /mn already has 20 children and
Discord allows 25: one group per phase would leave too little room, so the two phases share
this group and each command names its phase (`phase`), which it checks.

Phase 1, contracts: `take contract: slot:` takes a face-up contract of the row into a free
slot of the manifest, `turn` turns the next face-down one.
Phase 2, voyages: `oar card:` plays the turn's oar card (sealed: the reply and the DM are
private), `sail to:` sails one leg (the autocomplete names the reachable ports with the miles
and the gold each costs), `deliver contract: buy:` delivers where the ship is and ends the
move, `stay` ends it without a delivery, `extra accept:` answers the extra turn 5.I or 5.II."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.adapters.neptun.present import contract, slot
from cogs.choose import GameOption
from cogs.phases import PhaseGroup, Position

from . import act, choices

CONTRACTS, VOYAGES = "contracts", "voyages"


def _contract(pos: Position, action: dict[str, Any], language: str) -> str:
    index = int(action["index"])
    column = pos.view.get("row", [])[index]
    return f"{index + 1}. {contract(column.get('city'), column.get('goods'), language)}"


class Neptun(PhaseGroup, group_name="neptun", group_description="Neptun: your decisions"):
    phase = CONTRACTS  # the first; each command checks its own

    @app_commands.command(name="take", description="Take a face-up contract into your manifest")
    @app_commands.describe(contract="The contract (its place in the row)",
                           slot="The free slot of your manifest (1-5)")
    async def take(self, interaction: discord.Interaction, contract: int, slot: int,
                   game: GameOption = None) -> None:
        await act(interaction, CONTRACTS, "take_contract",
                  {"index": contract - 1, "slot": slot - 1}, game)

    @take.autocomplete("contract")
    async def _contracts(self, interaction: discord.Interaction,
                         typed: str) -> list[app_commands.Choice[Any]]:
        found = await choices(interaction, "take_contract", lambda a: a["index"], typed,
                              _contract)
        return [app_commands.Choice(name=c.name, value=int(c.value) + 1) for c in found]

    @take.autocomplete("slot")
    async def _slots(self, interaction: discord.Interaction,
                     typed: str) -> list[app_commands.Choice[Any]]:
        found = await choices(interaction, "take_contract", lambda a: a["slot"], typed,
                              lambda pos, a, language: slot(int(a["slot"]), language))
        return [app_commands.Choice(name=c.name, value=int(c.value) + 1) for c in found]

    @app_commands.command(name="turn", description="Turn the next face-down contract")
    async def turn(self, interaction: discord.Interaction, game: GameOption = None) -> None:
        await act(interaction, CONTRACTS, "reveal_contract", {}, game)

    @app_commands.command(name="oar", description="Play your oar card for this turn (sealed)")
    @app_commands.describe(card="One of the oar cards in your hand")
    async def oar(self, interaction: discord.Interaction, card: int,
                  game: GameOption = None) -> None:
        await act(interaction, VOYAGES, "play_oar", {"card": card}, game)

    @oar.autocomplete("card")
    async def _cards(self, interaction: discord.Interaction,
                     typed: str) -> list[app_commands.Choice[Any]]:
        return await choices(interaction, "play_oar", lambda a: a["card"], typed)

    @app_commands.command(name="sail", description="Sail one leg to a neighbouring port")
    @app_commands.describe(to="The port (with the miles and the gold it costs)")
    async def sail(self, interaction: discord.Interaction, to: str,
                   game: GameOption = None) -> None:
        await act(interaction, VOYAGES, "sail", {"to": to}, game)

    @sail.autocomplete("to")
    async def _ports(self, interaction: discord.Interaction,
                     typed: str) -> list[app_commands.Choice[Any]]:
        return await choices(interaction, "sail", lambda a: a["to"], typed)

    @app_commands.command(name="deliver", description="Deliver a contract where your ship is")
    @app_commands.describe(contract="The contract (its slot in your manifest)",
                           buy="Buy the extra temple point")
    async def deliver(self, interaction: discord.Interaction, contract: int,
                      buy: bool = False, game: GameOption = None) -> None:
        await act(interaction, VOYAGES, "deliver", {"slot": contract - 1, "buy": buy}, game)

    @deliver.autocomplete("contract")
    async def _open_slots(self, interaction: discord.Interaction,
                     typed: str) -> list[app_commands.Choice[Any]]:
        found = await choices(interaction, "deliver", lambda a: a["slot"], typed)
        return [app_commands.Choice(name=c.name, value=int(c.value) + 1) for c in found]

    @app_commands.command(name="stay", description="End your move here without delivering")
    async def stay(self, interaction: discord.Interaction, game: GameOption = None) -> None:
        await act(interaction, VOYAGES, "end_voyage", {}, game)

    @app_commands.command(name="extra", description="Sail the extra turn, or decline it")
    async def extra(self, interaction: discord.Interaction, accept: bool,
                    game: GameOption = None) -> None:
        await act(interaction, VOYAGES, "extra_turn", {"accept": accept}, game)


async def setup(bot: Any) -> None:
    await bot.add_cog(Neptun(bot))
