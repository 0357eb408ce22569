"""The message catalog for the Discord layer: everything of `bot.catalog` (loading, lookup,
formatting, namespaces), plus seat names, error texts, the user's language from his Discord
locale and the translator that gives Discord the French command names."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

# The registry makes the catalog find the installed games' parts (`mn.*`) at its first use.
from . import registry  # noqa: F401
from .catalog import DEFAULT, LANGUAGES, catalog, found, has, t

__all__ = ["DEFAULT", "LANGUAGES", "CatalogTranslator", "catalog", "error_text", "found", "has",
           "lang_of", "ln", "ls", "seat_name", "t"]


# The catalog prefixes of seat names, tried in order, in the common part then in each game's:
# a seat id `x` is shown as the text of `<prefix>.x` (Mare Nostrum's empires are
# `mn.empire.rome`..., Neptun's merchants `neptun.seat.red`...).
SEAT_NAMES = ("empire", "seat")


def seat_name(seat: str, lang: str = DEFAULT) -> str:
    """A seat's name in this language ("egypt" -> "Égypte" in French); else the id itself."""
    for prefix in SEAT_NAMES:
        if (key := found(f"{prefix}.{seat}")) is not None:
            return t(key, lang)
    return seat


def error_text(code: str, lang: str, params: dict[str, Any] | None = None) -> str:
    """An error's text: the service's and the kit's codes are common, an engine's own are in
    its game's part (`mn.error.unaffordable`)."""
    key = found(f"error.{code}")
    if key is None:
        return t("error.unknown", lang, code=code)
    params = dict(params or {})
    # A seat named by the service (`seat`), or by an engine in its own words (`empire`).
    for name in ("seat", "empire"):
        if isinstance(params.get(name), str):
            params[name] = seat_name(params[name], lang)
    return t(key, lang, **params)


def lang_of(locale: discord.Locale | str | None, fallback: str = DEFAULT) -> str:
    """A user's language from his Discord locale: French for fr, else English."""
    if locale is None:
        return fallback
    value = locale.value if isinstance(locale, discord.Locale) else str(locale)
    return "fr" if value.lower().startswith("fr") else "en"


def ls(key: str) -> app_commands.locale_str:
    """A command string: English text now, other languages through the Translator."""
    return app_commands.locale_str(t(key, DEFAULT), key=key)


def ln(name: str, key: str | None = None, space: str = "") -> app_commands.locale_str:
    """A command or option name: English, with its translation under `name.<key>` (the
    name itself by default: two options of one English name may differ in French), in a
    game's part of the catalog with `space` (`neptun.name.sail`)."""
    prefix = f"{space}.name." if space else "name."
    return app_commands.locale_str(name, key=f"{prefix}{key or name}")


class CatalogTranslator(app_commands.Translator):
    """Gives Discord the French names and descriptions of commands and options (French
    clients show them; the interactions still carry the English names)."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        key = string.extras.get("key")
        lang = lang_of(locale)
        if not key or lang == DEFAULT or not has(key, lang):
            return None
        return catalog(lang)[key]
