"""The real geography the pictures draw on (rendering/core/geo, from Natural Earth)."""

from __future__ import annotations

from rendering.core.geo import Projection, land, source


def _inside(point: tuple[float, float], ring: tuple[tuple[float, float], ...]) -> bool:
    """Even-odd rule: is the (lon, lat) point on this land polygon?"""
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _on_land(lon: float, lat: float) -> bool:
    return any(_inside((lon, lat), ring) for ring in land())


def test_the_land_is_natural_earth_and_named() -> None:
    assert "Natural Earth" in source()
    assert len(land()) > 50  # the continents and the islands that matter


def test_cities_stand_on_land_and_seas_are_water() -> None:
    for lon, lat in [(12.5, 41.9), (23.7, 38.0), (24.9, 35.2), (10.2, 36.8), (29.9, 31.2)]:
        assert _on_land(lon, lat), (lon, lat)  # Roma, Athenae, Creta, Carthago, Alexandria
    for lon, lat in [(18.0, 35.0), (5.0, 39.0), (25.0, 39.5), (34.0, 43.0)]:
        assert not _on_land(lon, lat), (lon, lat)  # Ionian, Balearic, Aegean, Black Sea


def test_the_projection_fits_the_box_into_the_frame_keeping_north_up() -> None:
    project = Projection((-6.0, 29.0, 37.0, 44.0), (0, 0, 1000, 560))
    west_x, north_y = project(-6.0, 44.0)
    east_x, south_y = project(37.0, 29.0)
    assert 0 <= west_x < east_x <= 1000 and 0 <= north_y < south_y <= 560
    assert round(east_x - west_x) == 1000 or round(south_y - north_y) == 560  # fitted
    roma, athenae = project(12.5, 41.9), project(23.7, 38.0)
    assert roma[0] < athenae[0] and roma[1] < athenae[1]  # Athens east and south of Rome
    assert project.land()  # some land reaches into the box
