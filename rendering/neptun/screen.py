"""A merchant's private screen: his hand of oar cards (rowing and wind), the card he sealed
this turn, his manifest with each contract's reward, his gold and bonus tiles. Drawn from his
own view only and sent only to him."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from bot.games.neptun.data import load

from ..core.encode import quantised_png
from ..core.text import draw_text, font
from .board import contract_text, word
from .style import COLOURS, GREY, INK, PANEL, WHITE

WIDTH, HEIGHT = 640, 250


def _reward(slot: Mapping[str, Any], lang: str) -> str:
    data = load()
    card = data.cities[int(slot["city"])]
    kind, amount = card.reward(data.goods_cards[int(slot["goods"])])
    if kind == "gold":
        return word("reward.gold", lang, amount=amount)
    return (f"{amount} {word('picture.points', lang)} "
            f"{word(f'region.{data.region_of[card.city]}', lang)}")


def render_screen(view: Mapping[str, Any], lang: str = "en") -> bytes:
    me = str(view.get("viewer"))
    img = Image.new("RGB", (WIDTH, HEIGHT), PANEL)
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, 0, WIDTH, 28), fill=COLOURS.get(me, GREY))
    draw_text(draw, (10, 5), f"{word(f'seat.{me}', lang)} · {view['gold'][me]} "
                       f"{word('picture.gold', lang)} · {view['tile_points'][me]} "
                       f"{word('picture.points', lang)}", fill=WHITE, font=font(15, True))
    draw_text(draw, (10, 36), word("picture.hand", lang), fill=INK, font=font(13, True))
    chosen = view.get("chosen")
    cards = [(int(c["card"]), int(c["rowing"]), int(c["wind"])) for c in view.get("hand", [])]
    if chosen is not None:
        cards.append((int(chosen), *load().oar(int(chosen))))
    for i, (card, rowing, wind) in enumerate(cards):
        x, y = 10 + i * 62, 56
        sealed = card == chosen
        draw.rectangle((x, y, x + 56, y + 70), fill=GREY if sealed else WHITE, outline=INK,
                       width=2)
        draw_text(draw, (x + 28, y + 14), f"{wind:+d}", fill=INK, font=font(14), anchor="mm")
        draw_text(draw, (x + 28, y + 46), str(rowing), fill=INK, font=font(24, True), anchor="mm")
    draw_text(draw, (10, 136), word("picture.manifest", lang), fill=INK, font=font(13, True))
    for s, slot in enumerate(view.get("manifests", {}).get(me, [])):
        x, y = 10 + s * 124, 156
        status = (slot or {}).get("status")
        fill = {"delivered": (200, 230, 200), "lost": GREY}.get(str(status), WHITE)
        draw.rectangle((x, y, x + 118, y + 80), fill=fill, outline=INK)
        draw_text(draw, (x + 4, y + 2), str(s + 1), fill=INK, font=font(11, True))
        if slot and status != "lost":
            good, _, town = contract_text(slot.get("city"), slot.get("goods"),
                                          lang).partition(" → ")
            draw_text(draw, (x + 6, y + 18), good, fill=INK, font=font(13))
            draw_text(draw, (x + 6, y + 36), f"→ {town}", fill=INK, font=font(13))
            draw_text(draw, (x + 6, y + 56), _reward(slot, lang), fill=INK, font=font(12))
    return quantised_png(img, 64)
