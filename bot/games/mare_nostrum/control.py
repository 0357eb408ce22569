"""Questions about who holds what: control, connections, title levels (sections 1.1, 3.4, 3.5,
4.5, 5). Pure reads of the state; nothing here changes it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from itertools import chain, compress, product
from operator import countOf, getitem
from types import MappingProxyType

from ..core.rules import HookTable, owned_points
from .board import CITY_KINDS, board, empire_setups
from .hooks import LEVEL_BONUSES, NEUTRAL_UNITS, PIECES_OFF_BOARD
from .rules import hw_tiles_of
from .state import GameState

TRADE_KINDS = frozenset({"caravan", "market"})
CULTURE_KINDS = frozenset({"city", "capital", "legendary_city", "temple"})
_NO_UNITS: Mapping[str, int] = MappingProxyType({})


def capital_province(empire: str) -> str:
    return empire_setups()[empire].capital_province


def units_in(state: GameState, area: str, empire: str) -> int:
    """Legions + fortress (province) or triremes (sea) of one empire in an area."""
    if state.board.is_sea(area):
        return state.triremes.get(area, {}).get(empire, 0)
    return state.legions.get(area, {}).get(empire, 0) + (
        1 if empire in state.fortresses.get(area, ()) else 0
    ) + (figures_in(state, area, empire) if state.figures else 0)


def figures_in(state: GameState, province: str, empire: str) -> int:
    """His special land figures in a province (state.figures: a module's, never the base's)."""
    n = 0
    for f in state.figures.values():
        if f["area"] == province and f["owner"] == empire:
            n += 1
    return n


def figure_ids_in(state: GameState, province: str, empire: str) -> list[str]:
    """The ids of his figures in a province, in id order."""
    return sorted(k for k, f in state.figures.items()
                  if f["area"] == province and f["owner"] == empire)


def empires_with_units(state: GameState, province: str) -> list[str]:
    """Empires with legions or a fortress in a province, in seat order (hot: every battle
    listing asks it of each province where the player has units)."""
    legions = state.legions.get(province) or _NO_UNITS
    forts = state.fortresses.get(province) or ()
    if state.figures:  # a module's special land figures count as units (none in the base)
        # Their owners here, found once (not a figures_in call per empire); plain loops, as
        # below.
        owners = []
        for f in state.figures.values():
            if f["area"] == province:
                owners.append(f["owner"])
        found = []
        for e in state.players:
            if (e in legions and legions[e]) or e in forts or e in owners:  # noqa: RUF019 (no method call)
                found.append(e)
        return found
    # A plain loop: a comprehension's own frame costs more than the few players it reads.
    present = []
    for e in state.players:
        if (e in legions and legions[e]) or e in forts:  # noqa: RUF019 (no method call)
            present.append(e)
    return present


def enemy_units_in(state: GameState, province: str, empire: str) -> bool:
    """Whether another empire, or a module's neutral power, has units in the province (hot:
    every control test)."""
    # Plain loops: any() over a generator costs more than the few entries it reads.
    legions = state.legions.get(province)
    if legions:
        for e, n in legions.items():
            if n and e != empire:
                return True
    forts = state.fortresses.get(province)
    if forts is not None and forts.count(empire) < len(forts):
        return True
    figures = state.figures  # a module's special land figures (none in the base game)
    if figures:
        for f in figures.values():
            if f["area"] == province and f["owner"] != empire:
                return True
    # A module's neutral units (G7's barbarians) live in its sub-state: a base game has none,
    # so it asks nothing (this test runs ~35,000 times in the digest's 24 games), and a game
    # whose modules have no NEUTRAL_UNITS handler (Atlas) asks no function (neutral_units_in,
    # inline).
    if state.substates:
        for neutral in state.rules.on[NEUTRAL_UNITS]:
            if neutral(state, province):
                return True
    return False


def neutral_units_in(state: GameState, province: str) -> bool:
    """Whether units of no player stand in a province (NEUTRAL_UNITS; never in the base)."""
    return any(h(state, province) for h in state.rules.on[NEUTRAL_UNITS])


def controlled_provinces(state: GameState, empire: str) -> list[str]:
    """The provinces he controls: his influence marker and no enemy unit (3.5.1)."""
    # A plain loop: fewer instructions than finding his markers with compress() and map(),
    # and than a comprehension (a function call of its own in Python 3.11).
    out = []
    for p, e in state.influence.items():
        if e == empire and not enemy_units_in(state, p, empire):
            out.append(p)
    return out


def building_controller(state: GameState, province: str, slot: int) -> str | None:
    """Who controls a built slot: its occupier, else the influence holder (1.1)."""
    if not state.built.get(province, [])[slot]:
        return None
    occ = state.occupant.get(province)
    if occ and occ[slot]:
        return occ[slot]
    return state.influence.get(province)


def controlled_buildings(state: GameState, empire: str) -> list[tuple[str, int, str]]:
    """(province, slot, kind) of every building this empire controls."""
    board = state.board
    out = []
    for pid, built in state.built.items():
        slots = board.provinces[pid].slots
        for i, b in enumerate(built):
            if b and building_controller(state, pid, i) == empire:
                out.append((pid, i, slots[i].kind))
    return out


def has_power(state: GameState, empire: str, tile: str) -> bool:
    """Whether this empire has a HW tile's power: it owns the tile, or Castor & Pollux copied
    it (the copy gives the power only, never the title bonus)."""
    return tile in state.hw.get(empire, ()) or state.copied.get(empire) == tile


def hooks_for(state: GameState, empire: str) -> HookTable:
    """The hook table for one empire: `state.rules.on` without the handlers declared for
    powers he lacks (`MODULE.hook(POINT, owner=TILE)`), his powers being what `has_power`
    reads. For points asked about one player whose handlers are mostly other players'
    powers (a battle's roll bonuses)."""
    powers = (state.copied.get(empire), *state.hw.get(empire, ()))
    rules = state.rules
    # Rules.on_for's own lookup, inline (a battle asks it for both sides).
    table = rules.tables_for.get(powers)
    return table if table is not None else rules.on_for(powers)


def hw_bonus(state: GameState, empire: str, title: str) -> int:
    tiles = hw_tiles_of(state)
    return sum(tiles[t].bonus.get(title, 0) for t in state.hw.get(empire, []))


def unit_counts(state: GameState, empires: Sequence[str]) -> dict[str, int]:
    """Each empire's legions, triremes and fortresses on the board (the Military track, 5).
    One empire's (his levels, on every purchase): three counts at C speed; several (every
    empire's levels): one pass over the board, cheaper than three counts for each."""
    if len(empires) == 1:
        e = empires[0]
        return {e: _pieces_of(state.legions, e) + _pieces_of(state.triremes, e)
                + _forts_of(state.fortresses, e)}
    out = dict.fromkeys(empires, 0)
    for units in filter(None, chain(state.legions.values(), state.triremes.values())):
        for e, n in units.items():
            if e in out:
                out[e] += n
    for forts in filter(None, state.fortresses.values()):
        for e in forts:
            if e in out:
                out[e] += 1
    return out


def _pieces_of(pool: dict[str, dict[str, int]], empire: str) -> int:
    """His legions (or triremes) in a pool of areas: a plain loop, as a membership test costs
    less than a call of dict.get per area (hot: levels on every purchase, supplies on every
    Build listing)."""
    n = 0
    for units in pool.values():
        if empire in units:
            n += units[empire]
    return n


def _forts_of(pool: dict[str, list[str]], empire: str) -> int:
    n = 0
    for forts in pool.values():
        if empire in forts:
            n += forts.count(empire)
    return n


def levels(state: GameState, empire: str) -> dict[str, int]:
    """Title levels, always derived from the board so they are current after every change
    (section 5, 'Important' of the turn overview)."""
    return _levels_of(state, (empire,))[empire]


def all_levels(state: GameState) -> dict[str, dict[str, int]]:
    """Every empire's levels (one pass over the board)."""
    return _levels_of(state, state.players)


def _levels_of(state: GameState, empires: Sequence[str]) -> dict[str, dict[str, int]]:
    """The levels of some empires: each built slot counts on its track for its controller
    (the occupier, else the influence holder, 1.1), every unit on the board for its owner
    (the Military track, 5), plus their HW tiles' bonuses."""
    # One empire's (every purchase): his own slots; several (the end of every Military turn,
    # claims): every controller's, remembered while the buildings are as they were.
    built = _built_levels(state) if len(empires) > 1 else _count_built(state, empires[0])
    out = {}
    for e in empires:
        trade, culture = built.get(e, _NO_BUILDINGS)
        out[e] = {"trade": trade, "culture": culture, "military": 0}
    tiles = hw_tiles_of(state)
    units = unit_counts(state, empires)
    for e, lv in out.items():
        lv["military"] = units[e]
        for t in state.hw.get(e, ()):
            for title, bonus in tiles[t].bonus.items():
                lv[title] += bonus
    for more in state.rules.on[LEVEL_BONUSES]:  # a module's (none in the base game)
        for e, lv in out.items():
            for title, n in (more(state, e) or {}).items():
                lv[title] += n
    return out


_NO_BUILDINGS = (0, 0)
# The last count of every controller's buildings (_count_built): the board key, a copy of
# the influence, built and occupant rows it read, and its answer. Reused while they compare
# equal (dict equality at C speed): moves, battles and payments change none of them, and
# every empire's levels are asked at the end of every Military turn. One empire's levels
# (every purchase) are counted afresh: his own provinces cost less than the comparison.
_BuiltMemo = tuple[str, dict[str, str], dict[str, list[bool]], dict[str, list[str | None]],
                   dict[str, list[int]]]
_BUILT_LAST: list[_BuiltMemo | None] = [None]  # one slot, read and replaced whole (atomic)


def _built_levels(state: GameState) -> dict[str, list[int]]:
    """Every controller's built slots by track, (trade, culture): _count_built, remembered
    with all it reads (the answer is shared: read it, never change it)."""
    influence, built, occupant = state.influence, state.built, state.occupant
    last = _BUILT_LAST[0]
    if (last is not None and last[0] == state.board_key and last[1] == influence
            and last[2] == built and last[3] == occupant):
        return last[4]
    counts = _count_built(state)
    _BUILT_LAST[0] = (state.board_key, influence.copy(),
                      dict(zip(built, map(list.copy, built.values()), strict=True)),
                      dict(zip(occupant, map(list.copy, occupant.values()), strict=True)),
                      counts)
    return counts


def _count_built(state: GameState, only: str | None = None) -> dict[str, list[int]]:
    """Each built slot on a track counted for its controller (the occupier, else the
    influence holder, 1.1): (trade, culture) by controller (`only`: for him alone)."""
    built, occupant, influence = state.built, state.occupant, state.influence
    tracks = _track_counts(state.board_key)
    # The provinces with an occupied slot found at C speed: occupied slots are rare, so the
    # rows are compared at once with the board's unoccupied ones before any is looked at.
    occupied = (() if occupant == _unoccupied(state.board_key)
                else set(compress(occupant, map(any, occupant.values()))))
    out: dict[str, list[int]] = {}
    for pid, holder in influence.items():
        if (only is None or holder == only) and pid in tracks and pid not in occupied:
            trade, culture = tracks[pid][tuple(built[pid])]
            if trade or culture:  # its built slots, counted by track
                if holder in out:
                    counted = out[holder]
                    counted[0] += trade
                    counted[1] += culture
                else:
                    out[holder] = [trade, culture]
    titles_of = _slot_titles(state.board_key)
    for pid in occupied:  # an occupied building counts for its occupier
        titles = titles_of.get(pid)
        if titles is None:
            continue
        row, occ = built[pid], occupant[pid]
        for i, title in enumerate(titles):
            if title and row[i]:
                who = occ[i] or influence.get(pid)
                if who is not None and (only is None or who == only):
                    counted = out.setdefault(who, [0, 0])
                    counted[title == "culture"] += 1
    return out  # [trade, culture] lists as counted: read, never changed (no copy as tuples)


@cache
def _unoccupied(board_key: str) -> dict[str, list[str | None]]:
    """The occupant rows of a board where nobody occupies anything (as set up)."""
    return {pid: [None] * len(p.slots) for pid, p in board(board_key).provinces.items()}


@cache
def _slot_titles(board_key: str) -> dict[str, tuple[str, ...]]:
    """The title track of each slot ("" for a slot on no track), for the provinces that have
    slots on a track."""
    out = {}
    for pid, p in board(board_key).provinces.items():
        titles = tuple("trade" if s.kind in TRADE_KINDS
                       else "culture" if s.kind in CULTURE_KINDS else "" for s in p.slots)
        if any(titles):
            out[pid] = titles
    return out


@cache
def _track_counts(board_key: str) -> dict[str, dict[tuple[bool, ...], tuple[int, int]]]:
    """For each province of _slot_titles and each way its slots may be built (its `built`
    row): how many built slots it has on the Trade and the Culture tracks."""
    out = {}
    for pid, titles in _slot_titles(board_key).items():
        rows = {}
        for row in product((False, True), repeat=len(titles)):
            counts = Counter(compress(titles, row))
            rows[row] = (counts["trade"], counts["culture"])
        out[pid] = rows
    return out


def influence_provinces(state: GameState, empire: str) -> list[str]:
    return [p for p, e in state.influence.items() if e == empire]


def connected_provinces(state: GameState, empire: str, sources: list[str]) -> set[str]:
    """Provinces linked to any source province by a continuous chain of the empire's own
    triremes (3.4). The sources themselves are not included unless reached."""
    board = state.board
    reach = trireme_reach(state, empire)
    return {p for src in sources for sea in board.provinces[src].seas
            for p in reach.get(sea, ())}


def trireme_reach(state: GameState, empire: str) -> Mapping[str, frozenset[str]]:
    """For each sea holding the empire's triremes: the provinces its chain of triremes
    touches (3.4). connected_provinces(state, e, [p]) is the union over p's seas."""
    return reach_of(state.board_key, own_seas(state, empire))


def own_seas(state: GameState, empire: str) -> frozenset[str]:
    """The seas holding this empire's triremes."""
    # A plain loop with a membership test (no comprehension's call, no dict.get per sea).
    seas = []
    for sea, units in state.triremes.items():
        if empire in units and units[empire]:  # noqa: RUF019 (no method call)
            seas.append(sea)
    return frozenset(seas)


@lru_cache(maxsize=4096)
def reach_of(board_key: str, own_seas: frozenset[str]) -> Mapping[str, frozenset[str]]:
    """trireme_reach on one board for a set of seas holding triremes (cached: fleets move
    little; shared, hence read-only)."""
    seas = board(board_key).seas
    out: dict[str, frozenset[str]] = {}
    for start in own_seas:
        if start in out:
            continue
        chain, frontier = {start}, [start]
        while frontier:
            for nxt in seas[frontier.pop()].seas:
                if nxt in own_seas and nxt not in chain:
                    chain.add(nxt)
                    frontier.append(nxt)
        provinces = frozenset(p for s in chain for p in seas[s].provinces)
        out.update(dict.fromkeys(chain, provinces))
    return MappingProxyType(out)


def adjacent_or_connected(state: GameState, empire: str, sources: list[str]
                          ) -> frozenset[str]:
    """Provinces adjacent to a source, or connected to one by the empire's triremes (3.4)."""
    return near_provinces(state.board_key, tuple(sources), own_seas(state, empire))


@lru_cache(maxsize=4096)
def near_provinces(board_key: str, sources: tuple[str, ...], fleet: frozenset[str]
                   ) -> frozenset[str]:
    """adjacent_or_connected on one board for the seas in `fleet` (cached: a Build turn asks
    it after every purchase, from the same start provinces)."""
    provinces = board(board_key).provinces
    reach = reach_of(board_key, fleet)
    near: set[str] = set()
    for src in sources:
        near.update(provinces[src].neighbours)
        for sea in provinces[src].seas:
            near.update(reach.get(sea, ()))
    return frozenset(near)


def capitals_and_legendary(state: GameState, empire: str) -> int:
    """Capitals and legendary cities this empire controls (occupied ones count for the
    occupier, 4.3.2 note; victory 6.2)."""
    key = state.board_key
    n = 0  # a plain loop: asked for every empire twice as each Military phase ends
    for kind in ("capital", "legendary_city"):
        for pid, i in _slots_of_kind(key, kind):
            if building_controller(state, pid, i) == empire:
                n += 1
    return n


def city_count(state: GameState, empire: str) -> int:
    return sum(1 for _p, _i, k in controlled_buildings(state, empire) if k in CITY_KINDS)


def supply_left(state: GameState, empire: str, piece: str) -> int:
    """Pieces of one empire still in its supply (legion, trireme, fortress, influence)."""
    limit: int = state.rules.data["components"].per_empire[piece]
    # map() over the areas' dicts: these counts run on every Build listing.
    if piece == "legion":
        used = _pieces_of(state.legions, empire)
    elif piece == "trireme":
        used = _pieces_of(state.triremes, empire)
    elif piece == "fortress":
        used = _forts_of(state.fortresses, empire)
    else:  # influence markers: his printed capital's marker is not in the supply
        cap = capital_province(empire)
        used = countOf(state.influence.values(), empire) - (state.influence.get(cap) == empire)
    asides = state.rules.on[PIECES_OFF_BOARD]
    if asides:  # a module's (none in the base game)
        if PIECES_OFF_BOARD in owned_points(state.rules):  # his powers' handlers only
            asides = hooks_for(state, empire)[PIECES_OFF_BOARD]
        for aside in asides:
            used += aside(state, empire, piece)
    return limit - used


def buildings_left(state: GameState, kind: str) -> int:
    limit: int = state.rules.data["components"].buildings[kind]
    provinces, slots = _slot_columns(state.board_key, kind)
    # The built flags of every slot of this kind, read at C speed.
    return limit - sum(map(getitem, map(state.built.__getitem__, provinces), slots))


@cache
def _slot_columns(board_key: str, kind: str) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """_slots_of_kind as two columns: the provinces, and the slot indexes."""
    pairs = _slots_of_kind(board_key, kind)
    return tuple(p for p, _ in pairs), tuple(i for _, i in pairs)


@cache
def area_order(board_key: str) -> dict[str, int]:
    """Each province's, then each sea's, rank in the board's order (stable listings)."""
    b = board(board_key)
    return {a: i for i, a in enumerate([*b.provinces, *b.seas])}


@cache
def _slots_of_kind(board_key: str, kind: str) -> tuple[tuple[str, int], ...]:
    """(province, slot index) of every printed slot of one kind on this board."""
    return tuple((pid, i) for pid, p in board(board_key).provinces.items()
                 for i, s in enumerate(p.slots) if s.kind == kind)
