"""The board picture: a static map drawn once per (covered provinces, language) and quantised to
a palette, then the pieces of one view drawn on a copy with fixed palette indices.

Drawing everything in palette mode keeps a render around 10 ms and the PNG small; the map's
antialiased text is quantised once, the pieces use exact colours appended to the palette.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from bot.catalog import DEFAULT, LANGUAGES, colon
from bot.games.mare_nostrum.board import Board, board, full_board
from bot.games.mare_nostrum.kinds import TITLES

from ..core.encode import png
from ..core.geo.draw import draw_land
from ..core.text import RGB, drawn, font, text_mask, text_width
from . import legends, legends_panel, punic, style
from .layout import BASE_MAP, layout, map_name, point, projection, rings
from .style import words

WIDTH, HEIGHT = 1600, 1100
MAP_H = 790
MAP_COLOURS = 192  # palette entries for the quantised static map; the rest are fixed colours
SLOT = 24  # building slot size
TRACK_X, TRACK_Y, TRACK_STEP, TRACK_BOX, TRACK_H = 14, 832, 88, 48, 52
TOP_BOX_W = 118  # the XV+ box lists each empire with its exact level
HW_X, HW_Y, HW_ROW = 872, 850, 34
TILE_W, TILE_H = 112, 24
MARKET_Y = 1048
LEGEND_BOX = (6, 338, 196, 566)


# --- the map a board is drawn on -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MapSpec:
    """One map's drawing data: the base map, or the Atlas map (wider, with the Atlantis strip
    west of the base map, the legend in the panel and the Atlantean track in the ocean)."""

    name: str
    lay: dict[str, Any]
    board: Board  # the whole board of that map (names and slots of every area)
    width: int
    legend: tuple[int, int, int, int]
    hw_y: int
    hw_row: int
    track: tuple[int, int, int, int] | None  # the Atlantean track's box, on the Atlas map
    # The Atlas map's inset of far ocean (the legendary islands), drawn over the land there.
    inset: tuple[int, int, int, int] | None = None
    legend_cols: int = 2


@cache
def map_spec(name: str = BASE_MAP) -> MapSpec:
    lay = layout(name)
    panel = lay.get("panel", {})
    track = lay.get("atlantean_track")
    inset = lay.get("inset")
    return MapSpec(name, lay, board(lay["board"]) if "board" in lay else full_board(),
                   int(lay["map_size"][0]), _box(lay.get("legend", LEGEND_BOX)),
                   int(panel.get("hw_y", HW_Y)), int(panel.get("hw_row", HW_ROW)),
                   _box(track) if track else None, _box(inset) if inset else None,
                   int(lay.get("legend_cols", 2)))


def _box(raw: Any) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = (int(v) for v in raw)
    return x0, y0, x1, y1


# --- palette ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Palette:
    index: dict[str, int]

    def __getitem__(self, name: str) -> int:
        return self.index[name]

    def solid(self, colour: str) -> int:
        return self.index.get(f"solid:{colour}", self.index["solid:?"])

    def tint(self, colour: str) -> int:
        return self.index.get(f"tint:{colour}", self.index["tint:?"])

    def on(self, colour: str) -> int:
        return self.index.get(f"on:{colour}", self.index["white"])


def _fixed_colours() -> list[tuple[str, RGB]]:
    out: list[tuple[str, RGB]] = []
    for name, (solid, tint, on) in [*style.EMPIRE_COLOURS.items(),
                                    ("?", style.FALLBACK_EMPIRE)]:
        out += [(f"solid:{name}", solid), (f"tint:{name}", tint), (f"on:{name}", on)]
    out += list(style.PIECES.items())
    return out


@cache
def palette() -> Palette:
    return Palette({name: MAP_COLOURS + i for i, (name, _) in enumerate(_fixed_colours())})


# --- the static map --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StaticMap:
    image: Image.Image  # "P" mode
    # Per province: bounding box and 1-bit mask of its plain land pixels (for the influence tint).
    tint_masks: dict[str, tuple[tuple[int, int], Image.Image]]


def _draw_text(d: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int,
               fill: RGB | int, anchor: str = "mm", bold: bool = False) -> None:
    drawn(text)
    if isinstance(fill, int):  # a palette index on a render: paste the cached glyphs
        mask = text_mask(text, size, bold)
        w, h = mask.size
        x = int(xy[0]) - (w // 2 if anchor[0] == "m" else w if anchor[0] == "r" else 0)
        y = int(xy[1]) - (h // 2 if anchor[1] == "m" else 0)
        d.bitmap((x, y), mask, fill=fill)
        return
    d.text(xy, text, fill=fill, font=font(size, bold), anchor=anchor)


def sea_label_lines(name: str) -> list[str]:
    """Sea names on two lines ("MARE" / "AEGAEUM"), which keeps the labels compact."""
    first, _, rest = name.partition(" ")
    return [first, rest] if rest else [first]


# Sized for Discord's preview (the picture shown about 550 px wide until clicked): a name's
# line is about 8 px there, a legion 9 px with its count 6 px (docs/rendering.md).
SEA_FONT, SEA_LINE = 16, 18
PROVINCE_FONT = 18
UNIT = 12  # half the side of a legion's square; the other pieces are sized with it
COUNT_FONT = 18  # the number on a legion or trireme
UNIT_STEP = 2 * UNIT + 4  # a unit row's pitch
FLEET_STEP = 44  # a fleet row's pitch
# Half-extents of a province's unit row and a sea's fleet row, kept clear of every name
# (the layout generator and the tests use them).
UNITS_BOX = (52, 14)
FLEET_BOX = (86, 16)
INFLUENCE_R = 14


def label_boxes(name: str = BASE_MAP) -> dict[str, tuple[int, int, int, int]]:
    """The box of every province and sea name on the map, in the widest of the languages
    (checked not to overlap)."""
    spec = map_spec(name)
    lay, board = spec.lay, spec.board
    out: dict[str, tuple[int, int, int, int]] = {}
    half = PROVINCE_FONT * 3 // 5
    for pid, area in lay["provinces"].items():
        x, y = point(area, "label")
        w = max(text_width(style.area_label(pid, board.provinces[pid].name, lang),
                           PROVINCE_FONT, True) for lang in LANGUAGES)
        out[pid] = (x - w // 2, y - half, x + w // 2, y + half)
    for sid, sea in lay["seas"].items():
        x, y = point(sea, "label")
        lines = [sea_label_lines(style.area_label(sid, board.seas[sid].name, lang))
                 for lang in LANGUAGES]
        w = max(text_width(t, SEA_FONT, True) for ls in lines for t in ls)
        h = SEA_LINE * max(len(ls) for ls in lines)
        out[sid] = (x - w // 2, y - h // 2, x + w // 2, y + h // 2)
    return out


def _slot_shape(d: ImageDraw.ImageDraw, kind: str, x: int, y: int, fill: Any,
                outline: Any, width: int = 1) -> None:
    """The outline of a building slot: square caravan, round market, house-shaped cities,
    pediment temple."""
    h = SLOT // 2
    if kind == "caravan":
        d.rectangle((x - h, y - h, x + h - 1, y + h - 1), fill=fill, outline=outline, width=width)
    elif kind == "market":
        d.ellipse((x - h, y - h, x + h - 1, y + h - 1), fill=fill, outline=outline, width=width)
    else:  # temple: a pediment; city, capital, legendary city: a house
        eave = 3 if kind == "temple" else 2
        pts = [(x - h, y + h - 1), (x - h, y - eave), (x, y - h), (x + h - 1, y - eave),
               (x + h - 1, y + h - 1)]
        d.polygon(pts, fill=fill, outline=outline)
        if width > 1:  # a wide polygon outline would allocate a full-size mask: use lines
            d.line([*pts, pts[0]], fill=outline, width=width)


def _slot_mark(d: ImageDraw.ImageDraw, kind: str, commodity: str | None, x: int, y: int,
               ink: Any, lang: str) -> None:
    """What identifies a slot inside its shape: the commodity of a caravan, a symbol else."""
    if kind == "caravan" and commodity:
        _draw_text(d, (x, y + 1), style.COMMODITY_ABBR.get(lang, style.COMMODITY_ABBR["en"])
                   .get(commodity, commodity[:2]), 11, ink)
    elif kind == "market":
        _draw_text(d, (x, y + 1), "M", 12, ink)
    elif kind == "temple":
        for dx in (-5, 0, 5):
            d.line((x + dx, y - 1, x + dx, y + 7), fill=ink, width=2)
    elif kind == "capital":
        _star(d, x, y + 3, 6, ink)
    elif kind == "legendary_city":
        _draw_text(d, (x, y + 3), "L", 12, ink)
    else:  # city: a door
        d.rectangle((x - 2, y + 3, x + 2, y + 9), fill=ink)


def _star(d: ImageDraw.ImageDraw, x: int, y: int, r: int, fill: Any) -> None:
    pts = []
    for i in range(10):
        import math

        a = -math.pi / 2 + i * math.pi / 5
        rr = r if i % 2 == 0 else r * 0.45
        pts.append((x + rr * math.cos(a), y + rr * math.sin(a)))
    d.polygon(pts, fill=fill)


def _hatch(size: tuple[int, int]) -> Image.Image:
    im = Image.new("RGB", size, style.COVERED)
    d = ImageDraw.Draw(im)
    for k in range(-size[1], size[0], 12):
        d.line((k, size[1], k + size[1], 0), fill=style.COVERED_HATCH, width=3)
    return im


def _draw_pieces(rgb: Image.Image, d: ImageDraw.ImageDraw, pieces: list[list[tuple[int, int]]],
                 covered: bool) -> None:
    """Some pieces of a province's land (or its plaque), filled and outlined."""
    for poly in pieces:
        d.polygon(poly, fill=style.COVERED if covered else style.LAND)
    if covered:
        mask = Image.new("L", rgb.size, 0)
        for poly in pieces:
            ImageDraw.Draw(mask).polygon(poly, fill=255)
        rgb.paste(_hatch(rgb.size), (0, 0), mask)
    for poly in pieces:
        d.line([*poly, poly[0]], fill=style.BORDER, width=2, joint="curve")


def _draw_slots(d: ImageDraw.ImageDraw, pid: str, lang: str, spec: MapSpec) -> None:
    """A province's empty printed slots and its influence marker's place."""
    area = spec.lay["provinces"][pid]
    prov = spec.board.provinces[pid]
    d.fontmode = "1"  # crisp, so the influence tint can fill around the letters
    for (sx, sy), slot in zip(area["slots"], prov.slots, strict=True):
        _slot_shape(d, slot.kind, sx, sy, (250, 246, 234), (150, 135, 105))
        _slot_mark(d, slot.kind, slot.commodity, sx, sy, (175, 160, 130), lang)
    ix, iy = point(area, "influence")
    r = INFLUENCE_R
    d.ellipse((ix - r, iy - r, ix + r, iy + r), outline=(170, 155, 125), width=1)
    d.fontmode = "L"


def _legend(d: ImageDraw.ImageDraw, lang: str, spec: MapSpec) -> None:
    """A key to the symbols, over Morocco: two columns of six (the Atlas map's, in five
    columns north of the Black Sea, adds the petrified units and the Centaurs)."""
    w = words(lang)
    x0, y0, x1, _y1 = spec.legend
    d.rounded_rectangle(spec.legend, 8, fill=(232, 240, 246), outline=style.SEA_TEXT)
    _draw_text(d, ((x0 + x1) // 2, y0 + 14), w["legend"], 14, style.SEA_TEXT, bold=True)
    keys = [("caravan", "caravan"), ("market", "market_b"), ("city", "city"),
            ("capital", "capital"), ("legendary_city", "legendary_city"), ("temple", "temple"),
            ("legion", "legion"), ("fortress", "fortress"), ("trireme", "trireme"),
            ("influence", "influence"), ("war", "war"), ("occupied", "occupied")]
    if spec.track is not None:
        keys += [("petrified", "petrified"), ("centaurs", "centaurs")]
    cells = [(w[word], key) for key, word in keys]
    cols = spec.legend_cols
    col_w = (x1 - x0) // cols
    for i, (label, key) in enumerate(cells):
        cx = x0 + 20 + (i % cols) * col_w
        cy = y0 + 44 + (i // cols) * 33
        _legend_icon(d, key, cx, cy, lang)
        _draw_text(d, (cx + 22, cy), label, 12, style.INK, "lm")


def _legend_icon(d: ImageDraw.ImageDraw, key: str, x: int, y: int, lang: str) -> None:
    red, white = style.EMPIRE_COLOURS["red"][0], (255, 255, 255)
    outline = style.PIECES["outline"]
    if key == "legion":
        _legion(d, x, y, red, white, 2)
    elif key == "fortress":
        _fortress(d, x, y, red)
    elif key == "trireme":
        _trireme(d, x, y, red, white, 1)
    elif key == "influence":
        d.ellipse((x - 10, y - 10, x + 10, y + 10), fill=red, outline=(0, 0, 0))
        _draw_text(d, (x, y + 1), "R", 13, white, bold=True)
    elif key == "war":
        _swords(d, x, y, style.PIECES["war"])
    elif key == "petrified":
        _petrified_legion(d, x, y, red, 2)
    elif key == "centaurs":
        _centaurs(d, x, y, red, white)
    elif key == "occupied":
        d.rectangle((x - 14, y - 14, x + 13, y + 13), fill=style.EMPIRE_COLOURS["green"][0])
        _slot_shape(d, "caravan", x, y, style.PIECES["caravan"], outline, 2)
        _slot_mark(d, "caravan", "wine", x, y, style.INK, lang)
    else:
        _slot_shape(d, key, x, y, style.PIECES[_fill_name(key)], outline)
        _slot_mark(d, key, "grain", x, y,
                   style.PIECES["star"] if key == "capital" else style.INK, lang)


def _fill_name(kind: str) -> str:
    return "legendary" if kind == "legendary_city" else kind


def _panel_static(d: ImageDraw.ImageDraw, lang: str, spec: MapSpec) -> None:
    w = words(lang)
    d.rectangle((0, MAP_H, spec.width, HEIGHT), fill=style.PANEL)
    d.line((0, MAP_H, spec.width, MAP_H), fill=style.PANEL_LINE, width=3)
    d.line((HW_X - 14, MAP_H + 36, HW_X - 14, HEIGHT - 8), fill=style.PANEL_LINE, width=1)
    for t_i, title in enumerate(TITLES):
        y = TRACK_Y + t_i * TRACK_STEP
        _draw_text(d, (TRACK_X, y), w[f"title_{title}"], 16, style.INK, "lm")
        for level in range(16):
            x = TRACK_X + level * TRACK_BOX
            bw = TOP_BOX_W if level == 15 else TRACK_BOX - 3
            box = (x, y + 14, x + bw, y + 14 + TRACK_H)
            d.rectangle(box, fill=(250, 245, 230), outline=style.PANEL_LINE)
            label = "XV+" if level == 15 else style.roman(level)
            _draw_text(d, (x + bw // 2, y + 22), label, 11, (130, 115, 85))
    _draw_text(d, (HW_X, spec.hw_y - 18), w["hw"], 16, style.INK, "lm")
    _draw_text(d, (HW_X, MARKET_Y - 16), w["market"], 16, style.INK, "lm")


def _track_static(d: ImageDraw.ImageDraw, lang: str, box: tuple[int, int, int, int]) -> None:
    """The Atlantean track's frame, at the panel's east end; its tiles are drawn per
    render."""
    d.rounded_rectangle(box, 8, fill=(232, 240, 246), outline=style.SEA_TEXT)
    _draw_text(d, ((box[0] + box[2]) // 2, box[1] + 12), words(lang)["atlantean_track"], 12,
               style.SEA_TEXT, bold=True)


def _inset_sea(d: ImageDraw.ImageDraw, spec: MapSpec) -> None:
    """The Atlas map's inset: the far ocean over the land there, the shallows round its
    islands (the legendary ones, invented)."""
    assert spec.inset is not None
    x0, y0, x1, y1 = spec.inset
    d.rectangle(spec.inset, fill=style.SEA)
    for pid in spec.lay["provinces"]:
        for pts in rings(pid, spec.name):
            if all(x0 <= x <= x1 and y0 <= y <= y1 for x, y in pts):
                d.line([*pts, pts[0]], fill=style.SHALLOW, width=12, joint="curve")


def _inset_frame(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int],
                 link: list[list[int]] | None) -> None:
    """The inset's frame, doubled like a map's neatline so that it reads as a frame, not a
    border between provinces; `link`: an arrow from the inset's water, through a gap in the
    frame, to where the same sea goes on along the real coast."""
    x0, y0, x1, y1 = box
    d.rectangle((x0, y0, x1, y1), outline=style.SEA_TEXT, width=3)
    d.rectangle((x0 + 5, y0 + 5, x1 - 5, y1 - 5), outline=style.SEA_TEXT, width=1)
    if link:
        (ax, ay), (bx, by) = link
        d.rectangle((ax - 8, y0 - 2, ax + 8, y0 + 7), fill=style.SEA)  # the gap
        d.line((ax, ay, bx, by + 6), fill=style.SEA_TEXT, width=3)
        d.polygon([(bx, by), (bx - 7, by + 12), (bx + 7, by + 12)], fill=style.SEA_TEXT)


@cache
def static_map(covered: tuple[str, ...], lang: str, name: str = BASE_MAP,
               cities: bool = False) -> StaticMap:
    """`cities`: with the Legendary City modules' strip under the panel."""
    spec = map_spec(name)
    lay = spec.lay
    rgb = Image.new("RGB", (spec.width, HEIGHT), style.SEA)
    d = ImageDraw.Draw(rgb)
    # The real land (Natural Earth) in the unplayable grey, a lighter band of shallow water
    # along every coast under it; the provinces in play are drawn over it.
    for pts in [ring for pid in lay["provinces"] for ring in rings(pid, name)]:
        d.line([*pts, pts[0]], fill=style.SHALLOW, width=12, joint="curve")  # legendary, plaques
    draw_land(d, projection(name), style.DECOR_LAND, (150, 145, 130), style.SHALLOW, 12)
    if spec.inset is not None:
        _inset_sea(d, spec)
    for area in lay["provinces"].values():  # a plaque's line to its land, under both
        if "leader" in area:
            d.line([tuple(p) for p in area["leader"]], fill=style.BORDER, width=2)
    order = _drawing_order(lay)
    plaques = [pid for pid in order if "leader" in lay["provinces"][pid]]
    # Every province's land, then the plaques over it (a plaque may lie over land).
    for pid in order:
        pieces = rings(pid, name)
        _draw_pieces(rgb, d, pieces[1:] if pid in plaques else pieces, pid in covered)
    for pid in plaques:
        _draw_pieces(rgb, d, rings(pid, name)[:1], pid in covered)
    for pid in order:
        if pid not in covered:
            _draw_slots(d, pid, lang, spec)
    # The names last: a long name may reach over its neighbour's land.
    d.fontmode = "1"  # crisp, so the influence tint can fill around the letters
    for pid in _drawing_order(lay):
        _draw_text(d, point(lay["provinces"][pid], "label"),
                   style.area_label(pid, spec.board.provinces[pid].name, lang), PROVINCE_FONT,
                   (40, 40, 40) if pid in covered else style.INK, bold=True)
    d.fontmode = "L"
    board = spec.board
    for sid, sea in lay["seas"].items():
        x, y = point(sea, "label")
        lines = sea_label_lines(style.area_label(sid, board.seas[sid].name, lang))
        y -= SEA_LINE * (len(lines) - 1) // 2
        for k, line in enumerate(lines):
            _draw_text(d, (x, y + k * SEA_LINE), line, SEA_FONT, style.SEA_TEXT, bold=True)
    if spec.inset is not None:
        _inset_frame(d, spec.inset, spec.lay.get("inset_link"))
    if spec.track is not None and spec.track[1] < MAP_H:
        _track_static(d, lang, spec.track)
    _panel_static(d, lang, spec)
    if spec.track is not None and spec.track[1] >= MAP_H:  # in the panel (the Atlas map)
        _track_static(d, lang, spec.track)
    _legend(d, lang, spec)
    masks = {pid: _tint_mask(rgb, pid, name) for pid in lay["provinces"] if pid not in covered}
    quantised = rgb.quantize(colors=MAP_COLOURS, method=Image.Quantize.MEDIANCUT,
                             dither=Image.Dither.NONE)
    pal = (quantised.getpalette() or [])[: MAP_COLOURS * 3]
    pal += [0] * (MAP_COLOURS * 3 - len(pal))
    for _name, rgb_c in _fixed_colours():
        pal += list(rgb_c)
    pal += [0] * (768 - len(pal))
    quantised.putpalette(pal)
    if cities:  # drawn in fixed colours under the quantised map, which keeps its bytes
        tall = Image.new("P", (spec.width, HEIGHT + legends_panel.STRIP_H))
        tall.putpalette(pal)
        tall.paste(quantised, (0, 0))
        legends_panel.draw_static(ImageDraw.Draw(tall), palette(), lang, spec.width, HEIGHT)
        quantised = tall
    return StaticMap(quantised, masks)


def _drawing_order(lay: dict[str, Any]) -> list[str]:
    """The provinces with a plaque (a province too small for its pieces) last: a plaque may
    lie over a neighbour's land."""
    return sorted(lay["provinces"], key=lambda pid: "leader" in lay["provinces"][pid])


def _tint_mask(rgb: Image.Image, pid: str, name: str) -> tuple[tuple[int, int], Image.Image]:
    pieces = rings(pid, name)
    x0 = min(p[0] for poly in pieces for p in poly)
    y0 = min(p[1] for poly in pieces for p in poly)
    x1 = max(p[0] for poly in pieces for p in poly) + 1
    y1 = max(p[1] for poly in pieces for p in poly) + 1
    inside = Image.new("L", (x1 - x0, y1 - y0), 0)
    for poly in pieces:
        ImageDraw.Draw(inside).polygon([(x - x0, y - y0) for x, y in poly], fill=255)
    lay = layout(name)
    for other, area in lay["provinces"].items():  # another's plaque may lie over its land
        if other != pid and "leader" in area:
            ImageDraw.Draw(inside).polygon(
                [(int(x) - x0, int(y) - y0) for x, y in area["polygon"]], fill=0)
    crop = rgb.crop((x0, y0, x1, y1))
    diff = ImageChops.difference(crop, Image.new("RGB", crop.size, style.LAND)).convert("L")
    plain = diff.point(lambda v: 255 if v == 0 else 0)
    return (x0, y0), ImageChops.multiply(inside, plain).convert("1")


# --- pieces ----------------------------------------------------------------------------------


def _legion(d: ImageDraw.ImageDraw, x: int, y: int, fill: Any, ink: Any, n: int) -> None:
    black: Any = palette()["black"] if isinstance(fill, int) else (0, 0, 0)
    d.rectangle((x - UNIT, y - UNIT, x + UNIT - 1, y + UNIT - 1), fill=fill, outline=black,
                width=2)
    _draw_text(d, (x, y + 1), str(n), COUNT_FONT, ink, bold=True)


def _fortress(d: ImageDraw.ImageDraw, x: int, y: int, fill: Any) -> None:
    black: Any = palette()["black"] if isinstance(fill, int) else (0, 0, 0)
    u = UNIT - 1
    d.polygon([(x - u, y + u), (x - u, y - u), (x - 7, y - u), (x - 7, y - 7), (x - 3, y - 7),
               (x - 3, y - u), (x + 3, y - u), (x + 3, y - 7), (x + 7, y - 7), (x + 7, y - u),
               (x + u, y - u), (x + u, y + u)], fill=fill, outline=black)
    d.rectangle((x - 3, y + 3, x + 3, y + u), fill=black)


def _trireme(d: ImageDraw.ImageDraw, x: int, y: int, fill: Any, ink: Any, n: int) -> None:
    black: Any = palette()["black"] if isinstance(fill, int) else (0, 0, 0)
    hull = [(x - 21, y - 11), (x + 21, y - 11), (x + 14, y + 12), (x - 14, y + 12)]
    d.polygon(hull, fill=fill, outline=black)
    d.line([*hull, hull[0]], fill=black, width=2)
    d.line((x + 21, y - 11, x + 26, y - 16), fill=black, width=2)
    _draw_text(d, (x, y + 1), str(n), COUNT_FONT, ink, bold=True)


def _paste_text(img: Image.Image, xy: tuple[int, int], text: str, size: int, ink: int,
                anchor: str = "mm") -> int:
    """Paste a cached text mask; returns the text width."""
    mask = text_mask(drawn(text), size)
    w, h = mask.size
    x, y = xy
    if anchor[0] == "m":
        x -= w // 2
    elif anchor[0] == "r":
        x -= w
    if anchor[1] == "m":
        y -= h // 2
    img.paste(ink, (x, y), mask)
    return w


class _Ctx:
    """What one render needs: the image, its drawer, the palette and the view's empires."""

    def __init__(self, img: Image.Image, view: Mapping[str, Any], lang: str,
                 spec: MapSpec) -> None:
        self.img = img
        self.spec = spec
        self.d = ImageDraw.Draw(img)
        self.pal = palette()
        self.view = view
        self.lang = lang
        self.colours = {e: str(v.get("colour", "?")) for e, v in view["empires"].items()}
        self.letters = {e: str(v.get("letter", e[:1].upper())) for e, v in view["empires"].items()}
        # The Punic Wars' barbarians (None in every other game).
        self.barbarians: punic.Barbarians | None = None

    def solid(self, e: str) -> int:
        return self.pal.solid(self.colours.get(e, "?"))

    def on(self, e: str) -> int:
        return self.pal.on(self.colours.get(e, "?"))

    def text(self, xy: tuple[int, int], text: str, size: int, ink: int,
             anchor: str = "mm") -> int:
        return _paste_text(self.img, xy, text, size, ink, anchor)

    def disc(self, x: int, y: int, r: int, e: str, size: int = 13) -> None:
        self.d.ellipse((x - r, y - r, x + r, y + r), fill=self.solid(e), outline=self.pal["black"])
        self.text((x, y + 1), self.letters.get(e, "?"), size, self.on(e))


def _draw_tints(ctx: _Ctx, static: StaticMap) -> None:
    for pid, owner in sorted(ctx.view["influence"].items()):
        if pid in static.tint_masks and owner:
            (x0, y0), mask = static.tint_masks[pid]
            ctx.img.paste(ctx.pal.tint(ctx.colours.get(owner, "?")), (x0, y0), mask)


def _units_present(view: Mapping[str, Any], pid: str) -> list[str]:
    legions = view["legions"].get(pid, {})
    forts = view["fortresses"].get(pid, [])
    figures = {f["owner"] for f in _figures(view, pid)}
    return [e for e in view["players"] if legions.get(e, 0) > 0 or e in forts or e in figures]


def _figures(view: Mapping[str, Any], pid: str) -> list[dict[str, Any]]:
    """A module's special land figures in the province (Atlas's Centaurs), in id order."""
    figures: Mapping[str, Any] = view.get("figures") or {}
    return [{"id": fid, **f} for fid, f in sorted(figures.items()) if f.get("area") == pid]


def _draw_province_pieces(ctx: _Ctx, pid: str, petrified: list[dict[str, Any]]) -> None:
    area = ctx.spec.lay["provinces"][pid]
    view, d, pal = ctx.view, ctx.d, ctx.pal
    slots = ctx.spec.board.provinces[pid].slots
    built = view["built"].get(pid, [])
    occupants = view["occupant"].get(pid, [])
    for i, (sx, sy) in enumerate(area["slots"]):
        if i >= len(built) or not built[i]:
            continue
        slot = slots[i]
        occ = occupants[i] if i < len(occupants) else None
        if occ:
            h = SLOT // 2 + 3
            d.rectangle((sx - h, sy - h, sx + h - 1, sy + h - 1), fill=ctx.solid(occ))
        _slot_shape(d, slot.kind, sx, sy, pal[_fill_name(slot.kind)], pal["outline"], 2)
        _slot_mark(d, slot.kind, slot.commodity, sx, sy,
                   pal["star"] if slot.kind == "capital" else pal["ink"], ctx.lang)
    owner = view["influence"].get(pid)
    ix, iy = point(area, "influence")
    conv = view["conversions"].get(pid)
    if conv and conv.get("player"):
        r = INFLUENCE_R + 5
        d.ellipse((ix - r, iy - r, ix + r, iy + r), fill=ctx.solid(conv["player"]),
                  outline=pal["war"], width=2)
    if owner:
        ctx.disc(ix, iy, INFLUENCE_R, owner, 17)
    present = _units_present(view, pid)
    barbarians = ctx.barbarians.on_land(pid) if ctx.barbarians is not None else (0, False)
    war = len(present) + (1 if any(barbarians) else 0) >= 2  # the barbarians fight both (G7)
    ux, uy = point(area, "units")
    if war:
        for poly in rings(pid, ctx.spec.name):
            d.line([*poly, poly[0]], fill=pal["war"], width=4)
    _draw_unit_row(ctx, pid, present, ux, uy, petrified, barbarians, war)


def _draw_unit_row(ctx: _Ctx, pid: str, present: list[str], ux: int, uy: int,
                   petrified: list[dict[str, Any]], barbarians: tuple[int, bool] = (0, False),
                   war: bool = False) -> None:
    """The units of a province in a row: each empire's legions then fortress, crossed swords
    first when two sides are there, the barbarians (Punic Wars) after the empires, and the
    petrified units (Méduse) last, in stone."""
    view = ctx.view
    legions = view["legions"].get(pid, {})
    forts = view["fortresses"].get(pid, [])
    figures = _figures(view, pid)
    groups = [(e, legions.get(e, 0), e in forts, "") for e in present]
    # Each empire's special figures (the Centaurs) after its legions and fortress.
    groups = [g for e, *rest in groups
              for g in [(e, *rest), *((e, 0, False, f"figure:{f['id']}") for f in figures
                                      if f["owner"] == e)]]
    if any(barbarians):
        groups.append(("", barbarians[0], barbarians[1], "barbarians"))
    for p in petrified:
        groups.append((str(p["owner"]), int(p.get("legions", 0)), bool(p.get("fortress")),
                       "stone"))
        groups += [(str(p["owner"]), 0, False, f"stone_figure:{f}") for f in p.get("figures", [])]
    step = UNIT_STEP
    widths = [step - 2 if "figure" in kind else (step - 2 if n else 0)
              + (step - 3 if f else 0) for _e, n, f, kind in groups]
    total = sum(widths) + 6 * (len(groups) - 1) + (22 if war else 0)
    x = ux - total // 2
    if war:
        _crossed_swords(ctx, x + 9, uy)
        x += 22
    for (e, n, fort, kind), w in zip(groups, widths, strict=True):
        cx = x + UNIT
        if "figure" in kind:
            stone = kind.startswith("stone_")
            fill = ctx.pal[style.STONE] if stone else ctx.solid(e)
            ink = ctx.solid(e) if stone else ctx.on(e)
            if kind.endswith(":myrmidons"):  # Achille's (Troia): a hoplite shield
                legends.myrmidons_icon(ctx.d, cx, uy, fill, ink, ctx.pal["black"], stone)
            else:  # Chiron's Centaurs (Atlas), and any other figure
                _centaurs(ctx.d, cx, uy, fill, ink, stone)
            x += w + 6
            continue
        if kind == "barbarians":
            if n:
                punic.legion(ctx, cx, uy, n)
                cx += step - 2
            if fort:
                punic.fortress(ctx, cx, uy)
            x += w + 6
            continue
        if n:
            if kind == "stone":
                _petrified_legion(ctx.d, cx, uy, ctx.solid(e), n)
            else:
                _legion(ctx.d, cx, uy, ctx.solid(e), ctx.on(e), n)
            cx += step - 2
        if fort:
            _fortress(ctx.d, cx, uy, ctx.pal[style.STONE] if kind == "stone" else ctx.solid(e))
        x += w + 6


def _crossed_swords(ctx: _Ctx, x: int, y: int) -> None:
    _swords(ctx.d, x, y, ctx.pal["war"])


def _swords(d: ImageDraw.ImageDraw, x: int, y: int, ink: Any) -> None:
    """Two crossed swords: blades, cross-guards and pommels."""
    for sgn in (1, -1):
        d.line((x - 10 * sgn, y - 11, x + 8 * sgn, y + 7), fill=ink, width=4)
        d.line((x + 3 * sgn, y + 9, x + 11 * sgn, y + 1), fill=ink, width=3)
        d.line((x + 8 * sgn, y + 7, x + 12 * sgn, y + 11), fill=ink, width=4)


def _draw_sea_pieces(ctx: _Ctx, sid: str, petrified: list[dict[str, Any]]) -> None:
    sea = ctx.spec.lay["seas"][sid]
    fleet = ctx.view["triremes"].get(sid, {})
    present = [e for e in ctx.view["players"] if fleet.get(e, 0) > 0]
    stone = [(str(p["owner"]), int(p["triremes"])) for p in petrified if p.get("triremes")]
    # The barbarians' triremes never fight (G9): after the fleets, no ring for them.
    neutral = ctx.barbarians.triremes.get(sid, 0) if ctx.barbarians is not None else 0
    if not present and not stone and not neutral:
        return
    ux, uy = point(sea, "units")
    step = FLEET_STEP
    x = ux - step * (len(present) + len(stone) + (1 if neutral else 0) - 1) // 2
    if len(present) >= 2:
        w = step * len(present) // 2 + 16
        ctx.d.ellipse((ux - w, uy - 19, ux + w, uy + 19), outline=ctx.pal["war"], width=3)
    for e in present:
        _trireme(ctx.d, x, uy, ctx.solid(e), ctx.on(e), fleet[e])
        x += step
    if neutral:
        punic.trireme(ctx, x, uy, neutral)
        x += step
    for e, n in stone:  # Médée's petrified triremes, after the living ones
        _trireme(ctx.d, x, uy, ctx.pal[style.STONE], ctx.solid(e), n)
        ctx.d.line((x - 14, uy + 11, x + 14, uy - 10), fill=ctx.solid(e), width=2)
        x += step


def _centaurs(d: ImageDraw.ImageDraw, x: int, y: int, fill: Any, ink: Any,
              stone: bool = False) -> None:
    """Chiron's Centaurs: a shield in the owner's colour bearing an archer's bow and arrow
    (petrified: a stone shield, the bow in the owner's colour, struck through)."""
    black: Any = palette()["black"] if isinstance(fill, int) else (0, 0, 0)
    d.polygon([(x - 13, y - 14), (x + 13, y - 14), (x + 13, y + 3), (x, y + 14),
               (x - 13, y + 3)], fill=fill, outline=ink if stone else black)
    d.arc((x - 11, y - 10, x + 5, y + 8), 270, 90, fill=ink, width=3)  # the bow
    d.line((x - 3, y - 9, x - 3, y + 7), fill=ink, width=1)  # its string
    d.line((x - 8, y - 1, x + 9, y - 1), fill=ink, width=2)  # the arrow
    d.line((x + 5, y - 5, x + 9, y - 1, x + 5, y + 3), fill=ink, width=2)
    if stone:
        d.line((x - 11, y + 8, x + 10, y - 11), fill=ink, width=2)


def _petrified_legion(d: ImageDraw.ImageDraw, x: int, y: int, owner: Any, n: int) -> None:
    """A petrified legion (Médée, Méduse): a stone-grey square edged in its owner's colour,
    its number in that colour, struck through (it does not count on the board)."""
    stone: Any = palette()[style.STONE] if isinstance(owner, int) else style.PIECES[style.STONE]
    d.rectangle((x - UNIT, y - UNIT, x + UNIT - 1, y + UNIT - 1), fill=stone, outline=owner,
                width=3)
    _draw_text(d, (x, y + 1), str(n), COUNT_FONT, owner, bold=True)
    d.line((x - UNIT + 1, y + UNIT - 2, x + UNIT - 2, y - UNIT + 1), fill=owner, width=2)


# --- highlight -------------------------------------------------------------------------------


def _draw_highlight(ctx: _Ctx, highlight: dict[str, Any]) -> None:
    lay = ctx.spec.lay
    hi, dark = ctx.pal["highlight"], ctx.pal["highlight_dark"]
    anchor: tuple[int, int] | None = None
    for area in highlight.get("areas", []) or []:
        if area in lay["provinces"]:
            for poly in rings(area, ctx.spec.name):
                ctx.d.line([*poly, poly[0]], fill=dark, width=7)
                ctx.d.line([*poly, poly[0]], fill=hi, width=3)
            anchor = anchor or point(lay["provinces"][area], "label")
        elif area in lay["seas"]:
            x, y = point(lay["seas"][area], "label")
            ctx.d.ellipse((x - 90, y - 34, x + 90, y + 40), outline=dark, width=7)
            ctx.d.ellipse((x - 88, y - 32, x + 88, y + 38), outline=hi, width=3)
            anchor = anchor or (x, y)
    _draw_dice_label(ctx, highlight, anchor)


def _draw_dice_label(ctx: _Ctx, highlight: dict[str, Any],
                     anchor: tuple[int, int] | None) -> None:
    """A dark label above the first highlighted area: an optional text, then each side's dice
    (white squares edged in the side's colour)."""
    label = str(highlight.get("label") or "")
    dice: dict[str, Any] = highlight.get("dice") or {}
    rolls = [(str(who), [str(v) for v in (r if isinstance(r, list | tuple) else [r])])
             for who, r in dice.items()]
    if not label and not rolls:
        return
    width = 16 + (text_width(label, 15) + 14 if label else 0)
    width += sum(24 + 24 * len(vals) + 10 for _who, vals in rolls)
    x, y = anchor or (ctx.spec.width // 2, 40)
    y = max(18, y - 46)
    x = min(max(x - width // 2, 4), ctx.spec.width - width - 4)
    hi, dark, white = ctx.pal["highlight"], ctx.pal["highlight_dark"], ctx.pal["white"]
    ctx.d.rounded_rectangle((x, y - 15, x + width, y + 15), 7, fill=dark, outline=hi, width=2)
    x += 10
    if label:
        x += ctx.text((x, y + 1), label, 15, white, "lm") + 14
    for who, vals in rolls:
        colour = (ctx.solid(who) if who in ctx.colours
                  else punic.SOLID_INDEX if who == punic.BARBARIANS and ctx.barbarians
                  else ctx.pal["grey"])
        if who in ctx.colours:
            ctx.disc(x + 9, y, 9, who, 11)
        elif colour == punic.SOLID_INDEX:  # the barbarians' side: a disc in their colour
            ctx.d.ellipse((x, y - 9, x + 18, y + 9), fill=colour, outline=ctx.pal["black"])
        x += 24
        for v in vals:
            ctx.d.rounded_rectangle((x, y - 10, x + 20, y + 10), 4, fill=white, outline=colour,
                                    width=3)
            ctx.text((x + 10, y + 1), v, 13, ctx.pal["black"])
            x += 24
        x += 10


# --- the panel under the map -----------------------------------------------------------------


def _tile(ctx: _Ctx, x: int, y: int, name: str, border: int) -> None:
    ctx.d.rounded_rectangle((x, y, x + TILE_W - 4, y + TILE_H), 4, fill=ctx.pal["tile"],
                            outline=border, width=2)
    size = next((z for z in (12, 11) if text_width(name, z) <= TILE_W - 12), 10)
    ctx.text((x + (TILE_W - 4) // 2, y + TILE_H // 2 + 1), name, size, ctx.pal["ink"])


def _draw_header(ctx: _Ctx) -> None:
    view, w = ctx.view, words(ctx.lang)
    ink = ctx.pal["ink"]
    phase = str(view.get("phase", ""))
    head = f"{w['round']} {view.get('round', '?')}  ·  {w.get(phase, phase)}"
    if view.get("over") and view.get("winners"):
        names = ", ".join(style.empire_name(view, e, ctx.lang) for e in view["winners"])
        head = f"{w['over']}  ·  {w['winners']}{colon(ctx.lang)}{names}"
    ctx.text((TRACK_X, MAP_H + 16), head, 20, ink, "lm")
    pending = sorted({p["player"] for p in view.get("pending", []) if p.get("player")},
                     key=lambda e: view["players"].index(e) if e in view["players"] else 99)
    x = 560
    if not pending:
        ctx.text((x, MAP_H + 16), w["nobody_waiting"], 16, ctx.pal["grey"], "lm")
        return
    x += ctx.text((x, MAP_H + 16), w["waiting"] + colon(ctx.lang).rstrip(), 16, ink, "lm") + 10
    kinds = sorted({style.prompt_name(str(p["kind"]), ctx.lang) for p in view.get("pending", [])})
    for e in pending:
        ctx.disc(x + 10, MAP_H + 16, 10, e)
        x += 24
        x += ctx.text((x, MAP_H + 16), style.empire_name(view, e, ctx.lang), 16, ink, "lm") + 14
    if kinds:
        ctx.text((x, MAP_H + 16), "(" + ", ".join(kinds) + ")", 13, ctx.pal["grey"], "lm")


def _draw_tracks(ctx: _Ctx) -> None:
    view, w = ctx.view, words(ctx.lang)
    levels: dict[str, dict[str, int]] = view.get("levels", {})
    titles: dict[str, str] = view.get("titles", {})
    for t_i, title in enumerate(TITLES):
        y = TRACK_Y + t_i * TRACK_STEP
        holder = titles.get(title)
        x = TRACK_X + text_width(w[f"title_{title}"], 16) + 14
        if holder:
            text = (f"{w['held_by']} {style.empire_name(view, holder, ctx.lang)}"
                    f" ({ctx.letters.get(holder, '?')})")
            ctx.d.rounded_rectangle((x - 4, y - 10, x + text_width(text, 13) + 12, y + 10), 5,
                                    fill=ctx.solid(holder))
            ctx.text((x + 4, y + 1), text, 13, ctx.on(holder), "lm")
        else:
            ctx.text((x, y), f"{w['held_by']} {w['nobody']}", 13, ctx.pal["grey"], "lm")
        boxes: dict[int, list[str]] = {}
        for e in view["players"]:
            lv = int(levels.get(e, {}).get(title, 0))
            boxes.setdefault(min(max(lv, 0), 15), []).append(e)
        for box, empires in boxes.items():
            bx = TRACK_X + box * TRACK_BOX
            for k, e in enumerate(empires):
                if box == 15:  # two columns of "disc level"
                    cx, cy = bx + 12 + (k % 2) * 56, y + 38 + (k // 2) * 13
                    ctx.disc(cx, cy, 6, e, 9)
                    lv = int(levels.get(e, {}).get(title, 0))
                    ctx.text((cx + 9, cy + 1), str(lv), 11, ctx.pal["ink"], "lm")
                    continue
                cx = bx + 10 + (k % 3) * 13
                cy = y + 42 + (k // 3) * 15
                ctx.disc(cx, cy, 7, e, 10)


def _draw_hw(ctx: _Ctx) -> None:
    view = ctx.view
    for i, e in enumerate(view["players"]):
        y = ctx.spec.hw_y + i * ctx.spec.hw_row
        ctx.disc(HW_X + 10, y + TILE_H // 2, 10, e)
        ctx.text((HW_X + 26, y + TILE_H // 2 + 1), style.empire_name(view, e, ctx.lang), 14,
                 ctx.pal["ink"], "lm")
        x = HW_X + 112
        for tile in view.get("hw", {}).get(e, []):
            _tile(ctx, x, y, style.hw_name(tile, ctx.lang), ctx.solid(e))
            if tile == legends_panel.ARCHIMEDES and legends_panel.greek_fire_owner(view) == e:
                legends_panel.greek_fire_badge(ctx, x + TILE_W - 10, y + 4, e)
            x += TILE_W
    w = words(ctx.lang)
    x = HW_X
    y = MARKET_Y
    for tile in view.get("hw_market", []):
        _tile(ctx, x, y, style.hw_name(tile, ctx.lang), ctx.pal["outline"])
        x += TILE_W
    if view.get("pyramids_available"):
        _tile(ctx, x, y, style.hw_name("pyramids", ctx.lang), ctx.pal["legendary"])
        x += TILE_W
    ctx.text((HW_X + text_width(w["market"], 16) + 12, y - 15),
             f"({w['deck']}{colon(ctx.lang)}{view.get('hw_deck_count', 0)})", 13, ctx.pal["grey"],
             "lm")
    if ctx.spec.track is not None:
        _draw_atlantean_track(ctx, ctx.spec.track)


def _draw_atlantean_track(ctx: _Ctx, box: tuple[int, int, int, int]) -> None:
    """The face-up Atlantean heroes (the view's public `atlantean_track`: the face-down ones
    only as a count)."""
    track = ctx.view.get("substates", {}).get("atlantean_track")
    if not isinstance(track, dict):
        return
    x0, y0, x1, _y1 = box
    y = y0 + 26
    for tile in track.get("face_up", []):
        _tile(ctx, x0 + (x1 - x0 - TILE_W + 4) // 2, y, style.hw_name(str(tile), ctx.lang),
              ctx.pal["outline"])
        y += TILE_H + 4
    hidden = int(track.get("hidden_count", 0))
    if hidden:
        deck = words(ctx.lang)["deck"]
        ctx.text(((x0 + x1) // 2, y + 8), f"({deck}{colon(ctx.lang)}{hidden})", 12,
                 ctx.pal["grey"])


# --- entry point -----------------------------------------------------------------------------


def render_image(view: Mapping[str, Any], *, highlight: dict[str, Any] | None = None,
                 lang: str = "en") -> Image.Image:
    spec = map_spec(map_name(str(view.get("board", ""))))
    lay = spec.lay
    covered = tuple(sorted(c for c in view.get("covered", []) if c in lay["provinces"]))
    cities = legends_panel.part_of(view)
    static = static_map(covered, lang if lang in LANGUAGES else DEFAULT, spec.name,
                        cities is not None)
    img = static.image.copy()
    ctx = _Ctx(img, view, lang, spec)
    ctx.barbarians = punic.barbarians_of(view)
    if ctx.barbarians is not None:
        punic.use_colours(img)
    _draw_tints(ctx, static)
    stone = _petrified(view)
    for pid in lay["provinces"]:
        if pid not in covered:
            _draw_province_pieces(ctx, pid, stone.get(pid, []))
    for sid in lay["seas"]:
        _draw_sea_pieces(ctx, sid, stone.get(sid, []))
    if legends.has_any(view):  # the Legendary City figures (none in other games)
        legends.draw(ctx)
    if highlight:
        _draw_highlight(ctx, highlight)
    _draw_header(ctx)
    _draw_tracks(ctx)
    _draw_hw(ctx)
    part = punic.part_of(view)
    if part is not None:
        punic.draw_panel(ctx, part)
    if cities is not None:
        legends_panel.draw(ctx, cities, HEIGHT)
    return img


def _petrified(view: Mapping[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """The units Médée and Méduse petrified, by area: off the board in the engine (they do not
    exist there until the turn ends), listed in the public `atlantean_powers` part."""
    powers = view.get("substates", {}).get("atlantean_powers")
    out: dict[str, list[dict[str, Any]]] = {}
    if isinstance(powers, dict):
        for p in powers.get("petrified", []):
            out.setdefault(str(p["area"]), []).append(p)
    return out


def encode(img: Image.Image) -> bytes:
    return png(img, compress_level=3)  # level 3: the real coastline costs 15 % fewer bytes for 1 ms


def render(view: Mapping[str, Any], *, highlight: dict[str, Any] | None = None,
           lang: str = "en") -> bytes:
    """The board as PNG bytes: pure and deterministic (same view, same bytes)."""
    return encode(render_image(view, highlight=highlight, lang=lang))
