"""Phase IV, Military (extension): `/mn military …` — who plays next, a player's moves and
battles step by step, the casualties of a battle, the conquests, and the powers' own answers
(the Statue of Zeus' peace, the Queen of Sheba's conversion). A move names its source and
target; which unit moves there (a trireme at sea, a legion on land) is read from the legal
moves."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.i18n import ln, ls

from .forms import Flag, Form, Number, Spaces, Text
from .phase import MAX_COUNT, GameOption, PhaseCog, Pick

PHASE = "military"
NEXT = Form(PHASE, "next", "choose_next", {"player": Text("target")})
MOVE = Form(PHASE, "move", "move",
            {"source": Text("source"), "target": Text("target"), "unit": Text("unit")})
ATTACK = Form(PHASE, "attack", "battle", {"where": Text("area"), "against": Text("opponent")})
CASUALTIES = Form(PHASE, "casualties", "choose_casualties",
                  {"legions": Number("legions"), "fortress": Flag("fortress")})
CONQUER = Form(PHASE, "conquer", "conquer",
               {"province": Text("province"), "choice": Text("option"),
                "spaces": Spaces("slots"), "reward": Text("reward")})
END = Form(PHASE, "end", "end_turn")
PEACE = Form(PHASE, "peace", "declare_peace", {"ally": Text("ally")})
CONVERT = Form(PHASE, "convert", "convert_now", {"province": Text("province")})
FORMS = (NEXT, MOVE, ATTACK, CASUALTIES, CONQUER, END, PEACE, CONVERT)


class Military(PhaseCog, group_name=ln("military"), group_description=ls("cmd.military")):
    phase = PHASE

    @app_commands.command(name=ln("next"), description=ls("cmd.military.next"),
                          extras={"form": NEXT})
    @app_commands.describe(player=ls("cmd.opt.next_player"), game=ls("cmd.game"))
    @app_commands.rename(player=ln("player"), game=ln("game"))
    async def next_(self, interaction: discord.Interaction,
                    player: app_commands.Transform[str, Pick("player")],
                    game: GameOption = None) -> None:
        await self.act(interaction, NEXT, game, player=player)

    @app_commands.command(name=ln("move"), description=ls("cmd.military.move"),
                          extras={"form": MOVE})
    @app_commands.describe(source=ls("cmd.opt.from_area"), target=ls("cmd.opt.to_area"),
                           count=ls("cmd.opt.count"), game=ls("cmd.game"))
    @app_commands.rename(source=ln("from"), target=ln("to"), count=ln("count"),
                         game=ln("game"))
    async def move(self, interaction: discord.Interaction,
                   source: app_commands.Transform[str, Pick("source")],
                   target: app_commands.Transform[str, Pick("target")],
                   count: app_commands.Range[int, 1, MAX_COUNT] = 1,
                   game: GameOption = None) -> None:
        await self.act(interaction, MOVE, game, count, source=source, target=target)

    @app_commands.command(name=ln("attack"), description=ls("cmd.military.attack"),
                          extras={"form": ATTACK})
    @app_commands.describe(where=ls("cmd.opt.where_battle"), against=ls("cmd.opt.against"),
                           game=ls("cmd.game"))
    @app_commands.rename(where=ln("where"), against=ln("against"), game=ln("game"))
    async def attack(self, interaction: discord.Interaction,
                     where: app_commands.Transform[str, Pick("where")],
                     against: app_commands.Transform[str, Pick("against")] | None = None,
                     game: GameOption = None) -> None:
        await self.act(interaction, ATTACK, game, where=where, against=against)

    @app_commands.command(name=ln("casualties"), description=ls("cmd.military.casualties"),
                          extras={"form": CASUALTIES})
    @app_commands.describe(legions=ls("cmd.opt.legions_lost"),
                           fortress=ls("cmd.opt.fortress_lost"), game=ls("cmd.game"))
    @app_commands.rename(legions=ln("legions"), fortress=ln("fortress"), game=ln("game"))
    async def casualties(self, interaction: discord.Interaction,
                         legions: app_commands.Transform[str, Pick("legions")],
                         fortress: app_commands.Transform[str, Pick("fortress")] | None = None,
                         game: GameOption = None) -> None:
        await self.act(interaction, CASUALTIES, game, legions=legions, fortress=fortress)

    @app_commands.command(name=ln("conquer"), description=ls("cmd.military.conquer"),
                          extras={"form": CONQUER})
    @app_commands.describe(province=ls("cmd.opt.province"), choice=ls("cmd.opt.conquest"),
                           spaces=ls("cmd.opt.spaces"), reward=ls("cmd.opt.reward"),
                           game=ls("cmd.game"))
    @app_commands.rename(province=ln("province"), choice=ln("choice"), spaces=ln("spaces"),
                         reward=ln("reward"), game=ln("game"))
    async def conquer(self, interaction: discord.Interaction,
                      province: app_commands.Transform[str, Pick("province")],
                      choice: app_commands.Transform[str, Pick("choice")],
                      spaces: app_commands.Transform[str, Pick("spaces")] | None = None,
                      reward: app_commands.Transform[str, Pick("reward")] | None = None,
                      game: GameOption = None) -> None:
        await self.act(interaction, CONQUER, game, province=province, choice=choice,
                       spaces=spaces, reward=reward)

    @app_commands.command(name=ln("end"), description=ls("cmd.military.end"),
                          extras={"form": END})
    @app_commands.describe(game=ls("cmd.game"))
    @app_commands.rename(game=ln("game"))
    async def end(self, interaction: discord.Interaction, game: GameOption = None) -> None:
        await self.act(interaction, END, game)

    @app_commands.command(name=ln("peace"), description=ls("cmd.military.peace"),
                          extras={"form": PEACE})
    @app_commands.describe(ally=ls("cmd.opt.ally"), game=ls("cmd.game"))
    @app_commands.rename(ally=ln("with"), game=ln("game"))
    async def peace(self, interaction: discord.Interaction,
                    ally: app_commands.Transform[str, Pick("ally")],
                    game: GameOption = None) -> None:
        await self.act(interaction, PEACE, game, ally=ally)

    @app_commands.command(name=ln("convert"), description=ls("cmd.military.convert"),
                          extras={"form": CONVERT})
    @app_commands.describe(province=ls("cmd.opt.convert"), game=ls("cmd.game"))
    @app_commands.rename(province=ln("province"), game=ln("game"))
    async def convert(self, interaction: discord.Interaction,
                      province: app_commands.Transform[str, Pick("province")],
                      game: GameOption = None) -> None:
        await self.act(interaction, CONVERT, game, province=province)


async def setup(bot: Any) -> None:
    await bot.add_cog(Military(bot))
