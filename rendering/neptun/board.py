"""Neptun's board picture from a view: the map (the real Mediterranean with Creta, the ports in
their region's colour, the coastal and high-sea routes with their distance markers, the
ships), the sea's state (round, wind and forecast tracks, the Séquence with the oar track),
the row of contracts, the temples (standings and the round's point tiles) and each merchant's
public manifest, gold and tile points.

Pure and deterministic: the same view gives the same bytes. The map and the empty panel
(`seamap.sea_map`) are drawn once per language, the distance markers once per game; a render
copies them, draws the pieces with cached text masks and maps what it drew onto a palette fixed
per language (the map's colours and the pieces' exact ones), which is much faster than
quantising each picture afresh. Names
come from Neptun's part of the catalog (`neptun.port.roma`...): one name per thing, as in the
messages."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.catalog import colon
from bot.games.neptun.data import load

from ..core.encode import png
from ..core.text import RGB
from . import glyphs
from .layout import HEIGHT, MARKERS, MIDDLES, PANEL_TOP, ROW_HEIGHT, SHIP_ROWS, WIDTH
from .seamap import sea_map
from .style import COLOURS, DEEP, DELIVERED, GREY, INK, PANEL, SEA, TILE, WHITE
from .words import contract_text, word

MARKER_W, MARKER_H = 26, 20
SHIP_STEP = 17  # from a ship to the next in its port's row
SHIP_HALF = 9  # half a hull's width
STATE_BOX = (6, 284, 338, 424)  # the sea's state, on the Sahara (land, nothing else there)
MAP_COLOURS = 200  # palette entries from the map; the rest are the pieces' exact colours

Box = tuple[int, int, int, int]


def _blend(a: RGB, b: RGB, f: float) -> RGB:
    return (
        round(a[0] + (b[0] - a[0]) * f),
        round(a[1] + (b[1] - a[1]) * f),
        round(a[2] + (b[2] - a[2]) * f),
    )


@cache
def static_layer(lang: str) -> tuple[Image.Image, Image.Image, Image.Image]:
    """The map in RGB, the render's palette (the map quantised to `MAP_COLOURS`, plus the
    pieces' colours and the steps of their antialiased text edges) and the map mapped onto
    that palette."""
    base = sea_map(lang)
    mapped = base.quantize(MAP_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    colours: list[RGB] = []
    raw = mapped.getpalette() or []
    colours += [
        (raw[i], raw[i + 1], raw[i + 2]) for i in range(0, min(len(raw), 3 * MAP_COLOURS), 3)
    ]
    pieces = [*COLOURS.values(), INK, WHITE, GREY, DEEP, DELIVERED, PANEL, SEA, TILE]
    extra: list[RGB] = list(pieces)
    for ink in (INK, WHITE):
        for ground in pieces:
            extra += [_blend(ground, ink, f) for f in (0.33, 0.66)]
    for colour in extra:
        if colour not in colours and len(colours) < 256:
            colours.append(colour)
    palette = Image.new("P", (1, 1))
    palette.putpalette([v for c in colours for v in c] + [0, 0, 0] * (256 - len(colours)))
    return base, palette, base.quantize(palette=palette, dither=Image.Dither.NONE)


def _markers(img: Image.Image, draw: ImageDraw.ImageDraw, markers: Mapping[str, int]) -> list[Box]:
    data = load()
    drawn: list[Box] = []
    for route in data.routes:
        if route.id not in markers:
            continue
        x, y = MARKERS[route.id]
        high = route.kind != "coastal"
        box = (x - MARKER_W // 2, y - MARKER_H // 2, x + MARKER_W // 2, y + MARKER_H // 2)
        drawn.append(box)
        if (x, y) != MIDDLES[route.id]:
            mx, my = MIDDLES[route.id]
            draw.line(((mx, my), (x, y)), fill=INK, width=1)
            drawn.append((min(mx, x), min(my, y), max(mx, x), max(my, y)))
        draw.rounded_rectangle(
            box,
            4,
            fill=DEEP if high else WHITE,
            outline=WHITE if high else INK,
            width=2 if high else 1,
        )
        glyphs.paste(
            img,
            (x, y + 1),
            str(markers[route.id]),
            15,
            WHITE if high else INK,
            bold=True,
            anchor="mm",
        )
    return drawn


def ship(draw: ImageDraw.ImageDraw, x: int, y: int, colour: RGB) -> None:
    """A galley seen from the side, (x, y) the middle of its waterline: hull, mast, sail."""
    h = SHIP_HALF
    draw.polygon(
        ((x - h, y - 6), (x + h, y - 6), (x + h - 3, y + 1), (x - h + 3, y + 1)),
        fill=colour,
        outline=INK,
    )
    draw.line(((x, y - 6), (x, y - 20)), fill=INK, width=1)
    draw.polygon(
        ((x - 6, y - 18), (x + 6, y - 18), (x + 7, y - 9), (x - 7, y - 9)), fill=colour, outline=INK
    )


def ship_row(port: str, count: int) -> tuple[int, int, int, int]:
    """The box the ships of a port take (`count` of them, centred on its row)."""
    x, y = SHIP_ROWS[port]
    half = (count - 1) * SHIP_STEP // 2 + SHIP_HALF
    return x - half, y - 11, x + half, y + 10


def _ships(
    draw: ImageDraw.ImageDraw, players: Sequence[str], ships: Mapping[str, str]
) -> list[Box]:
    by_port: dict[str, list[str]] = {}
    for p in players:
        if p in ships:
            by_port.setdefault(ships[p], []).append(p)
    drawn = []
    for port, here in by_port.items():
        box = ship_row(port, len(here))
        for i, p in enumerate(here):
            ship(draw, box[0] + SHIP_HALF + i * SHIP_STEP, box[3] - 1, COLOURS[p])
        drawn.append(box)
    return drawn


def _track(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    x: int,
    y: int,
    label: str,
    low: int,
    high: int,
    value: int,
) -> None:
    glyphs.paste(img, (x, y + 10), label, 13, INK, anchor="lm")
    for i, n in enumerate(range(low, high + 1)):
        cx = x + 78 + 22 * i
        on = n == value
        draw.rectangle((cx, y, cx + 20, y + 20), fill=INK if on else WHITE, outline=INK)
        glyphs.paste(
            img,
            (cx + 11, y + 10),
            str(n),
            12 if on else 11,
            WHITE if on else INK,
            bold=on,
            anchor="mm",
        )


def _sea_state(
    img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping[str, Any], lang: str
) -> None:
    """Round, phase and turn; the wind and forecast tracks; the Séquence (turn order) with
    each merchant's place on the oar track while it is set."""
    x0, y0, x1, y1 = STATE_BOX
    draw.rectangle(STATE_BOX, fill=WHITE, outline=INK)
    glyphs.paste(
        img,
        (x0 + 8, y0 + 5),
        word(
            "picture.round",
            lang,
            letter=view.get("round_letter"),
            phase=word(f"phase.{view.get('phase')}", lang),
            turn=view.get("turn"),
        ),
        14,
        INK,
        bold=True,
    )
    _track(img, draw, x0 + 8, y0 + 28, word("picture.wind", lang), 0, 10, int(view.get("wind", 5)))
    _track(
        img,
        draw,
        x0 + 8,
        y0 + 54,
        word("picture.forecast", lang),
        -5,
        5,
        int(view.get("forecast") or 0),
    )
    if view.get("over"):  # the Séquence no longer matters: who won
        winners = [str(p) for p in view.get("winners", [])]
        names = ", ".join(word(f"seat.{p}", lang) for p in winners)
        line = word("picture.winners", lang, players=names)
        glyphs.paste(img, (x0 + 8, y0 + 96), line, 14, INK, bold=True, anchor="lm")
    else:
        _sequence(img, draw, view, lang)
    glyphs.paste(img, (x1 - 6, y1 - 4), word("picture.credit", lang), 10, GREY, anchor="rd")


def _sequence(
    img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping[str, Any], lang: str
) -> None:
    """The turn order, each merchant's oar value (⚓) beside him while the oar track is set."""
    x0, y0, _x1, _y1 = STATE_BOX
    glyphs.paste(img, (x0 + 8, y0 + 96), word("picture.sequence", lang), 13, INK, anchor="lm")
    oars = {str(p): int(n) for p, n in view.get("oar_track", [])}
    for i, p in enumerate(view.get("sequence", [])):
        cx = x0 + 86 + 48 * i
        draw.rectangle((cx, y0 + 84, cx + 22, y0 + 108), fill=COLOURS[p], outline=INK)
        glyphs.paste(img, (cx + 11, y0 + 96), str(i + 1), 14, WHITE, bold=True, anchor="mm")
        if p in oars:
            glyphs.paste(img, (cx + 25, y0 + 96), f"⚓{oars[p]}", 12, INK, anchor="lm")


def _row(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping[str, Any], lang: str) -> None:
    row = view.get("row", [])
    x, y = 6, HEIGHT - 36
    label = word("picture.row", lang) + colon(lang).rstrip()
    glyphs.paste(img, (x, y + 16), label, 14, INK, bold=True, anchor="lm")
    x += glyphs.width(label, 14, True) + 10
    for column in row:
        text = contract_text(column.get("city"), column.get("goods"), lang)
        if column.get("gold"):
            text += f" +{column['gold']}"
        width = glyphs.width(text, 13) + 12
        draw.rectangle(
            (x, y + 4, x + width, y + 28), fill=WHITE if column.get("up") else GREY, outline=INK
        )
        glyphs.paste(img, (x + 6, y + 16), text, 13, INK, anchor="lm")
        x += width + 6


def _merchants(
    img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping[str, Any], lang: str
) -> None:
    players = list(view.get("players", []))
    order = {p: i + 1 for i, p in enumerate(view.get("sequence", []))}
    for i, p in enumerate(players):
        y = PANEL_TOP + 6 + i * ROW_HEIGHT
        draw.rectangle((6, y, 22, y + ROW_HEIGHT - 8), fill=COLOURS[p], outline=INK)
        glyphs.paste(
            img, (28, y - 1), f"{order.get(p, '')}. {word(f'seat.{p}', lang)}", 15, INK, bold=True
        )
        points = view.get("scores", view["tile_points"])[p]  # the final count at the end
        facts = (
            f"{view['gold'][p]} {word('picture.gold', lang)} · "
            f"{points} {word('picture.points', lang)}"
        )
        glyphs.paste(img, (28, y + 19), facts, 14, INK)
        for s, slot in enumerate(view["manifests"][p]):
            sx, sw = 170 + s * 118, 114
            status = (slot or {}).get("status")
            fill = {"delivered": DELIVERED, "lost": GREY}.get(str(status), WHITE)
            draw.rectangle((sx, y, sx + sw, y + ROW_HEIGHT - 8), fill=fill, outline=INK)
            if slot and status != "lost":
                city, goods = slot.get("city"), slot.get("goods")
                good, _, town = contract_text(city, goods, lang).partition(" → ")
                glyphs.paste(img, (sx + 4, y), good, 14, INK)
                size = glyphs.fitting(f"→ {town}", 14, sw - 6, bold=True)
                glyphs.paste(img, (sx + 4, y + 18 + 14 - size), f"→ {town}", size, INK, bold=True)


def _temples(
    img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping[str, Any], lang: str
) -> None:
    data = load()
    x0 = 766
    for i, temple in enumerate(data.temples):
        y = PANEL_TOP + 6 + i * 40
        colour = COLOURS[data.colours.get(temple, "gold")]
        draw.rectangle((x0, y, WIDTH - 6, y + 36), fill=WHITE, outline=colour, width=3)
        title = (
            word(f"region.{temple}", lang)
            if temple in data.regions
            else word("picture.gold", lang).capitalize()
        )
        glyphs.paste(img, (x0 + 6, y + 1), title, 14, INK, bold=True)
        tiles = list(view.get("tiles", {}).get(temple, []))
        for k, value in enumerate(reversed(tiles)):  # the round's point tiles, at the right
            tx = WIDTH - 12 - 24 - k * 26
            draw.rectangle((tx, y + 3, tx + 23, y + 17), fill=TILE, outline=INK)
            glyphs.paste(img, (tx + 12, y + 10), str(value), 12, INK, bold=True, anchor="mm")
        if temple in view.get("temples", {}):
            stack = sorted(view["temples"][temple], key=lambda e: -int(e[1]))
        else:  # the gold temple: the merchants' gold
            stack = sorted(
                ([p, g] for p, g in view.get("gold", {}).items()), key=lambda e: -int(e[1])
            )
        for j, (p, n) in enumerate(stack):
            cx = x0 + 8 + j * 36
            draw.rectangle((cx, y + 19, cx + 30, y + 33), fill=COLOURS[p])
            glyphs.paste(img, (cx + 15, y + 26), str(n), 13, WHITE, bold=True, anchor="mm")


def _remap(rgb: Image.Image, out: Image.Image, palette: Image.Image, boxes: list[Box]) -> None:
    """Maps the boxes drawn on in `rgb` onto the palette, into `out` (each pixel maps alone,
    so the bytes are those of mapping the whole picture; the rest was mapped once)."""
    for x0, y0, x1, y1 in boxes:
        box = (max(0, x0 - 1), max(0, y0 - 1), min(WIDTH, x1 + 2), min(HEIGHT, y1 + 2))
        out.paste(rgb.crop(box).quantize(palette=palette, dither=Image.Dither.NONE), box[:2])


@lru_cache(maxsize=16)
def game_layer(
    lang: str, markers: tuple[tuple[str, int], ...]
) -> tuple[Image.Image, Image.Image, Image.Image]:
    """The map with a game's distance markers (shuffled at set-up, then fixed), in RGB and
    mapped onto the palette, and the palette: a render starts from these."""
    base, palette, mapped = static_layer(lang)
    rgb, out = base.copy(), mapped.copy()
    _remap(rgb, out, palette, _markers(rgb, ImageDraw.Draw(rgb), dict(markers)))
    return rgb, out, palette


def render_board(view: Mapping[str, Any], lang: str = "en") -> bytes:
    """The public picture of a game (draw it from the spectator's view: it shows only what
    the view holds, and a spectator's view holds no secret)."""
    markers = tuple(sorted((str(r), int(n)) for r, n in view.get("markers", {}).items()))
    rgb, mapped, palette = game_layer(lang, markers)
    img, out = rgb.copy(), mapped.copy()
    draw = ImageDraw.Draw(img)
    dirty = _ships(draw, view.get("players", []), view.get("ships", {}))
    _sea_state(img, draw, view, lang)
    _merchants(img, draw, view, lang)
    _temples(img, draw, view, lang)
    _row(img, draw, view, lang)
    _remap(img, out, palette, [*dirty, STATE_BOX, (0, PANEL_TOP, WIDTH - 1, HEIGHT - 1)])
    return png(out)
