"""The /mn command group, the dynamic components and the deadline loop (extension `cogs.mn`)."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.i18n import LANGUAGES as CATALOG_LANGUAGES
from bot.i18n import ln, ls
from bot.registry import seat_range

from . import delivery, lobby, mine, play, undelivered
from .away import expire as expire_aways
from .choose import GameNumber, GameOption
from .ending import RematchButton
from .notify import Notifier
from .ui import DecisionItem, LobbyButton, LobbySeatSelect, TurnButton

log = logging.getLogger(__name__)
# The catalog's languages, each in its own name as Discord's language picker shows them
# (`choice.language.<lang>`, the same in both parts).
LANGUAGES = [app_commands.Choice(name=ls(f"choice.language.{lang}"), value=lang)
             for lang in CATALOG_LANGUAGES]
# The seats a lobby may have, over every installed game's choices (each game's own range is
# checked by the service): Discord's client keeps the number within them.
FEWEST, MOST = seat_range()


@app_commands.guild_only()
class MareNostrum(commands.GroupCog, group_name=ln("mn"), group_description=ls("cmd.mn")):
    def __init__(self, bot: Any) -> None:
        self.bot = bot
        super().__init__()

    async def cog_load(self) -> None:
        if getattr(self.bot, "run_loops", True):
            self.deadlines.start()

    async def cog_unload(self) -> None:
        self.deadlines.cancel()

    @tasks.loop(minutes=1)
    async def deadlines(self) -> None:
        try:
            await self.tick()
        except Exception:
            log.exception("deadline scan failed")

    async def tick(self) -> None:
        """Reminders, then the default answers of expired decisions, then what a failure or a
        crash kept from the players; then what waited for the end of quiet hours and the
        daily digests due (`/settings`), and the aways that end (cogs/away.py). The loop's
        first tick runs as the bot starts: what the previous process committed but did not
        publish goes out then."""
        notifier: Notifier = self.bot.notifier
        for record, owed in await delivery.early_reminders(self.bot.service):
            await notifier.remind(record, owed)
        for record, owed in await self.bot.service.due_reminders():
            await notifier.remind(record, owed)
        for outcome in await self.bot.service.scan_deadlines():
            await notifier.publish(outcome)
        await notifier.republish_missing()
        await notifier.send_digests()  # before send_held: the lines held for it go in it
        await notifier.send_held()
        await expire_aways(self.bot)  # aways whose date has come: what was played for them

    @commands.Cog.listener()
    async def on_app_command_completion(self, interaction: discord.Interaction,
                                        command: Any) -> None:
        """After any command: what could not be sent to the user by DM in that game."""
        await undelivered.deliver(interaction)

    @app_commands.command(name=ln("new"), description=ls("cmd.new"))
    @app_commands.describe(players=ls("cmd.new.players"), language=ls("cmd.new.language"),
                           deadline=ls("cmd.new.deadline"), game=ls("cmd.new.game"),
                           ruleset=ls("cmd.new.ruleset"), modules=ls("cmd.new.modules"),
                           start=ls("cmd.new.start"), variants=ls("cmd.new.variants"))
    @app_commands.choices(language=LANGUAGES)
    @app_commands.rename(players=ln("players"), language=ln("language"),
                         deadline=ln("deadline"), game=ln("game", "boardgame"),
                         ruleset=ln("ruleset"), modules=ln("modules"), start=ln("start"),
                         variants=ln("variants"))
    async def new(self, interaction: discord.Interaction,
                  players: app_commands.Range[int, FEWEST, MOST],
                  language: str | None = None,
                  deadline: app_commands.Range[int, 1, 336] | None = None,
                  game: str | None = None, ruleset: str | None = None,
                  modules: str | None = None, start: str | None = None,
                  variants: str | None = None) -> None:
        # The game's own range of players is checked by the service (it depends on the game,
        # its ruleset and modules), and so is the start (only some rulesets offer a choice).
        await lobby.new_game(interaction, players, language, deadline, game, ruleset, modules,
                             start, variants)

    @new.autocomplete("game")
    async def _games(self, interaction: discord.Interaction,
                     current: str) -> list[app_commands.Choice[str]]:
        return lobby.game_choices(interaction, current)

    @new.autocomplete("ruleset")
    async def _rulesets(self, interaction: discord.Interaction,
                        current: str) -> list[app_commands.Choice[str]]:
        return lobby.ruleset_choices(interaction, current)

    @new.autocomplete("modules")
    async def _modules(self, interaction: discord.Interaction,
                       current: str) -> list[app_commands.Choice[str]]:
        return lobby.module_choices(interaction, current)

    @new.autocomplete("start")
    async def _starts(self, interaction: discord.Interaction,
                      current: str) -> list[app_commands.Choice[str]]:
        return lobby.start_choices(interaction, current)

    @new.autocomplete("variants")
    async def _variants(self, interaction: discord.Interaction,
                        current: str) -> list[app_commands.Choice[str]]:
        return lobby.variant_choices(interaction, current)

    @app_commands.command(name=ln("play"), description=ls("cmd.play"))
    @app_commands.describe(game=ls("cmd.game"))
    @app_commands.rename(game=ln("game"))
    async def play_(self, interaction: discord.Interaction, game: GameOption = None) -> None:
        await play.show_decisions(interaction, game)

    @app_commands.command(name=ln("screen"), description=ls("cmd.screen"))
    @app_commands.describe(game=ls("cmd.game"))
    @app_commands.rename(game=ln("game"))
    async def screen(self, interaction: discord.Interaction, game: GameOption = None) -> None:
        await play.screen(interaction, game)

    @app_commands.command(name=ln("status"), description=ls("cmd.status"))
    @app_commands.describe(game=ls("cmd.game"))
    @app_commands.rename(game=ln("game"))
    async def status(self, interaction: discord.Interaction, game: GameOption = None) -> None:
        await play.status(interaction, game)

    @app_commands.command(name=ln("board"), description=ls("cmd.board"))
    @app_commands.describe(game=ls("cmd.game"))
    @app_commands.rename(game=ln("game"))
    async def board(self, interaction: discord.Interaction, game: GameOption = None) -> None:
        await play.board(interaction, game)

    @app_commands.command(name=ln("log"), description=ls("cmd.log"))
    @app_commands.describe(game=ls("cmd.game"))
    @app_commands.rename(game=ln("game"))
    async def log_(self, interaction: discord.Interaction, game: GameOption = None) -> None:
        await play.game_log(interaction, game)

    @app_commands.command(name=ln("undo"), description=ls("cmd.undo"))
    @app_commands.describe(game=ls("cmd.game"))
    @app_commands.rename(game=ln("game"))
    async def undo(self, interaction: discord.Interaction, game: GameOption = None) -> None:
        await play.undo(interaction, game)

    @app_commands.command(name=ln("autopilot"), description=ls("cmd.autopilot"))
    @app_commands.describe(player=ls("cmd.autopilot.player"), on=ls("cmd.autopilot.on"),
                           game=ls("cmd.game"))
    @app_commands.rename(player=ln("player"), on=ln("on"), game=ln("game"))
    async def autopilot(self, interaction: discord.Interaction, player: discord.User,
                        on: bool, game: GameOption = None) -> None:
        await play.autopilot(interaction, player.id, on, game)

    @app_commands.command(name=ln("games"), description=ls("cmd.games"))
    async def games_(self, interaction: discord.Interaction) -> None:
        await mine.show_games(interaction)

    @app_commands.command(name=ln("abandon"), description=ls("cmd.abandon"))
    @app_commands.describe(game=ls("cmd.game"))
    @app_commands.rename(game=ln("game"))
    async def abandon(self, interaction: discord.Interaction, game: GameNumber) -> None:
        await play.abandon(interaction, game)


async def setup(bot: Any) -> None:
    bot.notifier = Notifier(bot)
    bot.add_dynamic_items(DecisionItem, TurnButton, LobbyButton, LobbySeatSelect, RematchButton)
    await bot.add_cog(MareNostrum(bot))
    # /stats: a command of its own (issue 13 allows it), as /mn is near Discord's 25 children.
    bot.tree.add_command(mine.stats)
