"""The Legendary City tiles' figures on the board picture (Atlas sections 3–5): Achille's
Myrmidons, Archimède's Greek-fire trireme (a figure when a module puts it in `figures`) and
Halicarnasse's Mausoleum (from the public `legend_tiles` part), each in its owner's colours.

Placed through the layout's own points of each area (`units`, `influence`), never by fixed
coordinates: the map is redrawn elsewhere and these follow it. A picture without these
figures is drawn exactly as before (nothing here touches it)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .layout import point

if TYPE_CHECKING:
    from .board_image import _Ctx

PART = "legend_tiles"
# The figures drawn here, with the letter of their badge.
BADGES = {"myrmidons": "M", "greek_fire": "G"}
BELOW_UNITS = 20  # a figure's badge sits under its area's unit row
UNDER_MARKER = 21  # the Mausoleum sits under the influence marker


def mausoleums(view: Mapping[str, Any]) -> dict[str, str]:
    """The Mausoleum's province by owner, as the public part shows it."""
    part = view.get("substates", {}).get(PART)
    if not isinstance(part, dict):
        return {}
    return {str(o): str(p) for o, p in part.get("mausoleum", {}).items() if p}


def has_any(view: Mapping[str, Any]) -> bool:
    figures = view.get("figures", {})
    return any(f in figures for f in BADGES) or bool(mausoleums(view))


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
    """The Mausoleum: a small stepped tomb (a pediment on a block) in its owner's colour."""
    d, black = ctx.d, ctx.pal["black"]
    d.rectangle((x - 7, y - 2, x + 7, y + 8), fill=ctx.solid(owner), outline=black)
    d.polygon([(x - 9, y - 2), (x, y - 9), (x + 9, y - 2)], fill=ctx.solid(owner), outline=black)


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
