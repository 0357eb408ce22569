"""Pictures of a Neptun game, drawn from a per-viewer view (never the raw state): the board
(`render_board`, public) and a merchant's private screen (`render_screen`, his hand and
manifest). PNG bytes, pure and deterministic; Pillow only, no Discord, no database."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .board import render_board
from .screen import render_screen

__all__ = ["Pictures", "render_board", "render_screen"]


class Pictures:
    """Neptun's renderer for the registry (`bot.registry.Renderer`)."""

    def board(self, view: Mapping[str, Any], *, highlight: dict[str, Any] | None = None,
              lang: str = "en") -> bytes:
        return render_board(view, lang)

    def screen(self, view: Mapping[str, Any], lang: str = "en") -> bytes:
        return render_screen(view, lang)

    def highlight(self, public_events: list[dict[str, Any]]) -> dict[str, Any] | None:
        return None
