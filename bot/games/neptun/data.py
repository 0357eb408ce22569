"""Neptun's board and cards: validated data files (`data/board.json`, `data/cards.json`).

The rulebook gives the components but not the board picture nor the printed values; the files
hold the project's reconstruction (`shared/design/neptun-board.md`) and can be replaced by the
printed values. Everything is checked on load: a route names two real ports, every city card
prices each good once, the marker counts match the route spaces, and so on.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Literal

RouteKind = Literal["coastal", "high_sea"]
ROUNDS = ("A", "B", "C")
GOLD_TEMPLE = "gold"
# Individual oar cards are numbered from here: seat i holds INDIVIDUAL + 2*i and + 2*i + 1.
INDIVIDUAL = 100


@dataclass(frozen=True, slots=True)
class Route:
    id: str
    a: str
    b: str
    kind: RouteKind


@dataclass(frozen=True, slots=True)
class CityCard:
    id: int
    city: str
    gold: dict[str, int]  # good -> gold paid (left column)
    temple: dict[str, int]  # good -> temple points in the city's region (right column)

    def reward(self, good: str) -> tuple[Literal["gold", "temple"], int]:
        """What delivering `good` here pays: its kind (fixed by the card) and amount."""
        if good in self.gold:
            return "gold", self.gold[good]
        return "temple", self.temple[good]


@dataclass(frozen=True, slots=True)
class NeptunData:
    start: str
    regions: tuple[str, ...]
    colours: dict[str, str]  # region -> colour
    ports: tuple[str, ...]  # Crete first
    names: dict[str, str]
    region_of: dict[str, str | None]
    routes: tuple[Route, ...]
    # port -> [(neighbour, route id)], in route order
    links: dict[str, tuple[tuple[str, str], ...]]
    markers: dict[RouteKind, tuple[int, ...]]
    wind_start: int
    wind_min: int
    wind_max: int
    forecast_min: int
    forecast_max: int
    goods: tuple[str, ...]
    goods_cards: tuple[str, ...]  # goods card id -> its good
    cities: tuple[CityCard, ...]
    oars: tuple[tuple[int, int], ...]  # regular oar card id -> (rowing, wind)
    individual: tuple[tuple[int, int], ...]  # each player's individual cards (rowing, wind)
    point_tiles: dict[str, dict[str, tuple[int, ...]]]  # temple -> round letter -> values
    bonus_tiles: tuple[int, ...]
    starting_gold: int
    slots: int
    point_price: int

    @property
    def temples(self) -> tuple[str, ...]:
        """The five regional temples, then the gold temple."""
        return (*self.regions, GOLD_TEMPLE)

    def oar(self, card: int) -> tuple[int, int]:
        """(rowing, wind) of a regular or individual oar card."""
        if card >= INDIVIDUAL:
            return self.individual[(card - INDIVIDUAL) % len(self.individual)]
        return self.oars[card]


def _read(name: str) -> Any:
    return json.loads(resources.files(__package__).joinpath("data", name).read_text("utf-8"))


def _need(ok: bool, what: str) -> None:
    if not ok:
        raise ValueError(f"Neptun data: {what}")


@cache
def load() -> NeptunData:
    """The board and cards, read and validated once."""
    return validate(_read("board.json"), _read("cards.json"))


def validate(board: dict[str, Any], cards: dict[str, Any]) -> NeptunData:
    """Build the data from the two files' contents, refusing anything inconsistent."""
    regions = tuple(r["id"] for r in board["regions"])
    _need(len(set(regions)) == len(regions), "duplicate region")
    ports = tuple(p["id"] for p in board["ports"])
    _need(len(set(ports)) == len(ports), "duplicate port")
    start = board["start"]
    _need(ports[:1] == (start,), "the start (Crete) is the first port")
    region_of = {p["id"]: p["region"] for p in board["ports"]}
    _need(region_of[start] is None, "Crete is in no region")
    _need(all(region_of[p] in regions for p in ports[1:]), "a port in an unknown region")
    routes = tuple(Route(r["id"], r["a"], r["b"], r["kind"]) for r in board["routes"])
    _need(len({r.id for r in routes}) == len(routes), "duplicate route")
    for r in routes:
        _need(r.a in region_of and r.b in region_of and r.a != r.b, f"route {r.id} ports")
        _need(r.kind in ("coastal", "high_sea"), f"route {r.id} kind")
    pairs = [frozenset((r.a, r.b)) for r in routes]
    _need(len(set(pairs)) == len(pairs), "two routes between the same ports")
    markers: dict[RouteKind, tuple[int, ...]] = {
        "coastal": tuple(board["markers"]["coastal"]),
        "high_sea": tuple(board["markers"]["high_sea"])}
    for kind, values in markers.items():
        _need(len(values) == sum(r.kind == kind for r in routes),
              f"one {kind} marker per {kind} route")
        _need(all(isinstance(v, int) and v > 0 for v in values), f"{kind} marker values")
    links: dict[str, list[tuple[str, str]]] = {p: [] for p in ports}
    for r in routes:
        links[r.a].append((r.b, r.id))
        links[r.b].append((r.a, r.id))
    seen, todo = {start}, [start]
    while todo:
        for nxt, _ in links[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    _need(seen == set(ports), "every port is reachable from Crete")
    goods = tuple(cards["goods"])
    cities = tuple(CityCard(c["id"], c["city"], dict(c["gold"]), dict(c["temple"]))
                   for c in cards["cities"])
    _need([c.id for c in cities] == list(range(len(cities))), "city card ids are 0..n-1")
    for c in cities:
        _need(c.city in ports[1:], f"city card {c.id}: unknown city")
        _need(sorted([*c.gold, *c.temple]) == sorted(goods) and not set(c.gold) & set(c.temple),
              f"city card {c.id} prices each good once")
        _need(all(v > 0 for v in [*c.gold.values(), *c.temple.values()]),
              f"city card {c.id} values")
    oars = tuple((int(o[0]), int(o[1])) for o in cards["oars"])
    individual = tuple((int(o[0]), int(o[1])) for o in cards["individual_oars"])
    _need(len(oars) < INDIVIDUAL, "regular oar cards are fewer than the individual ids")
    tiles = {t: {rd: tuple(sorted(v, reverse=True)) for rd, v in by_round.items()}
             for t, by_round in cards["point_tiles"].items()}
    _need(set(tiles) == {*regions, GOLD_TEMPLE}, "point tiles for every temple")
    for t, by_round in tiles.items():
        _need(tuple(by_round) == ROUNDS and all(len(by_round[rd]) == i + 1
                                                for i, rd in enumerate(ROUNDS)),
              f"temple {t}: 1 tile in A, 2 in B, 3 in C")
    wind = board["wind"]
    _need(wind["min"] <= wind["start"] <= wind["max"], "the starting wind is on the track")
    return NeptunData(
        start=start, regions=regions, colours={r["id"]: r["colour"] for r in board["regions"]},
        ports=ports, names={p["id"]: p["name"] for p in board["ports"]}, region_of=region_of,
        routes=routes, links={p: tuple(v) for p, v in links.items()}, markers=markers,
        wind_start=wind["start"], wind_min=wind["min"], wind_max=wind["max"],
        forecast_min=wind["forecast_min"], forecast_max=wind["forecast_max"],
        goods=goods, goods_cards=tuple(g for g in goods for _ in range(cards["goods_per_type"])),
        cities=cities, oars=oars, individual=individual, point_tiles=tiles,
        bonus_tiles=tuple(cards["bonus_tiles"]), starting_gold=cards["starting_gold"],
        slots=cards["manifest_slots"], point_price=cards["temple_point_price"])
