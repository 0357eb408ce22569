"""The Mythology's picture (issue 18; docs/rendering.md "The Mythology"): a 2003 picture on the
western board, drawn by `mn2003` with this module's frame and layer.

The western board is the Atlas map (`layout_atlas.json`: the base map's 1600 px frame, the far
Atlantic in an inset over the Sahara) read the 2003 way, so that its names, pieces and counts
read at Discord's preview as the base map's; the legend lies over the steppe north of the Black
Sea as on the Atlas picture. The picture is 1240 px high so that the panel holds the four role
cards and the gods (left), six players, the face-up cards and the heroes set aside (right). The
layer adds the **creatures** — one figure
per kind, a hexagon in its owner's colour (neutral ones in slate) bearing the kind's emblem,
in their province's unit row after their owner's legions and fortress, krakens beside a sea's
fleet — each player's creature with how many he may still build and how many wait on their
card, and the **gods** with their holders. Everything drawn is public: the creatures and gods
parts of the view hold no secret; hands are drawn as sizes by `mn2003`.

The creatures' part (`substates["mythology.creatures"]`: `at` area -> owner -> pawns,
`dived` owner -> rounds, `card` owner -> pawns, `kinds` owner -> kind) may be absent: the
picture then draws no creature.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import ImageDraw

from bot.catalog import t
from bot.games.mare_nostrum.modules.mythology import cards, tables
from bot.games.mare_nostrum.modules.mythology.gods.state import GODS
from bot.games.mare_nostrum.modules.mythology.gods.state import NAME as GODS_PART
from bot.games.mare_nostrum.modules.mythology.tables import BOARD_KEY

from . import board_image as bi
from . import mn2003, screen2003, style
from .layout import point

CREATURES_PART = "mythology.creatures"
HEIGHT = 1240
# «Béhémoth – Carthage, Centaure – Grèce, Griffon – Babylone, Kraken – Atlantide, Phoenix –
# Egypte, Titan – Rome» (004 l.459–469): the figure drawn when the view names no kind.
CREATURE_OF: dict[str, str] = {
    "carthage": "behemoth",
    "greece": "centaur",
    "babylon": "griffon",
    "atlantis": "kraken",
    "egypt": "phoenix",
    "rome": "titan",
}
KINDS: tuple[str, ...] = ("behemoth", "centaur", "griffon", "kraken", "phoenix", "titan")
PER_PLAYER = 3  # «elles sont limitées à 3 par joueur» (004 l.459)
R = 14  # a creature's hexagon (its half width)
PIECE_W = 2 * R + 2
SEA_STEP = 34
# The panel at 1600 px: the gods' cards under the role cards (left); the players, the face-up
# cards and the heroes set aside right of them. The legend is on the map (the Atlas picture's
# place: the unplayed steppe north of the Black Sea, five columns).
GODS_X, GODS_Y, GOD_W, GOD_H, GOD_COLS = 14, 1024, 149, 66, 4
CREATURE_X = 900
LEGEND = (1090, 4, 1596, 176)
LONG_GAME_Y = GODS_Y + 2 * (GOD_H + 6) + 16  # the long game's marker, under the gods


def _word(key: str, lang: str, **values: Any) -> str:
    return t(f"mn.picture.mythology.{key}", lang, **values)


def kind_name(kind: str, lang: str) -> str:
    return _word(f"creature.{kind}", lang)


# --- the figures -------------------------------------------------------------------------


def creature(
    d: ImageDraw.ImageDraw, kind: str, x: int, y: int, fill: Any, ink: Any, n: int = 1
) -> None:
    """A creature: a hexagon in its owner's colour with its kind's emblem (a titan's raised
    arms, a centaur's bow, a griffon's wings, a kraken's tentacles, a phoenix's flame, a
    behemoth's horns); a count badge when several stand together."""
    black: Any = bi.palette()["black"] if isinstance(fill, int) else (0, 0, 0)
    white: Any = bi.palette()["white"] if isinstance(fill, int) else (255, 255, 255)
    h = R * 866 // 1000
    d.polygon(
        [
            (x - R, y),
            (x - R // 2, y - h),
            (x + R // 2, y - h),
            (x + R, y),
            (x + R // 2, y + h),
            (x - R // 2, y + h),
        ],
        fill=fill,
        outline=black,
    )
    _EMBLEMS.get(kind, _titan)(d, x, y, ink)
    if n > 1:
        d.ellipse((x + 5, y - R - 3, x + 19, y - R + 11), fill=white, outline=black)
        bi._draw_text(d, (x + 12, y - R + 4), str(n), 11, black, bold=True)


def _titan(d: ImageDraw.ImageDraw, x: int, y: int, ink: Any) -> None:
    d.ellipse((x - 3, y - 10, x + 3, y - 4), fill=ink)
    d.line((x, y - 4, x, y + 4), fill=ink, width=3)
    d.line((x - 8, y - 9, x, y - 2, x + 8, y - 9), fill=ink, width=2)
    d.line((x - 5, y + 10, x, y + 3, x + 5, y + 10), fill=ink, width=2)


def _centaur(d: ImageDraw.ImageDraw, x: int, y: int, ink: Any) -> None:
    d.arc((x - 9, y - 9, x + 5, y + 9), 270, 90, fill=ink, width=3)
    d.line((x - 2, y - 8, x - 2, y + 8), fill=ink, width=1)
    d.line((x - 8, y, x + 9, y), fill=ink, width=2)
    d.line((x + 5, y - 4, x + 9, y, x + 5, y + 4), fill=ink, width=2)


def _griffon(d: ImageDraw.ImageDraw, x: int, y: int, ink: Any) -> None:
    d.polygon([(x - 1, y + 3), (x - 11, y - 8), (x - 6, y + 6)], fill=ink)
    d.polygon([(x + 1, y + 3), (x + 11, y - 8), (x + 6, y + 6)], fill=ink)
    d.ellipse((x - 3, y - 2, x + 3, y + 8), fill=ink)


def _kraken(d: ImageDraw.ImageDraw, x: int, y: int, ink: Any) -> None:
    d.pieslice((x - 7, y - 10, x + 7, y + 4), 180, 360, fill=ink)
    for dx in (-6, -2, 2, 6):
        d.line((x + dx, y - 3, x + dx - 2, y + 3, x + dx + 1, y + 9), fill=ink, width=2)


def _phoenix(d: ImageDraw.ImageDraw, x: int, y: int, ink: Any) -> None:
    d.polygon(
        [
            (x, y - 11),
            (x + 4, y - 3),
            (x + 7, y - 7),
            (x + 7, y + 4),
            (x + 3, y + 9),
            (x - 3, y + 9),
            (x - 7, y + 4),
            (x - 7, y - 7),
            (x - 4, y - 3),
        ],
        fill=ink,
    )


def _behemoth(d: ImageDraw.ImageDraw, x: int, y: int, ink: Any) -> None:
    d.ellipse((x - 6, y - 4, x + 6, y + 9), fill=ink)
    d.line((x - 5, y - 2, x - 10, y - 6, x - 8, y - 11), fill=ink, width=3)
    d.line((x + 5, y - 2, x + 10, y - 6, x + 8, y - 11), fill=ink, width=3)


_EMBLEMS = {
    "titan": _titan,
    "centaur": _centaur,
    "griffon": _griffon,
    "kraken": _kraken,
    "phoenix": _phoenix,
    "behemoth": _behemoth,
}


# --- the view's parts --------------------------------------------------------------------


def creatures_part(view: Mapping[str, Any]) -> Mapping[str, Any] | None:
    part = view.get("substates", {}).get(CREATURES_PART)
    return part if isinstance(part, Mapping) else None


def kind_of(view: Mapping[str, Any], owner: str) -> str | None:
    part = creatures_part(view) or {}
    kind = (part.get("kinds") or {}).get(owner) or CREATURE_OF.get(owner)
    return str(kind) if kind else None


def aside(part: Mapping[str, Any], owner: str) -> int:
    """His pawns off the board on their card: krakens diving (C-43), phoenixes (C-44)."""
    return len((part.get("dived") or {}).get(owner, [])) + int(
        (part.get("card") or {}).get(owner, 0)
    )


def on_board(part: Mapping[str, Any], owner: str) -> int:
    """His pawns on the board: the legions Hercule lends as creatures (`lent`, C-52, counted
    in `at` too) are none of his 3 pawns."""

    def total(key: str) -> int:
        return sum(int(d.get(owner, 0)) for d in (part.get(key) or {}).values())

    return total("at") - total("lent")


def left_to_build(part: Mapping[str, Any], owner: str) -> int:
    """Of his 3 pawns, those neither on the board nor on their card."""
    return max(0, PER_PLAYER - on_board(part, owner) - aside(part, owner))


def gods_part(view: Mapping[str, Any]) -> Mapping[str, Any]:
    part = view.get("substates", {}).get(GODS_PART)
    return part if isinstance(part, Mapping) else {}


# --- the layer ---------------------------------------------------------------------------


class MythologyLayer(mn2003.Layer):
    def legend_cells(self, lang: str) -> list[tuple[str, str]]:
        kinds = [(f"creature:{k}", kind_name(k, lang)) for k in KINDS]
        return [*kinds, ("ceramic", t("mn.value.ceramic", lang))]

    def legend_icon(self, d: ImageDraw.ImageDraw, key: str, x: int, y: int, lang: str) -> bool:
        if key.startswith("creature:"):
            creature(d, key.partition(":")[2], x, y, mn2003.NEUTRAL_COLOURS[0], (255, 255, 255))
            return True
        if key == "ceramic":
            bi._slot_shape(d, "caravan", x, y, style.PIECES["caravan"], style.PIECES["outline"])
            bi._draw_text(d, (x, y + 1), mn2003._abbr("ceramic", lang), 11, style.INK)
            return True
        return False

    def panel_static(self, d: ImageDraw.ImageDraw, lang: str, frame: mn2003.Frame) -> None:
        bi._draw_text(d, (GODS_X, GODS_Y - 16), _word("gods", lang), 16, style.INK, "lm")

    def land_groups(self, ctx: mn2003._Ctx, pid: str, owner: str) -> list[mn2003.Group]:
        part = creatures_part(ctx.view)
        n = int(((part or {}).get("at") or {}).get(pid, {}).get(owner, 0))
        kind = kind_of(ctx.view, owner)
        return [(owner, f"creature:{kind}", n)] if n > 0 and kind else []

    def piece_width(self, piece: str) -> int:
        return PIECE_W

    def draw_piece(self, ctx: mn2003._Ctx, piece: str, x: int, y: int, owner: str, n: int) -> None:
        creature(ctx.d, piece.partition(":")[2], x, y, ctx.solid(owner), ctx.on(owner), n)

    def draw_sea(self, ctx: mn2003._Ctx, sid: str) -> None:
        """Krakens at sea (C-43), right of the sea's fleet."""
        part = creatures_part(ctx.view)
        here: Mapping[str, int] = ((part or {}).get("at") or {}).get(sid, {})
        owners = [e for e in ctx.owners if int(here.get(e, 0)) > 0]
        if not owners:
            return
        fleet = ctx.view["triremes"].get(sid, {})
        ships = sum(1 for e in ctx.view["players"] if fleet.get(e, 0) > 0)
        ux, uy = point(ctx.spec.lay["seas"][sid], "units")
        x = ux + (bi.FLEET_STEP * ships + SEA_STEP) // 2 if ships else ux
        x -= 0 if ships else SEA_STEP * (len(owners) - 1) // 2
        for e in owners:
            kind = kind_of(ctx.view, e) or "kraken"
            creature(ctx.d, kind, x, uy, ctx.solid(e), ctx.on(e), int(here[e]))
            x += SEA_STEP

    def draw_panel(self, ctx: mn2003._Ctx) -> None:
        _draw_creature_column(ctx)
        _draw_gods(ctx)
        _draw_set_aside(ctx)
        _draw_long_game(ctx)


def _draw_long_game(ctx: mn2003._Ctx) -> None:
    """The long game's goals (004 l.87: «fixer l'objectif à 5 héros et/ou merveilles»; the
    Pyramids at 13), public game options, marked under the gods."""
    if not _long_game(ctx.view):
        return
    text = _word(
        "long_game",
        ctx.lang,
        hw=tables.HW_TO_WIN_LONG,
        pyramids=cards.PYRAMIDS_COST_LONG,
    )
    x0, y0, x1, y1 = long_game_box()
    ctx.d.rounded_rectangle(
        (x0, y0, x1, y1), 6, fill=ctx.pal["tile"], outline=ctx.pal["legendary"], width=3
    )
    ctx.text((x0 + 10, (y0 + y1) // 2 + 1), text, 14, ctx.pal["ink"], "lm")


def long_game_box() -> tuple[int, int, int, int]:
    return GODS_X, LONG_GAME_Y - 14, mn2003.PLAYERS_X - 24, LONG_GAME_Y + 14


def shown_market(view: Mapping[str, Any]) -> int:
    """How many face-up tiles the panel draws (the Pyramids' tile included)."""
    market = [str(c) for c in view.get("hw_market", [])]
    pyramids = bool(view.get("pyramids_available")) and not any("pyramids" in c for c in market)
    return len(market) + int(pyramids)


def set_aside_y(frame: mn2003.Frame, shown: int) -> int:
    """The set-aside heroes' heading, under the face-up cards' last row."""
    rows = max(1, -(-shown // frame.market_per_row))
    return frame.market_y + rows * mn2003.MARKET_ROW + 22


def _draw_set_aside(ctx: mn2003._Ctx) -> None:
    """The general heroes set aside for this game, public (C-32: «la liste est rendue
    publique»), in grey under the face-up cards."""
    setup = ctx.view.get("substates", {}).get("mythology.setup")
    aside_: list[str] = list(setup.get("set_aside") or []) if isinstance(setup, Mapping) else []
    if not aside_:
        return
    frame, pal = ctx.frame, ctx.pal
    y = set_aside_y(frame, shown_market(ctx.view))
    ctx.text((mn2003.PLAYERS_X, y), _word("set_aside", ctx.lang), 16, pal["ink"], "lm")
    y += 14
    for k, tile in enumerate(aside_):
        x = mn2003.PLAYERS_X + (k % frame.market_per_row) * bi.TILE_W
        bi._tile(
            ctx,
            x,
            y + (k // frame.market_per_row) * mn2003.MARKET_ROW,
            mn2003.card_name(tile, ctx.lang),
            pal["grey"],
        )


def _draw_creature_column(ctx: mn2003._Ctx) -> None:
    """Each player's creature, with how many he may still build and how many are on their
    card (all public: pawns on the board, cards in front of him)."""
    part = creatures_part(ctx.view)
    if part is None:
        return
    pal = ctx.pal
    for i, e in enumerate(ctx.view["players"]):
        kind = kind_of(ctx.view, e)
        if kind is None:
            continue
        y = mn2003.PLAYERS_Y + i * ctx.frame.player_row
        creature(ctx.d, kind, CREATURE_X + 10, y, ctx.solid(e), ctx.on(e))
        left = _word("creatures_left", ctx.lang, count=left_to_build(part, e))
        off = aside(part, e)
        if not off:
            ctx.text((CREATURE_X + 28, y + 1), left, 12, pal["ink"], "lm")
            continue
        ctx.text((CREATURE_X + 28, y - 6), left, 11, pal["ink"], "lm")
        aside_text = _word("creatures_aside", ctx.lang, count=off)
        ctx.text((CREATURE_X + 28, y + 7), aside_text, 11, pal["ink"], "lm")


def _draw_gods(ctx: mn2003._Ctx) -> None:
    """The eight gods (C-60: a god is laid before its holder, turned over once used) with
    their holders, free ones marked as such."""
    part = gods_part(ctx.view)
    holders: Mapping[str, str] = part.get("holders") or {}
    used = set(part.get("used") or [])
    pal = ctx.pal
    for k, god in enumerate(GODS):
        x0 = GODS_X + (k % GOD_COLS) * (GOD_W + 5)
        y0 = GODS_Y + (k // GOD_COLS) * (GOD_H + 6)
        holder = holders.get(god)
        ctx.d.rounded_rectangle(
            (x0, y0, x0 + GOD_W, y0 + GOD_H),
            6,
            fill=pal["temple"] if god in used else pal["tile"],
            outline=ctx.solid(holder) if holder else pal["outline"],
            width=3 if holder else 1,
        )
        ctx.text((x0 + GOD_W // 2, y0 + 14), t(f"mn.value.{god}", ctx.lang), 16, pal["ink"])
        if holder:
            ctx.disc(x0 + 16, y0 + 38, 10, holder, 12)
            name = style.empire_name(ctx.view, holder, ctx.lang)
            ctx.text((x0 + 30, y0 + 39), name, 14, pal["ink"], "lm")
        else:
            ctx.text((x0 + GOD_W // 2, y0 + 39), _word("free", ctx.lang), 13, pal["grey"])
        if god in used:
            ctx.text((x0 + GOD_W // 2, y0 + 56), _word("used", ctx.lang), 12, pal["grey"])


# --- the screen --------------------------------------------------------------------------


def _long_game(view: Mapping[str, Any]) -> bool:
    setup = view.get("substates", {}).get("mythology.setup")
    return bool(isinstance(setup, Mapping) and setup.get("long_game"))


class MythologyScreen(screen2003.ScreenPart):
    """The Mythology's part of a player's screen: the costs (creature 6, offering 3; the long
    game's Pyramids 13 and 5 heroes/wonders), the gods he holds and his creatures."""

    def costs(self, view: Mapping[str, Any]) -> Mapping[str, int]:
        return tables.COSTS_LONG if _long_game(view) else tables.COSTS

    def hw_to_win(self, view: Mapping[str, Any]) -> int:
        return tables.HW_TO_WIN_LONG if _long_game(view) else tables.HW_TO_WIN

    def items(self, size: int, lang: str) -> tuple[str, ...]:
        item = {3: "offering", 6: "creature"}.get(size)
        return (_word(f"item.{item}", lang),) if item else ()

    def height(self, view: Mapping[str, Any]) -> int:
        return 30 + 40 * max(1, (len(_held(view)) + 3) // 4) + 20 + 30 + 44

    def draw(self, d: ImageDraw.ImageDraw, view: Mapping[str, Any], y: int, lang: str) -> None:
        me = str(view.get("viewer"))
        used = set(gods_part(view).get("used") or [])
        screen2003.text(d, (20, y), _word("gods_held", lang), 20, style.INK, bold=True)
        y += 30
        held = _held(view)
        for i, god in enumerate(held):
            x0, y0 = 30 + (i % 4) * 212, y + (i // 4) * 40
            d.rounded_rectangle(
                (x0, y0, x0 + 200, y0 + 32),
                6,
                fill=style.PIECES["temple"] if god in used else style.PIECES["tile"],
                outline=style.PIECES["outline"],
                width=2,
            )
            name = t(f"mn.value.{god}", lang)
            label = f"{name} ({_word('used', lang)})" if god in used else name
            screen2003.text(d, (x0 + 100, y0 + 16), label, 16, style.INK, "mm")
        if not held:
            screen2003.text(d, (30, y + 14), style.words(lang)["none"], 18, style.INK)
        y += 40 * max(1, (len(held) + 3) // 4) + 20
        kind = kind_of(view, me)
        part = creatures_part(view)
        if kind is None or part is None:
            return
        screen2003.text(
            d,
            (20, y),
            _word("creatures", lang, kind=kind_name(kind, lang)),
            20,
            style.INK,
            bold=True,
        )
        colour = style.EMPIRE_COLOURS.get(
            str(view.get("empires", {}).get(me, {}).get("colour")), style.FALLBACK_EMPIRE
        )
        creature(d, kind, 44, y + 40, colour[0], colour[2])
        line = _word(
            "creatures_line",
            lang,
            board=on_board(part, me),
            card=aside(part, me),
            left=left_to_build(part, me),
        )
        screen2003.text(d, (70, y + 40), line, 17, style.INK)


def _held(view: Mapping[str, Any]) -> list[str]:
    holders: Mapping[str, str] = gods_part(view).get("holders") or {}
    return [g for g in GODS if holders.get(g) == view.get("viewer")]


screen2003.PARTS[BOARD_KEY] = MythologyScreen()
FRAME = mn2003.Frame(
    board_key=BOARD_KEY,
    map="atlas",
    height=HEIGHT,
    legend=LEGEND,
    legend_cols=5,
    legend_pitch=27,
    player_row=30,
    tiles_x=1020,
    market_y=1044,
    market_per_row=8,
    layer=MythologyLayer(),
)
mn2003.FRAMES[BOARD_KEY] = FRAME
