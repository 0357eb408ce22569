"""The board picture of a 2003 game (issue 17; docs/mn2003.md §5, docs/rendering.md).

The 2003 game is played on the Empires map read the 2003 way: the whole board at every player
count, villes on every city site (capital and legendary sites included) and caravans on the
resource icons, but no printed temple or market slot — one temple and one market may stand in
any province, so each is a small icon drawn where it was built. Absent civilisations stand as
**neutral** pieces in a colour no player wears; the panel shows the role cards (the roles the
view names, so a module's fourth role finds its place), each player's hand size (never its
contents) and the face-up cards.

The map layer is drawn once per language and quantised like the Empires map; the pieces of a
view are drawn on a copy with fixed palette indices. The Empires pictures are untouched: the
package's `render` chooses this module by the view's ruleset.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from bot.catalog import DEFAULT, LANGUAGES, colon, has, t
from bot.games.mare_nostrum.rulesets.mn2003.data import BOARD_KEY
from bot.games.mare_nostrum.rulesets.mn2003.geography import caravan_sites, city_sites, icon

from ..core.geo.draw import draw_land
from ..core.text import RGB, text_width
from . import board_image as bi
from . import style
from .layout import BASE_MAP, point, projection, rings
from .style import words

RULESET = "2003"
NEUTRAL = "neutral"  # the colour name of the absent civilisations' pieces
# A slate no empire wears (solid, tint of the land it holds, text on the solid).
NEUTRAL_COLOURS: tuple[RGB, RGB, RGB] = ((96, 112, 128), (196, 204, 212), (255, 255, 255))
NEUTRAL_LETTER = "N"
ICON = 16  # a temple or market icon
PUBLIC = "mn2003.public"
PART = "mn2003"

# The caravan chips' two letters from the 2003 commodity names (X-02: «céréales», «bétail»…),
# the board's own abbreviation table as `style.COMMODITY_ABBR` is for Empires.
ABBR: dict[str, dict[str, str]] = {
    "en": {
        "grain": "Gr",
        "sheep": "Li",
        "oil": "Ol",
        "gold": "Go",
        "papyrus": "Pa",
        "perfume": "Pe",
        "metal": "Me",
        "wine": "Wi",
        "gladiator": "Sl",
        "diamond": "Ge",
        "wood": "Wo",
        "marble": "Ma",
        "ceramic": "Ce",  # the Mythology's 13th resource (C-11)
    },
    "fr": {
        "grain": "Cé",
        "sheep": "Bé",
        "oil": "Hu",
        "gold": "Or",
        "papyrus": "Pa",
        "perfume": "Pf",
        "metal": "Mé",
        "wine": "Vi",
        "gladiator": "Es",
        "diamond": "Ge",
        "wood": "Bo",
        "marble": "Mb",
        "ceramic": "Cr",  # not «Cé»: céréales
    },
}

# The panel: role cards on the left, the players' rows and the face-up cards on the right.
ROLE_X, ROLE_Y, ROLE_W, ROLE_H, ROLE_GAP = 14, 840, 146, 150, 8
PLAYERS_X, PLAYERS_Y, PLAYER_ROW = 640, 846, 30
HAND_X = PLAYERS_X + 150
TILES_X = PLAYERS_X + 250
MARKET_Y, MARKET_ROW, MARKET_PER_ROW = 1012, 30, 8
LEGEND_BOX = (6, 330, 196, 624)
Group = tuple[str, str, int]  # a unit row's group: (owner, piece, count)


class Layer:
    """A module's own part of the 2003 picture (the Mythology's creatures and gods): what it
    adds to the legend, the unit rows, the seas and the panel. This base adds nothing."""

    def legend_cells(self, lang: str) -> list[tuple[str, str]]:
        return []

    def legend_icon(self, d: ImageDraw.ImageDraw, key: str, x: int, y: int, lang: str) -> bool:
        """Draw the legend's icon for `key` if it is this layer's; say whether it was."""
        return False

    def panel_static(self, d: ImageDraw.ImageDraw, lang: str, frame: Frame) -> None:
        return None

    def land_groups(self, ctx: _Ctx, pid: str, owner: str) -> list[Group]:
        """The owner's further pieces in the province's unit row, after his fortress."""
        return []

    def piece_width(self, piece: str) -> int:
        return 22

    def draw_piece(self, ctx: _Ctx, piece: str, x: int, y: int, owner: str, n: int) -> None:
        return None

    def draw_sea(self, ctx: _Ctx, sid: str) -> None:
        return None

    def draw_panel(self, ctx: _Ctx) -> None:
        return None


NO_LAYER = Layer()


@dataclass(frozen=True, slots=True)
class Frame:
    """Where a 2003 picture is drawn: its board (read the 2003 way) and map, its height, the
    legend's box and the panel's places, and a module's layer. The default is the 2003 board on
    the Empires map; a module's board registers its own in `FRAMES`."""

    board_key: str = BOARD_KEY
    map: str = BASE_MAP
    height: int = bi.HEIGHT
    legend: tuple[int, int, int, int] = LEGEND_BOX
    legend_cols: int = 2
    legend_pitch: int = 36
    player_row: int = PLAYER_ROW
    tiles_x: int = TILES_X
    market_y: int = MARKET_Y
    market_per_row: int = MARKET_PER_ROW
    layer: Layer = NO_LAYER


DEFAULT_FRAME = Frame()
# Board key -> its frame (a module's board adds its own: rendering/mare_nostrum/mythology.py).
FRAMES: dict[str, Frame] = {BOARD_KEY: DEFAULT_FRAME}


def frame_of(view: Mapping[str, Any]) -> Frame:
    return FRAMES.get(str(view.get("board", "")), DEFAULT_FRAME)


# --- palette -----------------------------------------------------------------------------------


@cache
def palette() -> bi.Palette:
    """The Empires palette and the neutral colours after it (entries the base pictures leave
    unused and black)."""
    base = bi.palette()
    first = bi.MAP_COLOURS + len(bi._fixed_colours())
    extra = {f"solid:{NEUTRAL}": first, f"tint:{NEUTRAL}": first + 1, f"on:{NEUTRAL}": first + 2}
    return bi.Palette({**base.index, **extra})


def _palette_bytes(quantised: list[int]) -> list[int]:
    pal = quantised[: bi.MAP_COLOURS * 3]
    pal += [0] * (bi.MAP_COLOURS * 3 - len(pal))
    for _name, rgb in bi._fixed_colours():
        pal += list(rgb)
    for rgb in NEUTRAL_COLOURS:
        pal += list(rgb)
    return pal + [0] * (768 - len(pal))


# --- the static map ----------------------------------------------------------------------------


def _site_kind(kind: str) -> str:
    """A legendary site is an ordinary city site in 2003 (C-6); a capital keeps its star."""
    return "city" if kind == "legendary_city" else kind


def _abbr(commodity: str, lang: str) -> str:
    return ABBR.get(lang, ABBR["en"]).get(commodity, commodity[:2].capitalize())


def _site_mark(
    d: ImageDraw.ImageDraw, kind: str, commodity: str | None, x: int, y: int, ink: Any, lang: str
) -> None:
    if kind == "caravan" and commodity:
        bi._draw_text(d, (x, y + 1), _abbr(commodity, lang), 11, ink)
    else:
        bi._slot_mark(d, kind, None, x, y, ink, lang)


def sites(pid: str, key: str = BOARD_KEY) -> list[int]:
    """The slot indexes a 2003 board uses in a province: city sites, then resource icons."""
    return [*city_sites(pid, key), *caravan_sites(pid, key)]


def _draw_land(d: ImageDraw.ImageDraw, pieces: list[list[tuple[int, int]]]) -> None:
    for poly in pieces:
        d.polygon(poly, fill=style.LAND)
        d.line([*poly, poly[0]], fill=style.BORDER, width=2, joint="curve")


def _draw_province(
    d: ImageDraw.ImageDraw, pid: str, lang: str, spec: bi.MapSpec, key: str,
    plaque_only: bool = False,
) -> None:
    """`plaque_only`: a plaque province whose land beside its plaque is already drawn."""
    area = spec.lay["provinces"][pid]
    pieces = rings(pid, spec.name)
    _draw_land(d, pieces[:1] if plaque_only else pieces)
    prov = spec.board.provinces[pid]
    lx, ly = point(area, "label")
    d.fontmode = "1"  # crisp, so the influence tint can fill around the letters
    bi._draw_text(
        d, (lx, ly), style.area_label(pid, prov.name, lang), bi.PROVINCE_FONT, style.INK, bold=True
    )
    for i in sites(pid, key):
        sx, sy = area["slots"][i]
        kind = _site_kind(prov.slots[i].kind)
        bi._slot_shape(d, kind, sx, sy, (250, 246, 234), (150, 135, 105))
        _site_mark(
            d, kind, icon(pid, i, key) if kind == "caravan" else None, sx, sy,
            (175, 160, 130), lang,
        )
    ix, iy = point(area, "influence")
    d.ellipse((ix - 10, iy - 10, ix + 10, iy + 10), outline=(170, 155, 125), width=1)
    d.fontmode = "L"


@cache
def static_map(lang: str, frame: Frame = DEFAULT_FRAME) -> bi.StaticMap:
    """The 2003 map: the frame's land and seas, every province in play, only the 2003 sites."""
    spec = bi.map_spec(frame.map)
    lay, name = spec.lay, spec.name
    rgb = Image.new("RGB", (spec.width, frame.height), style.SEA)
    d = ImageDraw.Draw(rgb)
    for pts in [ring for pid in lay["provinces"] for ring in rings(pid, name)]:
        d.line([*pts, pts[0]], fill=style.SHALLOW, width=12, joint="curve")
    draw_land(d, projection(name), style.DECOR_LAND, (150, 145, 130), style.SHALLOW, 12)
    if spec.inset is not None:  # the Atlas map's far ocean (the Mythology's western board)
        bi._inset_sea(d, spec)
    for area in lay["provinces"].values():
        if "leader" in area:
            d.line([tuple(p) for p in area["leader"]], fill=style.BORDER, width=2)
    order = bi._drawing_order(lay)
    plaques = [pid for pid in order if "leader" in lay["provinces"][pid]]
    for pid in order:
        if pid not in plaques:
            _draw_province(d, pid, lang, spec, frame.board_key)
    # The land beside every plaque before any plaque: a plaque may lie over a neighbour's land
    # (Creta's over Cyrenaica's on the Atlas map).
    for pid in plaques:
        _draw_land(d, rings(pid, name)[1:])
    for pid in plaques:
        _draw_province(d, pid, lang, spec, frame.board_key, plaque_only=True)
    for sid, sea in lay["seas"].items():
        x, y = point(sea, "label")
        lines = bi.sea_label_lines(style.area_label(sid, spec.board.seas[sid].name, lang))
        y -= bi.SEA_LINE * (len(lines) - 1) // 2
        for k, line in enumerate(lines):
            bi._draw_text(d, (x, y + k * bi.SEA_LINE), line, bi.SEA_FONT, style.SEA_TEXT, bold=True)
    if spec.inset is not None:
        bi._inset_frame(d, spec.inset, lay.get("inset_link"))
    _panel_static(d, lang, spec.width, frame)
    _legend(d, lang, frame)
    masks = {pid: bi._tint_mask(rgb, pid, name) for pid in lay["provinces"]}
    quantised = rgb.quantize(
        colors=bi.MAP_COLOURS, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
    )
    quantised.putpalette(_palette_bytes(quantised.getpalette() or []))
    return bi.StaticMap(quantised, masks)


def _word(key: str, lang: str, **values: Any) -> str:
    return t(f"mn.picture.mn2003.{key}", lang, **values)


def _panel_static(d: ImageDraw.ImageDraw, lang: str, width: int, frame: Frame) -> None:
    d.rectangle((0, bi.MAP_H, width, frame.height), fill=style.PANEL)
    d.line((0, bi.MAP_H, width, bi.MAP_H), fill=style.PANEL_LINE, width=3)
    d.line(
        (PLAYERS_X - 14, bi.MAP_H + 36, PLAYERS_X - 14, frame.height - 8),
        fill=style.PANEL_LINE,
        width=1,
    )
    bi._draw_text(d, (ROLE_X, ROLE_Y - 14), _word("roles", lang), 16, style.INK, "lm")
    bi._draw_text(d, (PLAYERS_X, PLAYERS_Y - 20), _word("players", lang), 16, style.INK, "lm")
    bi._draw_text(
        d, (PLAYERS_X, frame.market_y - 16), _word("face_up", lang), 16, style.INK, "lm"
    )
    frame.layer.panel_static(d, lang, frame)


def _legend(d: ImageDraw.ImageDraw, lang: str, frame: Frame) -> None:
    """A key to the symbols (over unplayable Morocco on the Empires map): the Empires keys that
    apply in 2003, the neutral pieces, the triremes on land, a pending conversion, and the
    frame's module's own keys."""
    w = words(lang)
    x0, y0, x1, _y1 = frame.legend
    d.rounded_rectangle(frame.legend, 8, fill=(232, 240, 246), outline=style.SEA_TEXT)
    bi._draw_text(d, ((x0 + x1) // 2, y0 + 14), w["legend"], 14, style.SEA_TEXT, bold=True)
    cells = [
        ("caravan", w["caravan"]),
        ("market", w["market_b"]),
        ("city", w["city"]),
        ("capital", w["capital"]),
        ("temple", w["temple"]),
        ("legion", w["legion"]),
        ("fortress", w["fortress"]),
        ("trireme", w["trireme"]),
        ("docked", _word("docked", lang)),
        ("influence", w["influence"]),
        ("neutral", _word("neutral", lang)),
        ("war", w["war"]),
        ("occupied", w["occupied"]),
        ("conversion", _word("conversion", lang)),
        *frame.layer.legend_cells(lang),
    ]
    cols = frame.legend_cols
    col_w = (x1 - x0) // cols
    for i, (key, label) in enumerate(cells):
        cx = x0 + 20 + (i % cols) * col_w
        cy = y0 + 44 + (i // cols) * frame.legend_pitch
        if not frame.layer.legend_icon(d, key, cx, cy, lang):  # else the module's own key
            _legend_icon(d, key, cx, cy, lang)
        bi._draw_text(d, (cx + 22, cy), label, 12, style.INK, "lm")


def _legend_icon(d: ImageDraw.ImageDraw, key: str, cx: int, cy: int, lang: str) -> None:
    """A 2003 legend key's icon (the Empires map's own keys drawn by `board_image`)."""
    red, white = style.EMPIRE_COLOURS["red"][0], (255, 255, 255)
    if key in ("market", "temple"):
        _building_icon(d, key, cx, cy, style.PIECES[key], style.PIECES["outline"])
    elif key == "docked":
        _docked(d, cx, cy, red, white, 1)
    elif key == "neutral":
        bi._legion(d, cx, cy, NEUTRAL_COLOURS[0], NEUTRAL_COLOURS[2], 1)
    elif key == "conversion":
        d.ellipse(
            (cx - 14, cy - 14, cx + 14, cy + 14), fill=red, outline=style.PIECES["war"], width=2
        )
        d.ellipse((cx - 9, cy - 9, cx + 9, cy + 9), fill=NEUTRAL_COLOURS[0], outline=(0, 0, 0))
    elif key == "caravan":
        bi._slot_shape(d, "caravan", cx, cy, style.PIECES["caravan"], style.PIECES["outline"])
        bi._draw_text(d, (cx, cy + 1), _abbr("grain", lang), 11, style.INK)
    else:
        bi._legend_icon(d, key, cx, cy, lang)


# --- pieces ------------------------------------------------------------------------------------


def _building_icon(
    d: ImageDraw.ImageDraw, kind: str, x: int, y: int, fill: Any, outline: Any
) -> None:
    """A built temple (a small pediment with columns) or market (a small disc with M)."""
    h = ICON // 2
    if kind == "market":
        d.ellipse((x - h, y - h, x + h - 1, y + h - 1), fill=fill, outline=outline, width=2)
        bi._draw_text(d, (x, y + 1), "M", 11, outline)
        return
    d.polygon(
        [
            (x - h, y + h - 1),
            (x - h, y - 2),
            (x, y - h),
            (x + h - 1, y - 2),
            (x + h - 1, y + h - 1),
        ],
        fill=fill,
        outline=outline,
    )
    for dx in (-4, 0, 4):
        d.line((x + dx, y, x + dx, y + 5), fill=outline, width=2)


def _docked(d: ImageDraw.ImageDraw, x: int, y: int, fill: Any, ink: Any, n: int) -> None:
    """A trireme built on land: the hull standing on a slipway line."""
    bi._trireme(d, x, y, fill, ink, n)
    black: Any = bi.palette()["black"] if isinstance(fill, int) else (0, 0, 0)
    d.line((x - 18, y + 11, x + 18, y + 11), fill=black, width=2)


class _Ctx(bi._Ctx):
    """A render's context with the neutral civilisations coloured and lettered."""

    def __init__(
        self, img: Image.Image, view: Mapping[str, Any], lang: str, spec: bi.MapSpec,
        frame: Frame = DEFAULT_FRAME,
    ) -> None:
        super().__init__(img, view, lang, spec)
        self.frame = frame
        self.pal = palette()
        part = view.get("substates", {}).get(PART) or {}
        self.neutrals = [str(n) for n in part.get("neutrals", [])]
        for n in self.neutrals:
            self.colours[n] = NEUTRAL
            self.letters[n] = NEUTRAL_LETTER
        self.owners = [*view["players"], *self.neutrals]


def _temple_market_points(pid: str, spec: bi.MapSpec) -> dict[str, tuple[int, int]]:
    """Where a built temple and market are drawn: on the printed slot of that kind; where the
    board prints only one of the two, both share its place side by side."""
    area = spec.lay["provinces"][pid]
    slots = spec.board.provinces[pid].slots
    printed = {
        s.kind: tuple(area["slots"][i])
        for i, s in enumerate(slots)
        if s.kind in ("temple", "market")
    }
    if len(printed) == 2:
        return {k: (int(v[0]), int(v[1])) for k, v in printed.items()}
    if printed:
        ((x, y),) = printed.values()
    else:  # no printed slot at all: beside the influence marker
        x, y = point(area, "influence")
        x += 26
    return {"temple": (int(x) - 9, int(y)), "market": (int(x) + 9, int(y))}


def covered_buildings(view: Mapping[str, Any], pid: str) -> tuple[str | None, set[tuple[str, int]]]:
    """The occupier of a province and the buildings his legions cover, as the rules count
    them (the ruleset's public view: none while the province is at war)."""
    part = view.get("substates", {}).get(PART) or {}
    occupier = (part.get("occupied") or {}).get(pid)
    cover = _public(view).get("covered", {}).get(pid, [])
    return occupier, {(str(k), int(i)) for k, i in cover}


def _at_war(view: Mapping[str, Any], pid: str) -> bool:
    """At war as the rules say (A.7.1; the ruleset's public view)."""
    return pid in _public(view).get("at_war", ())


def _draw_province_pieces(ctx: _Ctx, pid: str) -> None:
    area = ctx.spec.lay["provinces"][pid]
    view, d, pal = ctx.view, ctx.d, ctx.pal
    slots = ctx.spec.board.provinces[pid].slots
    built = view["built"].get(pid, [])
    part = view.get("substates", {}).get(PART) or {}
    occupier, cover = covered_buildings(view, pid)
    key = ctx.frame.board_key
    for i in sites(pid, key):
        if i >= len(built) or not built[i]:
            continue
        sx, sy = area["slots"][i]
        kind = _site_kind(slots[i].kind)
        if occupier and (("city" if kind != "caravan" else "caravan"), i) in cover:
            h = bi.SLOT // 2 + 3
            d.rectangle((sx - h, sy - h, sx + h - 1, sy + h - 1), fill=ctx.solid(occupier))
        bi._slot_shape(d, kind, sx, sy, pal[bi._fill_name(kind)], pal["outline"], 2)
        _site_mark(
            d,
            kind,
            icon(pid, i, key) if kind == "caravan" else None,
            sx,
            sy,
            pal["star"] if kind == "capital" else pal["ink"],
            ctx.lang,
        )
    points = _temple_market_points(pid, ctx.spec)
    for kind in ("temple", "market"):
        if pid in (part.get(f"{kind}s") or []):
            x, y = points[kind]
            if occupier and (kind, -1) in cover:
                h = ICON // 2 + 3
                d.rectangle((x - h, y - h, x + h - 1, y + h - 1), fill=ctx.solid(occupier))
            _building_icon(d, kind, x, y, pal[kind], pal["outline"])
    owner = view["influence"].get(pid)
    ix, iy = point(area, "influence")
    conv = view.get("conversions", {}).get(pid)
    if conv and conv.get("player"):
        d.ellipse(
            (ix - 15, iy - 15, ix + 15, iy + 15),
            fill=ctx.solid(conv["player"]),
            outline=pal["war"],
            width=2,
        )
    if owner:
        ctx.disc(ix, iy, 10, owner)
    war = _at_war(view, pid)
    if war:
        for poly in rings(pid, ctx.spec.name):
            d.line([*poly, poly[0]], fill=pal["war"], width=4)
    docked: Mapping[str, int] = (part.get("docked") or {}).get(pid, {})
    _draw_unit_row(ctx, pid, war, docked)


def _draw_unit_row(ctx: _Ctx, pid: str, war: bool, docked: Mapping[str, int]) -> None:
    """Each owner's legions and fortresses (players in seat order, then the neutrals), crossed
    swords first at war, the triremes built on land last."""
    view = ctx.view
    legions = view["legions"].get(pid, {})
    forts = view["fortresses"].get(pid, [])
    layer = ctx.frame.layer
    groups: list[Group] = []
    for e in ctx.owners:
        if legions.get(e, 0) > 0:
            groups.append((e, "legion", int(legions[e])))
        if e in forts:
            groups.append((e, "fortress", forts.count(e)))
        groups += layer.land_groups(ctx, pid, e)
    groups += [(e, "docked", int(docked[e])) for e in ctx.owners if docked.get(e, 0) > 0]
    if not groups:
        return
    widths = [
        40 if piece == "docked" else 22 if piece in ("legion", "fortress")
        else layer.piece_width(piece)
        for _e, piece, _n in groups
    ]
    total = sum(widths) + 3 * (len(groups) - 1) + (18 if war else 0)
    ux, uy = point(ctx.spec.lay["provinces"][pid], "units")
    x = ux - total // 2
    if war:
        bi._swords(ctx.d, x + 7, uy, ctx.pal["war"])
        x += 18
    for (e, piece, n), w in zip(groups, widths, strict=True):
        cx = x + w // 2
        if piece == "legion":
            bi._legion(ctx.d, cx, uy, ctx.solid(e), ctx.on(e), n)
        elif piece == "fortress":
            bi._fortress(ctx.d, cx, uy, ctx.solid(e))
            if n > 1:  # two fortresses (the Statue of Zeus)
                ctx.text((cx + 9, uy - 9), str(n), 11, ctx.pal["ink"])
        elif piece == "docked":
            _docked(ctx.d, cx, uy, ctx.solid(e), ctx.on(e), n)
        else:
            layer.draw_piece(ctx, piece, cx, uy, e, n)
        x += w + 3


# --- the panel ---------------------------------------------------------------------------------


def _public(view: Mapping[str, Any]) -> Mapping[str, Any]:
    part = view.get("substates", {}).get(PUBLIC)
    return part if isinstance(part, Mapping) else {}


def role_ids(view: Mapping[str, Any]) -> list[str]:
    """The roles of this game, from the view: the counted ones in their order, then any role
    held that no count lists (a module's role, e.g. the Mythology's High Priest)."""
    counts: Mapping[str, Mapping[str, int]] = _public(view).get("role_counts", {})
    out: list[str] = []
    for e in view["players"]:
        out += [str(r) for r in counts.get(e, {}) if r not in out]
    out += [str(r) for r in view.get("titles", {}) if r not in out]
    return out


def _role_name(role: str, lang: str) -> str:
    key = f"mn.value.{role}"
    return t(key, lang) if has(key) else role.replace("_", " ").capitalize()


def _phase_name(phase: str, lang: str) -> str:
    key = f"mn.phase.{phase}"
    return t(key, lang) if has(key) else phase


def _draw_header(ctx: _Ctx) -> None:
    view, w = ctx.view, words(ctx.lang)
    ink = ctx.pal["ink"]
    y = bi.MAP_H + 16
    phase = _phase_name(str(view.get("phase")), ctx.lang)
    head = f"{w['round']} {view.get('round', '?')}  ·  {phase}"
    if view.get("over") and view.get("winners"):
        names = ", ".join(style.empire_name(view, e, ctx.lang) for e in view["winners"])
        head = f"{w['over']}  ·  {w['winners']}{colon(ctx.lang)}{names}"
    ctx.text((bi.TRACK_X, y), head, 20, ink, "lm")
    pending = sorted(
        {p["player"] for p in view.get("pending", []) if p.get("player")},
        key=lambda e: view["players"].index(e) if e in view["players"] else 99,
    )
    x = 560
    if not pending:
        ctx.text((x, y), w["nobody_waiting"], 16, ctx.pal["grey"], "lm")
        return
    x += ctx.text((x, y), w["waiting"] + colon(ctx.lang).rstrip(), 16, ink, "lm") + 10
    for e in pending:
        ctx.disc(x + 10, y, 10, e)
        x += 24
        x += ctx.text((x, y), style.empire_name(view, e, ctx.lang), 16, ink, "lm") + 14
    kinds = sorted({style.prompt_name(str(p["kind"]), ctx.lang) for p in view.get("pending", [])})
    if kinds:
        ctx.text((x, y), "(" + ", ".join(kinds) + ")", 13, ctx.pal["grey"], "lm")


def _draw_roles(ctx: _Ctx) -> None:
    """A card per role: its name, its holder, and every player's count now (R-06)."""
    view, pal = ctx.view, ctx.pal
    counts: Mapping[str, Mapping[str, int]] = _public(view).get("role_counts", {})
    titles: Mapping[str, str] = view.get("titles", {})
    for k, role in enumerate(role_ids(view)):
        x0 = ROLE_X + k * (ROLE_W + ROLE_GAP)
        holder = titles.get(role)
        ctx.d.rounded_rectangle(
            (x0, ROLE_Y, x0 + ROLE_W, ROLE_Y + ROLE_H),
            8,
            fill=pal["tile"],
            outline=ctx.solid(holder) if holder else pal["outline"],
            width=3 if holder else 1,
        )
        name = _role_name(role, ctx.lang)
        size = next((z for z in (14, 13, 12) if text_width(name, z) <= ROLE_W - 10), 11)
        ctx.text((x0 + ROLE_W // 2, ROLE_Y + 16), name, size, pal["ink"])
        y = ROLE_Y + 42
        if holder:
            ctx.disc(x0 + 18, y, 10, holder)
            ctx.text((x0 + 34, y), style.empire_name(view, holder, ctx.lang), 13, pal["ink"], "lm")
        else:
            ctx.text((x0 + ROLE_W // 2, y), words(ctx.lang)["nobody"], 13, pal["grey"])
        for i, e in enumerate(view["players"]):
            cx = x0 + 16 + (i % 2) * 68
            cy = ROLE_Y + 76 + (i // 2) * 24
            ctx.disc(cx, cy, 9, e, 11)
            ctx.text((cx + 14, cy + 1), str(counts.get(e, {}).get(role, 0)), 14, pal["ink"], "lm")


def _card_back(ctx: _Ctx, x: int, y: int) -> None:
    """A resource card seen from the back: its size only, never its face."""
    ctx.d.rounded_rectangle(
        (x - 7, y - 10, x + 7, y + 10), 3, fill=ctx.pal["caravan"], outline=ctx.pal["outline"]
    )


def _draw_players(ctx: _Ctx) -> None:
    """Each player: his hand size (the number of cards, public: R-06) and his cards."""
    view, pal = ctx.view, ctx.pal
    sizes: Mapping[str, int] = _public(view).get("hand_sizes", {})
    for i, e in enumerate(view["players"]):
        y = PLAYERS_Y + i * ctx.frame.player_row
        ctx.disc(PLAYERS_X + 10, y, 10, e)
        ctx.text(
            (PLAYERS_X + 26, y + 1), style.empire_name(view, e, ctx.lang), 14, pal["ink"], "lm"
        )
        _card_back(ctx, HAND_X + 8, y)
        ctx.text(
            (HAND_X + 22, y + 1),
            _word("hand_size", ctx.lang, count=int(sizes.get(e, 0))),
            13,
            pal["ink"],
            "lm",
        )
        x = ctx.frame.tiles_x
        for tile in view.get("hw", {}).get(e, []):
            bi._tile(ctx, x, y - bi.TILE_H // 2, card_name(tile, ctx.lang), ctx.solid(e))
            x += bi.TILE_W


def _draw_market(ctx: _Ctx) -> None:
    """The face-up cards (S-10: all of them, the buyer chooses), the Pyramids in gold."""
    tiles = [(str(tile), ctx.pal["outline"]) for tile in ctx.view.get("hw_market", [])]
    pyramids = [str(tile) for tile in ctx.view.get("hw_market", []) if "pyramids" in str(tile)]
    if ctx.view.get("pyramids_available") and not pyramids:
        tiles.append(("mn2003.pyramids", ctx.pal["legendary"]))
    per_row = ctx.frame.market_per_row
    for k, (tile, border) in enumerate(tiles):
        x = PLAYERS_X + (k % per_row) * bi.TILE_W
        y = ctx.frame.market_y + (k // per_row) * MARKET_ROW
        bi._tile(ctx, x, y, card_name(tile, ctx.lang), border)


def card_name(tile: str, lang: str) -> str:
    """A card's name: its Heroes & Wonders name, else the catalog's name of the thing (a
    module's cards are named as `value.<id>`), else its id."""
    name = style.hw_name(tile, lang)
    return t(f"mn.value.{tile}", lang) if name == tile and has(f"mn.value.{tile}") else name


# --- entry point -------------------------------------------------------------------------------


def render_image(
    view: Mapping[str, Any], *, highlight: dict[str, Any] | None = None, lang: str = "en"
) -> Image.Image:
    frame = frame_of(view)
    spec = bi.map_spec(frame.map)
    static = static_map(lang if lang in LANGUAGES else DEFAULT, frame)
    img = static.image.copy()
    ctx = _Ctx(img, view, lang, spec, frame)
    bi._draw_tints(ctx, static)
    for pid in spec.lay["provinces"]:
        _draw_province_pieces(ctx, pid)
    for sid in spec.lay["seas"]:
        bi._draw_sea_pieces(ctx, sid, [])
        frame.layer.draw_sea(ctx, sid)
    if highlight:
        bi._draw_highlight(ctx, highlight)
    _draw_header(ctx)
    _draw_roles(ctx)
    _draw_players(ctx)
    _draw_market(ctx)
    frame.layer.draw_panel(ctx)
    return img


def render(
    view: Mapping[str, Any], *, highlight: dict[str, Any] | None = None, lang: str = "en"
) -> bytes:
    """The 2003 board as PNG bytes: pure and deterministic (same view, same bytes)."""
    return bi.encode(render_image(view, highlight=highlight, lang=lang))
