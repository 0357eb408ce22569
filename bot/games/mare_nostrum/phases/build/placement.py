"""Where a bought item may go, and putting it there (3.5–3.7, 4.5, 4.6; rulings §4–§6).

Each rule is written once, as a function saying *why* each of some candidate placements is
refused (a `Why`, worded for players by `refusal`), or None where it is allowed. The check of a
Buy asks it about the one placement submitted and raises the first refusal, in the order the
rules are listed here; the listing of Buys (purchases.legal_buys) asks the very same functions
about every placement that could be allowed at once, so the two cannot disagree.

- influence: a neutral province without enemy unit, adjacent or connected to a province he held
  when his turn began (3.5, rulings §6) — `influence_whys`;
- legion, fortress: a province he may place in (4.6: one he controls, and always his capital's),
  one fortress of his in each — `unit_whys`; trireme: a sea beside such a province —
  `trireme_whys`;
- buildings: a printed slot of that kind not yet built, a capital only in his own capital's
  province (`slot_whys`), in a province he may place in — `building_why`;
- HW: a face-up tile; the Pyramids: while nobody has bought them — `tile_whys`;
- then a piece left in his supply (influence, units) or a marker left (buildings) —
  `supply_why` (asked once per item: it does not depend on the target).

Before these, `form_why` refuses what names no placement at all (an unknown item, a slot for
an item that takes none, a sea for a province...): the listing only ever names the board's own
areas, so it never asks.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from functools import lru_cache
from typing import Literal, assert_never

from ...board import BUILDING_KINDS, PYRAMIDS, Slot, board
from ...control import (
    adjacent_or_connected,
    area_order,
    buildings_left,
    capital_province,
    controlled_provinces,
    enemy_units_in,
    supply_left,
)
from ...errors import EngineError, IllegalAction, MalformedAction
from ...hooks import HW_ROWS, PLACEABLE_EXTRA
from ...state import GameState

UNITS: tuple[str, ...] = ("legion", "trireme", "fortress")
ITEMS: tuple[str, ...] = ("influence", *UNITS, *BUILDING_KINDS, "hw", PYRAMIDS)

# Why a placement is refused (None: it is not). `refusal` words each for the player.
Why = Literal[
    "unknown_item", "bad_slot", "not_a_province", "not_a_sea",  # form
    "not_neutral", "enemy_units", "out_of_reach",  # influence
    "not_controlled", "one_fortress", "sea_not_controlled",  # units
    "no_slot", "slot_taken", "not_his_capital",  # buildings (and not_controlled)
    "not_face_up", "no_pyramids",  # tiles
    "no_supply", "no_marker",  # supply
]


def refusal(why: Why, player: str, item: str, target: str, slot: int = -1) -> EngineError:
    """The error a refused placement raises: its code and params are the engine's API."""
    match why:
        case "unknown_item":
            return MalformedAction(f"unknown item {item!r}", code="unknown_item", item=item)
        case "bad_slot":
            return MalformedAction(f"{item} takes no slot", code="bad_slot", slot=slot)
        case "not_a_province":
            return MalformedAction(f"{target!r} is not a province", code="unknown_area",
                                   area=target)
        case "not_a_sea":
            return MalformedAction(f"{target!r} is not a sea", code="unknown_area", area=target)
        case "not_neutral":
            return _bad(f"{target} is not neutral", why, area=target)
        case "enemy_units":
            return _bad(f"enemy units in {target}", why, area=target)
        case "out_of_reach":
            return _bad(f"{target} is neither adjacent nor connected", why, area=target)
        case "not_controlled":
            return _bad(f"{player} does not control {target}", why, area=target)
        case "sea_not_controlled":
            return _bad(f"{target} touches no province {player} controls", "not_controlled",
                        area=target)
        case "one_fortress":
            return _bad(f"{player} already has a fortress in {target}", why, area=target)
        case "no_slot":
            return _bad(f"no {item} slot {slot} in {target}", why, area=target, slot=slot)
        case "slot_taken":
            return _bad(f"slot {slot} in {target} is already built", why, area=target,
                        slot=slot)
        case "not_his_capital":
            return _bad(f"{player} may only build his own capital", why, area=target)
        case "not_face_up":
            return IllegalAction(f"{target!r} is not a face-up tile", code="not_available",
                                 tile=target)
        case "no_pyramids":
            return IllegalAction("the Pyramids are not available", code="not_available",
                                 tile=PYRAMIDS)
        case "no_supply":
            return IllegalAction(f"no {item} left in {player}'s supply", code="no_supply",
                                 item=item)
        case "no_marker":
            return IllegalAction(f"no {item} marker left", code="no_supply", item=item)
        case _:
            assert_never(why)


def _bad(detail: str, reason: str, **params: object) -> IllegalAction:
    return IllegalAction(detail, code="bad_placement", reason=reason, **params)


# --- where he may place: the sets the rules below test, and the listing's candidates --------

def placeable_provinces(state: GameState, player: str) -> list[str]:
    """Where his units and buildings may go now (4.6): the provinces he controls, and always
    his capital's, even when at war; in board order."""
    out = controlled_provinces(state, player)
    cap = capital_province(player)
    if cap not in out:
        out.append(cap)
    for extra in state.rules.on[PLACEABLE_EXTRA]:  # none in the base game
        out += [p for p in extra(state, player) or () if p not in out]
    out.sort(key=area_order(state.board_key).__getitem__)
    return out


def seas_beside(state: GameState, provinces: Sequence[str]) -> tuple[str, ...]:
    """The seas touching one of these provinces, in board order."""
    return _seas_beside(state.board_key, tuple(provinces))


@lru_cache(maxsize=4096)
def _seas_beside(board_key: str, provinces: tuple[str, ...]) -> tuple[str, ...]:
    # Cached by all it reads: the provinces he may place in change little within a turn.
    b = board(board_key)
    near = {s for p in provinces for s in b.provinces[p].seas}
    return tuple(s for s in b.seas if s in near)


def influence_reach(state: GameState, player: str) -> frozenset[str]:
    """The provinces adjacent or connected to one he held when his turn began: reach is
    measured from those all turn long (rulings §6)."""
    start = state.build.start_provinces if state.build else []
    return adjacent_or_connected(state, player, start)


# --- the rules, each over many candidates ---------------------------------------------------

def form_why(state: GameState, item: str, target: str, slot: int) -> Why | None:
    """What names no placement at all (a malformed answer)."""
    if item not in ITEMS:
        return "unknown_item"
    if item not in BUILDING_KINDS and slot != -1:
        return "bad_slot"
    if item == "trireme":
        return None if state.board.is_sea(target) else "not_a_sea"
    if item == "influence" or item in UNITS or item in BUILDING_KINDS:
        return None if state.board.is_province(target) else "not_a_province"
    return None


def influence_whys(state: GameState, player: str, targets: Sequence[str],
                   reach: Collection[str]) -> list[Why | None]:
    """An influence marker goes in a neutral province without enemy unit, within his reach
    (3.5, rulings §6): `reach` is influence_reach."""
    influence = state.influence
    return ["not_neutral" if p in influence
            else "enemy_units" if enemy_units_in(state, p, player)
            else "out_of_reach" if p not in reach
            else None
            for p in targets]


def unit_whys(state: GameState, player: str, unit: str, targets: Sequence[str],
              placeable: Collection[str]) -> list[Why | None]:
    """Legions and fortresses go in a province he may place in, one fortress of his in each
    (4.6). `placeable`: placeable_provinces."""
    forts = state.fortresses if unit == "fortress" else {}
    return ["not_controlled" if p not in placeable
            else "one_fortress" if player in forts.get(p, ())
            else None
            for p in targets]


def trireme_whys(targets: Sequence[str], seas: Collection[str]) -> list[Why | None]:
    """Triremes go in a sea beside a province he may place in (4.6). `seas`: seas_beside
    those provinces."""
    return [None if s in seas else "sea_not_controlled" for s in targets]


def slot_whys(slots: Sequence[Slot], built: Sequence[bool], his_capital: bool,
              sites: Sequence[tuple[str, int]]) -> list[Why | None]:
    """A building (kind, slot index) goes in a printed slot of its kind not yet built; a
    capital only in his own capital's province (3.6). `slots`, `built`: the province's
    printed slots and their built flags."""
    return ["no_slot" if not 0 <= i < len(slots) or slots[i].kind != kind
            else "slot_taken" if built[i]
            else "not_his_capital" if kind == "capital" and not his_capital
            else None
            for kind, i in sites]


def building_why(state: GameState, player: str, kind: str, province: str, slot: int,
                 placeable: Collection[str]) -> Why | None:
    """slot_whys, then a province he may place in (4.6)."""
    why = slot_whys(state.board.provinces[province].slots, state.built[province],
                    province == capital_province(player), [(kind, slot)])[0]
    return "not_controlled" if why is None and province not in placeable else why


def hw_on_offer(state: GameState) -> list[str]:
    """The face-up HW tiles: the market's, then the rows a module offers beside it
    (HW_ROWS: Atlas's Atlantean track)."""
    hooks = state.rules.on[HW_ROWS]
    if not hooks:
        return state.hw_market
    return [*state.hw_market, *(t for hook in hooks for t in hook(state) or ())]


def tile_whys(state: GameState, item: str, targets: Sequence[str]) -> list[Why | None]:
    """A HW is one of the face-up tiles; the Pyramids (target "") are there until bought."""
    if item == "hw":
        market = hw_on_offer(state)
        return [None if t in market else "not_face_up" for t in targets]
    available = state.pyramids_available
    return [None if t == "" and available else "no_pyramids" for t in targets]


def supply_why(state: GameState, player: str, item: str) -> Why | None:
    """A piece left in his supply (influence markers, units), a marker left in the box
    (buildings); tiles have no supply."""
    if item == "influence" or item in UNITS:
        return "no_supply" if supply_left(state, player, item) <= 0 else None
    if item in BUILDING_KINDS:
        return "no_marker" if buildings_left(state, item) <= 0 else None
    return None


def placement_why(state: GameState, player: str, item: str, target: str, slot: int
                  ) -> Why | None:
    """Why this placement is refused now (cost excluded): each rule above, in order."""
    why = form_why(state, item, target, slot)
    if why is not None:
        return why
    if item == "influence":
        why = influence_whys(state, player, [target], influence_reach(state, player))[0]
    elif item == "trireme":
        why = trireme_whys([target], seas_beside(state, placeable_provinces(state, player)))[0]
    elif item in UNITS:
        why = unit_whys(state, player, item, [target], placeable_provinces(state, player))[0]
    elif item in BUILDING_KINDS:
        why = building_why(state, player, item, target, slot,
                           placeable_provinces(state, player))
    else:
        why = tile_whys(state, item, [target])[0]
    return why if why is not None else supply_why(state, player, item)


def check_placement(state: GameState, player: str, item: str, target: str, slot: int) -> None:
    """Raise unless this item can be placed there now (supply included, cost excluded)."""
    why = placement_why(state, player, item, target, slot)
    if why is not None:
        raise refusal(why, player, item, target, slot)


def check_influence(state: GameState, player: str, target: str) -> None:
    """Raise unless an influence marker of his may go there now (a power's free one too)."""
    check_placement(state, player, "influence", target, -1)


def check_supply(state: GameState, player: str, piece: str) -> None:
    """Raise unless a piece of this kind is left in his supply."""
    why = supply_why(state, player, piece)
    if why is not None:
        raise refusal(why, player, piece, "")


def open_to_influence(state: GameState, player: str) -> list[str]:
    """The provinces check_influence accepts now, sorted by name (none when his supply is
    empty)."""
    if supply_why(state, player, "influence") is not None:
        return []
    reach = influence_reach(state, player)
    targets = by_name(reach)
    return [p for p, why in zip(targets, influence_whys(state, player, targets, reach),
                                strict=True) if why is None]


@lru_cache(maxsize=4096)
def by_name(provinces: frozenset[str]) -> tuple[str, ...]:
    """These provinces sorted by name (cached: a turn's reach changes only with his fleet)."""
    return tuple(sorted(provinces))


# --- putting it there -----------------------------------------------------------------------

def place(state: GameState, player: str, item: str, target: str, slot: int) -> None:
    """Put the bought item on the board (or on his empire board for HW/Pyramids), and note it
    in the turn's purchases (public: his summary)."""
    if state.build is not None:
        state.build.bought.append({"item": item, "target": target})
    if item == "influence":
        state.influence[target] = player
    elif item == "legion":
        d = state.legions.setdefault(target, {})
        d[player] = d.get(player, 0) + 1
    elif item == "trireme":
        d = state.triremes.setdefault(target, {})
        d[player] = d.get(player, 0) + 1
    elif item == "fortress":
        state.fortresses.setdefault(target, []).append(player)
    elif item in BUILDING_KINDS:
        state.built[target][slot] = True
        state.occupant[target][slot] = None
    elif item == "hw":
        row = state.hw_market if target in state.hw_market else next(
            r for r in (hook(state) for hook in state.rules.on[HW_ROWS]) if r and target in r)
        row.remove(target)
        state.hw.setdefault(player, []).append(target)
    else:
        state.pyramids_available = False
        state.hw.setdefault(player, []).append(PYRAMIDS)
