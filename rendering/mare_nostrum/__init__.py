"""Pictures of a Mare Nostrum game, drawn from a per-viewer view (never the raw state).

`render(view)` draws the board with everything on it; `render_screen(view)` draws one player's
private screen from `view["hand"]`. Both return PNG bytes and are pure: the same view gives the
same bytes. This package may use Pillow, but never Discord or the database.
"""

from __future__ import annotations

from .board_image import render
from .screen import render_screen

__all__ = ["render", "render_screen"]
