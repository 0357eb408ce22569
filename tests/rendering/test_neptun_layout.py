"""Neptun's map layout (rendering/neptun/layout.json) against the board data and the real
geography: every port and route placed, every name, distance marker and ship row clear of the
others, and every route at sea."""

from __future__ import annotations

import math
from itertools import combinations, pairwise

import pytest
from PIL import Image, ImageDraw

from bot.catalog import LANGUAGES
from bot.games.neptun.data import load
from rendering.neptun.board import MARKER_H, MARKER_W, STATE_BOX, ship_row
from rendering.neptun.layout import (
    MAP_HEIGHT,
    MARKERS,
    PORTS,
    PROJECTION,
    ROUTES,
    SHIP_ROWS,
    WIDTH,
)
from rendering.neptun.seamap import label_at, port_radius

Box = tuple[float, float, float, float]
MAX_SHIPS = 5  # every merchant of a 5-player game in one port
LAND_TOLERANCE = 6  # pixels of a route on land, outside its ports' dots (narrow straits)


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _inside(a: Box, frame: Box) -> bool:
    return frame[0] <= a[0] and frame[1] <= a[1] and a[2] <= frame[2] and a[3] <= frame[3]


def _ship_row(port: str) -> Box:
    return ship_row(port, MAX_SHIPS)


def _marker(route: str) -> Box:
    x, y = MARKERS[route]
    return x - MARKER_W / 2, y - MARKER_H / 2, x + MARKER_W / 2, y + MARKER_H / 2


def _dot(port: str) -> Box:
    x, y = PORTS[port]
    r = port_radius(port)
    return x - r, y - r, x + r, y + r


def _things(lang: str) -> dict[str, Box]:
    things = {f"label {p}": label_at(p, lang)[2] for p in PORTS}
    things |= {f"marker {r}": _marker(r) for r in MARKERS}
    things |= {f"ships {p}": _ship_row(p) for p in SHIP_ROWS}
    return things


def test_every_port_and_route_of_the_board_is_placed() -> None:
    data = load()
    assert set(PORTS) == set(data.ports) == set(SHIP_ROWS)
    assert set(ROUTES) == {r.id for r in data.routes} == set(MARKERS)
    for route in data.routes:
        assert ROUTES[route.id][0] == PORTS[route.a] and ROUTES[route.id][-1] == PORTS[route.b]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_names_markers_and_ships_do_not_overlap(lang: str) -> None:
    things = _things(lang)
    clashes = [
        (a, b)
        for (a, box_a), (b, box_b) in combinations(things.items(), 2)
        if _overlap(box_a, box_b)
    ]
    assert not clashes
    dots = {p: _dot(p) for p in PORTS}
    covered = [
        (name, p) for name, box in things.items() for p, dot in dots.items() if _overlap(box, dot)
    ]
    assert not covered  # no name, marker or ship hides a port


@pytest.mark.parametrize("lang", LANGUAGES)
def test_everything_stays_on_the_map_and_off_the_sea_state_box(lang: str) -> None:
    frame = (0.0, 0.0, float(WIDTH), float(MAP_HEIGHT))
    state = tuple(float(v) for v in STATE_BOX)
    for name, box in _things(lang).items():
        assert _inside(box, frame), name
        assert not _overlap(box, state), name  # type: ignore[arg-type]
    for port in PORTS:
        assert not _overlap(_dot(port), state)  # type: ignore[arg-type]


def _land_mask() -> Image.Image:
    mask = Image.new("1", (WIDTH, MAP_HEIGHT), 0)
    draw = ImageDraw.Draw(mask)
    for ring in PROJECTION.land():
        draw.polygon(ring, fill=1)
    return mask


def land_pixels(line: list[tuple[float, float]], mask: Image.Image, skip: float) -> int:
    """How many pixels of a polyline lie on land, outside the `skip` radius of its ends."""
    count = 0
    for p, q in pairwise(line):
        steps = max(1, int(math.dist(p, q)))
        for i in range(steps):
            x = p[0] + (q[0] - p[0]) * i / steps
            y = p[1] + (q[1] - p[1]) * i / steps
            if min(math.dist((x, y), line[0]), math.dist((x, y), line[-1])) < skip:
                continue
            if 0 <= x < WIDTH and 0 <= y < MAP_HEIGHT and mask.getpixel((int(x), int(y))):
                count += 1
    return count


def test_every_route_keeps_to_the_sea() -> None:
    """The coastal routes follow the coast round the capes (waypoints in layout.json) and the
    high-sea ones cross open water: no route crosses land for more than a few pixels (the
    narrow straits, Messina or the Dardanelles, are closed at this scale)."""
    mask = _land_mask()
    skip = max(port_radius(p) for p in PORTS) + 2
    on_land = {route: land_pixels(line, mask, skip) for route, line in ROUTES.items()}
    assert {r: n for r, n in on_land.items() if n > LAND_TOLERANCE} == {}


def test_the_ports_stand_where_they_are_on_earth() -> None:
    """Spot checks of the projection: Roma west of Athenae, Alexandria the southernmost,
    Byzantium the northernmost of the eastern ports, Malaca the westernmost."""
    xs = {p: x for p, (x, _y) in PORTS.items()}
    ys = {p: y for p, (_x, y) in PORTS.items()}
    assert xs["roma"] < xs["athenae"] and min(xs, key=xs.__getitem__) == "malaca"
    assert max(ys, key=ys.__getitem__) == "alexandria"
    assert min(("byzantium", "pergamon", "athenae", "antiochia"), key=ys.__getitem__) == "byzantium"


def test_the_sea_state_box_lies_on_the_sahara() -> None:
    """The box with the round, the wind and the Séquence hides no route and almost no sea."""
    x0, y0, x1, y1 = STATE_BOX
    for route, line in ROUTES.items():
        assert not any(x0 <= x <= x1 and y0 <= y <= y1 for x, y in line), route
    box = _land_mask().crop(STATE_BOX).convert("L")
    land = box.histogram()[255]
    assert land >= 0.95 * box.width * box.height
