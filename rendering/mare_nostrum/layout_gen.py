"""Generates `layout.json` (base map) and `layout_atlas.json` (Atlas map, also the Mythology's
western board), the drawing coordinates of the board on the real
Mediterranean: `python -m rendering.mare_nostrum.layout_gen [empires|atlas]` (needs the
dev extras: shapely). Not imported at run time; the tests check its output.

The land is Natural Earth's (`rendering.core.geo`), projected equirectangularly. Each province
is a region of that land: the union of the Voronoi cells of its seed points (longitude,
latitude, below), clipped to the mainland; an island belongs whole to the province that names
it in ISLANDS, every other island is unplayable decoration. Land seeded for no province in play
(Hispania and Mauretania on the base map, the far north) stays decoration too. Atlantis and the
Hesperides are legendary: their outlines are invented (board.md §5 is a reconstruction).

A province's content (name, influence marker, slots in rows, units below) is laid out around
its `anchor`; a sea gives its name's and its fleet's points. Edit the data, run this, then
`pytest tests/rendering`.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import TYPE_CHECKING, Any

from shapely import make_valid, voronoi_polygons
from shapely.geometry import MultiPoint, MultiPolygon, Point, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union
from shapely.prepared import prep

from rendering.core.geo import Projection, land
from rendering.core.text import text_width

if TYPE_CHECKING:
    from bot.games.mare_nostrum.board import Board

LonLat = tuple[float, float]

SLOT_STEP = 28  # centre-to-centre distance of two building slots
MAP_W, MAP_H, WEST = 1600, 790, 400  # the base map; the Atlas map adds WEST pixels of ocean
EAST, SOUTH, NORTH = 50.0, 27.0, 50.0  # degrees: from Gallia and Germania to the Sahara


def projections() -> tuple[Projection, Projection]:
    """The base map's projection and the Atlas map's (the same scale, WEST pixels wider)."""
    squeeze = math.cos(math.radians((SOUTH + NORTH) / 2))
    per_degree = MAP_H / (NORTH - SOUTH) * squeeze  # pixels per degree of longitude
    west = EAST - MAP_W / per_degree
    base = Projection((west, SOUTH, EAST, NORTH), (0, 0, MAP_W, MAP_H))
    atlas = Projection((west - WEST / per_degree, SOUTH, EAST, NORTH), (0, 0, MAP_W + WEST, MAP_H))
    return base, atlas


# id: (seeds, content anchor, slots per row). The first seed is the province's heart.
PROVINCES: dict[str, tuple[list[LonLat], LonLat, int]] = {
    "gallia": ([(2.5, 46.5), (4.5, 44.0), (0.5, 48.5), (8.5, 46.8), (11.5, 47.4)], (2.6, 46.2), 3),
    "germania": ([(9.0, 49.6), (13.5, 49.6), (17.5, 49.6)], (11.5, 49.2), 2),
    "dalmatia": ([(17.0, 44.2), (15.0, 45.6), (19.5, 42.6)], (17.4, 44.2), 3),
    "dacia": ([(24.5, 46.0), (20.5, 47.2), (27.5, 45.0), (21.5, 49.5)], (24.3, 46.4), 3),
    "macedonia": ([(22.0, 41.0), (20.2, 40.3), (22.3, 39.5)], (21.6, 40.6), 3),
    "thracia": ([(26.0, 42.4), (28.3, 41.3), (24.6, 41.4)], (26.2, 42.2), 2),
    "achaea": ([(22.2, 37.5), (23.7, 38.3)], (22.5, 37.5), 3),
    "latium": ([(12.6, 42.0), (10.5, 44.8), (8.2, 45.0)], (11.0, 44.3), 3),
    "italia": ([(16.2, 40.5), (16.0, 38.8), (14.8, 41.3)], (15.8, 40.9), 3),
    "sicilia": ([], (14.0, 37.55), 2),
    "creta": ([], (24.7, 35.25), 4),
    "numidia": ([(4.5, 35.5), (0.0, 35.0), (5.0, 32.0)], (3.6, 34.5), 3),
    "africa": ([(9.5, 35.8), (10.0, 33.8)], (9.6, 34.5), 3),
    "phazania": ([(7.5, 29.5), (11.5, 29.3)], (9.5, 29.3), 2),
    "libya": ([(14.0, 31.8), (18.5, 30.6)], (15.2, 31.1), 3),
    "garamantia": ([(17.5, 28.0), (20.5, 28.0)], (18.0, 28.6), 3),
    "cyrenaica": ([(21.8, 32.0), (24.5, 31.0)], (23.0, 30.8), 3),
    "aegyptus": ([(30.8, 30.3), (30.0, 28.8)], (30.1, 29.6), 3),
    "nubia": ([(26.5, 27.8), (28.0, 28.3)], (27.0, 28.3), 2),
    "aethiopia": ([(32.6, 27.5), (34.0, 27.5)], (32.8, 28.0), 3),
    "judaea": ([(35.0, 31.7), (35.8, 34.2)], (35.3, 32.4), 1),
    "cilicia": ([(34.6, 37.2), (36.2, 37.0)], (34.2, 37.5), 2),
    "asia": ([(28.0, 38.6), (30.5, 39.8), (30.8, 37.5)], (29.0, 38.8), 2),
    "cappadocia": ([(35.0, 39.3), (35.3, 41.4), (38.5, 40.7)], (35.7, 39.6), 2),
    "armenia": ([(42.5, 40.3), (45.5, 39.6), (40.0, 39.2)], (42.5, 40.7), 3),
    "syria": ([(37.6, 35.6), (38.6, 36.9), (37.0, 33.8)], (38.6, 35.7), 2),
    "assyria": ([(43.5, 36.6), (46.5, 37.2)], (44.0, 37.3), 3),
    "mesopotamia": ([(41.0, 34.5)], (41.3, 34.3), 3),
    "babylonia": ([(44.6, 32.5), (47.5, 31.0), (48.0, 34.0)], (46.0, 32.3), 3),
    "arabia": ([(38.5, 30.5), (42.5, 29.0), (34.2, 29.0), (36.5, 28.0)], (39.2, 29.6), 2),
    # --- the Atlas board (module `atlantis`) ---
    "lusitania": ([(-8.0, 39.8), (-7.5, 41.8)], (-7.6, 40.4), 2),
    "tarraconensis": ([(-1.5, 41.6), (-4.5, 42.3), (-1.0, 39.5)], (-2.8, 41.6), 3),
    "baetica": ([(-4.2, 37.7), (-2.4, 37.9)], (-3.7, 37.9), 3),
    "gadira": ([(-6.0, 36.7)], (-6.4, 37.2), 2),
    "mauretania": ([(-6.0, 33.2), (-3.0, 34.6), (-2.0, 31.5), (-5.6, 35.3)], (-5.6, 32.6), 3),
    "atlantis": ([], (-18.8, 38.6), 3),
    "hesperides": ([], (-19.6, 31.5), 3),
}

ATLAS_ONLY = (
    "lusitania",
    "tarraconensis",
    "baetica",
    "gadira",
    "mauretania",
    "atlantis",
    "hesperides",
)

# Islands in play (a point on each); every other island is decoration.
ISLANDS: dict[str, list[LonLat]] = {
    "sicilia": [(14.2, 37.4)],
    "creta": [(24.5, 35.3)],
    "achaea": [(23.9, 38.5)],  # Euboea
}

# The legendary islands, invented (longitude, latitude).
# fmt: off
LEGENDARY: dict[str, list[LonLat]] = {
    "atlantis": [
        (-23.8, 38.2), (-23.2, 39.6), (-22.4, 40.2), (-21.6, 41.3), (-20.2, 41.6), (-19.4, 41.0),
        (-18.3, 41.8), (-16.6, 41.3), (-15.7, 40.4), (-14.6, 39.9), (-14.9, 38.9), (-14.3, 37.8),
        (-15.4, 36.9), (-16.2, 35.9), (-17.6, 36.3), (-18.8, 35.5), (-20.4, 35.8), (-21.5, 36.6),
        (-22.9, 36.9),
    ],
    "hesperides": [
        (-23.8, 31.4), (-23.2, 32.9), (-21.9, 33.6), (-20.6, 33.2), (-19.3, 33.9), (-17.8, 33.3),
        (-17.3, 32.2), (-17.7, 31.0), (-17.1, 30.2), (-18.4, 29.6), (-19.9, 30.1), (-21.2, 29.4),
        (-22.8, 29.9),
    ],
}
# fmt: on

# Provinces too small at this scale for their pieces: a plaque in the sea at this point
# (longitude, latitude) holds them, with a leader line to the land.
# Placed first, in this order, so that each plaque lies by its own land.
PLAQUES: dict[str, LonLat] = {
    "italia": (16.0, 40.6),
    "sicilia": (13.4, 36.0),
    "achaea": (20.4, 35.5),
    "creta": (24.6, 34.0),
    "gadira": (-9.6, 36.9),
}

# Land seeded for nobody in play, so that a province does not swallow it.
UNPLAYED: list[LonLat] = [(44.0, 43.5), (40.5, 44.5), (34.0, 45.2), (50.0, 36.5), (1.0, 51.0)]

# id: (label centre, fleet centre)
SEAS: dict[str, tuple[LonLat, LonLat]] = {
    "tyrrhenum": ((11.6, 40.9), (11.9, 39.6)),
    "hadriaticum": ((15.3, 43.2), (17.6, 42.05)),
    "ionium": ((17.6, 38.2), (17.9, 36.9)),
    "aegaeum": ((25.2, 38.9), (25.3, 37.4)),
    "pontus": ((34.3, 43.6), (34.5, 42.3)),
    "sardum": ((6.4, 39.0), (8.5, 37.9)),
    "africum": ((17.4, 34.6), (17.5, 33.4)),
    "aegyptium": ((26.5, 34.1), (27.6, 33.0)),
    "cyprium": ((31.0, 35.6), (33.9, 33.6)),
    "atlanticus": ((-12.5, 44.0), (-12.0, 42.6)),
    "fretum": ((-8.6, 35.3), (-8.8, 34.2)),
    "balearicum": ((3.3, 41.0), (1.8, 37.5)),
}

# The legend (base map: in the Sahara's south-west corner), in pixels.
LEGEND = [6, 552, 196, 786]

# --- the Atlas map: the base map's frame and scale, the far Atlantic in an inset -------------
# At 2000 px (the base map plus 400 px of ocean) Discord's preview shrank every name and piece
# to 0.275; at the base map's 1600 px they read as on the base map (docs/rendering.md). The
# legendary islands and the Oceanus Atlanticus's pieces go in a framed inset over the Sahara's
# south-west corner (unplayed land, where the base map has its legend); Mauretania's land stops
# at the inset (ATLAS_CLIP reaches past it, to leave no sliver of Mauretania beside it).
ATLAS_INSET = [0, 602, 284, 789]
# The inset's water is the Oceanus Atlanticus, which reaches up the coast to Gadira and
# Lusitania: an arrow through a gap in the frame, along the real ocean off Morocco.
ATLAS_INSET_LINK = [[11, 642], [11, 540]]
ATLAS_CLIP = [0, 602, 340, 790]
# The invented islands, in pixels of the inset, and their contents' anchors.
# fmt: off
INSET_ISLANDS: dict[str, list[tuple[int, int]]] = {
    "atlantis": [
        (10, 652), (16, 628), (34, 614), (52, 620), (72, 608), (98, 612), (118, 606), (136, 620),
        (132, 644), (142, 664), (134, 690), (140, 712), (116, 718), (94, 708), (70, 718),
        (44, 712), (22, 718), (8, 698), (14, 676),
    ],
    "hesperides": [
        (152, 660), (160, 636), (178, 630), (196, 618), (222, 626), (246, 620), (268, 632),
        (278, 656), (270, 676), (278, 700), (258, 714), (234, 706), (210, 714), (184, 708),
        (160, 712), (150, 688),
    ],
}
# fmt: on
INSET_ANCHORS: dict[str, tuple[int, int]] = {"atlantis": (80, 662), "hesperides": (220, 670)}
# id: (label centre, fleet centre), in pixels
INSET_SEAS: dict[str, tuple[tuple[int, int], tuple[int, int]]] = {
    "atlanticus": ((56, 756), (194, 756)),
}
# The seas by the Strait, whose real places are off the base map's frame or crowded by Hispania's
# pieces; Gadira holds its pieces on its land, so it has no plaque on the Atlas map.
ATLAS_SEAS: dict[str, tuple[LonLat, LonLat]] = {
    "fretum": ((-7.64, 35.75), (-2.58, 36.0)),
    "balearicum": ((3.3, 41.0), (2.4, 37.4)),
}
ATLAS_PLAQUES: dict[str, LonLat] = {k: v for k, v in PLAQUES.items() if k != "gadira"}
# Seeds and anchors of the Atlas map: Gadira (Gades, Onoba and the Algarve's coast) large
# enough to hold its pieces on its land, the Atlantic being off the frame; Mauretania's south
# is under the inset.
ATLAS_SEEDS: dict[str, list[LonLat]] = {"gadira": [(-6.0, 36.7), (-7.9, 37.5), (-6.9, 37.6)]}
ATLAS_ANCHORS: dict[str, LonLat] = {
    "mauretania": (-5.2, 34.0),
    "gadira": (-7.9, 37.4),
    "baetica": (-2.8, 37.5),
    "lusitania": (-7.8, 41.6),
}
ATLAS_LEGEND = [1090, 4, 1596, 130]
ATLAS_LEGEND_COLS = 5
ATLAS_TRACK = [1446, 830, 1594, 1000]


def _slot_points(centre: tuple[float, float], n: int, cols: int) -> list[list[int]]:
    cx, cy = centre
    pts = []
    rows = (n + cols - 1) // cols
    for i in range(n):
        r, c = divmod(i, cols)
        in_row = min(cols, n - r * cols)
        x = cx - (in_row - 1) * SLOT_STEP / 2 + c * SLOT_STEP
        y = cy - 4 + r * SLOT_STEP - (rows - 1) * SLOT_STEP / 2
        pts.append([round(x), round(y)])
    return pts


def _rings(shape: Polygon | MultiPolygon) -> list[list[list[int]]]:
    """Outer rings in pixels, largest first (holes, lakes at this scale, are not drawn)."""
    parts = list(shape.geoms) if isinstance(shape, MultiPolygon) else [shape]
    parts = [p for p in parts if p.area >= 4]  # specks of a pixel or two
    parts.sort(key=lambda p: -p.area)
    out = []
    for part in parts:
        simple = part.simplify(0.6)
        assert isinstance(simple, Polygon)
        out.append([[round(x), round(y)] for x, y in list(simple.exterior.coords)[:-1]])
    return out


def regions(
    proj: Projection,
    ids: list[str],
    inset_islands: dict[str, list[tuple[int, int]]] | None = None,
    clip: list[int] | None = None,
) -> dict[str, list[list[list[int]]]]:
    """Each province's land, in pixels of `proj`'s frame: rings, largest first. `inset_islands`:
    the legendary islands drawn in an inset, in pixels; `clip`: a box the Atlas board's land
    leaves unplayed (under the inset)."""
    frame = box(*proj.frame)
    polys = [make_valid(Polygon(proj.ring(r))).buffer(0) for r in land()]
    mainland = max(polys, key=lambda p: p.area).intersection(frame)
    islands = [p for p in polys if p.area < mainland.area]
    own = {pid: PROVINCES[pid][0] for pid in PROVINCES}
    if inset_islands is not None:  # the Atlas map
        own.update(ATLAS_SEEDS)
    seeds: list[tuple[str, tuple[float, float]]] = [
        (pid, proj(*s)) for pid in ids for s in own[pid]
    ]
    seeds += [("", proj(*s)) for s in UNPLAYED]
    seeds += [("", proj(*s)) for pid in PROVINCES if pid not in ids for s in PROVINCES[pid][0]]
    cells = voronoi_polygons(MultiPoint([p for _pid, p in seeds]), extend_to=frame)
    owned: dict[str, list[Any]] = {pid: [] for pid in ids}
    for cell in cells.geoms:
        pid = next(pid for pid, p in seeds if cell.covers(Point(p)))
        if pid:
            owned[pid].append(cell)
    out: dict[str, list[list[list[int]]]] = {}
    for pid in ids:
        shape = unary_union(owned[pid]).intersection(mainland) if owned[pid] else Polygon()
        if clip is not None and pid in ATLAS_ONLY:
            shape = shape.difference(box(clip[0], clip[1], clip[2], clip[3]))
        parts = [shape] if not shape.is_empty else []
        for lon, lat in ISLANDS.get(pid, []):
            parts += [p for p in islands if p.covers(Point(proj(lon, lat)))]
        if inset_islands is not None and pid in inset_islands:
            parts.append(Polygon(inset_islands[pid]))
        elif pid in LEGENDARY:
            parts.append(Polygon(proj.ring(tuple(LEGENDARY[pid]))))
        whole = unary_union(parts)
        assert isinstance(whole, Polygon | MultiPolygon), pid
        out[pid] = _rings(whole)
    return out


Box = tuple[float, float, float, float]

SEARCH = 64  # pixels: how far from its anchor a province's content may move to fit
STEP = 4


def _label_box(area_id: str, printed: str, x: float, y: float, sea: bool) -> Box:
    """The box of an area's name in the widest of the languages (as `label_boxes` draws it)."""
    from bot.catalog import LANGUAGES

    from . import board_image, style

    if sea:
        lines = [
            board_image.sea_label_lines(style.area_label(area_id, printed, lang))
            for lang in LANGUAGES
        ]
        w = max(text_width(t, board_image.SEA_FONT, True) for ls in lines for t in ls)
        h = board_image.SEA_LINE * max(len(ls) for ls in lines)
        return (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
    w = max(
        text_width(style.area_label(area_id, printed, lang), board_image.PROVINCE_FONT, True)
        for lang in LANGUAGES
    )
    half = board_image.PROVINCE_FONT * 3 // 5
    return (x - w / 2, y - half, x + w / 2, y + half)


def _content(
    pid: str, printed: str, centre: tuple[float, float], cols: int, n: int, beside: bool = False
) -> dict[str, Any]:
    from .board_image import INFLUENCE_R, PROVINCE_FONT, UNITS_BOX

    slots = _slot_points(centre, n, cols)
    top = min(p[1] for p in slots)
    bottom = max(p[1] for p in slots)
    left = min(p[0] for p in slots)
    label = [round(centre[0]), top - 14 - PROVINCE_FONT * 3 // 5]
    units = [round(centre[0]), bottom + 14 + UNITS_BOX[1]]
    if beside:  # a flat province (the Sahara's edge): the unit row right of the slots
        units = [max(p[0] for p in slots) + 16 + UNITS_BOX[0], round((top + bottom) / 2)]
    influence = [left - 16 - INFLUENCE_R, top]
    r = INFLUENCE_R + 1
    ux, uy = UNITS_BOX
    boxes = [
        _label_box(pid, printed, label[0], label[1], False),
        (units[0] - ux, units[1] - uy, units[0] + ux, units[1] + uy),
        (influence[0] - r, influence[1] - r, influence[0] + r, influence[1] + r),
    ]
    boxes += [(x - 13, y - 13, x + 13, y + 13) for x, y in slots]
    return {
        "label": label,
        "influence": influence,
        "slots": slots,
        "units": units,
        "rows": (n + cols - 1) // cols,
        "_boxes": boxes,
        "_points": [label, influence, units, *slots],
    }


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _place(
    pid: str,
    printed: str,
    region: BaseGeometry,
    anchor: tuple[float, float],
    cols: int,
    n: int,
    taken: list[Box],
    frame: Box,
    search: int = SEARCH,
) -> dict[str, Any]:
    """The content nearest its anchor whose points lie on the province's land and whose boxes
    stay on the map, clear of everything placed before; among those, the one whose boxes
    spill least off the land."""
    best: tuple[float, dict[str, Any]] | None = None
    inside = prep(region)
    tries = sorted(
        (2 * math.hypot(dx, dy) + (0 if k == cols else 400) + (300 if side else 0), k, side, dx, dy)
        for k in {cols, max(1, cols - 1), min(n, cols + 1)}
        for side in (False, True)
        for dy in range(-search, search + 1, STEP)
        for dx in range(-search, search + 1, STEP)
    )
    for cost, cols_now, side, dx, dy in tries:
        if best is not None and cost >= best[0]:
            break  # the spill only adds: nothing further can win
        c = _content(pid, printed, (anchor[0] + dx, anchor[1] + dy), cols_now, n, side)
        if not all(inside.contains(Point(p)) for p in c["_points"]):
            continue
        if any(
            b[0] < frame[0] or b[1] < frame[1] or b[2] > frame[2] or b[3] > frame[3]
            for b in c["_boxes"]
        ):
            continue
        if any(_overlaps(b, t) for b in c["_boxes"] for t in taken):
            continue
        spill = unary_union([box(*b) for b in c["_boxes"]]).difference(region).area
        score = spill + cost
        if best is None or score < best[0]:
            best = (score, c)
    if best is None:
        raise ValueError(f"no room for {pid}'s content near {anchor}: move its anchor or seeds")
    return best[1]


def _plaque(content: dict[str, Any], pad: int = 7) -> list[list[int]]:
    """A plaque of land colour in the sea for a province too small for its pieces."""
    x0 = min(b[0] for b in content["_boxes"]) - pad
    y0 = min(b[1] for b in content["_boxes"]) - pad
    x1 = max(b[2] for b in content["_boxes"]) + pad
    y1 = max(b[3] for b in content["_boxes"]) + pad
    return [
        [round(x0), round(y0)],
        [round(x1), round(y0)],
        [round(x1), round(y1)],
        [round(x0), round(y1)],
    ]


def _map(
    board: Board,
    proj: Projection,
    ids: list[str],
    fixed: list[list[int]],
    inset: list[int] | None = None,
) -> dict[str, Any]:
    """`inset`: the Atlas map's box of far ocean (INSET_*: its islands, anchors and seas in
    pixels), whose provinces are placed first and which nothing else may enter."""
    from . import board_image

    lands = regions(proj, ids, INSET_ISLANDS, ATLAS_CLIP) if inset else regions(proj, ids)
    sea = box(*proj.frame).difference(
        unary_union([Polygon(r).buffer(6) for rings in lands.values() for r in rings])
    )
    plaques = PLAQUES
    sea_points = {sid: (proj(*a), proj(*b)) for sid, (a, b) in SEAS.items()}
    if inset:  # no plaque in the inset
        plaques = ATLAS_PLAQUES
        sea_points.update({sid: (proj(*a), proj(*b)) for sid, (a, b) in ATLAS_SEAS.items()})
        sea_points.update(INSET_SEAS)
        sea = sea.difference(box(inset[0], inset[1], inset[2], inset[3]))
    seas = [s for s in SEAS if s in board.seas]
    frame = (0.0, 0.0, float(proj.frame[2]), float(proj.frame[3]))
    taken: list[Box] = [(b[0], b[1], b[2], b[3]) for b in fixed]
    sea_out: dict[str, Any] = {}
    for sid in seas:
        label = [round(v) for v in sea_points[sid][0]]
        units = [round(v) for v in sea_points[sid][1]]
        sea_out[sid] = {"label": label, "units": units}
        taken.append(_label_box(sid, board.seas[sid].name, label[0], label[1], True))
        fx, fy = board_image.FLEET_BOX
        taken.append((units[0] - fx, units[1] - fy, units[0] + fx, units[1] + fy))

    def order(pid: str) -> int:
        if inset and pid in INSET_ANCHORS:
            return -99
        if inset and pid in ATLAS_ANCHORS:  # the crowded west first, in this order
            return list(ATLAS_ANCHORS).index(pid) - len(ATLAS_ANCHORS) - 1
        return list(plaques).index(pid) if pid in plaques else 99

    provinces: dict[str, Any] = {}
    closed = not inset
    for pid in sorted(ids, key=order):
        if inset and not closed and order(pid) >= 0:  # the inset's own are placed: close it
            taken.append((inset[0], inset[1], inset[2], inset[3]))
            closed = True
        rings = lands[pid]
        _seeds, anchor, cols = PROVINCES[pid]
        if inset:
            anchor = ATLAS_ANCHORS.get(pid, anchor)
        at_anchor = INSET_ANCHORS[pid] if inset and pid in INSET_ANCHORS else proj(*anchor)
        n, printed = len(board.provinces[pid].slots), board.provinces[pid].name
        entry: dict[str, Any] = {}
        region = unary_union([Polygon(r).buffer(0) for r in rings])
        try:
            if pid in plaques:
                raise ValueError(pid)
            c = _place(pid, printed, region, at_anchor, cols, n, taken, frame)
        except ValueError:  # too small: placed in the open, a plaque drawn round it
            at = proj(*plaques[pid]) if pid in plaques else at_anchor
            try:  # in the open sea, so that a plaque covers no other province's pieces
                c = _place(pid, printed, sea, at, cols, n, taken, frame, 2 * SEARCH)
            except ValueError:
                c = _place(pid, printed, box(*frame), at, cols, n, taken, frame, 3 * SEARCH)
            if pid not in plaques:
                print(f"{pid}: no room on its land, placed on a plaque")
            plaque = _plaque(c)
            target = Polygon(rings[0]).buffer(0).representative_point()
            edge = Polygon(plaque).exterior
            near = edge.interpolate(edge.project(target))
            entry["leader"] = [[round(near.x), round(near.y)], [round(target.x), round(target.y)]]
            rings = [plaque, *rings]
            taken.append(Polygon(plaque).bounds)
        taken += c["_boxes"]
        provinces[pid] = {
            "polygon": rings[0],
            "parts": rings[1:],
            **entry,
            **{k: v for k, v in c.items() if not k.startswith("_")},
        }
    return {
        "projection": {"box": list(proj.box), "frame": list(proj.frame)},
        "provinces": {pid: provinces[pid] for pid in ids},
        "seas": sea_out,
    }


def build() -> dict[str, object]:
    from bot.games.mare_nostrum.board import full_board

    board = full_board()
    ids = [pid for pid in PROVINCES if pid in board.provinces]
    return {
        "map_size": [MAP_W, MAP_H],
        **_map(board, projections()[0], ids, [LEGEND]),
        "decor": [],
        "legend": LEGEND,
    }


def build_atlas() -> dict[str, object]:
    """The Atlas map: the base map's frame and scale, Hispania and Mauretania in play, the
    legendary islands and the Oceanus Atlanticus in an inset, the legend over the steppe north
    of the Black Sea, the Atlantean track in the panel."""
    import bot.games.mare_nostrum  # noqa: F401  (registers the module boards)
    from bot.games.mare_nostrum.board import board

    whole = board("atlas/6")
    ids = [pid for pid in PROVINCES if pid in whole.provinces]
    return {
        "board": "atlas/6",
        "map_size": [MAP_W, MAP_H],
        **_map(whole, projections()[0], ids, [ATLAS_LEGEND], ATLAS_INSET),
        "decor": [],
        "inset": ATLAS_INSET,
        "inset_link": ATLAS_INSET_LINK,
        "legend": ATLAS_LEGEND,
        "legend_cols": ATLAS_LEGEND_COLS,
        "atlantean_track": ATLAS_TRACK,
        "panel": {"hw_y": 850, "hw_row": 29},
    }


BUILDS = {
    "empires": ("layout.json", build),
    "atlas": ("layout_atlas.json", build_atlas),
}


def main() -> None:
    import sys

    for key in sys.argv[1:] or list(BUILDS):
        name, make = BUILDS[key]
        data = make()
        out = Path(__file__).with_name(name)
        out.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
        print(f"wrote {out}")


if __name__ == "__main__":
    main()
