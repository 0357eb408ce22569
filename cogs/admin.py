"""Game administration, added to the /mn group (extension `cogs.admin`): pause, resume,
replace, kick (autopilot) and deadline. Only the game's creator or a member with Manage Server;
every change is announced in the game thread in the game's language."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.i18n import ln, ls, t
from bot.service import GameService, ServiceError
from bot.storage import GameRecord

from .choose import GameOption
from .common import REFUSALS, caller, lang, reply, reply_error


def _svc(interaction: discord.Interaction) -> GameService:
    service: GameService = interaction.client.service  # type: ignore[attr-defined]
    return service


def _notifier(interaction: discord.Interaction) -> Any:
    return interaction.client.notifier  # type: ignore[attr-defined]


async def _admin_game(interaction: discord.Interaction, game: int | None) -> GameRecord:
    """The game meant, found among this server's games only, if the user may administer it
    (its creator, or a manager of this server)."""
    service, who = _svc(interaction), caller(interaction)
    record = await service.find(who, game)
    service.require_admin(record, who)
    return record


def _names(service: GameService, record: GameRecord) -> dict[str, str]:
    hosted = service.game_of(record)
    return hosted.words.names(hosted.engine.view(service.state_of(record), None))


async def _announce(interaction: discord.Interaction, record: GameRecord, key: str,
                    **params: Any) -> None:
    """The change in the thread (game's language), and a private confirmation."""
    params = {"game": record.id, "admin": f"<@{interaction.user.id}>", **params}
    game_lang = str(record.options.get("language", "en"))
    await _notifier(interaction).to_thread(record, t(key, game_lang, **params))
    await reply(interaction, t("admin.done", lang(interaction),
                               text=t(key, lang(interaction), **params)))


def _hours(record: GameRecord, service: GameService) -> str:
    return f"{float(record.options.get('deadline_hours', service.deadline_hours)):g}"


@app_commands.command(name=ln("pause"), description=ls("cmd.pause"))
@app_commands.describe(game=ls("cmd.game"))
@app_commands.rename(game=ln("game"))
async def pause(interaction: discord.Interaction, game: GameOption = None) -> None:
    try:
        record = await _admin_game(interaction, game)
        record = await _svc(interaction).pause(record.id)
    except REFUSALS as exc:
        return await reply_error(interaction, exc)
    await _announce(interaction, record, "admin.paused")


@app_commands.command(name=ln("resume"), description=ls("cmd.resume"))
@app_commands.describe(game=ls("cmd.game"))
@app_commands.rename(game=ln("game"))
async def resume(interaction: discord.Interaction, game: GameOption = None) -> None:
    service = _svc(interaction)
    try:
        record = await _admin_game(interaction, game)
        outcome = await service.resume(record.id)
    except REFUSALS as exc:
        return await reply_error(interaction, exc)
    await _announce(interaction, outcome.game, "admin.resumed",
                    hours=_hours(outcome.game, service))
    await _notifier(interaction).publish(outcome)


@app_commands.command(name=ln("replace"), description=ls("cmd.replace"))
@app_commands.describe(player=ls("cmd.replace.player"), by=ls("cmd.replace.by"),
                       game=ls("cmd.game"))
@app_commands.rename(player=ln("player"), by=ln("by"), game=ln("game"))
async def replace(interaction: discord.Interaction, player: discord.User,
                  by: discord.User, game: GameOption = None) -> None:
    service, notifier = _svc(interaction), _notifier(interaction)
    try:
        record = await _admin_game(interaction, game)
        # Every check before the welcome DM: a refused replace tells the newcomer nothing.
        seat = service.check_replace(record, player.id, by.id)
        if by.bot:
            raise ServiceError("cannot_dm", user=f"<@{by.id}>")
        names = _names(service, record)
        seat_name = names.get(seat, seat)
        await interaction.response.defer(ephemeral=True, thinking=True)
        # He must be reachable: the welcome DM is the check.
        welcome = t("admin.seat_dm", service.language_of(record, by.id), seat=seat_name,
                    game=record.id)
        if not await notifier.dm(by.id, welcome):
            raise ServiceError("cannot_dm", user=f"<@{by.id}>")
        record, seat = await service.replace(record.id, player.id, by.id)
    except REFUSALS as exc:
        return await reply_error(interaction, exc)
    await _announce(interaction, record, "admin.replaced", seat=seat_name,
                    new=f"<@{by.id}>", old=f"<@{player.id}>")
    if seat in service.owed_players(record, service.state_of(record)):
        await notifier.ask(record, [seat], record.seating(), names)


@app_commands.command(name=ln("kick"), description=ls("cmd.kick"))
@app_commands.describe(player=ls("cmd.kick.player"), game=ls("cmd.game"))
@app_commands.rename(player=ln("player"), game=ln("game"))
async def kick(interaction: discord.Interaction, player: discord.User,
               game: GameOption = None) -> None:
    service = _svc(interaction)
    try:
        record = await _admin_game(interaction, game)
        outcome, seat = await service.kick(record.id, player.id)
    except REFUSALS as exc:
        return await reply_error(interaction, exc)
    names = _names(service, outcome.game)
    await _announce(interaction, outcome.game, "admin.kicked",
                    seat=names.get(seat, seat), old=f"<@{player.id}>")
    await _notifier(interaction).publish(outcome)


@app_commands.command(name=ln("deadline"), description=ls("cmd.deadline"))
@app_commands.describe(hours=ls("cmd.deadline.hours"), window=ls("cmd.deadline.window"),
                       game=ls("cmd.game"))
@app_commands.rename(hours=ln("hours"), window=ln("window"), game=ln("game"))
async def deadline(interaction: discord.Interaction, hours: app_commands.Range[int, 1, 336],
                   window: app_commands.Range[int, 1, 336] | None = None,
                   game: GameOption = None) -> None:
    service = _svc(interaction)
    try:
        record = await _admin_game(interaction, game)
        record = await service.set_deadline_hours(
            record.id, float(hours), None if window is None else float(window))
    except REFUSALS as exc:
        return await reply_error(interaction, exc)
    if window is None:
        await _announce(interaction, record, "admin.deadline", hours=_hours(record, service))
    else:  # what applies: never longer than the time per decision
        await _announce(interaction, record, "admin.window_deadline",
                        hours=_hours(record, service), window=f"{service.window_hours(record):g}")


COMMANDS: tuple[app_commands.Command[Any, ..., None], ...] = (
    pause, resume, replace, kick, deadline)


async def setup(bot: Any) -> None:
    """Add the commands to the /mn group of `cogs.mn` (load that extension first)."""
    group = bot.get_cog("MareNostrum").app_command
    for command in COMMANDS:
        group.add_command(command)
