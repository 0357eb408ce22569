"""The static part of Neptun's board picture: the sea, the land and islands from Natural
Earth (`rendering.core.geo`), the routes (coastal ones solid along the coast, high-sea ones
dashed) and the ports in their region's colour with their names. Drawn once per language
and cached; a render copies it."""

from __future__ import annotations

import math
from functools import cache
from itertools import pairwise

from PIL import Image, ImageDraw

from bot.games.neptun.data import load

from ..core.geo.draw import draw_land
from ..core.text import font
from .layout import HEIGHT, LABELS, MAP_HEIGHT, PORTS, PROJECTION, ROUTES, WIDTH, Point
from .style import COAST, COLOURS, CRETA, DEEP, INK, LAND, PANEL, SEA, WHITE
from .words import word

LABEL_SIZE = 16  # bold: about 9 px at Discord's 550-pixel preview
PORT_RADIUS = 8
CRETA_RADIUS = 8
HALO = 2  # the white outline that keeps a name legible over a coast or a route


def port_radius(port: str) -> int:
    return CRETA_RADIUS if load().region_of[port] is None else PORT_RADIUS


def _dashes(
    draw: ImageDraw.ImageDraw,
    line: list[Point],
    colour: tuple[int, int, int],
    width: int,
    dash: float = 9.0,
    gap: float = 6.0,
) -> None:
    """A dashed polyline: the dash pattern runs on across the waypoints."""
    on, left = True, dash
    for p, q in pairwise(line):
        length, done = math.dist(p, q), 0.0
        while done < length:
            step = min(left, length - done)
            a = (p[0] + (q[0] - p[0]) * done / length, p[1] + (q[1] - p[1]) * done / length)
            done += step
            b = (p[0] + (q[0] - p[0]) * done / length, p[1] + (q[1] - p[1]) * done / length)
            if on:
                draw.line((a, b), fill=colour, width=width)
            left -= step
            if left <= 0:
                on = not on
                left = dash if on else gap


Box = tuple[float, float, float, float]


def label_at(port: str, lang: str) -> tuple[Point, str, Box]:
    """Where a port's name is drawn: the point and Pillow anchor, and the ink's box (with the
    white halo), kept inside the map."""
    x, y = PORTS[port]
    dx, dy, anchor = LABELS[port]
    box = font(LABEL_SIZE, True).getbbox(
        word(f"port.{port}", lang), anchor=anchor, stroke_width=HALO
    )
    left, right = x + dx + box[0], x + dx + box[2]
    shift = max(0.0, 2 - left) - max(0.0, right - (WIDTH - 2))
    at = (x + dx + shift, float(y + dy))
    return at, anchor, (left + shift, at[1] + box[1], right + shift, at[1] + box[3])


@cache
def sea_map(lang: str) -> Image.Image:
    """The map and an empty panel, in RGB (antialiased): never drawn on, only copied."""
    data = load()
    sea = Image.new("RGB", (WIDTH, MAP_HEIGHT), SEA)  # the land stops at the map's edge
    draw = ImageDraw.Draw(sea)
    draw_land(draw, PROJECTION, LAND, COAST)
    for route in data.routes:
        line = ROUTES[route.id]
        if route.kind == "coastal":
            draw.line(line, fill=WHITE, width=4, joint="curve")
        else:
            _dashes(draw, line, DEEP, 3)
    for port, (x, y) in PORTS.items():
        region = data.region_of[port]
        colour = COLOURS[data.colours[region]] if region else CRETA
        r = port_radius(port)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour, outline=INK, width=2)
    label = font(LABEL_SIZE, True)
    for port in PORTS:
        at, anchor, _box = label_at(port, lang)
        draw.text(
            at,
            word(f"port.{port}", lang),
            fill=INK,
            font=label,
            anchor=anchor,
            stroke_width=HALO,
            stroke_fill=WHITE,
        )
    img = Image.new("RGB", (WIDTH, HEIGHT), PANEL)
    img.paste(sea, (0, 0))
    ImageDraw.Draw(img).line(((0, MAP_HEIGHT), (WIDTH, MAP_HEIGHT)), fill=INK, width=2)
    return img
