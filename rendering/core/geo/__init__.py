"""Real geography for the pictures: the Mediterranean's land and a projection onto pixels.

The land is Natural Earth's (public domain), cut and simplified once by
`scripts/coastlines.py` into `mediterranean_land.json` beside this file. A game's renderer
projects it onto its own frame with `Projection` and draws the polygons (sea first, land over).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path

LonLat = tuple[float, float]
Ring = tuple[LonLat, ...]

_DATA = Path(__file__).resolve().parent / "mediterranean_land.json"


@cache
def land() -> tuple[Ring, ...]:
    """Every land polygon of the extract, as rings of (longitude, latitude)."""
    data = json.loads(_DATA.read_text())
    return tuple(tuple((float(x), float(y)) for x, y in ring) for ring in data["land"])


def source() -> str:
    """The data's provenance, for docs and picture credits."""
    return str(json.loads(_DATA.read_text())["source"])


@dataclass(frozen=True)
class Projection:
    """Equirectangular, scaled at the box's middle latitude so shapes look right there.

    `box` is (west, south, east, north) in degrees; `frame` the pixel rectangle (left, top,
    right, bottom) the box is fitted into, centred, keeping the aspect ratio.
    """

    box: tuple[float, float, float, float]
    frame: tuple[int, int, int, int]

    @property
    def _fit(self) -> tuple[float, float, float]:
        west, south, east, north = self.box
        left, top, right, bottom = self.frame
        squeeze = math.cos(math.radians((south + north) / 2))
        width_deg, height_deg = (east - west) * squeeze, north - south
        scale = min((right - left) / width_deg, (bottom - top) / height_deg)
        x0 = left + ((right - left) - width_deg * scale) / 2
        y0 = top + ((bottom - top) - height_deg * scale) / 2
        return scale, x0, y0

    def __call__(self, lon: float, lat: float) -> tuple[float, float]:
        west, south, _east, north = self.box
        scale, x0, y0 = self._fit
        squeeze = math.cos(math.radians((south + north) / 2))
        return (x0 + (lon - west) * squeeze * scale, y0 + (north - lat) * scale)

    def ring(self, ring: Ring) -> list[tuple[float, float]]:
        return [self(lon, lat) for lon, lat in ring]

    def land(self) -> list[list[tuple[float, float]]]:
        """The land polygons that reach into the box, in pixels."""
        west, south, east, north = self.box
        out = []
        for ring in land():
            lons = [p[0] for p in ring]
            lats = [p[1] for p in ring]
            if max(lons) < west or min(lons) > east or max(lats) < south or min(lats) > north:
                continue
            out.append(self.ring(ring))
        return out
