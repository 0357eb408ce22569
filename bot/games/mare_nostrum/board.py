"""The board, the empires' set-ups and the components, loaded from validated JSON data.

The printed board is not in the rulebook text: `data/board_base.json` is the reconstruction of
`docs/board.md`. Everything here is immutable and shared by all games.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

COMMODITIES: tuple[str, ...] = (
    "ceramic", "diamond", "papyrus", "metal", "perfume", "marble", "wood",
    "gold", "grain", "oil", "sheep", "wine", "gladiator",
)
COIN = "coin"
RESOURCE_TYPES: tuple[str, ...] = (COIN, *COMMODITIES)
TITLES: tuple[str, ...] = ("trade", "culture", "military")
BUILDING_KINDS: tuple[str, ...] = (
    "caravan", "market", "city", "capital", "legendary_city", "temple",
)
CITY_KINDS = frozenset({"city", "capital", "legendary_city"})
# The Pyramids: a HW tile without a power, bought in Build to win (6.1); also its cost key.
PYRAMIDS = "pyramids"


class BoardDataError(ValueError):
    """The board data files are inconsistent."""


@dataclass(frozen=True, slots=True)
class Slot:
    """A printed building slot: `commodity` for caravans, `name` for capitals and legendary
    cities."""

    kind: str
    commodity: str | None = None
    name: str | None = None

    @staticmethod
    def parse(text: str) -> Slot:
        kind, _, arg = text.partition(":")
        if kind == "legendary":
            kind = "legendary_city"
        if kind not in BUILDING_KINDS:
            raise BoardDataError(f"unknown slot kind {text!r}")
        if kind == "caravan":
            if arg not in COMMODITIES:
                raise BoardDataError(f"caravan slot without a commodity: {text!r}")
            return Slot(kind, commodity=arg)
        if kind in ("capital", "legendary_city"):
            if not arg:
                raise BoardDataError(f"{kind} slot without a name: {text!r}")
            return Slot(kind, name=arg)
        if arg:
            raise BoardDataError(f"unexpected argument in slot {text!r}")
        return Slot(kind)

    def label(self) -> str:
        return self.commodity or self.name or self.kind


@dataclass(frozen=True, slots=True)
class Province:
    id: str
    name: str
    island: bool
    slots: tuple[Slot, ...]
    seas: tuple[str, ...]
    neighbours: tuple[str, ...]

    @property
    def coastal(self) -> bool:
        return bool(self.seas)


@dataclass(frozen=True, slots=True)
class Sea:
    id: str
    name: str
    provinces: tuple[str, ...]
    seas: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class EmpireSetup:
    id: str
    name: str
    colour: str
    letter: str
    hero: str
    capital_province: str
    provinces: tuple[str, ...]
    buildings: dict[str, tuple[str, ...]]
    legions: dict[str, int]
    fortresses: tuple[str, ...]
    triremes: dict[str, int]
    resources: dict[str, int]
    levels: tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class HWTile:
    id: str
    kind: str  # starting_hero, hero, wonder, pyramids
    name_fr: str
    name_en: str
    phase: str
    bonus: dict[str, int]


@dataclass(frozen=True, slots=True)
class Board:
    """One playable map: the provinces and seas in play for a player count."""

    provinces: dict[str, Province]
    seas: dict[str, Sea]
    covered: frozenset[str]

    def is_province(self, area: str) -> bool:
        return area in self.provinces

    def is_sea(self, area: str) -> bool:
        return area in self.seas


@dataclass(frozen=True, slots=True)
class Components:
    per_empire: dict[str, int]
    buildings: dict[str, int]
    costs: dict[str, int]
    hw_costs: dict[int, int]
    trade_tokens: dict[str, tuple[int, int]]
    land_dice: tuple[int, ...]
    sea_dice: tuple[int, ...]


def _load(name: str) -> Any:
    text = resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")
    return json.loads(text)


@cache
def full_board() -> Board:
    """The whole base board (5 players), validated."""
    raw = _load("board_base.json")
    provinces = {
        p["id"]: Province(
            id=p["id"], name=p["name"], island=bool(p["island"]),
            slots=tuple(Slot.parse(s) for s in p["slots"]),
            seas=tuple(p["seas"]), neighbours=tuple(p["neighbours"]),
        )
        for p in raw["provinces"]
    }
    seas = {
        s["id"]: Sea(id=s["id"], name=s["name"], provinces=tuple(s["provinces"]),
                     seas=tuple(s["seas"]))
        for s in raw["seas"]
    }
    board = Board(provinces, seas, frozenset())
    validate_board(board)
    return board


def validate_board(board: Board) -> None:
    """Symmetric adjacency, every reference resolves, ids unique across provinces and seas."""
    errors: list[str] = []
    overlap = set(board.provinces) & set(board.seas)
    if overlap:
        errors.append(f"ids used by both a province and a sea: {sorted(overlap)}")
    for p in board.provinces.values():
        for n in p.neighbours:
            if n not in board.provinces:
                errors.append(f"{p.id}: unknown neighbour {n}")
            elif p.id not in board.provinces[n].neighbours:
                errors.append(f"{p.id} -> {n} is not symmetric")
            if n == p.id:
                errors.append(f"{p.id} borders itself")
        for s in p.seas:
            if s not in board.seas:
                errors.append(f"{p.id}: unknown sea {s}")
            elif p.id not in board.seas[s].provinces:
                errors.append(f"{p.id} touches {s} but {s} does not list it")
    for sea in board.seas.values():
        for p_id in sea.provinces:
            if p_id not in board.provinces:
                errors.append(f"{sea.id}: unknown province {p_id}")
            elif sea.id not in board.provinces[p_id].seas:
                errors.append(f"{sea.id} lists {p_id} but {p_id} does not touch it")
        for o in sea.seas:
            if o not in board.seas:
                errors.append(f"{sea.id}: unknown sea {o}")
            elif sea.id not in board.seas[o].seas:
                errors.append(f"{sea.id} -> {o} is not symmetric")
    if errors:
        raise BoardDataError("; ".join(errors))


@cache
def board_for(player_count: int) -> Board:
    """The board with the provinces covered for this player count removed entirely."""
    raw = _load("board_base.json")
    key = str(player_count)
    if key not in raw["covered"]:
        raise BoardDataError(f"no board for {player_count} players")
    covered = frozenset(raw["covered"][key])
    full = full_board()
    unknown = covered - set(full.provinces)
    if unknown:
        raise BoardDataError(f"covered provinces unknown: {sorted(unknown)}")
    provinces = {
        pid: Province(
            id=p.id, name=p.name, island=p.island, slots=p.slots, seas=p.seas,
            neighbours=tuple(n for n in p.neighbours if n not in covered),
        )
        for pid, p in full.provinces.items() if pid not in covered
    }
    seas = {
        sid: Sea(id=s.id, name=s.name, seas=s.seas,
                 provinces=tuple(p for p in s.provinces if p not in covered))
        for sid, s in full.seas.items()
    }
    board = Board(provinces, seas, covered)
    validate_board(board)
    return board


@cache
def empire_setups() -> dict[str, EmpireSetup]:
    raw = _load("setup_empires.json")["empires"]
    setups = {
        eid: EmpireSetup(
            id=eid, name=e["name"], colour=e["colour"], letter=e["letter"], hero=e["hero"],
            capital_province=e["capital_province"], provinces=tuple(e["provinces"]),
            buildings={k: tuple(v) for k, v in e["buildings"].items()},
            legions=dict(e["legions"]), fortresses=tuple(e["fortresses"]),
            triremes=dict(e["triremes"]), resources=dict(e["resources"]),
            levels=(e["levels"][0], e["levels"][1], e["levels"][2]),
        )
        for eid, e in raw.items()
    }
    _validate_setups(setups)
    return setups


def _validate_setups(setups: dict[str, EmpireSetup]) -> None:
    board = full_board()
    errors: list[str] = []
    for e in setups.values():
        if e.capital_province not in e.provinces:
            errors.append(f"{e.id}: capital province not among its provinces")
        for pid in e.provinces:
            if pid not in board.provinces:
                errors.append(f"{e.id}: unknown province {pid}")
        for pid, built in e.buildings.items():
            if pid not in e.provinces:
                errors.append(f"{e.id}: building outside its provinces in {pid}")
                continue
            free = [s.kind if s.kind != "caravan" else f"caravan:{s.commodity}"
                    for s in board.provinces[pid].slots]
            for b in built:
                key = b.split(":")[0] if b.startswith(("capital", "legendary")) else b
                match = next((f for f in free if f == key or f.startswith(key + ":")), None)
                if b.startswith("capital"):
                    match = next((f for f in free if f == "capital"), None)
                if match is None:
                    errors.append(f"{e.id}: no free slot for {b} in {pid}")
                else:
                    free.remove(match)
        for r in e.resources:
            if r not in RESOURCE_TYPES:
                errors.append(f"{e.id}: unknown resource {r}")
        if sum(e.resources.values()) != 9:
            errors.append(f"{e.id}: starting resources must be 9")
    if errors:
        raise BoardDataError("; ".join(errors))


@cache
def setup_tables() -> dict[str, Any]:
    raw: dict[str, Any] = _load("setup_empires.json")
    return raw


@cache
def hw_tiles() -> dict[str, HWTile]:
    raw = _load("hw_tiles.json")["tiles"]
    tiles = {
        t["id"]: HWTile(id=t["id"], kind=t["kind"], name_fr=t["name_fr"], name_en=t["name_en"],
                        phase=t["phase"], bonus=dict(t["bonus"]))
        for t in raw
    }
    if len(tiles) != 23:
        raise BoardDataError(f"expected 23 HW tiles, found {len(tiles)}")
    return tiles


@cache
def components() -> Components:
    raw = _load("components.json")
    return Components(
        per_empire=dict(raw["per_empire"]),
        buildings=dict(raw["buildings"]),
        costs=dict(raw["costs"]),
        hw_costs={int(k): v for k, v in raw["hw_costs"].items()},
        trade_tokens={k: (v[0], v[1]) for k, v in raw["trade_tokens"].items()},
        land_dice=tuple(raw["dice"]["land"]),
        sea_dice=tuple(raw["dice"]["sea"]),
    )
