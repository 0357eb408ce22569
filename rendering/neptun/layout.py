"""Where things are on Neptun's picture. The map is the real Mediterranean
(`rendering.core.geo`, Natural Earth) projected onto the top of the picture; `layout.json`
places the ports and the routes' waypoints in longitude/latitude, and the names, ship rows and
moved distance markers as pixel offsets. Turned into pixels here, once. Data only: no drawing."""

from __future__ import annotations

import json
import math
from itertools import pairwise
from pathlib import Path
from typing import Any

from ..core.geo import Projection

Point = tuple[float, float]

WIDTH = 960
MAP_HEIGHT = 430
PANEL_TOP = MAP_HEIGHT
ROW_HEIGHT = 46
HEIGHT = MAP_HEIGHT + 6 * ROW_HEIGHT + 40

_DATA: dict[str, Any] = json.loads((Path(__file__).resolve().parent / "layout.json").read_text())

_WEST, _SOUTH, _EAST, _NORTH = (float(v) for v in _DATA["box"])
PROJECTION = Projection((_WEST, _SOUTH, _EAST, _NORTH), (0, 0, WIDTH, MAP_HEIGHT))


def _px(lonlat: list[float]) -> Point:
    return PROJECTION(float(lonlat[0]), float(lonlat[1]))


def _round(p: Point) -> tuple[int, int]:
    return round(p[0]), round(p[1])


# Port -> centre of its dot (pixels).
PORTS: dict[str, tuple[int, int]] = {
    port: _round(_px(entry["at"])) for port, entry in _DATA["ports"].items()
}

# Port -> (dx, dy, Pillow anchor) of its name, from the dot's centre.
LABELS: dict[str, tuple[int, int, str]] = {
    port: (int(entry["label"][0]), int(entry["label"][1]), str(entry["label"][2]))
    for port, entry in _DATA["ports"].items()
}

# Port -> centre of the row its ships line up in, beside the port.
SHIP_ROWS: dict[str, tuple[int, int]] = {
    port: (PORTS[port][0] + int(entry["ships"][0]), PORTS[port][1] + int(entry["ships"][1]))
    for port, entry in _DATA["ports"].items()
}


def _polyline(route_id: str) -> list[Point]:
    a, b = route_id.split("-")
    entry = _DATA["routes"][route_id]
    return [PORTS[a], *(_px(p) for p in entry["via"]), PORTS[b]]


def midpoint(line: list[Point]) -> Point:
    """The point halfway along a polyline (by length)."""
    lengths = [math.dist(p, q) for p, q in pairwise(line)]
    left = sum(lengths) / 2
    for (p, q), length in zip(pairwise(line), lengths, strict=True):
        if left <= length and length > 0:
            f = left / length
            return p[0] + (q[0] - p[0]) * f, p[1] + (q[1] - p[1]) * f
        left -= length
    return line[-1]


# Route id ("a-b", as in the board data) -> the polyline drawn (port, waypoints..., port).
ROUTES: dict[str, list[Point]] = {route: _polyline(route) for route in _DATA["routes"]}

# Route id -> the route's middle, and the centre of its distance marker: the middle unless
# the data moves it aside (a short route between close ports); then a leader joins them.
MIDDLES: dict[str, tuple[int, int]] = {
    route: _round(midpoint(line)) for route, line in ROUTES.items()
}
MARKERS: dict[str, tuple[int, int]] = {
    route: (
        MIDDLES[route][0] + int(entry.get("marker", (0, 0))[0]),
        MIDDLES[route][1] + int(entry.get("marker", (0, 0))[1]),
    )
    for route, entry in _DATA["routes"].items()
}
