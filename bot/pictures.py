"""A thin adapter over `rendering` (built separately): board and screen pictures as PNG bytes,
drawn in a worker thread. Until the renderer exists, or if it fails, a 1×1 PNG stands in."""

from __future__ import annotations

import asyncio
import base64
import logging
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

# The smallest valid PNG: one transparent pixel.
BLANK_PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
)


def _renderer(name: str) -> Callable[..., Any] | None:
    try:
        import rendering
    except ImportError:
        return None
    fn = getattr(rendering, name, None)
    return fn if callable(fn) else None


def _draw(name: str, view: dict[str, Any], lang: str, **extra: Any) -> bytes | None:
    fn = _renderer(name)
    if fn is None:
        return None
    try:
        try:
            out = fn(view, lang=lang, **extra)
        except TypeError:  # a renderer without the lang keyword
            out = fn(view)
    except NotImplementedError:
        return None
    except Exception:
        log.exception("rendering.%s failed", name)
        return None
    return bytes(out) if isinstance(out, bytes | bytearray) else None


def board_png_sync(view: dict[str, Any], lang: str = "en",
                   highlight: dict[str, Any] | None = None) -> bytes:
    return _draw("render", view, lang, highlight=highlight) or BLANK_PNG


def highlight_of(events: list[Any]) -> dict[str, Any] | None:
    """What the board highlights after these events (public ones only)."""
    try:
        from rendering.highlight import highlight_from_events
    except ImportError:
        return None
    return highlight_from_events([e.to_dict() for e in events if e.audience is None])


async def board_png(view: dict[str, Any], lang: str = "en",
                    highlight: dict[str, Any] | None = None) -> bytes:
    """Drawn off the event loop (a worker thread): rendering takes tens of milliseconds."""
    return await asyncio.to_thread(board_png_sync, view, lang, highlight)


async def screen_png(view: dict[str, Any], lang: str = "en") -> bytes | None:
    """A player's private screen, or None when the renderer cannot draw it yet."""
    return await asyncio.to_thread(_draw, "render_screen", view, lang)
