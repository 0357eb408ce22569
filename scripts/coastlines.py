"""Extracts the Mediterranean's land from Natural Earth, once, into `rendering/core/geo/`.

Source: Natural Earth 1:10m land (public domain, naturalearthdata.com), version 4.1.0, as
redistributed in TopoJSON by the npm package `world-atlas` 2.0.2 (ISC licence). Get it with

    npm pack world-atlas@2.0.2 && tar xzf world-atlas-2.0.2.tgz
    python scripts/coastlines.py package/land-10m.json

The output (`rendering/core/geo/mediterranean_land.json`) is committed: the renderer never
needs npm or the network. It holds the land polygons cut to the box below, simplified
(Douglas-Peucker, tolerance in degrees), in longitude/latitude rounded to 0.01 degree; islands
smaller than the minimum area are dropped. Run again only to change the box or the detail.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path

BOX = (-21.0, 24.0, 50.0, 52.0)  # west, south, east, north (degrees): the seas of both games
TOLERANCE = 0.03  # degrees; about 3 km, under one pixel at the pictures' scales
MIN_AREA = 0.004  # square degrees: drops rocks, keeps Malta, Elba and the Cyclades
OUT = Path(__file__).resolve().parent.parent / "rendering/core/geo/mediterranean_land.json"

Point = tuple[float, float]


def decode_arcs(topo: dict[str, object]) -> list[list[Point]]:
    """TopoJSON's quantised, delta-encoded arcs as absolute longitude/latitude points."""
    transform = topo["transform"]
    assert isinstance(transform, dict)
    (sx, sy), (tx, ty) = transform["scale"], transform["translate"]
    arcs: list[list[Point]] = []
    raw = topo["arcs"]
    assert isinstance(raw, list)
    for arc in raw:
        x = y = 0
        points: list[Point] = []
        for dx, dy in arc:
            x += dx
            y += dy
            points.append((x * sx + tx, y * sy + ty))
        arcs.append(points)
    return arcs


def ring(arcs: list[list[Point]], indexes: list[int]) -> list[Point]:
    """A ring from its arc indexes (a negative index ~i is arc i reversed)."""
    points: list[Point] = []
    for index in indexes:
        arc = arcs[index] if index >= 0 else list(reversed(arcs[~index]))
        points.extend(arc if not points else arc[1:])
    return points


def polygons(topo: dict[str, object]) -> list[list[list[Point]]]:
    """Every polygon of the land object, as rings (outer first, then holes)."""
    arcs = decode_arcs(topo)
    objects = topo["objects"]
    assert isinstance(objects, dict)
    found: list[list[list[Point]]] = []

    def walk(geometry: dict[str, object]) -> None:
        kind = geometry["type"]
        if kind == "GeometryCollection":
            for child in geometry["geometries"]:  # type: ignore[attr-defined]
                walk(child)
        elif kind == "Polygon":
            found.append([ring(arcs, r) for r in geometry["arcs"]])  # type: ignore[attr-defined]
        elif kind == "MultiPolygon":
            for poly in geometry["arcs"]:  # type: ignore[attr-defined]
                found.append([ring(arcs, r) for r in poly])

    walk(objects["land"])
    return found


def clip(points: list[Point], box: tuple[float, float, float, float]) -> list[Point]:
    """Sutherland-Hodgman: the ring cut to the box (edges along the box where land crosses it)."""
    west, south, east, north = box
    edges: list[tuple[Callable[[Point], bool], Callable[[Point, Point], Point]]] = [
        (lambda p: p[0] >= west, lambda a, b: cross_x(a, b, west)),
        (lambda p: p[0] <= east, lambda a, b: cross_x(a, b, east)),
        (lambda p: p[1] >= south, lambda a, b: cross_y(a, b, south)),
        (lambda p: p[1] <= north, lambda a, b: cross_y(a, b, north)),
    ]
    out = points
    for inside, cross in edges:
        if not out:
            break
        source, out = out, []
        previous = source[-1]
        for point in source:
            if inside(point):
                if not inside(previous):
                    out.append(cross(previous, point))
                out.append(point)
            elif inside(previous):
                out.append(cross(previous, point))
            previous = point
    return out


def cross_x(a: Point, b: Point, x: float) -> Point:
    t = (x - a[0]) / (b[0] - a[0])
    return (x, a[1] + t * (b[1] - a[1]))


def cross_y(a: Point, b: Point, y: float) -> Point:
    t = (y - a[1]) / (b[1] - a[1])
    return (a[0] + t * (b[0] - a[0]), y)


def simplify(points: list[Point], tolerance: float) -> list[Point]:
    """Douglas-Peucker on a closed ring (iterative: the continents' rings are long)."""
    if len(points) < 4:
        return points
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    while stack:
        first, last = stack.pop()
        (ax, ay), (bx, by) = points[first], points[last]
        dx, dy = bx - ax, by - ay
        norm = (dx * dx + dy * dy) ** 0.5
        worst, where = -1.0, -1
        for i in range(first + 1, last):
            px, py = points[i]
            if norm == 0:
                d = ((px - ax) ** 2 + (py - ay) ** 2) ** 0.5
            else:
                d = abs(dy * px - dx * py + bx * ay - by * ax) / norm
            if d > worst:
                worst, where = d, i
        if worst > tolerance:
            keep[where] = True
            stack.append((first, where))
            stack.append((where, last))
    return [p for p, k in zip(points, keep, strict=True) if k]


def area(points: list[Point]) -> float:
    return (
        abs(
            sum(
                x1 * y2 - x2 * y1
                for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1], strict=True)
            )
        )
        / 2
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("topojson", type=Path, help="world-atlas's land-10m.json")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    topo = json.loads(args.topojson.read_text())
    rings: list[list[list[float]]] = []
    for polygon in polygons(topo):
        outer = clip(polygon[0], BOX)  # lakes (holes) are not drawn at these scales
        if len(outer) < 3 or area(outer) < MIN_AREA:
            continue
        small = simplify([*outer, outer[0]], TOLERANCE)[:-1]
        if len(small) < 3 or area(small) < MIN_AREA:
            continue
        rounded = [[round(x, 2), round(y, 2)] for x, y in small]
        rings.append(rounded)
    data = {
        "source": "Natural Earth 1:10m land, version 4.1.0 (public domain), via the npm package "
        "world-atlas 2.0.2 (ISC); extracted by scripts/coastlines.py",
        "box": list(BOX),
        "tolerance_degrees": TOLERANCE,
        "min_area_square_degrees": MIN_AREA,
        "land": rings,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    points = sum(len(r) for r in rings)
    print(f"{len(rings)} polygons, {points} points -> {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
