"""Private messages that could not go by DM (the player's DMs are closed, issue 13): kept in
the database (`dm_queue`, bot/storage) by the notifier, and shown privately (ephemeral) the
next time their player uses any command or button of that game."""

from __future__ import annotations

import contextlib
import logging
import re
from typing import Any

import discord

from bot.i18n import t
from bot.presenters import pack
from bot.service import MAX_ID, GameService

from .common import REFUSALS, caller, lang, reply

log = logging.getLogger(__name__)
_GAME = re.compile(r"mn:(?P<game>[0-9]{1,20}):")  # every component of a game (cogs/ui.py)


async def game_of(interaction: discord.Interaction) -> int | None:
    """The game a command or click is about: a component's own, else a command's `game`
    option, else the game the service finds from where it was typed."""
    data: dict[str, Any] = dict(interaction.data or {})
    custom_id = data.get("custom_id")
    if isinstance(custom_id, str):
        m = _GAME.match(custom_id)
        # A number past the database's range names no game (an altered custom_id).
        return int(m["game"]) if m and 0 < int(m["game"]) <= MAX_ID else None
    service: GameService = interaction.client.service  # type: ignore[attr-defined]
    option = getattr(interaction.namespace, "game", None)
    try:
        record = await service.find(caller(interaction),
                                    option if isinstance(option, int) else None,
                                    decisions=True)
    except REFUSALS:
        return None
    return record.id


async def deliver(interaction: discord.Interaction) -> None:
    """Show the user what waits for him in this game, privately, after the command's or
    click's own answer. Never fails the interaction it follows."""
    try:
        game = await game_of(interaction)
        if game is None:
            return
        service: GameService = interaction.client.service  # type: ignore[attr-defined]
        waiting = await service.storage.take_undelivered(interaction.user.id, game)
        if not waiting:
            return
        language = lang(interaction)
        for part in pack([t("game.undelivered", language, game=game), *waiting]):
            with contextlib.suppress(discord.HTTPException):
                await reply(interaction, part)
    except Exception:
        log.exception("cannot show the undelivered messages of user %s",
                      interaction.user.id)
