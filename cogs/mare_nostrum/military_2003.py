"""The 2003 ruleset's Military (extension): its commands join `/mn military` — a trireme's
sail, legions marching (each fights on entering: `against` names the opponent when several
stand there), the units lost to hits, the conquest's choice (sack a building, occupy,
convert, or nothing). Who plays next (`next`), a battle where his units already stand
(`attack`) and the end of his turn (`end`) are the Empires commands: the same answers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands

from bot.i18n import ln, ls, t

from .forms import EMPTY, Form, Number, Text
from .joined import JoinedPhase
from .phase import GameOption, Pick

PHASE = "military"
RULESET = "2003"


class Building(Text):
    """A building of a province as a sack names it: "city:3", "caravan:2", "temple",
    "market" (the ville or caravan on that space)."""

    def label(self, value: str, lang: str, names: Mapping[str, str]) -> str:
        if value == EMPTY:
            return t("game.none", lang)
        kind, _, space = value.partition(":")
        shown = t(f"mn.value.{kind}", lang)
        shown = shown[:1].upper() + shown[1:]
        return f"{shown} ({t('mn.phasecmd.space', lang, n=int(space) + 1)})" if space else shown


SAIL = Form(PHASE, "sail", "sail_trireme", {"source": Text("source"), "target": Text("target")})
MARCH = Form(
    PHASE,
    "march",
    "march",
    {
        "source": Text("source"),
        "target": Text("target"),
        "legions": Number("count"),
        "against": Text("opponent"),
    },
)
LOSSES = Form(
    PHASE,
    "losses",
    "lose_units",
    {"legions": Number("legions"), "fortresses": Number("fortresses")},
)
CONQUEST = Form(
    PHASE,
    "conquest",
    "conquer_2003",
    {"province": Text("province"), "choice": Text("option"), "building": Building("building")},
)
FORMS = (SAIL, MARCH, LOSSES, CONQUEST)


class Military2003(JoinedPhase, group_name="mn2003-military", group_description="-"):
    phase = PHASE
    joins = "military"

    @app_commands.command(
        name=ln("sail", space="mn"), description=ls("cmd.military.sail"), extras={"form": SAIL}
    )
    @app_commands.describe(
        source=ls("cmd.opt.from_area"), target=ls("cmd.opt.to_area"), game=ls("cmd.game")
    )
    @app_commands.rename(source=ln("from"), target=ln("to"), game=ln("game"))
    async def sail(
        self,
        interaction: discord.Interaction,
        source: app_commands.Transform[str, Pick("source")],
        target: app_commands.Transform[str, Pick("target")],
        game: GameOption = None,
    ) -> None:
        await self.act(interaction, SAIL, game, source=source, target=target)

    @app_commands.command(
        name=ln("march"), description=ls("cmd.military.march"), extras={"form": MARCH}
    )
    @app_commands.describe(
        source=ls("cmd.opt.from_area"),
        target=ls("cmd.opt.to_area"),
        legions=ls("cmd.opt.legions_march"),
        against=ls("cmd.opt.against"),
        game=ls("cmd.game"),
    )
    @app_commands.rename(
        source=ln("from"),
        target=ln("to"),
        legions=ln("legions"),
        against=ln("against"),
        game=ln("game"),
    )
    async def march(
        self,
        interaction: discord.Interaction,
        source: app_commands.Transform[str, Pick("source")],
        target: app_commands.Transform[str, Pick("target")],
        legions: app_commands.Transform[str, Pick("legions")] | None = None,
        against: app_commands.Transform[str, Pick("against")] | None = None,
        game: GameOption = None,
    ) -> None:
        await self.act(
            interaction, MARCH, game, source=source, target=target, legions=legions, against=against
        )

    @app_commands.command(
        name=ln("losses"), description=ls("cmd.military.losses"), extras={"form": LOSSES}
    )
    @app_commands.describe(
        legions=ls("cmd.opt.legions_lost"),
        fortresses=ls("cmd.opt.fortresses_lost"),
        game=ls("cmd.game"),
    )
    @app_commands.rename(legions=ln("legions"), fortresses=ln("fortresses"), game=ln("game"))
    async def losses(
        self,
        interaction: discord.Interaction,
        legions: app_commands.Transform[str, Pick("legions")],
        fortresses: app_commands.Transform[str, Pick("fortresses")] | None = None,
        game: GameOption = None,
    ) -> None:
        await self.act(interaction, LOSSES, game, legions=legions, fortresses=fortresses)

    @app_commands.command(
        name=ln("conquest"), description=ls("cmd.military.conquest"), extras={"form": CONQUEST}
    )
    @app_commands.describe(
        province=ls("cmd.opt.province"),
        choice=ls("cmd.opt.conquest_2003"),
        building=ls("cmd.opt.building"),
        game=ls("cmd.game"),
    )
    @app_commands.rename(
        province=ln("province"), choice=ln("choice"), building=ln("building"), game=ln("game")
    )
    async def conquest(
        self,
        interaction: discord.Interaction,
        province: app_commands.Transform[str, Pick("province")],
        choice: app_commands.Transform[str, Pick("choice")],
        building: app_commands.Transform[str, Pick("building")] | None = None,
        game: GameOption = None,
    ) -> None:
        await self.act(
            interaction, CONQUEST, game, province=province, choice=choice, building=building
        )


async def setup(bot: Any) -> None:
    await bot.add_cog(Military2003(bot))
