"""The Mythology's Offerings phase (extension): `/mn offerings …` — the High Priest names who
offers next, a player invokes a god and pays 3 cards or passes, Adonis takes a god nobody
chose; and `/mn offerings use|keep|hermes|isis` (the gods' commands, joining the group), a
god's use in whatever phase its moment comes (Baal, Vulcain and Poséidon at any time, Hermès
and Isis after income, Mars after a combat's dice, Athéna before the roles, Ishtar when a god
aims at you)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.i18n import ln, ls

from .forms import Form, Text, Tokens
from .joined import JoinedPhase
from .phase import GameOption, PhaseCog, Pick

# The Mythology module of the 2003 ruleset owns these commands (the phase cogs test reads it).
RULESET = "2003"
MODULE = "mythology"
PHASE = "offerings"
NEXT = Form(PHASE, "next", "choose_next", {"player": Text("target")})
INVOKE = Form(PHASE, "invoke", "choose_god", {"god": Text("god")})
PAY = Form(PHASE, "pay", "pay", {"resources": Tokens("resources")})
CANCEL = Form(PHASE, "cancel", "cancel_purchase")
PASS = Form(PHASE, "pass", "pass_offering")
TAKE = Form(PHASE, "take", "take_god", {"god": Text("god")})
USE = Form(PHASE, "use", "use_god", {"god": Text("god"), "target": Text("target")}, True)
KEEP = Form(PHASE, "keep", "keep_god", {"god": Text("god")}, True)
HERMES = Form(PHASE, "hermes", "hermes_take", {"resources": Tokens("resources")}, True)
ISIS = Form(
    PHASE, "isis", "isis_give", {"recipient": Text("recipient"), "resource": Text("resource")}, True
)
FORMS = (NEXT, INVOKE, PAY, CANCEL, PASS, TAKE, USE, KEEP, HERMES, ISIS)


class Offerings(PhaseCog, group_name=ln("offerings"), group_description=ls("cmd.offerings")):
    phase = PHASE

    @app_commands.command(name=ln("next"), description=ls("cmd.offerings.next"),
                          extras={"form": NEXT})
    @app_commands.describe(player=ls("cmd.opt.next_player"), game=ls("cmd.game"))
    @app_commands.rename(player=ln("player"), game=ln("game"))
    async def next_(self, interaction: discord.Interaction,
                    player: app_commands.Transform[str, Pick("player")],
                    game: GameOption = None) -> None:
        await self.act(interaction, NEXT, game, player=player)

    @app_commands.command(name=ln("invoke"), description=ls("cmd.offerings.invoke"),
                          extras={"form": INVOKE})
    @app_commands.describe(god=ls("cmd.opt.god"), game=ls("cmd.game"))
    @app_commands.rename(god=ln("god"), game=ln("game"))
    async def invoke(self, interaction: discord.Interaction,
                     god: app_commands.Transform[str, Pick("god")],
                     game: GameOption = None) -> None:
        await self.act(interaction, INVOKE, game, god=god)

    @app_commands.command(name=ln("pay"), description=ls("cmd.offerings.pay"),
                          extras={"form": PAY})
    @app_commands.describe(resources=ls("cmd.opt.payment"), game=ls("cmd.game"))
    @app_commands.rename(resources=ln("resources"), game=ln("game"))
    async def pay(self, interaction: discord.Interaction,
                  resources: app_commands.Transform[str, Pick("resources")],
                  game: GameOption = None) -> None:
        await self.act(interaction, PAY, game, resources=resources)

    @app_commands.command(name=ln("cancel"), description=ls("cmd.offerings.cancel"),
                          extras={"form": CANCEL})
    @app_commands.describe(game=ls("cmd.game"))
    @app_commands.rename(game=ln("game"))
    async def cancel(self, interaction: discord.Interaction, game: GameOption = None) -> None:
        await self.act(interaction, CANCEL, game)

    @app_commands.command(name=ln("pass"), description=ls("cmd.offerings.pass"),
                          extras={"form": PASS})
    @app_commands.describe(game=ls("cmd.game"))
    @app_commands.rename(game=ln("game"))
    async def pass_(self, interaction: discord.Interaction, game: GameOption = None) -> None:
        await self.act(interaction, PASS, game)

    @app_commands.command(name=ln("take"), description=ls("cmd.offerings.take"),
                          extras={"form": TAKE})
    @app_commands.describe(god=ls("cmd.opt.god"), game=ls("cmd.game"))
    @app_commands.rename(god=ln("god"), game=ln("game"))
    async def take(self, interaction: discord.Interaction,
                   god: app_commands.Transform[str, Pick("god")],
                   game: GameOption = None) -> None:
        await self.act(interaction, TAKE, game, god=god)


class Gods(JoinedPhase, group_name="mn-gods", group_description="-"):
    # Its commands join /mn offerings (Discord allows /mn 25 children).
    joins = PHASE
    phase = PHASE

    @app_commands.command(name=ln("use"), description=ls("cmd.gods.use"), extras={"form": USE})
    @app_commands.describe(god=ls("cmd.opt.god"), target=ls("cmd.opt.god_target"),
                           game=ls("cmd.game"))
    @app_commands.rename(god=ln("god"), target=ln("target"), game=ln("game"))
    async def use(self, interaction: discord.Interaction,
                  god: app_commands.Transform[str, Pick("god")],
                  target: app_commands.Transform[str, Pick("target")] | None = None,
                  game: GameOption = None) -> None:
        await self.act(interaction, USE, game, god=god, target=target)

    @app_commands.command(name=ln("keep"), description=ls("cmd.gods.keep"),
                          extras={"form": KEEP})
    @app_commands.describe(god=ls("cmd.opt.god"), game=ls("cmd.game"))
    @app_commands.rename(god=ln("god"), game=ln("game"))
    async def keep(self, interaction: discord.Interaction,
                   god: app_commands.Transform[str, Pick("god")],
                   game: GameOption = None) -> None:
        await self.act(interaction, KEEP, game, god=god)

    @app_commands.command(name=ln("hermes"), description=ls("cmd.gods.hermes"),
                          extras={"form": HERMES})
    @app_commands.describe(resources=ls("cmd.opt.hermes_cards"), game=ls("cmd.game"))
    @app_commands.rename(resources=ln("resources"), game=ln("game"))
    async def hermes(self, interaction: discord.Interaction,
                     resources: app_commands.Transform[str, Pick("resources")],
                     game: GameOption = None) -> None:
        await self.act(interaction, HERMES, game, resources=resources)

    @app_commands.command(name=ln("isis"), description=ls("cmd.gods.isis"),
                          extras={"form": ISIS})
    @app_commands.describe(recipient=ls("cmd.opt.recipient"), resource=ls("cmd.opt.resource"),
                           game=ls("cmd.game"))
    @app_commands.rename(recipient=ln("recipient"), resource=ln("resource"), game=ln("game"))
    async def isis(self, interaction: discord.Interaction,
                   recipient: app_commands.Transform[str, Pick("recipient")],
                   resource: app_commands.Transform[str, Pick("resource")],
                   game: GameOption = None) -> None:
        await self.act(interaction, ISIS, game, recipient=recipient, resource=resource)


async def setup(bot: Any) -> None:
    await bot.add_cog(Offerings(bot))
    await bot.add_cog(Gods(bot))
