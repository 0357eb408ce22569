"""Where a 2003 item may go (003 l.290–304, «Règles à respecter»; C-2 … C-5): one function
per rule, each naming its refusal (an `IllegalAction` to raise) or None. The listing and the
check of a purchase ask the same functions; a listing passes one `Facts` to all of them, so
that what they read of the position is computed once per listing."""

from __future__ import annotations

from functools import lru_cache

from ...errors import IllegalAction
from ...state import GameState
from . import tables
from .facts import Facts
from .geography import (
    caravan_sites,
    city_sites,
    is_province,
    land_neighbours,
    sea_neighbours,
    sea_shores,
    seas_of,
)
from .hooks import EXTRA_LINKS, FORTRESS_LIMIT, INFLUENCE_ANYWHERE, hooks_for
from .pieces import buildings_left, enemies_at, fortresses_at, supply_left
from .substate import sub

Why = IllegalAction | None


def capital_of(state: GameState, player: str) -> str | None:
    return tables.capitals(state).get(player)


def build_why(state: GameState, player: str, province: str) -> Why:
    """Rules 1, 3, 6: under his influence; nothing else the turn its influence was placed;
    not at war or occupied by another's units, except his capital (A.7.5)."""
    if state.influence.get(province) != player:
        return IllegalAction(
            f"{province} is not under your influence", code="not_controlled", province=province
        )
    if province in sub(state).placed:
        return IllegalAction(
            f"you placed your influence in {province} this turn: build there next turn",
            code="influence_just_placed",
            province=province,
        )
    # Not through `facts`: a listing asks this once a province (a memo would only cost).
    if enemies_at(state, province, player) and capital_of(state, player) != province:
        return IllegalAction(
            f"{province} is at war or occupied", code="province_at_war", province=province
        )
    return None


def trireme_seas(state: GameState, player: str) -> frozenset[str]:
    """Seas holding his triremes."""
    return frozenset(s for s, d in state.triremes.items() if d.get(player))


def linked(
    state: GameState, player: str, sources: list[str], facts: Facts | None = None
) -> frozenset[str]:
    """Provinces adjacent to `sources` by a border or an unbroken chain of his triremes at
    sea (003 l.413–414: «Oui, pour le déplacement des légions comme pour l'influence»)."""
    fleet = facts(trireme_seas, player) if facts is not None else trireme_seas(state, player)
    out = _linked(tuple(sources), fleet, state.board_key)
    powers = hooks_for(state, player)[EXTRA_LINKS]
    if not powers:
        return out
    ends = set(sources)
    extra = {
        other
        for h in powers
        for a, b in h(state, player)
        for end, other in ((a, b), (b, a))
        if end in ends
    }
    return out | extra


def chain_linked(sources: tuple[str, ...], fleet: frozenset[str], key: str) -> frozenset[str]:
    """Provinces adjacent to `sources` by a border or a chain of these seas."""
    return _linked(sources, fleet, key)


@lru_cache(maxsize=4096)
def _linked(sources: tuple[str, ...], fleet: frozenset[str], key: str) -> frozenset[str]:
    # Cached by all it reads: the sources, the seas holding his triremes, the board.
    out = {n for s in sources for n in land_neighbours(s, key)}
    frontier = [s for src in sources for s in seas_of(src, key) if s in fleet]
    seen = set(frontier)
    while frontier:
        sea = frontier.pop()
        out.update(sea_shores(sea, key))
        for nxt in sea_neighbours(sea, key):
            if nxt in fleet and nxt not in seen:
                seen.add(nxt)
                frontier.append(nxt)
    return frozenset(out)


def influence_anywhere(state: GameState, player: str) -> bool:
    """Whether a power lifts the adjacency of his influence (the Phare)."""
    return any(h(state, player) for h in hooks_for(state, player)[INFLUENCE_ANYWHERE])


def influence_why(
    state: GameState, player: str, province: str, sources: list[str], facts: Facts | None = None
) -> Why:
    """Rule 2 and C-2, C-3: a free province with no other's units, adjacent (border or his
    trireme chain) to one he held when his turn began (the Phare lifts adjacency)."""
    ask = facts or Facts(state)
    if not is_province(province, state.board_key):
        return IllegalAction(f"no province {province!r}", code="unknown_area", area=province)
    if province in state.influence:
        return IllegalAction(
            f"{province} is already under influence", code="province_taken", province=province
        )
    if enemies_at(state, province, player):  # once a province: not through `facts`
        return IllegalAction(
            f"other units stand in {province}", code="province_at_war", province=province
        )
    if ask(supply_left, player, "influence") <= 0:
        return IllegalAction("no influence marker left", code="supply_empty", item="influence")
    if not ask(influence_anywhere, player) and province not in linked(
        state, player, sources, ask
    ):
        return IllegalAction(
            f"{province} is not adjacent to your provinces", code="not_adjacent", province=province
        )
    return None


def site_free(state: GameState, province: str, slot: int) -> bool:
    return not state.built[province][slot]


def has_one(state: GameState, item: str, province: str) -> bool:
    """Whether a province has its temple (item "temple") or its market."""
    return province in (sub(state).temples if item == "temple" else sub(state).markets)


def site_why(
    state: GameState, player: str, item: str, province: str, slot: int, facts: Facts | None = None
) -> Why:
    """Rule 4: one ville per printed city site, one caravane per resource icon."""
    key = state.board_key
    sites = city_sites(province, key) if item == "city" else caravan_sites(province, key)
    if slot not in sites:
        return IllegalAction(
            f"no {item} site {slot} in {province}", code="bad_slot", province=province, slot=slot
        )
    if not site_free(state, province, slot):
        return IllegalAction(
            f"that site of {province} is built", code="site_taken", province=province, slot=slot
        )
    if (facts(buildings_left, item) if facts else buildings_left(state, item)) <= 0:
        return IllegalAction(f"no {item} marker left", code="supply_empty", item=item)
    return None


def one_per_province_why(
    state: GameState, item: str, province: str, facts: Facts | None = None
) -> Why:
    """C-5: one temple and one market in any province, no printed site."""
    if has_one(state, item, province):
        return IllegalAction(
            f"{province} already has a {item}", code="site_taken", province=province, slot=-1
        )
    if (facts(buildings_left, item) if facts else buildings_left(state, item)) <= 0:
        return IllegalAction(f"no {item} marker left", code="supply_empty", item=item)
    return None


def fortress_limit(state: GameState, player: str) -> int:
    """His fortresses allowed per province: 1 (Statue de Zeus: 2)."""
    return max([1, *(h(state, player) for h in hooks_for(state, player)[FORTRESS_LIMIT])])


def unit_why(
    state: GameState, player: str, item: str, province: str, facts: Facts | None = None
) -> Why:
    """Units: supply; one fortress a province (Statue de Zeus: 2); triremes on the coast."""
    ask = facts or Facts(state)
    if ask(supply_left, player, item) <= 0:
        return IllegalAction(f"no {item} left", code="supply_empty", item=item)
    return unit_place_why(state, player, item, province, ask)


def unit_place_why(
    state: GameState, player: str, item: str, province: str, facts: Facts | None = None
) -> Why:
    """Where a unit goes (unit_why past the supply): the fortress limit, the coast."""
    ask = facts or Facts(state)
    if item == "fortress":
        limit = ask(fortress_limit, player)
        if fortresses_at(state, province, player) >= limit:
            return IllegalAction(
                f"{province} already has {limit} fortress(es) of yours",
                code="fortress_limit",
                province=province,
                limit=limit,
            )
    if item == "trireme" and not seas_of(province, state.board_key):
        return IllegalAction(f"{province} is not on the sea", code="not_coastal", province=province)
    return None
