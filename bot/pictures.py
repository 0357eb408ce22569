"""Board and screen pictures as PNG bytes, drawn off the event loop by a game's renderer (its
registry entry's `renderer`).

Rendering takes tens of milliseconds of CPU: it runs in ONE dedicated thread, not the default
pool — several renders at once in the default pool stalled the loop for 100+ ms under load
(docs/benchmarks.md). A failing render is logged and the message goes without its picture; a
game without a renderer has no pictures."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from .registry import Renderer

log = logging.getLogger(__name__)
_RENDER_THREAD = ThreadPoolExecutor(max_workers=1, thread_name_prefix="render")


def board_png_sync(pictures: Renderer | None, view: Mapping[str, Any], lang: str = "en",
                   highlight: dict[str, Any] | None = None) -> bytes | None:
    if pictures is None:
        return None
    try:
        return pictures.board(view, highlight=highlight, lang=lang)
    except Exception:
        log.exception("rendering the board failed (game version %s)", view.get("version"))
        return None


def screen_png_sync(pictures: Renderer | None, view: Mapping[str, Any],
                    lang: str = "en") -> bytes | None:
    if pictures is None:
        return None
    try:
        return pictures.screen(view, lang=lang)
    except Exception:
        log.exception("rendering a screen failed (game version %s)", view.get("version"))
        return None


def highlight_of(pictures: Renderer | None, events: list[Any]) -> dict[str, Any] | None:
    """What the board highlights after these events (public ones only)."""
    if pictures is None:
        return None
    return pictures.highlight([e.to_dict() for e in events if e.audience is None])


async def board_png(pictures: Renderer | None, view: Mapping[str, Any], lang: str = "en",
                    highlight: dict[str, Any] | None = None) -> bytes | None:
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_RENDER_THREAD, board_png_sync, pictures, view, lang,
                                      highlight)


async def screen_png(pictures: Renderer | None, view: Mapping[str, Any],
                     lang: str = "en") -> bytes | None:
    """A player's private screen."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_RENDER_THREAD, screen_png_sync, pictures, view, lang)
