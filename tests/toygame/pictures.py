"""The toy game's trivial renderer: a small picture of the round and the points (public), or
of the viewer's own purse (his screen)."""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw


def _png(lines: list[str]) -> bytes:
    image = Image.new("RGB", (240, 20 + 16 * len(lines)), "white")
    draw = ImageDraw.Draw(image)
    for i, line in enumerate(lines):
        draw.text((10, 10 + 16 * i), line, fill="black")
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


class ToyPictures:
    def board(self, view: Mapping[str, Any], *, highlight: dict[str, Any] | None = None,
              lang: str = "en") -> bytes:
        return _png([f"round {view['round']} - {view['phase']}",
                     *(f"{p}: {view['points'][p]}" for p in view["players"])])

    def screen(self, view: Mapping[str, Any], lang: str = "en") -> bytes:
        me = str(view["viewer"])
        return _png([f"{me}: {view['coins'][me]} coins"])

    def highlight(self, public_events: list[dict[str, Any]]) -> dict[str, Any] | None:
        return None
