"""`/away on|off|status` (issue 13): away mode across all of a player's games (bot/away.py).
A top-level group of its own: /mn holds nearly Discord's 25 children. Usable in DMs too: an
away covers every server's games."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.away import AwayError, parse_until, seconds
from bot.away_summary import played_for
from bot.i18n import error_text, ln, ls, t
from bot.presenters import pack, timestamp
from bot.service import GameService

from .common import REFUSALS, lang, reply

log = logging.getLogger(__name__)
MODES = [
    app_commands.Choice(name=ls("choice.away.ai"), value="ai"),
    app_commands.Choice(name=ls("choice.away.defaults"), value="defaults"),
]


def _service(interaction: discord.Interaction) -> GameService:
    service: GameService = interaction.client.service  # type: ignore[attr-defined]
    return service


def _mode(mode: str, language: str) -> str:
    return t(f"choice.away.{mode}", language)


async def sweep(bot: Any, user: int) -> int:
    """Answer at once what he owes now in every running game of his (a new away): his
    defaults applied and told, or his AI woken. Returns how many games he plays."""
    service: GameService = bot.service
    mode = service.away.mode(user)
    games = [g for g in await service.storage.games(("active",)) if g.seat_of(user)]
    for record in games:
        try:
            if mode == "ai":
                bot.notifier.wake(record.id)
                continue
            outcome = await service.away_sweep(record.id)
            if outcome.away:
                await bot.notifier.publish(outcome)
        except REFUSALS:
            continue  # paused, over meanwhile: nothing owed there now
        except Exception:
            log.exception("away: cannot answer for user %s in game %s", user, record.id)
    return len(games)


async def give_back(bot: Any, user: int) -> None:
    """He is back: what he owes now in each running game is his again (his decision page,
    and the thread's waiting line names him), as when an autopilot is turned off."""
    service: GameService = bot.service
    for record in await service.storage.games(("active",)):
        mine = record.seat_of(user)
        if mine is None or not mine.seat or service.paused(record):
            continue
        try:
            state = service.state_of(record)
            if mine.seat not in service.owed_players(record, state):
                continue
            hosted = service.game_of(record)
            names = hosted.words.names(
                hosted.engine.view(state, None), str(record.options.get("language", "en"))
            )
            await bot.notifier.ask(record, [mine.seat], record.seating(), names)
        except Exception:
            log.exception("away: cannot give user %s his decisions in game %s", user, record.id)


async def summaries(
    bot: Any, user: int, entry: dict[str, Any], language: str | None = None
) -> list[tuple[int, str]]:
    """What was played for him, per game (`bot.away_summary`)."""
    return await played_for(bot.service, user, entry, language)


async def returned(bot: Any, user: int, entry: dict[str, Any]) -> None:
    """His away has ended on its date: what was played for him, a DM per game (kept for his
    next command in that game when his DMs are closed: the closed-DM queue)."""
    for game, text in await summaries(bot, user, entry):
        record = await bot.service.storage.get_game(game)
        language = bot.service.language_of(record, user) if record else "en"
        await bot.notifier.dm(user, t("away.back_ended", language) + "\n" + text, game=game)
    await give_back(bot, user)


async def expire(bot: Any) -> int:
    """Every away whose date has come ends (the deadline loop's tick; durable: read from
    the database, so a restart loses none). Returns how many ended."""
    ended = await bot.service.away.expired()
    for user, entry in ended:
        try:
            await returned(bot, user, entry)
        except Exception:
            log.exception("away: cannot tell user %s what was played for him", user)
    return len(ended)


away = app_commands.Group(name=ln("away"), description=ls("cmd.away"))


@away.command(name=ln("on", "away_on"), description=ls("cmd.away.on"))
@app_commands.describe(until=ls("cmd.away.until"), mode=ls("cmd.away.mode"))
@app_commands.rename(until=ln("until"), mode=ln("mode", "away_mode"))
@app_commands.choices(mode=MODES)
async def away_on(interaction: discord.Interaction, until: str, mode: str = "ai") -> None:
    """`/away on until:<YYYY-MM-DD | 3d> mode:<autopilot | defaults>`."""
    service, language, user = _service(interaction), lang(interaction), interaction.user.id
    try:
        when = parse_until(until, service.clock(), await service.away.tz(user))
        await service.away.start(user, when, mode)
    except AwayError as exc:  # nothing saved
        return await reply(interaction, error_text(exc.code, language, exc.params))
    count = len([g for g in await service.storage.games(("active",)) if g.seat_of(user)])
    await reply(
        interaction,
        t(
            "away.on",
            language,
            until=f"<t:{int(when)}:F>",
            when=timestamp(when),
            mode=_mode(mode, language),
            count=count,
        ),
    )
    await sweep(interaction.client, user)


@away.command(name=ln("off", "away_off"), description=ls("cmd.away.off"))
async def away_off(interaction: discord.Interaction) -> None:
    """Back now: what was played for him, here (ephemeral: he is reading)."""
    service, language, user = _service(interaction), lang(interaction), interaction.user.id
    entry = await service.away.end(user)
    if entry is None:
        return await reply(interaction, t("away.not_away", language))
    lines = [text for _, text in await summaries(interaction.client, user, entry, language)]
    head = t("away.back", language) if lines else t("away.back_nothing", language)
    for part in pack([head, *lines]):
        await reply(interaction, part)
    await give_back(interaction.client, user)


@away.command(name=ln("status", "away_status"), description=ls("cmd.away.status"))
async def away_status(interaction: discord.Interaction) -> None:
    service, language, user = _service(interaction), lang(interaction), interaction.user.id
    entry = service.away.entry(user)
    if entry is None:
        return await reply(interaction, t("away.not_away", language))
    until = service.away.until(user) or 0.0
    since = entry["since"]
    await reply(
        interaction,
        t(
            "away.status",
            language,
            until=f"<t:{int(until)}:F>",
            when=timestamp(until),
            mode=_mode(str(entry["mode"]), language),
            since=f"<t:{int(seconds(since))}:F>",
        ),
    )


async def setup(bot: Any) -> None:
    bot.tree.add_command(away)
