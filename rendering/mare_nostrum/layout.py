"""The drawing coordinates of the board (layout.json; layout_atlas.json for the Atlas map, on
which the Mythology's western board is drawn too),
loaded once per map, and the public accessors other figures place themselves with
(`units_point`, `slot_point`...: docs/rendering.md)."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from ..core.geo import Projection

BASE_MAP = "empires"
# A map per family of board keys ("atlas/6" -> "atlas"); any other key draws the base map.
# The Mythology's frame names the Atlas map itself (its board key is "mn2003.mythology").
MAP_FILES = {BASE_MAP: "layout.json", "atlas": "layout_atlas.json"}

Point = tuple[int, int]


def map_name(board_key: str) -> str:
    """The map a board key is drawn on (the part before the "/")."""
    name = board_key.partition("/")[0]
    return name if name in MAP_FILES else BASE_MAP


@cache
def layout(name: str = BASE_MAP) -> dict[str, Any]:
    text = resources.files(__package__).joinpath(MAP_FILES[name]).read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@cache
def projection(name: str = BASE_MAP) -> Projection:
    """The map's projection of the real land (Natural Earth) onto its pixels."""
    raw = layout(name)["projection"]
    west, south, east, north = (float(v) for v in raw["box"])
    left, top, right, bottom = (int(v) for v in raw["frame"])
    return Projection((west, south, east, north), (left, top, right, bottom))


def polygon(pid: str, name: str = BASE_MAP) -> list[Point]:
    """The province's main land (its largest piece), in pixels."""
    return [(int(x), int(y)) for x, y in layout(name)["provinces"][pid]["polygon"]]


def rings(pid: str, name: str = BASE_MAP) -> list[list[Point]]:
    """Every piece of the province's land (the main one first, then islands or enclaves)."""
    area = layout(name)["provinces"][pid]
    return [[(int(x), int(y)) for x, y in ring] for ring in [area["polygon"], *area["parts"]]]


def point(area: dict[str, Any], key: str) -> Point:
    x, y = area[key]
    return int(x), int(y)


# --- public accessors: where a figure of province X or sea Y goes (stable; docs/rendering.md) --


def units_point(pid: str, name: str = BASE_MAP) -> Point:
    """The centre of the province's unit row (legions, fortresses: a row centred there)."""
    return point(layout(name)["provinces"][pid], "units")


def slot_point(pid: str, index: int, name: str = BASE_MAP) -> Point:
    """The centre of the province's printed building slot `index` (board-data order)."""
    x, y = layout(name)["provinces"][pid]["slots"][index]
    return int(x), int(y)


def label_point(area_id: str, name: str = BASE_MAP) -> Point:
    """The centre of a province's or a sea's name."""
    lay = layout(name)
    return point(lay["provinces"].get(area_id) or lay["seas"][area_id], "label")


def influence_point(pid: str, name: str = BASE_MAP) -> Point:
    """The centre of the province's influence marker."""
    return point(layout(name)["provinces"][pid], "influence")


def fleet_point(sid: str, name: str = BASE_MAP) -> Point:
    """The centre of the sea's fleet row (triremes)."""
    return point(layout(name)["seas"][sid], "units")
