"""A player's private screen: his resources by type (legendary ones marked), his Heroes &
Wonders, and what he can pay. Drawn from `view["hand"]` only, so it never shows another hand."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from bot.catalog import colon
from bot.games.mare_nostrum.board import COIN, COMMODITIES, RESOURCE_TYPES, components

from ..core.encode import quantised_png
from ..core.text import RGB, drawn, font, text_width
from . import style
from .style import words

WIDTH = 900
LEGENDARY = "*"
# What the printed screen lists under each set size (the `picture.sets3_for` / `sets6_for`
# words), in its order: an item a power prices otherwise leaves its line.
SET_ITEMS = {3: ("influence", "city", "caravan", "legion", "trireme", "fortress"),
             6: ("market", "temple")}


def types_count(hand: dict[str, int]) -> dict[str, int]:
    """Tokens by type: a legendary token counts as its type (section 1.4)."""
    out: dict[str, int] = {}
    for token, n in hand.items():
        if n > 0:
            t = token[:-1] if token.endswith(LEGENDARY) else token
            out[t] = out.get(t, 0) + n
    return out


def _text(d: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, size: int, fill: RGB,
          anchor: str = "lm", bold: bool = False) -> None:
    d.text(xy, drawn(text), fill=fill, font=font(size, bold), anchor=anchor)


def _chip(d: ImageDraw.ImageDraw, x: int, y: int, rtype: str, lang: str) -> None:
    abbr = style.COMMODITY_ABBR.get(lang, style.COMMODITY_ABBR["en"]).get(rtype, rtype[:2])
    if rtype == COIN:
        d.ellipse((x - 14, y - 14, x + 14, y + 14), fill=style.PIECES["coin"],
                  outline=style.PIECES["outline"], width=2)
    else:
        d.rectangle((x - 14, y - 14, x + 14, y + 14), fill=style.PIECES["caravan"],
                    outline=style.PIECES["outline"], width=2)
    _text(d, (x, y + 1), abbr, 13, style.INK, "mm", True)


def _star(d: ImageDraw.ImageDraw, x: int, y: int, r: int, fill: RGB) -> None:
    import math

    pts = []
    for i in range(10):
        a = -math.pi / 2 + i * math.pi / 5
        rr = r if i % 2 == 0 else r * 0.45
        pts.append((x + rr * math.cos(a), y + rr * math.sin(a)))
    d.polygon(pts, fill=fill, outline=style.PIECES["outline"])


def _empire_colours(view: Mapping[str, Any], me: str | None) -> tuple[RGB, RGB]:
    info = view.get("empires", {}).get(me or "", {})
    solid, _tint, on = style.EMPIRE_COLOURS.get(str(info.get("colour")), style.FALLBACK_EMPIRE)
    return solid, on


def render_screen_image(view: Mapping[str, Any], lang: str = "en") -> Image.Image:
    w = words(lang)
    me = view.get("viewer")
    hand: dict[str, int] = dict(view.get("hand") or {})
    counts = types_count(hand)
    held = [t for t in RESOURCE_TYPES if counts.get(t)]
    tiles = list(view.get("hw", {}).get(me, [])) if me else []
    rows = (len(held) + 1) // 2
    height = 150 + max(rows, 1) * 40 + 44 + 40 * max(1, (len(tiles) + 2) // 3) + 180
    height += 28 * len((view.get("purchasing") or {}).get("prices", {}))  # a power's prices
    img = Image.new("RGB", (WIDTH, height), style.PANEL)
    d = ImageDraw.Draw(img)
    solid, on = _empire_colours(view, me)
    d.rectangle((0, 0, WIDTH, 56), fill=solid)
    name = style.empire_name(view, me, lang) if me else "?"
    letter = view.get("empires", {}).get(me or "", {}).get("letter", "?")
    _text(d, (20, 28), f"{w['screen']} {name} ({letter})", 24, on, bold=True)
    phase = str(view.get("phase", ""))
    _text(d, (WIDTH - 20, 28), f"{w['round']} {view.get('round', '?')} · {w.get(phase, phase)}",
          18, on, "rm")
    y = 80
    if view.get("hand") is None:
        _text(d, (20, y + 10), w["spectator"], 18, style.INK)
        return img
    _text(d, (20, y), f"{w['resources']}  ({w['total']}{colon(lang)}{sum(counts.values())})", 20,
          style.INK, bold=True)
    y += 34
    for i, rtype in enumerate(held):
        col, row = i % 2, i // 2
        x0, y0 = 30 + col * 430, y + row * 40 + 14
        _chip(d, x0 + 14, y0, rtype, lang)
        label = f"{style.resource_label(rtype, lang)}  × {counts[rtype]}"
        _text(d, (x0 + 40, y0), label, 18, style.INK)
        legend_n = hand.get(rtype + LEGENDARY, 0)
        if legend_n:  # a gold ring on the chip, and a star with the number of legendary tokens
            d.rectangle((x0 - 3, y0 - 17, x0 + 31, y0 + 17), outline=style.PIECES["legendary"],
                        width=3)
            sx = x0 + 40 + text_width(label, 18) + 22
            _star(d, sx, y0, 10, style.PIECES["legendary"])
            _text(d, (sx + 14, y0), f"{legend_n} {w['legendary_note']}", 16, (150, 100, 0),
                  bold=True)
    if not held:
        _text(d, (30, y + 14), w["none"], 18, style.INK)
    y += max(rows, 1) * 40 + 20
    _text(d, (20, y), w["hw"], 20, style.INK, bold=True)
    y += 30
    for i, tile in enumerate(tiles):
        label = style.hw_name(tile, lang)
        x0, y0 = 30 + (i % 3) * 285, y + (i // 3) * 40
        d.rounded_rectangle((x0, y0, x0 + 270, y0 + 32), 6, fill=style.PIECES["tile"],
                            outline=solid, width=3)
        _text(d, (x0 + 135, y0 + 16), label, 16, style.INK, "mm")
    if not tiles:
        _text(d, (30, y + 14), w["none"], 18, style.INK)
    y += 40 * max(1, (len(tiles) + 2) // 3) + 24
    _draw_afford(d, view.get("purchasing") or {}, counts, y, lang)
    return img


def _draw_afford(d: ImageDraw.ImageDraw, buying: dict[str, Any], counts: dict[str, int],
                 y: int, lang: str) -> None:
    """What the engine says his hand can pay (view["purchasing"]): no rule is decided here."""
    w = words(lang)
    _text(d, (20, y), w["afford"], 20, style.INK, bold=True)
    kinds = sum(1 for t in COMMODITIES if counts.get(t))
    largest = int(buying.get("largest_set", 0))
    # The prices are the engine's component data (rulings §1), never written here.
    hw_costs = [c for _, c in sorted(components().hw_costs.items())]
    pyramids = components().costs["pyramids"]
    c = colon(lang)
    repriced = set(buying.get("prices", {}))
    lines = [
        f"{w['sets3']}{c}{buying.get('sets_of_3', 0)}   ({set_items(3, repriced, lang)})",
        f"{w['sets6']}{c}{buying.get('sets_of_6', 0)}   ({set_items(6, repriced, lang)})",
        # What his powers price otherwise (Atlas: triremes for a set of 2, ruling A7).
        *(f"{style.sets_of(int(p['size']), lang)}{c}{p['sets']}   "
          f"({style.item_name(item, lang)})"
          for item, p in sorted(buying.get("prices", {}).items())),
        f"{w['hw_price']} {'/'.join(map(str, hw_costs))}{c}" + " · ".join(
            f"{k}{c}{w['yes'] if largest >= k else w['no']}" for k in hw_costs),
        f"{w['pyr_price']} ({pyramids}){c}{w['yes'] if largest >= pyramids else w['no']}   ·   "
        f"{kinds} {w['types']}",
    ]
    for i, line in enumerate(lines):
        _text(d, (30, y + 32 + i * 28), line, 17, style.INK)
    _text(d, (30, y + 32 + len(lines) * 28), w["basic_rule"], 13, (120, 110, 90))


def set_items(size: int, repriced: set[str], lang: str) -> str:
    """What a set of `size` buys for this player: the printed screen's list, less what his
    powers price otherwise (Atlas's triremes cost a set of 2: ruling A7)."""
    items = SET_ITEMS[size]
    if not repriced & set(items):
        return words(lang)[f"sets{size}_for"]
    return ", ".join(style.item_name(i, lang) for i in items if i not in repriced)


def render_screen(view: Mapping[str, Any], lang: str = "en") -> bytes:
    """The viewer's private screen as PNG bytes (pure, deterministic)."""
    return quantised_png(render_screen_image(view, lang), 128, compress_level=3)


__all__ = ["font", "render_screen"]
