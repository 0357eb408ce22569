"""PNG bytes from a Pillow image: deterministic (same image, same bytes)."""

from __future__ import annotations

import io

from PIL import Image


def png(img: Image.Image, compress_level: int = 2) -> bytes:
    """The image as PNG. A low compression level: the pictures are drawn on every action,
    and level 2 costs a fraction of the default's time for a few percent more bytes."""
    buf = io.BytesIO()
    img.save(buf, format="PNG", compress_level=compress_level)
    return buf.getvalue()


def quantised_png(img: Image.Image, colours: int, compress_level: int = 3) -> bytes:
    """The image reduced to a palette of `colours` (flat-coloured pictures lose nothing
    visible and shrink by half), as PNG."""
    return png(img.quantize(colors=colours, method=Image.Quantize.FASTOCTREE,
                            dither=Image.Dither.NONE), compress_level)
