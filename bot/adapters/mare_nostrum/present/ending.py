"""Mare Nostrum's ending (issue 13): each empire's final titles, levels and heroes and wonders,
how the game was won, and the empires' colours for the embeds (the board's own, one source)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.i18n import has, t
from bot.presenters import named
from rendering.mare_nostrum.style import EMPIRE_COLOURS

from .mn2003 import ending_lines
from .text import hw_display_name


def final_lines(
    view: Mapping[str, Any], lang: str, names: Mapping[str, str]
) -> dict[str, list[str]]:
    titles = view.get("titles") or {}
    levels = view.get("levels") or {}
    hw = view.get("hw") or {}
    out: dict[str, list[str]] = {}
    for empire in view.get("players", []):
        held = [t(f"mn.value.{title}", lang) for title, who in titles.items() if who == empire]
        mine = levels.get(empire, {})
        tiles = [hw_display_name(h, lang) for h in hw.get(empire, [])]
        out[empire] = ending_lines(view, empire, lang) or [  # 2003: role cards, not titles
            t(
                "mn.ending.titles",
                lang,
                count=len(held),
                titles=", ".join(held) or t("game.none", lang),
            ),
            t(
                "mn.ending.levels",
                lang,
                trade=mine.get("trade", 0),
                culture=mine.get("culture", 0),
                military=mine.get("military", 0),
            ),
        ]
        out[empire].append(
            t("mn.ending.hw", lang, count=len(tiles), hw=", ".join(tiles) or t("game.none", lang))
        )
    return out


def victory_text(condition: str, lang: str) -> str:
    key = f"mn.victory.{condition}"
    return t(key, lang) if has(key) else named("victory", condition, lang)


def seat_colour(view: Mapping[str, Any], seat: str) -> int | None:
    colour = ((view.get("empires") or {}).get(seat) or {}).get("colour")
    solid = EMPIRE_COLOURS.get(str(colour))
    if solid is None:
        return None
    r, g, b = solid[0]
    return (r << 16) | (g << 8) | b
