"""Conquest (4.3, 4.5, 4.6) and victory by conquest (6.2).

At the end of his turn, after the conversions started in an earlier round (4.3.3), the active
player chooses a conquest option (the `conquest` prompt: pillage, occupy, influence, none) in
every province under another player's influence where he alone has units. Each option's rule
is one function, read both by the listing (`_conquest_legal`) and by the check of a submitted
choice (`_conquest_check`, which names the precise reason of a refusal): `_built_slots` (what
may be pillaged or occupied), `_rewards` (what a pillage gives), `units_in` (one unit per
occupied building), `_may_convert` (never a capital's province, 4.6). Then the decisions the
powers owe at the end of a turn (MILITARY_TURN_END: Reine de Saba), and the turn ends
(turn_order.end_turn).

Invariant kept here: a conqueror (`state.conquerors[p]`) is the only player with units in p, and
only he occupies buildings there or holds its conversion.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from ...actions import Action, Conquer, interned
from ...board import COIN, empire_setups
from ...control import (
    adjacent_or_connected,
    area_order,
    capitals_and_legendary,
    empires_with_units,
    enemy_units_in,
    hooks_for,
    influence_provinces,
    neutral_units_in,
    supply_left,
    units_in,
)
from ...errors import IllegalAction
from ...events import EventLog
from ...hooks import BUILDING_PILLAGED, CONQUEST_FORBIDDEN, MILITARY_TURN_END, PILLAGE_TIMES
from ...kinds import CONQUEST_OPTIONS, PillageReward
from ...prompts import PromptHandler, add_prompt, remove_prompt
from ...resources import add
from ...state import GameState, Prompt
from ..production import draw_legendary
from . import turn_order
from .common import MODULE, phase_state


def capital_provinces() -> frozenset[str]:
    """Provinces whose influence marker is printed (4.6): never converted."""
    return frozenset(e.capital_province for e in empire_setups().values())


def _may_convert(province: str) -> bool:
    """4.6: a capital's province is never converted."""
    return province not in capital_provinces()


def forbidden_options(state: GameState, player: str, province: str) -> set[str]:
    """The conquest options the powers forbid him there (CONQUEST_FORBIDDEN; none in the base
    game)."""
    out: set[str] = set()
    for hook in state.rules.on[CONQUEST_FORBIDDEN]:
        out.update(hook(state, player, province))
    return out


# --- conquerors, occupations, war (4.3, 4.5) ----------------------------------------------

def _release(state: GameState, province: str, who: str) -> None:
    """Clear the occupations and the conversion `who` holds in a province."""
    occ = state.occupant.get(province, [])
    for i, o in enumerate(occ):
        if o == who:
            occ[i] = None
    conv = state.conversions.get(province)
    if conv is not None and conv["player"] == who:
        del state.conversions[province]


def review_conqueror(state: GameState, province: str, ev: EventLog, cause: str) -> None:
    """After a battle, or after the conqueror's legions leave: he keeps his status only while
    he alone has units there (4.3, 4.5); with fewer units than buildings occupied, the last
    printed slots are released."""
    who = state.conquerors.get(province)
    if who is None:
        return
    units = units_in(state, province, who)
    if units == 0 or enemy_units_in(state, province, who):
        del state.conquerors[province]
        _release(state, province, who)
        reason = "at_war" if units else ("left" if cause == "move" else "defeated")
        ev.public("conqueror_lost", player=who, province=province, reason=reason)
        return
    occ = state.occupant.get(province, [])
    held = [i for i, o in enumerate(occ) if o == who]
    released = held[units:]
    for i in released:
        occ[i] = None
    if released:
        ev.public("occupation_released", player=who, province=province, slots=released)


def _conversion_ready(state: GameState, player: str, province: str) -> bool:
    """4.3.3: marker occupied since an earlier round, still its conqueror with a unit there,
    the province adjacent or connected to his empire; never a capital's province (4.6)."""
    conv = state.conversions[province]
    if conv["player"] != player or conv["round"] >= state.round:
        return False
    if state.conquerors.get(province) != player or units_in(state, province, player) == 0:
        return False
    if not _may_convert(province) or supply_left(state, player, "influence") <= 0:
        return False
    if "influence" in forbidden_options(state, player, province):
        return False
    return province in adjacent_or_connected(state, player, influence_provinces(state, player))


def _convert(state: GameState, player: str, ev: EventLog) -> None:
    # Each conversion asked once the previous one is done: each spends a marker of his
    # supply, which may run out on the way.
    for province in list(state.conversions):
        if province in state.conversions and _conversion_ready(state, player, province):
            ev.public("converted", **replace_marker(state, player, province))


def replace_marker(state: GameState, player: str, province: str) -> dict[str, Any]:
    """His influence marker replaces the previous one; the conquest there is over."""
    previous = state.influence.get(province)
    state.influence[province] = player
    del state.conversions[province]
    del state.conquerors[province]
    occ = state.occupant.get(province, [])
    for i in range(len(occ)):
        occ[i] = None
    return {"player": player, "province": province, "previous": previous}


def _conquerable(state: GameState, player: str, province: str) -> bool:
    """4.3: a province under another player's influence where he alone has units (a
    module's neutral units count too: NEUTRAL_UNITS)."""
    owner = state.influence.get(province)
    return (owner is not None and owner != player
            and empires_with_units(state, province) == [player]
            and not neutral_units_in(state, province))


def conquest_step(state: GameState, ev: EventLog) -> None:
    """The turn's last step: conversions due, then a conquest choice where he is alone."""
    m = phase_state(state)
    player = m.current
    assert player is not None
    _convert(state, player, ev)
    # Only where he has legions or a fortress can he be alone (board order kept).
    # Plain loops with membership tests (no comprehension's call, no dict.get per area): the
    # pools keep every area a unit has been in, and the board has every province.
    mine = set()
    for p, d in state.legions.items():
        if player in d and d[player]:  # noqa: RUF019 (no method call)
            mine.add(p)
    for p, lst in state.fortresses.items():
        if player in lst:
            mine.add(p)
    if state.figures:  # a module's special land figures (none in the base game)
        for f in state.figures.values():  # a plain loop (no generator's frame)
            if f["owner"] == player:
                mine.add(f["area"])
    conquests = []
    # His few areas in the board's order (not a pass over every province of the board).
    for p in sorted(mine, key=area_order(state.board_key).__getitem__):
        if _conquerable(state, player, p):
            conquests.append(p)
    m.conquests = conquests
    for province in m.conquests:
        if state.conquerors.get(province) != player:
            state.conquerors[province] = player
            ev.public("conqueror", player=player, province=province)
    next_conquest(state, ev)


def next_conquest(state: GameState, ev: EventLog) -> None:
    """The next conquest choice he owes, or the end of his turn's decisions."""
    m = phase_state(state)
    if m.conquests:
        assert m.current is not None
        add_prompt(state, "conquest", m.current, province=m.conquests[0])
    else:
        for before in hooks_for(state, m.current or "")[MILITARY_TURN_END]:
            if before(state, m.current or "", ev):
                return
        turn_order.end_turn(state, ev)


# --- the conquest choice (4.3.1, 4.3.2, 4.3.3) --------------------------------------------

def _pillage_times(state: GameState, player: str) -> int:
    """How many times a building he pillages gives its reward (PILLAGE_TIMES: Hamilcar)."""
    times = 1
    for hook in hooks_for(state, player)[PILLAGE_TIMES]:
        times = hook(times, state, player)
    return times


def _rewards(state: GameState, player: str, kind: str) -> tuple[PillageReward, ...]:
    """A legendary city pillaged gives a coin or a legendary commodity; given more than once
    (Hamilcar), both, so there is nothing to choose."""
    if kind == "legendary_city" and _pillage_times(state, player) < 2:
        return ("coin", "legendary")
    return ("",)


def _built_slots(state: GameState, province: str) -> list[int]:
    """The slots holding a building: what he may pillage or occupy (4.3.1, 4.3.2)."""
    return [i for i, b in enumerate(state.built[province]) if b]


def _conquest_legal(state: GameState, prompt: Prompt) -> list[Action]:
    player, province = prompt.player, prompt.data["province"]
    slots = state.board.provinces[province].slots
    built = _built_slots(state, province)
    out: list[Action] = []
    forbidden = forbidden_options(state, player, province)
    for i in built if "pillage" not in forbidden else ():
        rewards = _rewards(state, player, slots[i].kind)
        out.extend(interned(Conquer, player, province, "pillage", (i,), r) for r in rewards)
    for k in range(1, min(len(built), units_in(state, province, player)) + 1):
        out.extend(interned(Conquer, player, province, "occupy", c)
                   for c in combinations(built, k))
    if _may_convert(province) and "influence" not in forbidden:
        out.append(interned(Conquer, player, province, "influence"))
    out.append(interned(Conquer, player, province, "none"))
    return out


def _conquest_check(state: GameState, prompt: Prompt, action: Action) -> None:
    assert isinstance(action, Conquer)
    province = prompt.data["province"]
    if action.province != province:
        raise IllegalAction(f"the conquest owed is in {province}", code="bad_province",
                            province=province)
    if action.option not in CONQUEST_OPTIONS:
        raise IllegalAction(f"unknown option {action.option!r}", code="bad_option",
                            option=action.option)
    slots = state.board.provinces[province].slots
    built = _built_slots(state, province)
    if action.option in ("influence", "none") and action.slots:
        raise IllegalAction(f"{action.option} takes no building", code="bad_slot")
    if action.option == "pillage" and len(action.slots) != 1:
        raise IllegalAction("pillage exactly one building", code="bad_slot")
    if action.option == "occupy" and (
        not action.slots or list(action.slots) != sorted(set(action.slots))
    ):
        raise IllegalAction("occupy one or more buildings, each once, in order", code="bad_slot")
    if any(i not in built for i in action.slots):
        raise IllegalAction("no such building in the province", code="bad_slot",
                            slots=list(action.slots))
    wanted: tuple[PillageReward, ...] = ("",)
    if action.option == "pillage":
        wanted = _rewards(state, action.player, slots[action.slots[0]].kind)
    if action.reward not in wanted:
        raise IllegalAction(f"reward must be one of {list(wanted)}", code="bad_reward",
                            allowed=list(wanted))
    if action.option == "occupy" and len(action.slots) > units_in(state, province, action.player):
        raise IllegalAction("one unit per occupied building", code="too_many_slots",
                            units=units_in(state, province, action.player))
    if action.option == "influence" and not _may_convert(province):
        raise IllegalAction("a capital's province is never converted (4.6)",
                            code="capital_province", province=province)
    if action.option in forbidden_options(state, action.player, province):
        raise IllegalAction(f"a power forbids {action.option} in {province}",
                            code="conquest_forbidden", option=action.option, province=province)


def _conquest_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, Conquer)
    player, province = action.player, action.province
    remove_prompt(state, prompt)
    phase_state(state).conquests.remove(province)
    conv = state.conversions.get(province)
    since = conv["round"] if conv is not None and conv["player"] == player else state.round
    # A new choice replaces what he held in the province (4.3: he chooses again each turn).
    _release(state, province, player)
    if action.option == "pillage":
        _pillage(state, player, province, action.slots[0], action.reward, ev)
        kind = state.board.provinces[province].slots[action.slots[0]].kind
        for pillaged in state.rules.on[BUILDING_PILLAGED]:  # a module's (none in the base)
            if pillaged(state, player, province, kind, ev):
                return
    elif action.option == "occupy":
        for i in action.slots:
            state.occupant[province][i] = player
    elif action.option == "influence":
        state.conversions[province] = {"player": player, "round": since}
    if action.option != "pillage":
        ev.public("conquest", player=player, province=province, option=action.option,
                  slots=list(action.slots))
    next_conquest(state, ev)


def _pillage(state: GameState, player: str, province: str, slot: int, reward: PillageReward,
             ev: EventLog) -> None:
    """4.3.1: the building returns to the supply; city/capital 1 coin, caravan its commodity,
    legendary city a coin or a legendary commodity, temple/market nothing — each as many times
    as _pillage_times says (Hamilcar: 2 coins, 2 commodities, or a coin and a legendary
    commodity)."""
    printed = state.board.provinces[province].slots[slot]
    state.built[province][slot] = False
    state.occupant[province][slot] = None
    times = _pillage_times(state, player)
    gains: list[str] = []
    if printed.kind in ("city", "capital"):
        gains = [COIN] * times
    elif printed.kind == "caravan" and printed.commodity:
        gains = [printed.commodity] * times
    elif printed.kind == "legendary_city":
        both = times >= 2
        if both or reward == "coin":
            gains.append(COIN)
        token = draw_legendary(state, ev) if both or reward == "legendary" else None
        if token:
            gains.append(token + "*")
            ev.private("pillage_drawn", (player,), player=player, token=token + "*")
    for token in gains:
        add(state.hands[player], token)
    shown = ["legendary" if g.endswith("*") else g for g in gains]
    ev.public("conquest", player=player, province=province, option="pillage", slots=[slot],
              building=printed.kind, gained=shown[0] if shown else "", gains=shown)


def _conquest_default(state: GameState, prompt: Prompt) -> Action:
    """Deadline (§12): repeat his current occupation if still valid, else nothing."""
    player, province = prompt.player, prompt.data["province"]
    conv = state.conversions.get(province)
    if conv is not None and conv["player"] == player:
        repeat = Conquer(player, province, "influence")
    else:
        held = tuple(i for i, o in enumerate(state.occupant.get(province, [])) if o == player)
        repeat = Conquer(player, province, "occupy", held)
    if repeat in _conquest_legal(state, prompt):
        return repeat
    return Conquer(player, province, "none")


@MODULE.victory("conquest (6.2)", "end_of_military")
def _conquest_victory(state: GameState, ev: EventLog) -> tuple[list[str], str] | None:
    """6.2: at the end of the Military phase, whoever holds 4 capitals and legendary cities
    (his own included) wins; several together if several do."""
    winners = [p for p in state.players if capitals_and_legendary(state, p) >= 4]
    return (winners, "conquest") if winners else None


MODULE.handler(PromptHandler(kind="conquest", actions=(Conquer,), legal=_conquest_legal,
                             perform=_conquest_perform, check=_conquest_check,
                             default=_conquest_default))
