"""The drawing coordinates of the board (layout.json; layout_atlas.json for the Atlas map),
loaded once per map."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

BASE_MAP = "empires"
# A map per family of board keys ("atlas/6" -> "atlas"); any other key draws the base map.
MAP_FILES = {BASE_MAP: "layout.json", "atlas": "layout_atlas.json"}


def map_name(board_key: str) -> str:
    """The map a board key is drawn on (the part before the "/")."""
    name = board_key.partition("/")[0]
    return name if name in MAP_FILES else BASE_MAP


@cache
def layout(name: str = BASE_MAP) -> dict[str, Any]:
    text = resources.files(__package__).joinpath(MAP_FILES[name]).read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def polygon(pid: str, name: str = BASE_MAP) -> list[tuple[int, int]]:
    return [(int(x), int(y)) for x, y in layout(name)["provinces"][pid]["polygon"]]


def point(area: dict[str, Any], key: str) -> tuple[int, int]:
    x, y = area[key]
    return int(x), int(y)
