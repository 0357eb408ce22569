"""Text on Neptun's pictures as cached antialiased masks: a render pastes a colour through the
mask of each string instead of asking FreeType again (most strings repeat from render to
render: names, numbers, goods)."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from ..core.text import RGB, drawn, font


@lru_cache(maxsize=4096)
def mask(text: str, size: int, bold: bool = False) -> Image.Image:
    """The line's mask, from its ascender to its descender, as wide as the text advances."""
    f = font(size, bold)
    ascent, descent = f.getmetrics() if hasattr(f, "getmetrics") else (size, size // 4)
    width = max(1, int(f.getlength(text)) + 1)
    im = Image.new("L", (width, ascent + descent), 0)
    ImageDraw.Draw(im).text((0, 0), text, fill=255, font=f, anchor="la")
    return im


def width(text: str, size: int, bold: bool = False) -> int:
    return mask(text, size, bold).width


def fitting(text: str, size: int, room: int, bold: bool = False) -> int:
    """The largest size up to `size` (and down to 9) at which the text fits in `room` pixels."""
    while size > 9 and width(text, size, bold) > room:
        size -= 1
    return size


def paste(
    img: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: RGB,
    bold: bool = False,
    anchor: str = "la",
) -> None:
    """Draws a text with Pillow's anchor letters: l/m/r across, a (top of the line), m
    (middle) or d (bottom) down."""
    m = mask(drawn(text), size, bold)  # recorded before the cache (the French scan test)
    x = xy[0] - {"l": 0, "m": m.width / 2, "r": m.width}[anchor[0]]
    y = xy[1] - {"a": 0, "m": m.height / 2, "d": m.height}[anchor[1]]
    img.paste(fill, (round(x), round(y)), m)
