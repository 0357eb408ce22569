"""Fonts and text drawing shared by every game's pictures."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from importlib import resources
from typing import Any

from PIL import Image, ImageDraw, ImageFont

RGB = tuple[int, int, int]
FONT_FILES = {False: "DejaVuSansCondensed.ttf", True: "DejaVuSansCondensed-Bold.ttf"}


# The lists recording the texts drawn (`recording`): a plain list, not a context variable,
# because the pictures are drawn in worker threads.
_RECORDERS: list[list[str]] = []


def drawn(text: str) -> str:
    """Every text a picture draws passes here on its way (the renderers call it before any
    cache), so a test can read the words of the pictures (`recording`)."""
    for seen in _RECORDERS:
        seen.append(text)
    return text


@contextmanager
def recording() -> Iterator[list[str]]:
    """The texts drawn by every picture rendered inside the block (the French scan test)."""
    seen: list[str] = []
    _RECORDERS.append(seen)
    try:
        yield seen
    finally:
        _RECORDERS.remove(seen)


def draw_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str,
              **options: Any) -> None:
    """`ImageDraw.text`, recorded (`drawn`)."""
    draw.text(xy, drawn(text), **options)


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """DejaVu Sans Condensed, shipped in the package (free licence, covers French accents);
    Pillow's own scalable font if the file is missing."""
    path = resources.files(__package__).joinpath("fonts", FONT_FILES[bold])
    try:
        with resources.as_file(path) as real:
            return ImageFont.truetype(str(real), size)
    except OSError:
        return ImageFont.load_default(size=size)


@cache
def text_width(text: str, size: int, bold: bool = False) -> int:
    box = font(size, bold).getbbox(text)
    return int(box[2] - box[0])


@cache
def text_mask(text: str, size: int, bold: bool = False) -> Image.Image:
    """A 1-bit mask of a text, cached: pasting it is much faster than drawing the text."""
    f = font(size, bold)
    left, top, right, bottom = f.getbbox(text)
    w, h = max(1, int(right - left)), max(1, int(bottom - top))
    im = Image.new("L", (w + 1, h + 1), 0)
    ImageDraw.Draw(im).text((-left, -top), text, fill=255, font=f)
    return im.point(lambda v: 255 if v > 110 else 0).convert("1")


def roman(n: int) -> str:
    if n <= 0:
        return "0"
    out = ""
    for value, sym in ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= value:
            out += sym
            n -= value
    return out
