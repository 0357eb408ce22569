"""Pictures of a Mare Nostrum game, drawn from a per-viewer view (never the raw state).

`render(view)` draws the board with everything on it; `render_screen(view)` draws one player's
private screen from `view["hand"]`. Both return PNG bytes and are pure: the same view gives the
same bytes. This package may use Pillow, but never Discord or the database.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from . import board_image, mn2003, mythology, screen, screen2003


class ScreenRenderer(Protocol):
    def __call__(self, view: Mapping[str, Any], lang: str = ...) -> bytes: ...


class Renderer(Protocol):
    def __call__(
        self, view: Mapping[str, Any], *, highlight: dict[str, Any] | None = ..., lang: str = ...
    ) -> bytes: ...


# The one place a board picture is chosen: by the view's ruleset (Empires by default); the 2003
# renderer draws a module's board with that board's frame (`mn2003.FRAMES`: the Mythology's).
RENDERERS: dict[str, Renderer] = {mn2003.RULESET: mn2003.render}


# The one place a player's screen is chosen: by the view's ruleset, as the board is (a module's
# board adds its part to the 2003 screen: `screen2003.PARTS`, the Mythology's).
SCREENS: dict[str, ScreenRenderer] = {mn2003.RULESET: screen2003.render_screen}


def render_screen(view: Mapping[str, Any], lang: str = "en") -> bytes:
    """The viewer's private screen as PNG bytes, drawn by the view's ruleset's screen."""
    draw = SCREENS.get(str(view.get("ruleset", "")), screen.render_screen)
    return draw(view, lang=lang)


def render(view: Mapping[str, Any], *, highlight: dict[str, Any] | None = None,
           lang: str = "en") -> bytes:
    """The board as PNG bytes, drawn by the view's ruleset's renderer."""
    draw = RENDERERS.get(str(view.get("ruleset", "")), board_image.render)
    return draw(view, highlight=highlight, lang=lang)


__all__ = ["RENDERERS", "SCREENS", "mythology", "render", "render_screen"]
