"""The lobby: /mn new opens a game (message with Join/Leave/Start and a thread of its own);
joining checks that the bot can DM the player."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.games.core.errors import EngineError
from bot.i18n import has, t
from bot.presenters import MESSAGE_LIMIT, clip, lobby_text, seating_text
from bot.registry import DEFAULT_GAME, games
from bot.service import GameService, ServiceError
from bot.storage import GameRecord

from .common import REFUSALS, caller, lang, reply, reply_error
from .ui import lobby_view

log = logging.getLogger(__name__)


def _svc(interaction: discord.Interaction) -> GameService:
    service: GameService = interaction.client.service  # type: ignore[attr-defined]
    return service


def _content(record: GameRecord) -> str:
    language = str(record.options.get("language", "en"))
    seat_name = games()[record.game].words.seat_name
    text = lobby_text(record.id, record.creator_id, int(record.options["seats"]),
                      float(record.options["deadline_hours"]), language,
                      [s.user for s in record.players], language,
                      claims={s.user: seat_name(s.seat, language)
                              for s in record.players if s.seat},
                      name=_game_name(record.game, language))
    return clip(_rules_line(record, language) + text, MESSAGE_LIMIT)


def _rules_line(record: GameRecord, language: str) -> str:
    """The rules, modules and start chosen, when not the game's defaults (the title names the
    game)."""
    ruleset, modules = record.options.get("ruleset"), record.options.get("modules") or []
    start = record.options.get("start")
    parts = []
    if ruleset:
        parts.append(_ruleset_name(record.game, str(ruleset), language))
    if start:
        parts.append(_start_name(record.game, str(start), language))
    choice = games()[record.game].ruleset(str(ruleset) if ruleset else None)
    for variant in choice.variants if choice is not None else ():
        if record.options.get(variant):
            parts.append(_variant_name(record.game, variant, language))
    if modules:
        names = (_module_name(record.game, str(m), language) for m in modules)
        parts.append(t("lobby.modules", language, modules=", ".join(names)))
    # What a module asks the players to know before the start (once each: `modulenote.`).
    notes = dict.fromkeys(_named(record.game, f"modulenote.{record.game}.{m}", "", language)
                          for m in modules)
    tail = "".join(f"{note}\n" for note in notes if note)
    return (f"**{' · '.join(parts)}**\n" if parts else "") + tail


def _view(record: GameRecord, service: GameService) -> discord.ui.View:
    language = str(record.options.get("language", "en"))
    seats = service.seats_offered(record)
    seat_name = service.game_of(record).words.seat_name
    options = [(t("lobby.random_seat", language), "random"),
               *((seat_name(seat, language), seat) for seat in seats)]
    return lobby_view(record.id, {op: t(f"button.{op}", language)
                                  for op in ("join", "leave", "start", "ai")},
                      options, t("lobby.choose_seat", language))


async def _dm_check(interaction: discord.Interaction, record: GameRecord) -> None:
    """Say hello by DM; if DMs are closed, tell the player (privately) how to open them."""
    language = lang(interaction)
    notifier = interaction.client.notifier  # type: ignore[attr-defined]
    ok = await notifier.dm(interaction.user.id, t("lobby.dm_hello", language, game=record.id))
    text = t("lobby.joined", language, game=record.id) + "\n"
    text += t("lobby.dm_ok" if ok else "lobby.dm_closed", language)
    await interaction.followup.send(text, ephemeral=True)


async def new_game(interaction: discord.Interaction, players: int, language: str | None,
                   deadline: float | None, game: str | None = None,
                   ruleset: str | None = None, modules: str | None = None,
                   start: str | None = None, variants: str | None = None) -> None:
    service = _svc(interaction)
    if interaction.guild_id is None or interaction.channel_id is None:
        return await reply_error(interaction, ServiceError("guild_only"))
    chosen = [m.strip() for m in (modules or "").split(",") if m.strip()]
    try:
        record = await service.create_lobby(
            interaction.guild_id, interaction.channel_id, interaction.user.id, players,
            language or service.language, deadline, creator_language=lang(interaction),
            game=game or DEFAULT_GAME, ruleset=ruleset or None, modules=chosen,
            start=start or None,
            variants=[v.strip() for v in (variants or "").split(",") if v.strip()])
    except REFUSALS as exc:
        return await reply_error(interaction, exc)
    await interaction.response.send_message(
        _content(record), view=_view(record, service),
        allowed_mentions=discord.AllowedMentions.none())
    message = await interaction.original_response()
    thread_id = None
    try:
        name = t("lobby.thread_name", str(record.options["language"]), game=record.id)
        thread = await message.create_thread(name=name, auto_archive_duration=10080)
        thread_id = thread.id
    except (discord.HTTPException, AttributeError):
        log.warning("no thread for game %s: posting in its channel", record.id)
    record = await service.set_places(record.id, thread_id, message.id)
    await _dm_check(interaction, record)


async def post_lobby(client: Any, record: GameRecord) -> GameRecord:
    """A lobby made without `/mn new` (a rematch): its message in its channel, with a thread
    of its own, as `new_game` does."""
    service: GameService = client.service
    channel = client.get_partial_messageable(record.channel_id)
    message = await channel.send(_content(record), view=_view(record, service),
                                 allowed_mentions=discord.AllowedMentions.none())
    thread_id = None
    try:  # a message sent through a partial channel knows no server: the route itself
        name = t("lobby.thread_name", str(record.options["language"]), game=record.id)
        thread = await client.http.start_thread_with_message(
            record.channel_id, message.id, name=name, auto_archive_duration=10080)
        thread_id = int(thread["id"])
    except (discord.HTTPException, KeyError):
        log.warning("no thread for game %s: posting in its channel", record.id)
    return await service.set_places(record.id, thread_id, message.id)


async def on_button(interaction: discord.Interaction, game: int, op: str) -> None:
    service, user = _svc(interaction), interaction.user.id
    try:
        await service.find(caller(interaction), game)  # this server's games only
        if op == "join":
            record = await service.join(game, user, lang(interaction))
        elif op == "leave":
            record = await service.leave(game, user)
        elif op == "ai":
            record = await service.add_ai(game, user, "standard")
        else:
            return await _start(interaction, game)
    except REFUSALS as exc:
        return await reply_error(interaction, exc)
    await interaction.response.edit_message(content=_content(record),
                                            view=_view(record, service),
                                            allowed_mentions=discord.AllowedMentions.none())
    if op == "join":
        await _dm_check(interaction, record)
    elif op == "leave":
        await reply(interaction, t("lobby.left", lang(interaction), game=game))


async def on_seat(interaction: discord.Interaction, game: int, value: str) -> None:
    """A joined player claims a seat, or goes back to a random one."""
    service = _svc(interaction)
    try:
        await service.find(caller(interaction), game)  # this server's games only
        record = await service.claim_seat(game, interaction.user.id,
                                          None if value == "random" else value)
    except REFUSALS as exc:
        return await reply_error(interaction, exc)
    await interaction.response.edit_message(content=_content(record),
                                            view=_view(record, service),
                                            allowed_mentions=discord.AllowedMentions.none())


async def _start(interaction: discord.Interaction, game: int) -> None:
    service = _svc(interaction)
    outcome = await service.start(game, interaction.user.id)
    record = outcome.game
    language = str(record.options.get("language", "en"))
    where = f"<#{record.thread_id}>" if record.thread_id else t("game.thread_fallback", language)
    await interaction.response.edit_message(
        content=_content(record) + "\n" + t("lobby.started", language, game=game, thread=where),
        view=None, allowed_mentions=discord.AllowedMentions.none())
    hosted = service.game_of(record)
    names = hosted.words.names(hosted.engine.view(service.state_of(record), None), language)
    notifier = interaction.client.notifier  # type: ignore[attr-defined]
    await notifier.to_thread(record, seating_text(record.seating(), names, language))
    await notifier.publish(outcome)


# --- the game, ruleset and modules of /mn new (autocompleted from the registry) -------------
CHOICES = 25  # Discord's limit of autocomplete choices


def _named(game_id: str, key: str, fallback: str, language: str) -> str:
    """A name in the game's part of the catalog (`mn.gamename.mare_nostrum`), else the id."""
    entry = games().get(game_id)
    found = f"{entry.catalog}.{key}" if entry is not None else key
    return clip(t(found, language) if has(found) else fallback, 100)


def _game_name(game_id: str, language: str) -> str:
    return _named(game_id, f"gamename.{game_id}", game_id, language)


def _ruleset_name(game_id: str, ruleset: str, language: str) -> str:
    return _named(game_id, f"rulesetname.{game_id}.{ruleset}", ruleset, language)


def _start_name(game_id: str, start: str, language: str) -> str:
    return _named(game_id, f"startname.{game_id}.{start}", start, language)


def _variant_name(game_id: str, variant: str, language: str) -> str:
    return _named(game_id, f"variantname.{game_id}.{variant}", variant, language)


def _module_name(game_id: str, module: str, language: str) -> str:
    return _named(game_id, f"modulename.{game_id}.{module}", module, language)


def game_choices(interaction: discord.Interaction,
                 current: str) -> list[app_commands.Choice[str]]:
    language = lang(interaction)
    found = [app_commands.Choice(name=_game_name(gid, language), value=gid)
             for gid in sorted(games())]
    return [c for c in found if current.lower() in (c.name + c.value).lower()][:CHOICES]


def _chosen_game(interaction: discord.Interaction) -> str:
    picked = getattr(interaction.namespace, "game", None)
    return picked if isinstance(picked, str) and picked in games() else DEFAULT_GAME


def ruleset_choices(interaction: discord.Interaction,
                    current: str) -> list[app_commands.Choice[str]]:
    gid, language = _chosen_game(interaction), lang(interaction)
    found = [app_commands.Choice(name=_ruleset_name(gid, r.name, language),
                                 value=r.name) for r in games()[gid].rulesets]
    return [c for c in found if current.lower() in (c.name + c.value).lower()][:CHOICES]


def start_choices(interaction: discord.Interaction,
                  current: str) -> list[app_commands.Choice[str]]:
    """The starts the chosen ruleset offers (none when it has only one)."""
    gid, language = _chosen_game(interaction), lang(interaction)
    picked = getattr(interaction.namespace, "ruleset", None)
    choice = games()[gid].ruleset(picked if isinstance(picked, str) else None)
    found = [app_commands.Choice(name=_start_name(gid, s, language), value=s)
             for s in (choice.starts if choice is not None else ())]
    return [c for c in found if current.lower() in (c.name + c.value).lower()][:CHOICES]


def variant_choices(interaction: discord.Interaction,
                    current: str) -> list[app_commands.Choice[str]]:
    """The chosen ruleset's variants, added to those already typed (comma-separated)."""
    gid = _chosen_game(interaction)
    picked = getattr(interaction.namespace, "ruleset", None)
    choice = games()[gid].ruleset(picked if isinstance(picked, str) else None)
    *typed, last = [v.strip() for v in current.split(",")] if current else [""]
    done = [v for v in typed if v]
    given = getattr(interaction.namespace, "modules", None)
    modules = tuple(m.strip() for m in (given if isinstance(given, str) else "").split(",")
                    if m.strip())
    out: list[app_commands.Choice[str]] = []
    if choice is None:
        return out
    for variant in choice.variants:
        if variant not in done and variant.startswith(last) and _accepts(
                gid, choice.name, modules, variant):
            value = clip(",".join([*done, variant]), 100)
            out.append(app_commands.Choice(name=value, value=value))
    return out[:CHOICES]


def module_choices(interaction: discord.Interaction,
                   current: str) -> list[app_commands.Choice[str]]:
    """The modules of the chosen ruleset, added to those already typed (comma-separated)."""
    gid = _chosen_game(interaction)
    picked = getattr(interaction.namespace, "ruleset", None)
    choice = games()[gid].ruleset(picked if isinstance(picked, str) else None)
    if choice is None:
        return []
    *typed, last = [m.strip() for m in current.split(",")] if current else [""]
    done = [m for m in typed if m]
    out = []
    for module in choice.modules:
        if module not in done and module.startswith(last) and _composes(
                gid, choice.name, (*done, module)):
            value = ",".join([*done, module])
            out.append(app_commands.Choice(name=clip(value, 100), value=clip(value, 100)))
    return out[:CHOICES]


def _accepts(gid: str, ruleset: str, modules: tuple[str, ...], variant: str) -> bool:
    """Whether the game's rules accept this variant with these modules (the Mythology's long
    game needs the module): a trial set-up, as /mn new makes."""
    hosted = games()[gid]
    options: dict[str, Any] = {"ruleset": ruleset, variant: True}
    if modules:
        options["modules"] = list(modules)
    try:
        low, _ = hosted.player_range(ruleset, modules)
        hosted.engine.new_game(hosted.seats(options, low), options, 0)
    except EngineError:
        return False
    return True


def _composes(gid: str, ruleset: str, modules: tuple[str, ...]) -> bool:
    """Whether the game's rules accept these modules together (the Punic Wars are played
    alone: ruling G12), so the hint offers only what /mn new would accept."""
    try:
        games()[gid].player_range(ruleset, modules)
    except EngineError:
        return False
    return True
