"""A player's private screen in a 2003 game (issue 17; docs/rendering.md "The 2003 screen"):
his cards in hand by type (2003 names, tax cards apart), the role cards (which he holds, his
count now), his heroes and wonders against the number that wins, and what his hand can pay
under the 2003 costs (combinations of 3, 6, 9 and 12). A module's board adds its part (the
Mythology's gods held and creatures: `PARTS`, filled by rendering/mare_nostrum/mythology.py).

Drawn from the viewer's own view only (`hand`, `purchasing` and public parts): never another
player's hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from bot.catalog import capitalised, colon, has, t
from bot.games.mare_nostrum.board import COIN, COMMODITIES
from bot.games.mare_nostrum.rulesets.mn2003.data import COSTS
from bot.games.mare_nostrum.rulesets.mn2003.tables import HW_TO_WIN as BASE_HW_TO_WIN

from ..core.encode import quantised_png
from ..core.text import RGB, drawn, font
from . import mn2003, style
from .screen import types_count
from .style import words

WIDTH = 900
SET_ITEMS: dict[int, tuple[str, ...]] = {
    3: ("influence", "city", "caravan", "legion", "trireme", "fortress", "convert"),
    6: ("temple", "market"),
}


class ScreenPart:
    """A module's own part of the 2003 screen; this base adds nothing."""

    def costs(self, view: Mapping[str, Any]) -> Mapping[str, int]:
        return COSTS

    def hw_to_win(self, view: Mapping[str, Any]) -> int:
        return BASE_HW_TO_WIN

    def items(self, size: int, lang: str) -> tuple[str, ...]:
        """The names of further items one combination of `size` buys."""
        return ()

    def height(self, view: Mapping[str, Any]) -> int:
        return 0

    def draw(self, d: ImageDraw.ImageDraw, view: Mapping[str, Any], y: int, lang: str) -> None:
        return None


NO_PART = ScreenPart()
# Board key -> a module's part (the Mythology's).
PARTS: dict[str, ScreenPart] = {}


def _word(key: str, lang: str, **values: Any) -> str:
    return t(f"mn.picture.mn2003.screen.{key}", lang, **values)


def text(
    d: ImageDraw.ImageDraw,
    xy: tuple[int, int],
    s: str,
    size: int,
    fill: RGB,
    anchor: str = "lm",
    bold: bool = False,
) -> None:
    d.text(xy, drawn(s), fill=fill, font=font(size, bold), anchor=anchor)


def card_label(card: str, lang: str) -> str:
    """A card type by its 2003 name (X-02: «bétail», «esclave»…), tax cards as such."""
    if card == COIN:
        return capitalised(_word("tax", lang))
    key = f"mn.value.mn2003.{card}"
    return capitalised(t(key if has(key) else f"mn.value.{card}", lang))


def item_name(item: str, lang: str) -> str:
    """An item by its 2003 name where it differs (a «ville», a conversion), else the catalog's."""
    key = f"mn.picture.mn2003.screen.item.{item}"
    return t(key, lang) if has(key) else style.item_name(item, lang)


def chip(d: ImageDraw.ImageDraw, x: int, y: int, card: str, lang: str) -> None:
    """A card's chip: a tax card a gold disc, a resource the board's caravan chip."""
    ink = style.PIECES["outline"]
    if card == COIN:
        d.ellipse((x - 14, y - 14, x + 14, y + 14), fill=style.PIECES["coin"], outline=ink, width=2)
        return
    d.rectangle(
        (x - 14, y - 14, x + 14, y + 14), fill=style.PIECES["caravan"], outline=ink, width=2
    )
    text(d, (x, y + 1), mn2003._abbr(card, lang), 13, style.INK, "mm", True)


def _colours(view: Mapping[str, Any], me: str | None) -> tuple[RGB, RGB]:
    info = view.get("empires", {}).get(me or "", {})
    solid, _tint, on = style.EMPIRE_COLOURS.get(str(info.get("colour")), style.FALLBACK_EMPIRE)
    return solid, on


def render_screen_image(view: Mapping[str, Any], lang: str = "en") -> Image.Image:
    part = PARTS.get(str(view.get("board", "")), NO_PART)
    me = view.get("viewer")
    hand: dict[str, int] = dict(view.get("hand") or {})
    counts = types_count(hand)
    held = [c for c in (COIN, *COMMODITIES) if counts.get(c)]
    tiles = list(view.get("hw", {}).get(me, [])) if me else []
    roles = mn2003.role_ids(view)
    rows = (len(held) + 1) // 2
    height = 80 + 34 + max(rows, 1) * 40 + 20 + 30 + 96 + 20 + 30
    height += 40 * max(1, (len(tiles) + 2) // 3) + 24 + 32 + 4 * 28 + 40 + part.height(view)
    img = Image.new("RGB", (WIDTH, height), style.PANEL)
    d = ImageDraw.Draw(img)
    w = words(lang)
    solid, on = _colours(view, me)
    d.rectangle((0, 0, WIDTH, 56), fill=solid)
    name = style.empire_name(view, me, lang) if me else "?"
    letter = view.get("empires", {}).get(me or "", {}).get("letter", "?")
    text(d, (20, 28), f"{w['screen']} {name} ({letter})", 24, on, bold=True)
    phase = mn2003._phase_name(str(view.get("phase", "")), lang)
    text(d, (WIDTH - 20, 28), f"{w['round']} {view.get('round', '?')} · {phase}", 18, on, "rm")
    y = 80
    if view.get("hand") is None:
        text(d, (20, y + 10), w["spectator"], 18, style.INK)
        return img
    c = colon(lang)
    total = sum(counts.values())
    text(d, (20, y), f"{_word('cards', lang)}  ({w['total']}{c}{total})", 20, style.INK, bold=True)
    y += 34
    for i, card in enumerate(held):
        x0, y0 = 30 + (i % 2) * 430, y + (i // 2) * 40 + 14
        chip(d, x0 + 14, y0, card, lang)
        text(d, (x0 + 40, y0), f"{card_label(card, lang)}  × {counts[card]}", 18, style.INK)
    if not held:
        text(d, (30, y + 14), w["none"], 18, style.INK)
    y += max(rows, 1) * 40 + 20
    y = _draw_roles(d, view, me, roles, y, lang)
    goal = part.hw_to_win(view)
    heading = _word("hw_goal", lang, count=len(tiles), goal=goal)
    text(d, (20, y), heading, 20, style.INK, bold=True)
    y += 30
    for i, tile in enumerate(tiles):
        x0, y0 = 30 + (i % 3) * 285, y + (i // 3) * 40
        d.rounded_rectangle(
            (x0, y0, x0 + 270, y0 + 32), 6, fill=style.PIECES["tile"], outline=solid, width=3
        )
        text(d, (x0 + 135, y0 + 16), mn2003.card_name(tile, lang), 16, style.INK, "mm")
    if not tiles:
        text(d, (30, y + 14), w["none"], 18, style.INK)
    y += 40 * max(1, (len(tiles) + 2) // 3) + 24
    y = _draw_afford(d, view, part, y, lang)
    part.draw(d, view, y, lang)
    return img


def _draw_roles(
    d: ImageDraw.ImageDraw,
    view: Mapping[str, Any],
    me: str | None,
    roles: list[str],
    y: int,
    lang: str,
) -> int:
    """A card per role: its name, whether he holds it, and his count now (C-28)."""
    text(d, (20, y), t("mn.picture.mn2003.roles", lang), 20, style.INK, bold=True)
    y += 30
    counts: Mapping[str, int] = mn2003._public(view).get("role_counts", {}).get(me or "", {})
    titles: Mapping[str, str] = view.get("titles", {})
    solid, _on = _colours(view, me)
    card_w = (WIDTH - 40) // max(1, len(roles)) - 10
    for k, role in enumerate(roles):
        x0 = 20 + k * (card_w + 10)
        mine = titles.get(role) == me
        d.rounded_rectangle(
            (x0, y, x0 + card_w, y + 86),
            8,
            fill=style.PIECES["tile"],
            outline=solid if mine else style.PIECES["outline"],
            width=4 if mine else 1,
        )
        text(
            d, (x0 + card_w // 2, y + 18), mn2003._role_name(role, lang), 16, style.INK, "mm", True
        )
        if mine:
            text(d, (x0 + card_w // 2, y + 44), _word("yours", lang), 15, solid, "mm", True)
        count = _word("your_count", lang, count=int(counts.get(role, 0)))
        text(d, (x0 + card_w // 2, y + 68), count, 15, style.INK, "mm")
    return y + 96 + 20


def _draw_afford(
    d: ImageDraw.ImageDraw, view: Mapping[str, Any], part: ScreenPart, y: int, lang: str
) -> int:
    """What the engine says his hand can pay (`purchasing`), at the 2003 costs: no rule is
    decided here."""
    w = words(lang)
    buying: Mapping[str, Any] = view.get("purchasing") or {}
    costs = part.costs(view)
    largest = int(buying.get("largest_set", 0))
    text(d, (20, y), w["afford"], 20, style.INK, bold=True)
    c = colon(lang)
    lines = []
    for size in (3, 6):
        names = (*(item_name(i, lang) for i in SET_ITEMS[size]), *part.items(size, lang))
        items = ", ".join(names)
        count = int(buying.get(f"sets_of_{size}", 0))
        lines.append(f"{_word('sets', lang, size=size)}{c}{count}   ({items})")
    for item in ("hw", "pyramids"):
        answer = w["yes"] if largest >= costs[item] else w["no"]
        lines.append(f"{capitalised(style.item_name(item, lang))} ({costs[item]}){c}{answer}")
    for i, line in enumerate(lines):
        text(d, (30, y + 32 + i * 28), line, 17, style.INK)
    y += 32 + len(lines) * 28
    text(d, (30, y), _word("rule", lang), 13, (120, 110, 90))
    return y + 30


def render_screen(view: Mapping[str, Any], lang: str = "en") -> bytes:
    """The viewer's private 2003 screen as PNG bytes (pure, deterministic)."""
    return quantised_png(render_screen_image(view, lang), 128, compress_level=3)
