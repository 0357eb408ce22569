"""The boards, the empires' set-ups and the components, loaded from validated JSON data.

The printed board is not in the rulebook text: `data/board_base.json` is the reconstruction of
`docs/board.md`. Everything here is immutable and shared by all games.

A playable board is assembled from board parts (the base map, later a module's) and named by a
key (`"empires/3"`: the base map with the provinces covered for 3 players). A game's state
names its board by that key, and every cache derived from a board is keyed on it, never on the
player count: two boards for the same number of players must never share answers.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from .kinds import TITLES as TITLES  # the titles are kinds (kinds.py); still importable here

COMMODITIES: tuple[str, ...] = (
    "ceramic", "diamond", "papyrus", "metal", "perfume", "marble", "wood",
    "gold", "grain", "oil", "sheep", "wine", "gladiator",
)
COIN = "coin"
RESOURCE_TYPES: tuple[str, ...] = (COIN, *COMMODITIES)
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
    """One playable map: the provinces and seas in play. `key` names it in the registry
    (`board(key)`); `covered` are the parts' provinces left out of play."""

    key: str
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


@dataclass(frozen=True, slots=True)
class BoardPart:
    """A piece of map data. Its areas' links among themselves are listed on both sides;
    `links` are extra pairs of areas (one of them usually in another part: the Atlas board's
    gallia-tarraconensis) that `assemble` adds on both sides."""

    provinces: tuple[Province, ...]
    seas: tuple[Sea, ...]
    links: tuple[tuple[str, str], ...] = ()


def parse_part(raw: dict[str, Any], links: Sequence[Sequence[str]] = ()) -> BoardPart:
    """A board part from its JSON form (`provinces`, `seas` as in board_base.json; `links`:
    pairs of areas joined across parts)."""
    provinces = tuple(
        Province(id=p["id"], name=p["name"], island=bool(p["island"]),
                 slots=tuple(Slot.parse(s) for s in p["slots"]),
                 seas=tuple(p["seas"]), neighbours=tuple(p["neighbours"]))
        for p in raw["provinces"]
    )
    seas = tuple(Sea(id=s["id"], name=s["name"], provinces=tuple(s["provinces"]),
                     seas=tuple(s["seas"]))
                 for s in raw["seas"])
    return BoardPart(provinces, seas, tuple((a, b) for a, b in links))


@cache
def base_part() -> BoardPart:
    """The base game's map: the 30 provinces and 9 seas of board_base.json."""
    return parse_part(_load("board_base.json"))


def assemble(key: str, parts: Sequence[BoardPart], covered: Iterable[str] = (),
             cut: Iterable[tuple[str, str]] = ()) -> Board:
    """The board made of these parts: their areas, plus each part's `links`, minus the `cut`
    links (both sides), without the `covered` provinces (which then exist for nothing:
    movement, adjacency, placement, drawing). Validated."""
    provinces: dict[str, Province] = {}
    seas: dict[str, Sea] = {}
    for part in parts:
        for p in part.provinces:
            if p.id in provinces:
                raise BoardDataError(f"{key}: province {p.id} in two parts")
            provinces[p.id] = p
        for s in part.seas:
            if s.id in seas:
                raise BoardDataError(f"{key}: sea {s.id} in two parts")
            seas[s.id] = s
    for part in parts:
        for a, b in part.links:
            _link(key, provinces, seas, a, b, add=True)
    for a, b in cut:
        _link(key, provinces, seas, a, b, add=False)
    hidden = frozenset(covered)
    unknown = hidden - set(provinces)
    if unknown:
        raise BoardDataError(f"{key}: covered provinces unknown: {sorted(unknown)}")
    board = Board(
        key,
        {pid: Province(id=p.id, name=p.name, island=p.island, slots=p.slots, seas=p.seas,
                       neighbours=tuple(n for n in p.neighbours if n not in hidden))
         for pid, p in provinces.items() if pid not in hidden},
        {sid: Sea(id=s.id, name=s.name, seas=s.seas,
                  provinces=tuple(p for p in s.provinces if p not in hidden))
         for sid, s in seas.items()},
        hidden,
    )
    validate_board(board)
    return board


def _link(key: str, provinces: dict[str, Province], seas: dict[str, Sea], a: str, b: str,
          add: bool) -> None:
    """Adds (or removes) the link between areas a and b on both sides."""
    def edit(ids: tuple[str, ...], other: str) -> tuple[str, ...]:
        if add:
            return ids if other in ids else (*ids, other)
        if other not in ids:
            raise BoardDataError(f"{key}: no link {a}-{b} to cut")
        return tuple(i for i in ids if i != other)

    for x, y in ((a, b), (b, a)):
        if x in provinces:
            p = provinces[x]
            if y in provinces:
                p = Province(p.id, p.name, p.island, p.slots, p.seas, edit(p.neighbours, y))
            elif y in seas:
                p = Province(p.id, p.name, p.island, p.slots, edit(p.seas, y), p.neighbours)
            else:
                raise BoardDataError(f"{key}: link {a}-{b}: unknown area {y}")
            provinces[x] = p
        elif x in seas:
            s = seas[x]
            if y in provinces:
                s = Sea(s.id, s.name, edit(s.provinces, y), s.seas)
            elif y in seas:
                s = Sea(s.id, s.name, s.provinces, edit(s.seas, y))
            else:
                raise BoardDataError(f"{key}: link {a}-{b}: unknown area {y}")
            seas[x] = s
        else:
            raise BoardDataError(f"{key}: link {a}-{b}: unknown area {x}")


# The registry of boards: key -> the function that assembles it (run once, on first use).
BoardAssembler = Callable[[], Board]
_ASSEMBLERS: dict[str, BoardAssembler] = {}


def register_board(key: str, assembler: BoardAssembler) -> None:
    """Makes `board(key)` available (a module adds its boards this way, at import)."""
    known = _ASSEMBLERS.get(key)
    if known is not None and known is not assembler:
        raise BoardDataError(f"board {key!r} registered twice")
    _ASSEMBLERS[key] = assembler


def has_board(key: str) -> bool:
    return key in _ASSEMBLERS


def board_keys() -> tuple[str, ...]:
    return tuple(_ASSEMBLERS)


@cache
def board(key: str) -> Board:
    """The board registered under `key`, assembled and validated once (then a cache hit:
    `GameState.board` calls this on every rule that reads the map)."""
    assembler = _ASSEMBLERS.get(key)
    if assembler is None:
        raise BoardDataError(f"no board {key!r}")
    built = assembler()
    if built.key != key:
        raise BoardDataError(f"board {key!r} assembled as {built.key!r}")
    validate_board(built)
    return built


BASE_PLAYER_COUNTS = (3, 4, 5)


def default_board_key(players: int) -> str:
    """The base game's board for this many players: the only place a board follows from the
    player count (a snapshot on this board does not store its key)."""
    return f"empires/{players}"


def _base_assembler(players: int) -> BoardAssembler:
    key = default_board_key(players)

    def assembler() -> Board:
        covered = _load("board_base.json")["covered"].get(str(players))
        if covered is None:
            raise BoardDataError(f"no covered provinces listed for {players} players")
        return assemble(key, [base_part()], covered)

    return assembler


for _n in BASE_PLAYER_COUNTS:
    register_board(default_board_key(_n), _base_assembler(_n))


def full_board() -> Board:
    """The whole base board (5 players, nothing covered)."""
    return board(default_board_key(5))


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


def parse_setup(eid: str, e: dict[str, Any]) -> EmpireSetup:
    """An empire's screen from its JSON form (as in setup_empires.json)."""
    return EmpireSetup(
        id=eid, name=e["name"], colour=e["colour"], letter=e["letter"], hero=e["hero"],
        capital_province=e["capital_province"], provinces=tuple(e["provinces"]),
        buildings={k: tuple(v) for k, v in e["buildings"].items()},
        legions=dict(e["legions"]), fortresses=tuple(e["fortresses"]),
        triremes=dict(e["triremes"]), resources=dict(e["resources"]),
        levels=(e["levels"][0], e["levels"][1], e["levels"][2]),
    )


@cache
def _base_setups() -> dict[str, EmpireSetup]:
    raw = _load("setup_empires.json")["empires"]
    setups = {eid: parse_setup(eid, e) for eid, e in raw.items()}
    _validate_setups(setups, full_board())
    return setups


# Empires a module adds (Atlas's Atlantis), each validated on the board it starts on.
_EXTRA_SETUPS: dict[str, EmpireSetup] = {}


def register_empire(setup: EmpireSetup, on_board: Board) -> None:
    """Makes an expansion's empire known (its screen is immutable data, like a board): its
    set-up is validated on `on_board`, which holds its provinces. An empire id names one
    screen: a second, different registration is refused."""
    known = _EXTRA_SETUPS.get(setup.id)
    if setup.id in _base_setups() or (known is not None and known != setup):
        raise BoardDataError(f"empire {setup.id!r} registered twice")
    _validate_setups({setup.id: setup}, on_board)
    _EXTRA_SETUPS[setup.id] = setup
    empire_setups.cache_clear()


@cache
def empire_setups() -> dict[str, EmpireSetup]:
    """Every empire's screen: the base game's, then those the modules registered."""
    return {**_base_setups(), **_EXTRA_SETUPS}


def _validate_setups(setups: dict[str, EmpireSetup], board: Board) -> None:
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


def parse_tiles(raw: Sequence[dict[str, Any]]) -> dict[str, HWTile]:
    """HW tiles by id from their JSON form (as in hw_tiles.json)."""
    return {
        t["id"]: HWTile(id=t["id"], kind=t["kind"], name_fr=t["name_fr"], name_en=t["name_en"],
                        phase=t["phase"], bonus=dict(t["bonus"]))
        for t in raw
    }


@cache
def hw_tiles() -> dict[str, HWTile]:
    tiles = parse_tiles(_load("hw_tiles.json")["tiles"])
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
