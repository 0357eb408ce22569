"""The Mythology's creatures (extension): their commands join `/mn military` — creatures
moving (legions may go with them; entering enemy units fights `against`), titans shooting,
a kraken diving or surfacing, the units lost to hits when creatures are among them, the
Greek letting a convoy pass (his blockade's attack is `/mn military attack`) — and
`/mn construction bonus`, a card's free influence or fortress (C-58)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.i18n import ln, ls

from .forms import Form, Number, Text
from .joined import JoinedPhase
from .phase import GameOption, Pick

# The Mythology module of the 2003 ruleset owns these commands (the phase cogs test reads it).
RULESET = "2003"
MODULE = "mythology"
PHASE = "military"
MOVE = Form(
    PHASE,
    "creatures",
    "move_creatures",
    {
        "source": Text("source"),
        "target": Text("target"),
        "creatures": Number("creatures"),
        "legions": Number("legions"),
        "against": Text("opponent"),
    },
)
SHOOT = Form(
    PHASE, "shoot", "titans_shoot", {"target": Text("target"), "against": Text("opponent")}
)
DIVE = Form(PHASE, "dive", "kraken_dive", {"area": Text("area")})
SURFACE = Form(PHASE, "surface", "kraken_surface", {"sea": Text("sea")})
LOSSES = Form(
    PHASE,
    "army_losses",
    "lose_army",
    {
        "legions": Number("legions"),
        "fortresses": Number("fortresses"),
        "creatures": Number("creatures"),
    },
)
LET_PASS = Form(PHASE, "let_pass", "pass_blockade")
BONUS = Form(
    "construction",
    "bonus",
    "place_entry_bonus",
    {"item": Text("item"), "province": Text("target")},
)
FORMS = (MOVE, SHOOT, DIVE, SURFACE, LOSSES, LET_PASS, BONUS)


class Creatures(JoinedPhase, group_name="mn-creatures", group_description="-"):
    phase = PHASE
    joins = "military"

    @app_commands.command(
        name=ln("creatures"), description=ls("cmd.military.creatures"), extras={"form": MOVE}
    )
    @app_commands.describe(
        source=ls("cmd.opt.from_area"),
        target=ls("cmd.opt.to_area"),
        creatures=ls("cmd.opt.creatures_moved"),
        legions=ls("cmd.opt.legions_escort"),
        against=ls("cmd.opt.against"),
        game=ls("cmd.game"),
    )
    @app_commands.rename(
        source=ln("from"),
        target=ln("to"),
        creatures=ln("creatures"),
        legions=ln("legions"),
        against=ln("against"),
        game=ln("game"),
    )
    async def creatures(
        self,
        interaction: discord.Interaction,
        source: app_commands.Transform[str, Pick("source")],
        target: app_commands.Transform[str, Pick("target")],
        creatures: app_commands.Transform[str, Pick("creatures")] | None = None,
        legions: app_commands.Transform[str, Pick("legions")] | None = None,
        against: app_commands.Transform[str, Pick("against")] | None = None,
        game: GameOption = None,
    ) -> None:
        await self.act(
            interaction,
            MOVE,
            game,
            source=source,
            target=target,
            creatures=creatures,
            legions=legions,
            against=against,
        )

    @app_commands.command(
        name=ln("shoot"), description=ls("cmd.military.shoot"), extras={"form": SHOOT}
    )
    @app_commands.describe(
        target=ls("cmd.opt.shot_area"), against=ls("cmd.opt.against"), game=ls("cmd.game")
    )
    @app_commands.rename(target=ln("target"), against=ln("against"), game=ln("game"))
    async def shoot(
        self,
        interaction: discord.Interaction,
        target: app_commands.Transform[str, Pick("target")],
        against: app_commands.Transform[str, Pick("against")] | None = None,
        game: GameOption = None,
    ) -> None:
        await self.act(interaction, SHOOT, game, target=target, against=against)

    @app_commands.command(
        name=ln("dive"), description=ls("cmd.military.dive"), extras={"form": DIVE}
    )
    @app_commands.describe(area=ls("cmd.opt.kraken_area"), game=ls("cmd.game"))
    @app_commands.rename(area=ln("area"), game=ln("game"))
    async def dive(
        self,
        interaction: discord.Interaction,
        area: app_commands.Transform[str, Pick("area")],
        game: GameOption = None,
    ) -> None:
        await self.act(interaction, DIVE, game, area=area)

    @app_commands.command(
        name=ln("surface"), description=ls("cmd.military.surface"), extras={"form": SURFACE}
    )
    @app_commands.describe(sea=ls("cmd.opt.sea"), game=ls("cmd.game"))
    @app_commands.rename(sea=ln("sea"), game=ln("game"))
    async def surface(
        self,
        interaction: discord.Interaction,
        sea: app_commands.Transform[str, Pick("sea")],
        game: GameOption = None,
    ) -> None:
        await self.act(interaction, SURFACE, game, sea=sea)

    @app_commands.command(
        name=ln("army_losses"), description=ls("cmd.military.army_losses"), extras={"form": LOSSES}
    )
    @app_commands.describe(
        legions=ls("cmd.opt.legions_lost"),
        fortresses=ls("cmd.opt.fortresses_lost"),
        creatures=ls("cmd.opt.creatures_lost"),
        game=ls("cmd.game"),
    )
    @app_commands.rename(
        legions=ln("legions"),
        fortresses=ln("fortresses"),
        creatures=ln("creatures"),
        game=ln("game"),
    )
    async def army_losses(
        self,
        interaction: discord.Interaction,
        legions: app_commands.Transform[str, Pick("legions")],
        fortresses: app_commands.Transform[str, Pick("fortresses")] | None = None,
        creatures: app_commands.Transform[str, Pick("creatures")] | None = None,
        game: GameOption = None,
    ) -> None:
        await self.act(
            interaction, LOSSES, game, legions=legions, fortresses=fortresses, creatures=creatures
        )

    @app_commands.command(
        name=ln("let_pass"), description=ls("cmd.military.let_pass"), extras={"form": LET_PASS}
    )
    @app_commands.describe(game=ls("cmd.game"))
    @app_commands.rename(game=ln("game"))
    async def let_pass(self, interaction: discord.Interaction, game: GameOption = None) -> None:
        await self.act(interaction, LET_PASS, game)


class EntryBonus(JoinedPhase, group_name="mn-entry-bonus", group_description="-"):
    phase = "construction"
    joins = "construction"

    @app_commands.command(
        name=ln("bonus"), description=ls("cmd.construction.bonus"), extras={"form": BONUS}
    )
    @app_commands.describe(
        item=ls("cmd.opt.bonus_item"), province=ls("cmd.opt.province"), game=ls("cmd.game")
    )
    @app_commands.rename(item=ln("item"), province=ln("province"), game=ln("game"))
    async def bonus(
        self,
        interaction: discord.Interaction,
        item: app_commands.Transform[str, Pick("item")],
        province: app_commands.Transform[str, Pick("province")],
        game: GameOption = None,
    ) -> None:
        await self.act(interaction, BONUS, game, item=item, province=province)


async def setup(bot: Any) -> None:
    await bot.add_cog(Creatures(bot))
    await bot.add_cog(EntryBonus(bot))
