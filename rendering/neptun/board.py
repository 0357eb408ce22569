"""Neptun's board picture from a view: the map (Creta, the ports in their region's colour, the
coastal and high-sea routes with their distance markers, the ships), the wind and forecast
tracks, the row of contracts, the temples (standings and the round's point tiles) and each
merchant's public manifest, gold, tile points and place on the oar track.

Pure and deterministic: the same view gives the same bytes. The sea, the routes and the ports
(the static layer) are drawn once per language and copied. Names come from Neptun's part of
the catalog (`neptun.port.roma`...): one name per thing, as in the messages."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from bot.catalog import add_namespace, colon, t
from bot.games.neptun.data import load
from bot.games.neptun.locales import LOCALES, NAMESPACE

from ..core.encode import quantised_png
from ..core.text import draw_text, font
from .layout import HEIGHT, MAP_HEIGHT, PANEL_TOP, PORTS, ROW_HEIGHT, WIDTH
from .style import COLOURS, CRETA, DEEP, GREY, INK, PANEL, SEA, WHITE

add_namespace(NAMESPACE, LOCALES)  # drawn without the registry (demo, gallery, benchmarks)


def word(key: str, lang: str, **params: Any) -> str:
    return t(f"{NAMESPACE}.{key}", lang, **params)


def contract_text(city: int | None, good_card: int | None, lang: str) -> str:
    """A contract as a short line: goods → port; a face-down one as "?"."""
    if city is None or good_card is None:
        return "?"
    data = load()
    return (f"{word(f'goods.{data.goods_cards[good_card]}', lang)} → "
            f"{word(f'port.{data.cities[city].city}', lang)}")


def _centre(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    return (a[0] + b[0]) // 2, (a[1] + b[1]) // 2


@cache
def static_layer(lang: str) -> Image.Image:
    """The sea, the routes (high-sea ones dashed and darker) and the ports with their names."""
    data = load()
    img = Image.new("RGB", (WIDTH, HEIGHT), PANEL)
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, 0, WIDTH, MAP_HEIGHT), fill=SEA)
    for route in data.routes:
        a, b = PORTS[route.a], PORTS[route.b]
        if route.kind == "coastal":
            draw.line((a, b), fill=WHITE, width=4)
        else:  # high sea: dashes
            steps = 14
            for i in range(0, steps, 2):
                p = (a[0] + (b[0] - a[0]) * i // steps, a[1] + (b[1] - a[1]) * i // steps)
                q = (a[0] + (b[0] - a[0]) * (i + 1) // steps,
                     a[1] + (b[1] - a[1]) * (i + 1) // steps)
                draw.line((p, q), fill=DEEP, width=4)
    small = font(13, True)
    for port, (x, y) in PORTS.items():
        region = data.region_of[port]
        colour = COLOURS[data.colours[region]] if region else CRETA
        r = 16 if region is None else 11
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour, outline=INK, width=2)
        name = word(f"port.{port}", lang)
        width = draw.textlength(name, font=small)
        tx = min(max(4, x - width / 2), WIDTH - width - 4)
        draw.rectangle((tx - 2, y + r + 2, tx + width + 2, y + r + 17), fill=SEA)  # over routes
        draw_text(draw, (tx, y + r + 1), name, fill=INK, font=small)
    return img


def _markers(draw: ImageDraw.ImageDraw, markers: Mapping[str, int]) -> None:
    data = load()
    f = font(13, True)
    for route in data.routes:
        if route.id not in markers:
            continue
        x, y = _centre(PORTS[route.a], PORTS[route.b])
        high = route.kind != "coastal"
        draw.rectangle((x - 11, y - 9, x + 11, y + 9), fill=DEEP if high else WHITE,
                       outline=INK)
        draw_text(draw, (x, y), str(markers[route.id]), fill=WHITE if high else INK, font=f,
                  anchor="mm")


def _ships(draw: ImageDraw.ImageDraw, players: Sequence[str],
           ships: Mapping[str, str]) -> None:
    by_port: dict[str, list[str]] = {}
    for p in players:
        by_port.setdefault(ships[p], []).append(p)
    for port, here in by_port.items():
        x, y = PORTS[port]
        for i, p in enumerate(here):
            sx, sy = x - 28 + 14 * i, y - 30
            draw.polygon(((sx - 7, sy), (sx + 7, sy), (sx + 4, sy + 6), (sx - 4, sy + 6)),
                         fill=COLOURS[p], outline=INK)
            draw.line(((sx, sy), (sx, sy - 9)), fill=INK, width=2)


def _track(draw: ImageDraw.ImageDraw, x: int, y: int, label: str, low: int, high: int,
           value: int) -> None:
    f = font(12)
    draw_text(draw, (x, y), label, fill=INK, font=f)
    for i, n in enumerate(range(low, high + 1)):
        cx = x + 70 + 18 * i
        on = n == value
        draw.rectangle((cx, y, cx + 16, y + 16), fill=INK if on else WHITE, outline=INK)
        draw_text(draw, (cx + 8, y + 8), str(n), fill=WHITE if on else INK, font=font(10),
                  anchor="mm")


def _header(draw: ImageDraw.ImageDraw, view: Mapping[str, Any], lang: str) -> None:
    draw.rectangle((6, 6, 330, 78), fill=WHITE, outline=INK)
    draw_text(draw, (12, 10), word("picture.round", lang, letter=view.get("round_letter"),
                             phase=word(f"phase.{view.get('phase')}", lang),
                             turn=view.get("turn")), fill=INK, font=font(13, True))
    _track(draw, 12, 32, word("picture.wind", lang), 0, 10, int(view.get("wind", 5)))
    _track(draw, 12, 54, word("picture.forecast", lang), -5, 5,
           int(view.get("forecast") or 0))


def _row(draw: ImageDraw.ImageDraw, view: Mapping[str, Any], lang: str) -> None:
    row = view.get("row", [])
    x, y = 6, HEIGHT - 36
    draw_text(draw, (x, y + 8), word("picture.row", lang) + colon(lang).rstrip(), fill=INK,
              font=font(13, True))
    x += 90
    for column in row:
        text = contract_text(column.get("city"), column.get("goods"), lang)
        if column.get("gold"):
            text += f" +{column['gold']}"
        width = int(draw.textlength(text, font=font(12))) + 12
        draw.rectangle((x, y + 4, x + width, y + 28),
                       fill=WHITE if column.get("up") else GREY, outline=INK)
        draw_text(draw, (x + 6, y + 9), text, fill=INK, font=font(12))
        x += width + 6


def _merchants(draw: ImageDraw.ImageDraw, view: Mapping[str, Any], lang: str) -> None:
    players = list(view.get("players", []))
    track = {str(p): int(n) for p, n in view.get("oar_track", [])}
    order = {p: i + 1 for i, p in enumerate(view.get("sequence", []))}
    for i, p in enumerate(players):
        y = PANEL_TOP + 4 + i * ROW_HEIGHT
        draw.rectangle((6, y, 22, y + ROW_HEIGHT - 8), fill=COLOURS[p], outline=INK)
        draw_text(draw, (28, y), f"{order.get(p, '')}. {word(f'seat.{p}', lang)}", fill=INK,
                  font=font(13, True))
        points = view.get("scores", view["tile_points"])[p]  # the final count at the end
        facts = (f"{view['gold'][p]} {word('picture.gold', lang)} · "
                 f"{points} {word('picture.points', lang)}"
                 + (f" · ⚓ {track[p]}" if p in track else ""))
        draw_text(draw, (28, y + 18), facts, fill=INK, font=font(12))
        for s, slot in enumerate(view["manifests"][p]):
            sx, sw = 200 + s * 112, 108
            status = (slot or {}).get("status")
            fill = {"delivered": (200, 230, 200), "lost": GREY}.get(str(status), WHITE)
            draw.rectangle((sx, y, sx + sw, y + ROW_HEIGHT - 8), fill=fill, outline=INK)
            if slot and status != "lost":
                city, goods = slot.get("city"), slot.get("goods")
                good, _, town = contract_text(city, goods, lang).partition(" → ")
                draw_text(draw, (sx + 4, y + 2), good, fill=INK, font=font(12))
                draw_text(draw, (sx + 4, y + 18), f"→ {town}", fill=INK, font=font(12))


def _temples(draw: ImageDraw.ImageDraw, view: Mapping[str, Any], lang: str) -> None:
    data = load()
    x0 = 770
    for i, temple in enumerate(data.temples):
        y = PANEL_TOP + 4 + i * 40
        colour = COLOURS[data.colours.get(temple, "gold")]
        draw.rectangle((x0, y, WIDTH - 6, y + 36), fill=WHITE, outline=colour, width=3)
        tiles = " ".join(str(v) for v in view.get("tiles", {}).get(temple, []))
        title = (word(f"region.{temple}", lang) if temple in data.regions
                 else word("picture.gold", lang).capitalize())
        draw_text(draw, (x0 + 6, y + 3), f"{title}  [{tiles}]", fill=INK, font=font(12, True))
        if temple in view.get("temples", {}):
            stack = sorted(view["temples"][temple], key=lambda e: -int(e[1]))
        else:  # the gold temple: the merchants' gold
            stack = sorted(([p, g] for p, g in view.get("gold", {}).items()),
                           key=lambda e: -int(e[1]))
        for j, (p, n) in enumerate(stack):
            cx = x0 + 8 + j * 36
            draw.rectangle((cx, y + 19, cx + 30, y + 33), fill=COLOURS[p])
            draw_text(draw, (cx + 15, y + 26), str(n), fill=WHITE, font=font(11, True),
                      anchor="mm")


def render_board(view: Mapping[str, Any], lang: str = "en") -> bytes:
    """The public picture of a game (draw it from the spectator's view: it shows only what
    the view holds, and a spectator's view holds no secret)."""
    img = static_layer(lang).copy()
    draw = ImageDraw.Draw(img)
    _markers(draw, view.get("markers", {}))
    _ships(draw, view.get("players", []), view.get("ships", {}))
    _header(draw, view, lang)
    _merchants(draw, view, lang)
    _temples(draw, view, lang)
    _row(draw, view, lang)
    return quantised_png(img, 64)
