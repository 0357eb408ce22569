"""Where things are on Neptun's picture: the ports on a sketch of the Mediterranean (west to
east, Creta in the south-east), the size of the map and of the panels below it. Data only."""

from __future__ import annotations

WIDTH = 960
MAP_HEIGHT = 420
PANEL_TOP = MAP_HEIGHT
ROW_HEIGHT = 46
HEIGHT = MAP_HEIGHT + 6 * ROW_HEIGHT + 40

# Port -> centre on the map (pixels).
PORTS: dict[str, tuple[int, int]] = {
    "malaca": (60, 250), "carthago_nova": (130, 190), "saguntum": (200, 120),
    "roma": (400, 80), "neapolis": (470, 150), "syracusae": (450, 260),
    "carthago": (320, 300), "leptis_magna": (500, 360), "alexandria": (790, 380),
    "tyros": (900, 300), "antiochia": (910, 190), "pergamon": (810, 120),
    "byzantium": (790, 40), "athenae": (660, 190), "corinthus": (590, 150),
    "creta": (700, 300),
}
