"""Neptun's colours: the merchants', the regions' (the same five names) and the sea's."""

from __future__ import annotations

RGB = tuple[int, int, int]

COLOURS: dict[str, RGB] = {
    "red": (200, 45, 45), "green": (45, 150, 65), "purple": (135, 65, 175),
    "yellow": (225, 180, 30), "blue": (45, 95, 205), "gold": (200, 160, 40),
}
SEA: RGB = (176, 212, 232)
DEEP: RGB = (120, 160, 200)
PANEL: RGB = (244, 238, 224)
INK: RGB = (30, 30, 30)
GREY: RGB = (140, 140, 140)
WHITE: RGB = (255, 255, 255)
CRETA: RGB = (235, 225, 200)
