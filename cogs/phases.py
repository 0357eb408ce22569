"""What every game's phase cogs share, knowing no game: a phase's group of slash commands
under /mn or under the game's own top-level command, the caller's position in his game (seat,
legal actions, view, the seats' names from the game's presenter), and the one way a command's
answer is submitted.

A game's phase cogs (Mare Nostrum's are `cogs/mare_nostrum/`, Neptun's `cogs/neptun/`)
subclass `PhaseGroup`, read the caller's `position`, build an engine action from their options
and `submit` it: the engine judges it through the service, the reply is private, the notifier
publishes the events as after a click.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import ls, t
from bot.registry import CommandGroup
from bot.service import GameService
from bot.storage import GameRecord

from .common import REFUSALS, caller, reply, reply_error
from .common import lang as lang_of
from .play import decision_page_for, presenter_of
from .ui import to_view

log = logging.getLogger(__name__)


def service_of(interaction: discord.Interaction) -> GameService:
    service: GameService = interaction.client.service  # type: ignore[attr-defined]
    return service


@dataclass
class Position:
    """A player's game as a command sees it: his seat, his legal actions, his view, and the
    seats' names (the game's presenter's)."""

    record: GameRecord
    player: str
    legal: list[dict[str, Any]]
    view: Mapping[str, Any]
    names: dict[str, str]

    @property
    def phase(self) -> str:
        return str(self.view.get("phase"))


async def position(interaction: discord.Interaction, game: int | None) -> Position:
    """The caller's game (its number, else this thread's game, else his only running game on
    this server) and what he may do in it; REFUSALS otherwise."""
    service = service_of(interaction)
    record = await service.find(caller(interaction), game)
    record, player, legal = await service.legal_for(record.id, interaction.user.id)
    seen = service.game_of(record).engine.view(service.state_of(record), player)
    names = presenter_of(service, record).names(seen)
    return Position(record, player, [a.to_dict() for a in legal], seen, names)


def game_group(spec: CommandGroup) -> app_commands.Group:
    """A game's own top-level command (`Game.commands`), empty until its phase cogs load."""
    return app_commands.Group(name=app_commands.locale_str(spec.name, key=spec.name_key),
                              description=ls(spec.description_key), guild_only=True)


class PhaseGroup(commands.GroupCog):
    """A phase's commands: a group of a top-level command, `root`: /mn for Mare Nostrum's
    phases (`/mn trade …`), a game's own for a game that has one (`/neptun contract …`, its
    registry entry's `commands`, added to the tree by the bot before the game's cogs)."""

    phase: ClassVar[str]
    root: ClassVar[str] = "mn"

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        super().__init__()

    def _parent(self) -> app_commands.Group | None:
        parent = self.bot.tree.get_command(self.root)
        return parent if isinstance(parent, app_commands.Group) else None

    async def cog_load(self) -> None:
        """add_cog has put the group at the top of the tree: move it under its root."""
        group, parent = self.app_command, self._parent()
        if group is None or parent is None:
            raise RuntimeError(f"/{self.root} is not in the tree: load cogs.mn, or add the "
                               "game's group (Game.commands), before the phase cogs")
        self.bot.tree.remove_command(group.name)
        parent.add_command(group)

    async def cog_unload(self) -> None:
        group, parent = self.app_command, self._parent()
        if group is not None and parent is not None:
            parent.remove_command(group.name)


async def submit(interaction: discord.Interaction, pos: Position, action: dict[str, Any],
                 count: int = 1) -> None:
    """Hand the answer to the service (the engine judges it); tell the player privately,
    with the page of what he owes next; publish what it changed."""
    service, language = service_of(interaction), lang_of(interaction)
    try:
        outcome = await service.submit_all(pos.record.id, interaction.user.id,
                                           [action] * count, pos.record.version)
    except REFUSALS as exc:
        return await reply_error(interaction, exc)
    label = presenter_of(service, pos.record).action_label(action, language, pos.names)
    label += f" ×{count}" if count > 1 else ""
    done = t("game.answered", language, label=label)
    try:
        if pos.player in outcome.owed_after:
            page = await decision_page_for(service, outcome.game, pos.player, 0, language, done)
            await reply(interaction, page.content, view=to_view(page))
        else:
            await reply(interaction, done)
    except Exception:  # saved all the same: say so, publish below
        log.exception("game %s: the reply after a saved command failed", pos.record.id)
        if not interaction.response.is_done():
            await reply(interaction, done)
    notifier = interaction.client.notifier  # type: ignore[attr-defined]
    await notifier.publish(outcome, acted=pos.player)
