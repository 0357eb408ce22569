"""`/settings` (issue 13): each user's notification preferences, across all his games and
servers — how a decision he owes is told (thread ping, DM, both, or a daily digest), his quiet
hours and his time zone. Answers are private; a refused value saves nothing. Stored in
`user_settings` (bot/notify_prefs.py); the notifier reads them (cogs/delivery.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands

from bot.embeds import embed, field
from bot.i18n import ln, ls, t
from bot.notify_prefs import (
    MODES,
    PrefsError,
    away_of,
    check_hour,
    check_zone,
    matching_zones,
    prefs_of,
    with_quiet,
)
from bot.service import GameService

from .common import lang
from .delivery import start_digests_after

MODE_CHOICES = [app_commands.Choice(name=ls(f"choice.notify.{mode}"), value=mode) for mode in MODES]


def _service(interaction: discord.Interaction) -> GameService:
    service: GameService = interaction.client.service  # type: ignore[attr-defined]
    return service


def _hour(hour: int) -> str:
    return f"{hour:02d}:00"


def settings_embed(settings: dict[str, Any] | None, language: str, now: float) -> dict[str, Any]:
    """The user's settings as `/settings show` gives them (and every change confirms)."""
    prefs = prefs_of(settings)
    quiet = (
        t("settings.quiet_span", language, start=_hour(prefs.quiet[0]), end=_hour(prefs.quiet[1]))
        if prefs.quiet
        else t("settings.off", language)
    )
    local = prefs.local(now).strftime("%H:%M")
    fields = [
        field(
            t("settings.field.notify", language),
            t(f"settings.mode.{prefs.notify}", language),
            inline=False,
        ),
        field(
            t("settings.field.digest", language),
            t(
                "settings.next_digest",
                language,
                hour=_hour(prefs.digest_hour),
                next=f"<t:{int(prefs.next_digest(now))}:R>",
            )
            if prefs.notify == "digest"
            else _hour(prefs.digest_hour),
        ),
        field(t("settings.field.quiet", language), quiet),
        field(
            t("settings.field.tz", language),
            t("settings.tz_now", language, tz=prefs.tz, time=local),
        ),
    ]
    away = away_of(settings)
    if away is not None and away.until.timestamp() > now:
        mode = (
            t(f"settings.away_mode.{away.mode}", language)
            if away.mode in ("ai", "defaults")
            else away.mode
        )
        fields.append(
            field(
                t("settings.field.away", language),
                t(
                    "settings.away_until",
                    language,
                    until=f"<t:{int(away.until.timestamp())}:f>",
                    mode=mode,
                ),
                inline=False,
            )
        )
    return embed(t("settings.title", language), t("settings.intro", language), fields=fields)


async def _save(
    interaction: discord.Interaction, change: Callable[[dict[str, Any]], dict[str, Any]], done: str
) -> None:
    """Apply one change to the user's stored settings and confirm with all of them; a
    refused value is told and nothing is saved. Other keys (`away`) are kept as they are."""
    language = lang(interaction)
    service = _service(interaction)
    user = interaction.user.id
    before = await service.storage.user_settings(user) or {}
    try:
        after = change(dict(before))
    except PrefsError as exc:
        await interaction.response.send_message(
            t(f"settings.error.{exc.code}", language, **exc.params), ephemeral=True
        )
        return
    await service.storage.set_user_settings(user, after)
    old, new = prefs_of(before), prefs_of(after)
    if new.notify == "digest" and (
        old.notify != "digest" or old.digest_hour != new.digest_hour or old.tz != new.tz
    ):
        await start_digests_after(service, user, new)  # the first digest is the next one
    notifier = getattr(interaction.client, "notifier", None)
    if notifier is not None:
        notifier.prefs.forget(user)
    await _show(interaction, after, t(done, language))


async def _show(
    interaction: discord.Interaction, settings: dict[str, Any] | None, content: str = ""
) -> None:
    language = lang(interaction)
    card = settings_embed(settings, language, _service(interaction).clock())
    await interaction.response.send_message(
        content, embed=discord.Embed.from_dict(card), ephemeral=True
    )


settings = app_commands.Group(name=ln("settings"), description=ls("cmd.settings"))
quiet = app_commands.Group(name=ln("quiet"), description=ls("cmd.settings.quiet"), parent=settings)


@settings.command(name=ln("show"), description=ls("cmd.settings.show"))
async def show(interaction: discord.Interaction) -> None:
    await _show(interaction, await _service(interaction).storage.user_settings(interaction.user.id))


@settings.command(name=ln("notify"), description=ls("cmd.settings.notify"))
@app_commands.describe(mode=ls("cmd.settings.notify.mode"))
@app_commands.choices(mode=MODE_CHOICES)
@app_commands.rename(mode=ln("mode"))
async def notify(interaction: discord.Interaction, mode: str) -> None:
    def change(s: dict[str, Any]) -> dict[str, Any]:
        if mode not in MODES:  # a forged choice
            raise PrefsError("bad_mode", mode=mode[:32])
        return {**s, "notify": mode}

    await _save(interaction, change, "settings.saved.notify")


@settings.command(name=ln("digest"), description=ls("cmd.settings.digest"))
@app_commands.describe(hour=ls("cmd.settings.digest.hour"))
@app_commands.rename(hour=ln("hour"))
async def digest(interaction: discord.Interaction, hour: app_commands.Range[int, 0, 23]) -> None:
    await _save(
        interaction, lambda s: {**s, "digest_hour": check_hour(hour)}, "settings.saved.digest"
    )


@quiet.command(name=ln("hours"), description=ls("cmd.settings.quiet.hours"))
@app_commands.describe(start=ls("cmd.settings.quiet.start"), end=ls("cmd.settings.quiet.end"))
@app_commands.rename(start=ln("start", "quiet_start"), end=ln("end", "quiet_end"))
async def quiet_hours(
    interaction: discord.Interaction,
    start: app_commands.Range[int, 0, 23],
    end: app_commands.Range[int, 0, 23],
) -> None:
    await _save(interaction, lambda s: with_quiet(s, start, end), "settings.saved.quiet")


@quiet.command(name=ln("off"), description=ls("cmd.settings.quiet.off"))
async def quiet_off(interaction: discord.Interaction) -> None:
    await _save(
        interaction,
        lambda s: {k: v for k, v in s.items() if k != "quiet"},
        "settings.saved.quiet_off",
    )


@settings.command(name=ln("timezone"), description=ls("cmd.settings.timezone"))
@app_commands.describe(name=ls("cmd.settings.timezone.name"))
@app_commands.rename(name=ln("name", "zone"))
async def timezone(interaction: discord.Interaction, name: str) -> None:
    await _save(interaction, lambda s: {**s, "tz": check_zone(name)}, "settings.saved.tz")


@timezone.autocomplete("name")
async def _zones(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=z, value=z) for z in matching_zones(current)]


async def setup(bot: Any) -> None:
    bot.tree.add_command(settings)
