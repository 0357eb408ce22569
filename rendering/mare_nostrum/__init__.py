"""Pictures of a Mare Nostrum game, drawn from a per-viewer view (never the raw state).

`render(view)` draws the board with everything on it; `render_screen(view)` draws one player's
private screen from `view["hand"]`. Both return PNG bytes and are pure: the same view gives the
same bytes. This package may use Pillow, but never Discord or the database.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from . import board_image, mn2003, mythology
from .screen import render_screen


class Renderer(Protocol):
    def __call__(
        self, view: Mapping[str, Any], *, highlight: dict[str, Any] | None = ..., lang: str = ...
    ) -> bytes: ...


# The one place a board picture is chosen: by the view's ruleset (Empires by default); the 2003
# renderer draws a module's board with that board's frame (`mn2003.FRAMES`: the Mythology's).
RENDERERS: dict[str, Renderer] = {mn2003.RULESET: mn2003.render}


def render(view: Mapping[str, Any], *, highlight: dict[str, Any] | None = None,
           lang: str = "en") -> bytes:
    """The board as PNG bytes, drawn by the view's ruleset's renderer."""
    draw = RENDERERS.get(str(view.get("ruleset", "")), board_image.render)
    return draw(view, highlight=highlight, lang=lang)


__all__ = ["RENDERERS", "mythology", "render", "render_screen"]
