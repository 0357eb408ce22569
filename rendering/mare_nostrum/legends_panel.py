"""The Legendary City modules' strip under the panel (Atlas sections 2–6): the objectives
(free, or taken and by whom), each city's deck size and discard pile (its count and top
card), every player's event-hand size and victory markers (battles won, B12), and a key to
the cities' figures with the Greek-fire trireme's owner.

Drawn from the view's public `legends` part only: its `hand` (the viewer's own cards) and a
draft's `cards` are never read, so a picture shows sizes, never contents. A picture of a game
without these modules has no strip and keeps its bytes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from PIL import ImageDraw

from bot.catalog import colon

from ..core.text import text_width
from . import style
from .style import words

if TYPE_CHECKING:
    from .board_image import Palette, _Ctx

PART = "legends"
GREEK_FIRE = "greek_fire"  # Archimède's public part: {"owner", "placing"}
ARCHIMEDES = "archimedes"  # his tile gets the Greek-fire badge while the trireme is his
STRIP_H = 118  # the strip's height, under the panel
OBJ_X, OBJ_W, OBJ_H = 14, 186, 30
CARDS_X = 600
HANDS_X = 1010
FIGURES_Y = 88  # the figures' key, under the objectives


def part_of(view: Mapping[str, Any]) -> Mapping[str, Any] | None:
    part = (view.get("substates") or {}).get(PART)
    return part if isinstance(part, Mapping) else None


def greek_fire_owner(view: Mapping[str, Any]) -> str:
    part = (view.get("substates") or {}).get(GREEK_FIRE)
    return str(part.get("owner") or "") if isinstance(part, Mapping) else ""


def draw_static(d: ImageDraw.ImageDraw, pal: Palette, lang: str, width: int, y0: int) -> None:
    """The strip's frame and headings (once per map and language, in the static layer, in
    the palette's fixed colours)."""
    from .board_image import _draw_text

    w = words(lang)
    d.rectangle((0, y0, width, y0 + STRIP_H), fill=pal["panel"])
    d.line((0, y0 + 1, width, y0 + 1), fill=pal["grey"], width=2)
    for x, key in ((OBJ_X, "objectives"), (CARDS_X, "event_cards"), (HANDS_X, "hands_wins")):
        _draw_text(d, (x, y0 + 16), w[key], 16, pal["ink"], "lm")
    for x in (CARDS_X - 14, HANDS_X - 14):
        d.line((x, y0 + 8, x, y0 + STRIP_H - 8), fill=pal["grey"], width=1)


def draw(ctx: _Ctx, part: Mapping[str, Any], y0: int) -> None:
    _objectives(ctx, part, y0)
    _decks(ctx, part, y0)
    _hands(ctx, part, y0)
    _figures_key(ctx, y0 + FIGURES_Y)


def _fit(text: str, room: int, sizes: tuple[int, ...] = (14, 13, 12, 11)) -> int:
    return next((z for z in sizes if text_width(text, z) <= room), sizes[-1])


def _objectives(ctx: _Ctx, part: Mapping[str, Any], y0: int) -> None:
    """Three tiles: a free one plain, a taken one filled in its taker's colour with his
    letter (colour-blind players read the letter)."""
    taken: Mapping[str, str] = part.get("taken", {})
    y = y0 + 32
    for i, obj in enumerate(part.get("objectives", [])):
        x = OBJ_X + i * (OBJ_W + 6)
        name = style.item_name(str(obj), ctx.lang)
        owner = taken.get(obj)
        fill = ctx.solid(owner) if owner else ctx.pal["tile"]
        ink = ctx.on(owner) if owner else ctx.pal["ink"]
        ctx.d.rounded_rectangle(
            (x, y, x + OBJ_W, y + OBJ_H),
            5,
            fill=fill,
            outline=ctx.pal["black"] if owner else ctx.pal["grey"],
            width=2,
        )
        tx, room = x + 8, OBJ_W - 14
        if owner:
            ctx.disc(x + 15, y + OBJ_H // 2, 10, owner)
            tx, room = x + 30, OBJ_W - 36
        ctx.text((tx, y + OBJ_H // 2 + 1), name, _fit(name, room), ink, "lm")


def _decks(ctx: _Ctx, part: Mapping[str, Any], y0: int) -> None:
    """Per city: its name, the deck's size, the discard pile's count and its top card (face
    up: B9)."""
    w, c = words(ctx.lang), colon(ctx.lang)
    ink, grey = ctx.pal["ink"], ctx.pal["grey"]
    discards: Mapping[str, list[str]] = part.get("discards", {})
    for i, (city, size) in enumerate(part.get("deck_sizes", {}).items()):
        y = y0 + 42 + i * 24
        x = CARDS_X
        x += ctx.text((x, y), style.item_name(str(city), ctx.lang), 14, ink, "lm") + 10
        x += ctx.text((x, y), f"{w['deck']}{c}{size}", 13, grey, "lm") + 12
        pile = list(discards.get(city, []))
        text = f"{w['discard']}{c}{len(pile)}"
        if pile:  # the top card (the last discarded), by its catalog name "<city>.<card>"
            text += f" ({style.item_name(str(pile[-1]), ctx.lang)})"
        ctx.text((x, y), text, _fit(text, HANDS_X - 24 - x, (13, 12, 11)), grey, "lm")


def _hands(ctx: _Ctx, part: Mapping[str, Any], y0: int) -> None:
    """Each player, in seat order: a card with his hand's size, a victory marker with his
    battles won (sizes and counts only: B5)."""
    sizes: Mapping[str, int] = part.get("hand_sizes", {})
    wins: Mapping[str, int] = part.get("wins", {})
    players = [p for p in ctx.view["players"] if p in sizes]
    per_row = 3
    cell = 160 if ctx.spec.width > 1600 else 190
    for i, p in enumerate(players):
        x = HANDS_X + (i % per_row) * cell
        y = y0 + 46 + (i // per_row) * 34
        ctx.disc(x + 11, y, 11, p)
        _card(ctx, x + 36, y)
        ctx.text((x + 50, y + 1), str(int(sizes.get(p, 0))), 17, ctx.pal["ink"], "lm")
        _marker(ctx, x + 88, y)
        ctx.text((x + 102, y + 1), str(int(wins.get(p, 0))), 17, ctx.pal["ink"], "lm")


def _card(ctx: _Ctx, x: int, y: int) -> None:
    """An event card's back: a small upright card."""
    ctx.d.rounded_rectangle(
        (x - 8, y - 11, x + 8, y + 11), 3, fill=ctx.pal["highlight_dark"], outline=ctx.pal["black"]
    )
    ctx.d.rectangle((x - 4, y - 7, x + 4, y + 7), outline=ctx.pal["legendary"])


def _marker(ctx: _Ctx, x: int, y: int) -> None:
    """A victory marker (B12): a gold laurel disc with crossed swords."""
    ctx.d.ellipse(
        (x - 11, y - 11, x + 11, y + 11), fill=ctx.pal["legendary"], outline=ctx.pal["black"]
    )
    for sgn in (1, -1):
        ctx.d.line((x - 6 * sgn, y - 6, x + 6 * sgn, y + 6), fill=ctx.pal["black"], width=2)


def _figures_key(ctx: _Ctx, y: int) -> None:
    """A key to the cities' figures as the map draws them, and who owns the Greek-fire
    trireme (one of his triremes on the board, alike to the others: E1)."""
    from .legends import mausoleum_icon, myrmidons_icon

    ink = ctx.pal["ink"]
    x = OBJ_X + 12
    myrmidons_icon(ctx.d, x, y, ctx.pal["solid:red"], ctx.pal["white"], ctx.pal["black"])
    x += ctx.text((x + 18, y + 1), style.item_name("myrmidons", ctx.lang), 13, ink, "lm") + 40
    mausoleum_icon(ctx.d, x, y, ctx.pal["solid:red"], ctx.pal["black"])
    x += ctx.text((x + 16, y + 1), style.item_name("mausoleum", ctx.lang), 13, ink, "lm") + 40
    owner = greek_fire_owner(ctx.view)
    if owner:
        greek_fire_badge(ctx, x, y, owner)
        text = f"{style.item_name('greek_fire', ctx.lang)}{colon(ctx.lang)}"
        x += ctx.text((x + 16, y + 1), text, 13, ink, "lm") + 20
        ctx.disc(x + 10, y, 10, owner)


def greek_fire_badge(ctx: _Ctx, x: int, y: int, owner: str) -> None:
    """The Greek-fire trireme's badge: a flame in the fire's orange, edged in its owner's
    colour."""
    flame = [
        (x, y - 11),
        (x + 4, y - 4),
        (x + 8, y + 2),
        (x + 6, y + 9),
        (x, y + 11),
        (x - 6, y + 9),
        (x - 8, y + 2),
        (x - 4, y - 4),
        (x - 1, y - 1),
    ]
    ctx.d.polygon(flame, fill=ctx.pal["war"], outline=ctx.solid(owner))
    ctx.d.line([*flame, flame[0]], fill=ctx.solid(owner), width=2)
    ctx.d.polygon(
        [(x, y - 2), (x + 3, y + 4), (x, y + 8), (x - 3, y + 4)], fill=ctx.pal["legendary"]
    )
