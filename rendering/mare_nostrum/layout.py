"""The drawing coordinates of the board (layout.json), loaded once."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any


@cache
def layout() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("layout.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def polygon(pid: str) -> list[tuple[int, int]]:
    return [(int(x), int(y)) for x, y in layout()["provinces"][pid]["polygon"]]


def point(area: dict[str, Any], key: str) -> tuple[int, int]:
    x, y = area[key]
    return int(x), int(y)
