"""The Legendary City tiles' figures on the board picture (Atlas sections 3–5): Achille's
Myrmidons (a hoplite shield in their province's unit row, drawn by the row), Archimède's
Greek-fire trireme (a badge only if a module ever puts it in `figures`: it is one of his
triremes, `legends_panel` names its owner) and Halicarnasse's Mausoleum (from the public
`legend_tiles` part), each in its owner's colours.

Placed through the layout's own points of each area (`units`, `influence`), never by fixed
coordinates: the map is redrawn elsewhere and these follow it. A picture without these
figures is drawn exactly as before (nothing here touches it)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from PIL import ImageDraw

from .layout import point

if TYPE_CHECKING:
    from .board_image import _Ctx

PART = "legend_tiles"
# The figures drawn here, with the letter of their badge (the Myrmidons are in the unit row).
BADGES = {"greek_fire": "G"}
BELOW_UNITS = 24  # a figure's badge sits under its area's unit row
UNDER_MARKER = 25  # the Mausoleum sits under the influence marker


def mausoleums(view: Mapping[str, Any]) -> dict[str, str]:
    """The Mausoleum's province by owner, as the public part shows it."""
    part = view.get("substates", {}).get(PART)
    if not isinstance(part, dict):
        return {}
    return {str(o): str(p) for o, p in part.get("mausoleum", {}).items() if p}


def has_any(view: Mapping[str, Any]) -> bool:
    figures = view.get("figures", {})
    return any(f in figures for f in BADGES) or bool(mausoleums(view))


def myrmidons_icon(d: ImageDraw.ImageDraw, x: int, y: int, fill: Any, ink: Any, black: Any,
                   stone: bool = False) -> None:
    """Achille's Myrmidons: a round hoplite shield in the owner's colour bearing a lambda
    (petrified: a stone shield, the lambda in the owner's colour, struck through)."""
    d.ellipse((x - 13, y - 13, x + 13, y + 13), fill=fill, outline=ink if stone else black,
              width=2)
    d.line((x - 7, y + 8, x, y - 8, x + 7, y + 8), fill=ink, width=3)
    if stone:
        d.line((x - 10, y + 9, x + 10, y - 10), fill=ink, width=2)


def mausoleum_icon(d: ImageDraw.ImageDraw, x: int, y: int, fill: Any, black: Any) -> None:
    """The Mausoleum: a stepped tomb (a pediment on a block on a plinth)."""
    d.rectangle((x - 10, y + 6, x + 10, y + 10), fill=fill, outline=black)
    d.rectangle((x - 7, y - 3, x + 7, y + 6), fill=fill, outline=black)
    d.polygon([(x - 10, y - 3), (x, y - 11), (x + 10, y - 3)], fill=fill, outline=black)


def _area(ctx: _Ctx, area: str) -> dict[str, Any] | None:
    lay = ctx.spec.lay
    found = lay["provinces"].get(area) or lay["seas"].get(area)
    return found if isinstance(found, dict) else None


def _badge(ctx: _Ctx, x: int, y: int, owner: str, letter: str) -> None:
    """A figure: a diamond in its owner's colour with its letter, outlined in black so that
    it reads apart from the square legions and round influence markers."""
    d = ctx.d
    d.polygon(
        [(x, y - 10), (x + 10, y), (x, y + 10), (x - 10, y)],
        fill=ctx.solid(owner),
        outline=ctx.pal["black"],
    )
    ctx.text((x, y + 1), letter, 11, ctx.on(owner))


def _mausoleum(ctx: _Ctx, x: int, y: int, owner: str) -> None:
    mausoleum_icon(ctx.d, x, y, ctx.solid(owner), ctx.pal["black"])


def draw(ctx: _Ctx) -> None:
    view = ctx.view
    for fid, f in sorted(view.get("figures", {}).items()):
        letter = BADGES.get(fid)
        area = _area(ctx, str(f["area"])) if letter else None
        if letter is None or area is None:
            continue
        x, y = point(area, "units")
        _badge(ctx, x, y + BELOW_UNITS, str(f["owner"]), letter)
    for owner, province in sorted(mausoleums(view).items()):
        area = _area(ctx, province)
        if area is not None:
            x, y = point(area, "influence")
            _mausoleum(ctx, x, y + UNDER_MARKER, owner)
