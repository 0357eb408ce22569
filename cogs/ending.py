"""The end of a game on Discord (issue 13): the final message in the thread — who won and how,
each seat's final standing (an embed from the game's presenter, `bot.endings`), the final board
when it changed, the whole public log attached — and its **Rematch** button.

custom id: mn:<game>:rematch. Only a player of the finished game may press it; the first press
opens the rematch's lobby (`bot.rematch`), any later one (a double click, a stale message) is
told where that lobby is."""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from typing import Any

import discord

from bot.endings import ending_content, ending_embed, log_file_name, public_log
from bot.i18n import t
from bot.mygames import game_name, link
from bot.rematch import rematch
from bot.service import GameService, ServiceError, effective_log
from bot.storage import GameRecord

from .common import REFUSALS, lang, reply, reply_error
from .ui import guarded


class RematchButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"mn:(?P<game>[0-9]{1,20}):rematch"
):
    def __init__(self, game: int, label: str = "Rematch") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.success,
                emoji="🔁",
                custom_id=f"mn:{game}:rematch",
            )
        )
        self.game = game

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> RematchButton:
        return cls(int(match["game"]), getattr(item, "label", None) or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, on_rematch(interaction, self.game))


def rematch_view(game: int, label: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(game, label))
    return view


async def ending_message(
    service: GameService, record: GameRecord, events: Sequence[Any]
) -> dict[str, Any]:
    """The final message's parts (`channel.send` keywords): its text, embed, log file and
    Rematch button, in the game's language."""
    hosted = service.game_of(record)
    language = str(record.options.get("language", "en"))
    seen = hosted.engine.view(service.state_of(record), None)
    won = [e for e in events if getattr(e, "kind", "") == "game_won"]
    condition = str(won[-1].data.get("condition")) if won else None
    name = game_name(hosted, language)
    seats = record.seating()
    names = hosted.words.names(seen, language)
    embed = ending_embed(record.id, name, seen, seats, hosted.words, language, condition)
    entries = [
        (a.seq, a.player, a.action) for a in effective_log(await service.storage.actions(record.id))
    ]
    title = t("ending.log_title", language, game=record.id, name=name)
    text = public_log(
        title, entries, hosted.secret_actions, language, names, hosted.words.action_label
    )
    log_file = discord.File(io.BytesIO(text), log_file_name(record.game, record.id))
    return {
        "content": ending_content(record.id, seen, names, language),
        "embed": discord.Embed.from_dict(embed),
        "files": [log_file],
        "view": rematch_view(record.id, t("button.rematch", language)),
    }


async def on_rematch(interaction: discord.Interaction, game: int) -> None:
    """A player of the finished game asks for a rematch: the new lobby goes to the game's
    channel (its thread pings the players); he is told privately where it is."""
    service: GameService = interaction.client.service  # type: ignore[attr-defined]
    language = lang(interaction)
    try:
        record = await service.game(game)
        if record.guild_id != interaction.guild_id:  # a game is its own server's
            raise ServiceError("game_not_found", game=game)
        created = await rematch(service, game, interaction.user.id)
    except REFUSALS as exc:
        return await reply_error(interaction, exc)
    await interaction.response.defer(ephemeral=True, thinking=True)
    from .lobby import post_lobby

    created = await post_lobby(interaction.client, created)
    players = " ".join(f"<@{s.user}>" for s in created.players if s.user > 0)
    notifier = interaction.client.notifier  # type: ignore[attr-defined]
    await notifier.to_thread(
        created,
        t(
            "rematch.called",
            str(created.options["language"]),
            game=game,
            players=players,
            creator=f"<@{interaction.user.id}>",
        ),
    )
    await reply(
        interaction,
        t("rematch.opened", language, game=game, rematch=created.id, link=link(created)),
    )
