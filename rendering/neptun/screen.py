"""A merchant's private screen: his hand of oar cards (wind on top, rowing below, and the range
each gives with the current wind while the ships sail), the card he sealed this turn, his
manifest with each contract's region and reward, his gold, points and where his ship is.
Drawn from his own view only and sent only to him; the same colours, fonts and cached text
masks as the board."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from bot.games.neptun.data import load

from ..core.encode import quantised_png
from . import glyphs
from .style import COLOURS, DELIVERED, GREY, INK, PANEL, SEA, WHITE
from .words import contract_text, word

WIDTH, HEIGHT = 640, 286
CARD_W, CARD_H = 62, 78
SLOT_W, SLOT_H = 120, 88


def _reward(slot: Mapping[str, Any], lang: str) -> str:
    data = load()
    card = data.cities[int(slot["city"])]
    kind, amount = card.reward(data.goods_cards[int(slot["goods"])])
    if kind == "gold":
        return word("reward.gold", lang, amount=amount)
    return (
        f"{amount} {word('picture.points', lang)} "
        f"{word(f'region.{data.region_of[card.city]}', lang)}"
    )


def _header(
    img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping[str, Any], me: str, lang: str
) -> None:
    draw.rectangle((0, 0, WIDTH, 30), fill=COLOURS.get(me, GREY))
    facts = (
        f"{word(f'seat.{me}', lang)} · {view['gold'][me]} {word('picture.gold', lang)} · "
        f"{view['tile_points'][me]} {word('picture.points', lang)}"
    )
    glyphs.paste(img, (10, 15), facts, 16, WHITE, bold=True, anchor="lm")
    port = view.get("ships", {}).get(me)
    if port:
        where = word("picture.ship_at", lang, port=word(f"port.{port}", lang))
        glyphs.paste(img, (WIDTH - 10, 15), where, 14, WHITE, bold=True, anchor="rm")


def _hand(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping[str, Any], lang: str) -> None:
    glyphs.paste(img, (10, 38), word("picture.hand", lang), 14, INK, bold=True)
    wind = int(view.get("wind", 0))
    sailing = view.get("phase") == "voyages"
    if sailing:  # the wind every range below counts
        glyphs.paste(
            img,
            (WIDTH - 10, 38),
            f"{word('picture.wind', lang)} {wind}",
            14,
            INK,
            bold=True,
            anchor="ra",
        )
    chosen = view.get("chosen")
    cards = [(int(c["card"]), int(c["rowing"]), int(c["wind"])) for c in view.get("hand", [])]
    if chosen is not None:
        cards.append((int(chosen), *load().oar(int(chosen))))
    for i, (card, rowing, card_wind) in enumerate(cards):
        x, y = 10 + i * (CARD_W + 8), 60
        sealed = card == chosen
        draw.rounded_rectangle(
            (x, y, x + CARD_W, y + CARD_H), 6, fill=GREY if sealed else WHITE, outline=INK, width=2
        )
        draw.rectangle((x + 2, y + 2, x + CARD_W - 2, y + 22), fill=SEA)
        glyphs.paste(img, (x + CARD_W / 2, y + 12), f"{card_wind:+d}", 14, INK, anchor="mm")
        glyphs.paste(img, (x + CARD_W / 2, y + 48), str(rowing), 28, INK, bold=True, anchor="mm")
        if sailing:  # rowing plus the wind: how far the card sails before any gold
            reach = word("picture.range", lang, miles=rowing + wind)
            size = glyphs.fitting(reach, 13, CARD_W + 4)
            glyphs.paste(img, (x + CARD_W / 2, y + CARD_H + 10), reach, size, INK, anchor="mm")


def _manifest(
    img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping[str, Any], me: str, lang: str
) -> None:
    data = load()
    glyphs.paste(img, (10, 170), word("picture.manifest", lang), 14, INK, bold=True)
    for s, slot in enumerate(view.get("manifests", {}).get(me, [])):
        x, y = 10 + s * (SLOT_W + 4), 190
        status = (slot or {}).get("status")
        fill = {"delivered": DELIVERED, "lost": GREY}.get(str(status), WHITE)
        draw.rectangle((x, y, x + SLOT_W, y + SLOT_H), fill=fill, outline=INK)
        if slot and status != "lost":
            region = data.region_of[data.cities[int(slot["city"])].city]
            band = COLOURS[data.colours[region]] if region else GREY
            draw.rectangle((x + 1, y + 1, x + SLOT_W - 1, y + 16), fill=band)
            glyphs.paste(img, (x + 5, y + 8), str(s + 1), 12, WHITE, bold=True, anchor="lm")
            good, _, town = contract_text(slot.get("city"), slot.get("goods"), lang).partition(
                " → "
            )
            glyphs.paste(img, (x + 6, y + 20), good, 14, INK)
            size = glyphs.fitting(f"→ {town}", 14, SLOT_W - 8, bold=True)
            glyphs.paste(img, (x + 6, y + 39 + 14 - size), f"→ {town}", size, INK, bold=True)
            reward = _reward(slot, lang)
            glyphs.paste(img, (x + 6, y + 64), reward, glyphs.fitting(reward, 13, SLOT_W - 8), INK)
        else:
            glyphs.paste(img, (x + 5, y + 8), str(s + 1), 12, INK, bold=True, anchor="lm")


def render_screen(view: Mapping[str, Any], lang: str = "en") -> bytes:
    me = str(view.get("viewer"))
    img = Image.new("RGB", (WIDTH, HEIGHT), PANEL)
    draw = ImageDraw.Draw(img)
    _header(img, draw, view, me, lang)
    _hand(img, draw, view, lang)
    _manifest(img, draw, view, me, lang)
    return quantised_png(img, 64)
