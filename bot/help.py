"""Help for everyone (spectators too): rules summaries per topic and the heroes and wonders'
powers, in English and French. Pure text from public data only: no game state, no secret.

Data: bot/locales/rules_topics.json (summaries of docs/rules*.md) and
bot/locales/hw_powers.json (rulebook section 8); tile names, phases and title bonuses come from
the engine's board data (`hw_tiles()`)."""

from __future__ import annotations

import json
import unicodedata
from functools import cache
from importlib import resources
from typing import Any

from .games.mare_nostrum.board import hw_tiles
from .i18n import t
from .presenters import MESSAGE_LIMIT, clip

CHOICES = 25  # Discord's limit of autocomplete choices
CHOICE_NAME = 100
ECHO = 100  # at most this much of an unknown name is repeated back (it may be ~2000 long)


@cache
def _data(name: str) -> dict[str, Any]:
    text = resources.files("bot").joinpath("locales", name).read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    data.pop("_source", None)
    return data


def topics() -> dict[str, dict[str, str]]:
    return _data("rules_topics.json")


def powers() -> dict[str, dict[str, str]]:
    return _data("hw_powers.json")


def _fold(text: str) -> str:
    """Lower case without accents, for matching what the user types."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _matching(items: list[tuple[str, str]], current: str) -> list[tuple[str, str]]:
    """(name, value) pairs whose name or value contains what was typed; at most 25."""
    typed = _fold(current.strip())
    hits = [(clip(n, CHOICE_NAME), v) for n, v in items
            if not typed or typed in _fold(n) or typed in _fold(v)]
    return hits[:CHOICES]


def topic_choices(current: str, lang: str) -> list[tuple[str, str]]:
    items = [(str(d.get(f"name_{lang}") or d["name_en"]), key) for key, d in topics().items()]
    return _matching(items, current)


def hw_name(tile_id: str, lang: str) -> str:
    tile = hw_tiles()[tile_id]
    return str(powers()[tile_id].get("name_fr")) if lang == "fr" else tile.name_en


def hw_choices(current: str, lang: str) -> list[tuple[str, str]]:
    items = sorted(((hw_name(i, lang), i) for i in hw_tiles()), key=lambda p: _fold(p[0]))
    return _matching(items, current)


def _find(key: str, choices: list[tuple[str, str]]) -> str | None:
    """The id typed or chosen: an exact id, else the only (or first) match by name."""
    folded = _fold(key.strip())
    for name, value in choices:
        if folded in (_fold(value), _fold(name)):
            return value
    return choices[0][1] if choices and folded else None


def rules_text(topic: str, lang: str) -> str:
    key = _find(topic, topic_choices(topic, lang))
    if key is None:
        names = ", ".join(v for _, v in topic_choices("", lang))
        return clip(t("help.unknown_topic", lang, topic=clip(topic.strip(), ECHO),
                      topics=names), MESSAGE_LIMIT)
    text = topics()[key].get(lang) or topics()[key]["en"]
    return clip(text + "\n" + t("help.rules_more", lang), MESSAGE_LIMIT)


def hw_text(name: str, lang: str) -> str:
    tile_id = next((found for language in (lang, "en", "fr")
                    if (found := _find(name, hw_choices(name, language)))), None)
    if tile_id is None:
        return clip(t("help.unknown_hw", lang, name=clip(name.strip(), ECHO)), MESSAGE_LIMIT)
    tile = hw_tiles()[tile_id]
    phase = t(f"phase.{tile.phase}", lang) if tile.phase != "none" else t("help.no_phase", lang)
    bonus = ", ".join(f"{t(f'value.{title}', lang)} +{n}"
                      for title, n in tile.bonus.items() if n) or t("game.none", lang)
    lines = [t("help.hw_title", lang, name=hw_name(tile_id, lang),
               kind=t(f"help.kind.{tile.kind}", lang), phase=phase),
             powers()[tile_id].get(lang) or powers()[tile_id]["en"],
             t("help.hw_bonus", lang, bonus=bonus)]
    return clip("\n".join(lines), MESSAGE_LIMIT)
