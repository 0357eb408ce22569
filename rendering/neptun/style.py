"""Neptun's colours: the merchants', the regions' (the same five names), the sea's and the
land's."""

from __future__ import annotations

RGB = tuple[int, int, int]

COLOURS: dict[str, RGB] = {
    "red": (200, 45, 45),
    "green": (45, 150, 65),
    "purple": (135, 65, 175),
    "yellow": (225, 180, 30),
    "blue": (45, 95, 205),
    "gold": (200, 160, 40),
}
SEA: RGB = (176, 212, 232)
DEEP: RGB = (52, 92, 150)  # high-sea routes and their markers
LAND: RGB = (234, 226, 204)
COAST: RGB = (150, 136, 112)
PANEL: RGB = (244, 238, 224)
INK: RGB = (30, 30, 30)
GREY: RGB = (140, 140, 140)
WHITE: RGB = (255, 255, 255)
CRETA: RGB = (250, 246, 236)
DELIVERED: RGB = (200, 230, 200)
TILE: RGB = (236, 214, 140)  # the temples' point tiles
