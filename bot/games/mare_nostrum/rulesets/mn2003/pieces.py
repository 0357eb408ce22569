"""Derived facts of a 2003 position: pieces on the board and left in supply, who stands
where, what a province's buildings are and who collects or counts them."""

from __future__ import annotations

from functools import lru_cache
from itertools import repeat
from operator import countOf

from ...state import GameState
from . import tables
from .geography import caravan_sites, city_sites, provinces
from .hooks import LAND_UNITS
from .substate import sub


def legions_at(state: GameState, area: str, player: str) -> int:
    return state.legions.get(area, {}).get(player, 0)


def fortresses_at(state: GameState, province: str, player: str) -> int:
    return state.fortresses.get(province, []).count(player)


def troops_at(state: GameState, area: str, player: str) -> int:
    """His units that occupy and convert: legions, and a module's other land units there."""
    n = legions_at(state, area, player)
    for h in state.rules.on[LAND_UNITS]:
        n += (h(state, area) or {}).get(player, 0)
    return n


def units_at(state: GameState, province: str, player: str) -> int:
    """His land units in a province (legions and fortresses; triremes on land never count)."""
    return legions_at(state, province, player) + fortresses_at(state, province, player)


def present(state: GameState, province: str) -> list[str]:
    """Everyone (players and neutrals) with a land unit in a province, in a fixed order."""
    legions = state.legions.get(province)
    forts = state.fortresses.get(province)
    others = state.rules.on[LAND_UNITS]
    if not forts and not others:
        return sorted(o for o, n in legions.items() if n) if legions else []
    # Each owner once: the Statue de Zeus lets one owner have two fortresses there.
    owners = {o for o, n in legions.items() if n} if legions else set()
    owners.update(forts or ())
    for h in others:
        owners.update(o for o, n in (h(state, province) or {}).items() if n)
    return sorted(owners)


def enemies_at(state: GameState, province: str, player: str) -> list[str]:
    for h in state.rules.on[LAND_UNITS]:
        units = h(state, province)
        if units and any(units.values()):  # a module's units stand there: present's own way
            return [o for o in present(state, province) if o != player]
    # present's common cases (no fortress, or one owner's fortresses and legions: every
    # capital), without its list.
    legions = state.legions.get(province)
    forts = state.fortresses.get(province)
    if not forts:
        if not legions:
            return []
        if len(legions) == 1:  # one owner: most provinces
            for owner, n in legions.items():
                return [owner] if n and owner != player else []
        return sorted(o for o, n in legions.items() if n and o != player)
    first = forts[0]
    if (len(forts) == 1 or forts.count(first) == len(forts)) and (
        not legions or (len(legions) == 1 and first in legions)
    ):
        return [first] if first != player else []
    return [o for o in present(state, province) if o != player]


def at_war(state: GameState, province: str) -> bool:
    """A.7.1: units of several owners in one province."""
    return len(present(state, province)) > 1


def on_board(state: GameState, player: str, piece: str) -> int:
    # Counted in C (map over dict.get / list.count, operator.countOf), no Python frame per
    # area: asked for every supply clause of a listing.
    if piece == "legion":
        return sum(map(dict.get, state.legions.values(), repeat(player), repeat(0)))
    if piece == "trireme":
        return sum(map(dict.get, state.triremes.values(), repeat(player), repeat(0))) + sum(
            map(dict.get, sub(state).docked.values(), repeat(player), repeat(0))
        )
    if piece == "fortress":
        return sum(map(list.count, state.fortresses.values(), repeat(player)))
    return countOf(state.influence.values(), player)


def supply_left(state: GameState, player: str, piece: str) -> int:
    """Rule «s'il reste des pions disponibles»: his pieces not on the board (A.1)."""
    return tables.pieces(state)[piece] - on_board(state, player, piece)


def buildings_left(state: GameState, kind: str) -> int:
    """The shared building markers left (003 l.348–357, by player count)."""
    total = tables.buildings(state)[kind]
    if kind == "temple":
        used = len(sub(state).temples)
    elif kind == "market":
        used = len(sub(state).markets)
    else:
        used = 0
        built = state.built
        for pid, slots in _sites_of(kind, state.board_key):
            flags = built[pid]
            for i in slots:
                if flags[i]:
                    used += 1
    return total - used


@lru_cache(maxsize=16)
def _sites_of(kind: str, key: str) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """(province, its sites of this kind) for the provinces of a board that have any."""
    sites = city_sites if kind == "city" else caravan_sites
    return tuple((pid, found) for pid in provinces(key) if (found := sites(pid, key)))


def province_buildings(state: GameState, province: str) -> list[tuple[str, int]]:
    """The buildings of a province in a fixed order: villes, caravanes (slot index), then
    the temple and the market (-1): the order an occupier's legions cover them (C-22)."""
    built = state.built[province]
    out = [b for b in _site_buildings(province, state.board_key) if built[b[1]]]
    part = sub(state)
    if province in part.temples:
        out.append(("temple", -1))
    if province in part.markets:
        out.append(("market", -1))
    return out


@lru_cache(maxsize=1024)
def _site_buildings(province: str, key: str) -> tuple[tuple[str, int], ...]:
    """The buildings a province's printed sites may hold, in province_buildings' order."""
    return (
        *(("city", i) for i in city_sites(province, key)),
        *(("caravan", i) for i in caravan_sites(province, key)),
    )


def covered(state: GameState, province: str) -> tuple[str | None, list[tuple[str, int]]]:
    """The occupier of a province and the buildings his legions there cover (one legion a
    building, A.7.3); the occupation lapses when his legions leave."""
    occupier = sub(state).occupied.get(province)
    if occupier is None:
        return None, []
    if at_war(state, province):
        # A.7.1: a province at war «continue à produire pour son propriétaire légitime».
        return occupier, []
    n = troops_at(state, province, occupier)
    return occupier, province_buildings(state, province)[:n]


def role_counts(state: GameState, player: str) -> dict[str, int]:
    """R-02, R-03: caravans + markets, villes + temples (buildings he controls, or occupies:
    they count for the occupier), units on the board. Powers add through ROLE_BONUS."""
    trade = culture = 0
    occupied = sub(state).occupied
    for pid, owner in state.influence.items():
        if owner != player and occupied.get(pid) != player:
            continue  # covered's buildings all count for others (his only as the occupier)
        occupier, cover = covered(state, pid)
        buildings = province_buildings(state, pid)
        if cover:
            taken = set(cover)
            buildings = [b for b in buildings if (occupier if b in taken else owner) == player]
        elif owner != player:
            continue  # nothing covered: all his (the owner's)
        for kind, _ in buildings:
            if kind in ("caravan", "market"):
                trade += 1
            else:
                culture += 1
    military = sum(on_board(state, player, p) for p in ("legion", "trireme", "fortress"))
    return {"trade": trade, "culture": culture, "military": military}
