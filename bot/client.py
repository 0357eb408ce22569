"""The Discord client: no privileged intent, commands and components from the `cogs.mn`
extension (with `cogs.admin` and `cogs.help`) and each registered game's phase cogs (under /mn,
or under the game's own top-level command, `Game.commands`: `/neptun`), storage
opened at start. Commands are synced only on request (`--sync`).

Sharded (discord.py's AutoShardedBot): the shards Discord recommends, or SHARD_IDS of
SHARD_COUNT; several processes share one PostgreSQL database (docs/scaling.md)."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord.ext import commands

from cogs.errors import MareNostrumTree
from cogs.phases import game_group

from . import registry
from .i18n import CatalogTranslator
from .service import GameService
from .settings import Settings
from .storage import Storage, storage_for

log = logging.getLogger(__name__)


def intents() -> discord.Intents:
    wanted = discord.Intents.none()
    wanted.guilds = True  # threads and channels; nothing privileged
    return wanted


def _shards(settings: Settings) -> dict[str, Any]:
    """AutoShardedBot's shard options: SHARD_IDS of SHARD_COUNT, or none (Discord's count)."""
    if settings.shard_ids is not None:
        return {"shard_ids": settings.shard_ids, "shard_count": settings.shard_count}
    return {"shard_count": settings.shard_count}


class MareNostrumBot(commands.AutoShardedBot):
    def __init__(
        self, settings: Settings, *, storage: Storage | None = None, run_loops: bool = True,
        **options: Any,
    ) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=intents(),
                         help_command=None, tree_cls=MareNostrumTree,
                         **_shards(settings), **options)
        self.settings = settings
        self.storage: Storage = storage or storage_for(
            settings.database_url, settings.database_path, pool_size=settings.database_pool_size)
        self.service = GameService(self.storage, deadline_hours=settings.default_deadline_hours,
                                   language=settings.default_language)
        self.run_loops = run_loops
        self.notifier: Any = None  # set by cogs.mn

    async def setup_hook(self) -> None:
        await self.storage.open()
        await self.tree.set_translator(CatalogTranslator())
        await self.load_extension("cogs.mn")
        await self.load_extension("cogs.admin")  # adds its commands to the /mn group
        await self.load_extension("cogs.help")
        await self.load_extension("cogs.settings")  # /settings, a top-level command
        await self.load_extension("cogs.away")  # /away: a top-level group of its own
        for game in registry.games().values():  # each game's phase cogs: groups of /mn,
            if game.commands is not None:  # or of the game's own top-level command
                self.tree.add_command(game_group(game.commands))
            for extension in game.extensions:
                await self.load_extension(extension)
        games = await self.service.load()
        log.info("%d running game(s) loaded", len(games))
        for record in games:  # AI seats owing a decision when the bot stopped play now
            if self.service.ai_owed(record):
                self.notifier.wake(record.id)

    async def sync_commands(self) -> list[Any]:
        """Register the slash commands with Discord: on the dev guild if set (instant),
        else globally (may take up to an hour to appear)."""
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            return await self.tree.sync(guild=guild)
        return await self.tree.sync()

    async def close(self) -> None:
        try:
            await super().close()
        finally:
            await self.storage.close()
