"""The Atlas map at the base map's width (issue 14: readable at Discord's preview width): the
far Atlantic (the legendary islands and the Oceanus Atlanticus's pieces) in a framed inset over
the Sahara's south-west corner, and nothing on the map covering anything else."""

from __future__ import annotations

import itertools
from typing import Any

from rendering.core.geo import land
from rendering.mare_nostrum import board_image, style
from rendering.mare_nostrum.layout import layout, projection
from tests.rendering.test_render import _inside, _overlap

ATLAS = "atlas"
INSET_PROVINCES = ("atlantis", "hesperides")
INSET_SEAS = ("atlanticus",)

Box = tuple[int, int, int, int]


def _in(box: list[int] | Box, x: float, y: float) -> bool:
    return box[0] <= x <= box[2] and box[1] <= y <= box[3]


def _points(area: dict[str, Any]) -> list[list[int]]:
    return [area["label"], area["influence"], area["units"], *area["slots"]]


def test_the_far_atlantic_is_an_inset_in_the_south_west_corner() -> None:
    """The legendary islands (invented, far west of the base map's frame) and the Oceanus
    Atlanticus's name and fleet lie in the inset; the inset sits in the map's south-west
    corner, where the base map has its legend over unplayed land."""
    lay = layout(ATLAS)
    inset = lay["inset"]
    assert inset[0] == 0 and inset[3] < board_image.MAP_H and inset[3] >= board_image.MAP_H - 2
    for pid in INSET_PROVINCES:
        area = lay["provinces"][pid]
        assert "leader" not in area, pid  # on its island, not on a plaque
        for x, y in [*area["polygon"], *_points(area)]:
            assert _in(inset, x, y), pid
    for sid in INSET_SEAS:
        for key in ("label", "units"):
            assert _in(inset, *lay["seas"][sid][key]), sid


def test_nothing_else_lies_in_the_inset() -> None:
    """No other province's land or pieces and no other sea's are under the inset (Mauretania's
    land stops at its frame), and the legend and the Atlantean track are clear of it."""
    lay = layout(ATLAS)
    inset = lay["inset"]
    for pid, area in lay["provinces"].items():
        if pid in INSET_PROVINCES:
            continue
        for ring in [area["polygon"], *area["parts"]]:
            assert not any(inset[0] < x < inset[2] and inset[1] < y < inset[3] for x, y in ring)
        assert not any(_in(inset, *p) for p in _points(area)), pid
    for sid, sea in lay["seas"].items():
        if sid not in INSET_SEAS:
            assert not _in(inset, *sea["label"]) and not _in(inset, *sea["units"]), sid
    for box in (lay["legend"], lay["atlantean_track"]):
        assert not _overlap(tuple(box), tuple(inset))


def test_the_inset_is_framed_and_opens_onto_the_real_ocean() -> None:
    """The inset is drawn as a framed box of sea (a map's inset, not a province's border); an
    arrow leaves it through a gap in its frame and runs up the real ocean off Morocco, where
    the Oceanus Atlanticus goes on to Gadira and Lusitania."""
    img = board_image.static_map((), "en", ATLAS).image.convert("RGB")
    lay = layout(ATLAS)
    _x0, y0, x1, y1 = lay["inset"]
    assert img.getpixel((x1 - 1, (y0 + y1) // 2)) == style.SEA_TEXT  # the frame
    (ax, _ay), (bx, by) = lay["inset_link"]
    assert img.getpixel((ax + 5, y0)) != style.SEA_TEXT  # the gap
    assert img.getpixel((bx, by + 4)) == style.SEA_TEXT  # the arrow's head
    proj = projection(ATLAS)
    coast = [[[round(x), round(y)] for x, y in proj.ring(r)] for r in land()]
    assert not any(_inside((bx, by), ring) for ring in coast)  # in the real ocean


def _pieces() -> list[tuple[str, str, Box]]:
    """Every piece of the Atlas map as (owner, kind, box): names (in the widest language),
    influence markers, slots, unit rows, fleets, the legend and the Atlantean track."""
    spec = board_image.map_spec(ATLAS)
    out: list[tuple[str, str, Box]] = [
        (area, "name", box) for area, box in board_image.label_boxes(ATLAS).items()
    ]
    ux, uy = board_image.UNITS_BOX
    fx, fy = board_image.FLEET_BOX
    r = board_image.INFLUENCE_R
    for pid, area in spec.lay["provinces"].items():
        x, y = area["units"]
        out.append((pid, "units", (x - ux, y - uy, x + ux, y + uy)))
        x, y = area["influence"]
        out.append((pid, "influence", (x - r, y - r, x + r, y + r)))
        out += [(pid, "slot", (x - 12, y - 12, x + 12, y + 12)) for x, y in area["slots"]]
    for sid, sea in spec.lay["seas"].items():
        x, y = sea["units"]
        out.append((sid, "fleet", (x - fx, y - fy, x + fx, y + fy)))
    assert spec.track is not None
    out += [("", "legend", spec.legend), ("", "track", spec.track)]
    return out


def test_no_name_slot_or_unit_row_overlaps_another_on_the_atlas_map() -> None:
    """No clutter at the base map's scale: no name, influence marker, slot, unit row, fleet
    (its room for four fleets), the legend or the Atlantean track overlaps another piece (two
    fleets' rooms may touch: they are only full with four fleets each)."""
    clashes = [
        (a[:2], b[:2])
        for a, b in itertools.combinations(_pieces(), 2)
        if _overlap(a[2], b[2]) and not (a[1] == b[1] == "fleet")
    ]
    assert not clashes
