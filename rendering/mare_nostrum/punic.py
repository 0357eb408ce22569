"""The Punic Wars on the board picture (Atlas section 7), from the view's public `punic_wars`
part: the barbarians' units in their own colour on the map, and a box in the panel with the
External Market, each player's gold purse and who met each delayed victory last time.

The barbarians' brown is written into the palette of a Punic Wars render only (an entry the
base pictures leave unused), so every other picture keeps its bytes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PIL import Image

from bot.catalog import t

from . import board_image as bi
from . import style
from .style import words

if TYPE_CHECKING:
    from .board_image import _Ctx

PART = "punic_wars"
BARBARIANS = "barbarians"  # their side's name in a battle's dice
SOLID: style.RGB = (140, 88, 40)  # a brown no empire wears
ON: style.RGB = (255, 236, 190)
# Palette entries after the base pictures' fixed colours (192 + 40): unused by every other
# picture, so writing them changes nothing there.
SOLID_INDEX, ON_INDEX = 250, 251
BOX_Y = 928  # the panel box: under the two Heroes & Wonders rows, above the HW market
ROW = 25
CHIP = 22
KEEP_GOAL = 4  # 7.5: capitals and legendary cities


@dataclass(frozen=True, slots=True)
class Barbarians:
    """The barbarians' units by area, as the view shows them."""

    legions: Mapping[str, int]
    fortresses: frozenset[str]
    triremes: Mapping[str, int]

    def on_land(self, province: str) -> tuple[int, bool]:
        return int(self.legions.get(province, 0)), province in self.fortresses

    def stand_in(self, province: str) -> bool:
        n, fort = self.on_land(province)
        return n > 0 or fort


def part_of(view: Mapping[str, Any]) -> dict[str, Any] | None:
    part = view.get("substates", {}).get(PART)
    return part if isinstance(part, dict) else None


def barbarians_of(view: Mapping[str, Any]) -> Barbarians | None:
    part = part_of(view)
    if part is None:
        return None
    return Barbarians(
        {str(k): int(v) for k, v in part.get("legions", {}).items() if v},
        frozenset(str(p) for p in part.get("fortresses", [])),
        {str(k): int(v) for k, v in part.get("triremes", {}).items() if v},
    )


def use_colours(img: Image.Image) -> tuple[int, int]:
    """Write the barbarians' colours into this render's palette: (solid, text) indices."""
    pal = img.getpalette() or []
    pal += [0] * (768 - len(pal))
    pal[SOLID_INDEX * 3 : SOLID_INDEX * 3 + 3] = SOLID
    pal[ON_INDEX * 3 : ON_INDEX * 3 + 3] = ON
    img.putpalette(pal)
    return SOLID_INDEX, ON_INDEX


# --- units -------------------------------------------------------------------------------------


def legion(ctx: _Ctx, x: int, y: int, n: int) -> None:
    """A barbarian legion: a brown square with its count and an inner frame, so that it reads
    without the colour."""
    bi._legion(ctx.d, x, y, SOLID_INDEX, ON_INDEX, n)
    ctx.d.rectangle((x - 10, y - 10, x + 9, y + 9), outline=ON_INDEX)


def fortress(ctx: _Ctx, x: int, y: int) -> None:
    bi._fortress(ctx.d, x, y, SOLID_INDEX)
    ctx.d.line((x - 8, y - 1, x + 8, y - 1), fill=ON_INDEX)


def trireme(ctx: _Ctx, x: int, y: int, n: int) -> None:
    bi._trireme(ctx.d, x, y, SOLID_INDEX, ON_INDEX, n)
    ctx.d.line((x - 16, y - 7, x + 16, y - 7), fill=ON_INDEX)


# --- the panel box -----------------------------------------------------------------------------


def draw_panel(ctx: _Ctx, part: Mapping[str, Any]) -> None:
    """Four rows under the Heroes & Wonders: the market and the barbarians' key, the purses,
    and the two delayed victories."""
    w = words(ctx.lang)
    ink, grey = ctx.pal["ink"], ctx.pal["grey"]
    x0, y = bi.HW_X, BOX_Y
    x = x0 + ctx.text((x0, y), _labelled(w["external_market"], ctx.lang), 14, ink, "lm") + 10
    market = [str(t) for t in part.get("market", [])]
    for token in market:
        _token(ctx, x + CHIP // 2, y, token)
        x += CHIP + 6
    if not market:
        ctx.text((x, y), "—", 14, grey, "lm")
    _barbarian_key(ctx, x0 + 470, y, w["barbarians"])
    y += ROW
    x = x0 + ctx.text((x0, y), _labelled(w["gold_kept"], ctx.lang), 14, ink, "lm") + 12
    purses: Mapping[str, Mapping[str, int]] = part.get("purse", {})
    for e in ctx.view["players"]:
        ctx.disc(x + 9, y, 9, e, 11)
        x += 22
        tokens = [t for t, n in sorted(purses.get(e, {}).items()) for _ in range(int(n))]
        for token in tokens:
            _token(ctx, x + CHIP // 2, y, token)
            x += CHIP + 4
        if not tokens:
            x += ctx.text((x, y), "0", 14, grey, "lm")
        x += 22
    y += ROW
    counts = _keep_counts(ctx)
    now = ", ".join(f"{ctx.letters.get(e, '?')} {counts[e]}/{KEEP_GOAL}" for e in counts)
    _held_row(
        ctx,
        y,
        w["conquest_held"],
        part.get("conquest_held", []),
        t("mn.picture.now", ctx.lang, counts=now),
    )
    _held_row(ctx, y + ROW - 4, w["titles_held"], part.get("titles_held", []), "")


def _labelled(label: str, lang: str) -> str:
    """A label before its values, with the language's colon (French: a space before it)."""
    return t("mn.picture.labelled", lang, label=label)


def _token(ctx: _Ctx, x: int, y: int, token: str) -> None:
    """A resource token: its two-letter abbreviation on a chip, gold for a legendary one."""
    legendary = token.endswith("*")
    kind = token.rstrip("*")
    h = CHIP // 2
    fill = ctx.pal["legendary"] if legendary else ctx.pal["caravan"]
    ctx.d.rounded_rectangle(
        (x - h, y - h, x + h - 1, y + h - 1), 4, fill=fill, outline=ctx.pal["outline"]
    )
    abbr = style.COMMODITY_ABBR.get(ctx.lang, style.COMMODITY_ABBR["en"]).get(kind, kind[:2])
    ctx.text((x, y + 1), abbr, 11, ctx.pal["ink"])
    if legendary:
        bi._star(ctx.d, x + h - 2, y - h + 2, 4, ctx.pal["star"])


def _barbarian_key(ctx: _Ctx, x: int, y: int, label: str) -> None:
    x += ctx.text((x, y), _labelled(label, ctx.lang), 14, ctx.pal["ink"], "lm") + 16
    legion(ctx, x, y, 1)
    fortress(ctx, x + 26, y)
    trireme(ctx, x + 60, y, 1)


def _held_row(ctx: _Ctx, y: int, label: str, held: list[str], tail: str) -> None:
    w = words(ctx.lang)
    x = bi.HW_X + ctx.text((bi.HW_X, y), _labelled(label, ctx.lang), 12, ctx.pal["ink"], "lm") + 8
    if not held:
        x += ctx.text((x, y), w["nobody"], 12, ctx.pal["grey"], "lm") + 10
    for e in held:
        ctx.disc(x + 8, y, 8, e, 10)
        x += 20
    if tail:
        ctx.text((x + 4, y), f"({tail})", 12, ctx.pal["grey"], "lm")


def _keep_counts(ctx: _Ctx) -> dict[str, int]:
    """Capitals and legendary cities each player controls now, from the view (an occupied
    building counts for its occupier, else the influence holder: 4.3.2)."""
    view = ctx.view
    counts = dict.fromkeys(view["players"], 0)
    provinces = ctx.spec.board.provinces
    for pid, built in view["built"].items():
        if pid not in provinces:
            continue
        occupants = view["occupant"].get(pid, [])
        for i, slot in enumerate(provinces[pid].slots):
            if slot.kind in ("capital", "legendary_city") and i < len(built) and built[i]:
                who = (occupants[i] if i < len(occupants) else None) or view["influence"].get(pid)
                if who in counts:
                    counts[who] += 1
    return counts
