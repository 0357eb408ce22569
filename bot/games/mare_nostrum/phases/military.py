"""Phase IV — Military (section 4; victory 6.2; CÉSAR and PÉRICLÈS, section 8; rulings §3, §5,
§12).

The Military Leader names who plays next (`military_order`). The active player's turn
(`military_turn`) walks through steps — sea moves, sea battles (optional), land moves, land
battles (owed) — skipping a step that offers nothing; a step ends with `EndTurn`. Casualties are
chosen by their owner when the choice matters (`casualties`). At the end of the turn come the
conversions started in an earlier round, then a `conquest` choice in every province under another
player's influence where the active player alone has units. After the last player, victory by
conquest (6.2) is checked.

Invariant kept here: a conqueror (`state.conquerors[p]`) is the only player with units in p, and
only he occupies buildings there or holds its conversion.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from .. import rng
from ..actions import Action, Battle, ChooseCasualties, ChooseNext, Conquer, EndTurn, Move
from ..board import COIN, components, empire_setups
from ..control import (
    adjacent_or_connected,
    all_levels,
    capitals_and_legendary,
    connected_provinces,
    empires_with_units,
    enemy_units_in,
    influence_provinces,
    supply_left,
    units_in,
)
from ..errors import IllegalAction
from ..events import EventLog
from ..flow import end_game, next_phase, phase
from ..prompts import PromptHandler, add_prompt, register, remove_prompt
from ..resources import add
from ..state import GameState, MilitaryState, Prompt
from .production import draw_legendary

STEPS: tuple[str, ...] = ("sea_moves", "sea_battles", "land_moves", "land_battles", "conquest")
# Steps the player may end with EndTurn; land battles are owed (4.1.2).
OPTIONAL_STEPS = frozenset({"sea_moves", "sea_battles", "land_moves"})
# Bonus added to each land battle die: hero -> (when its owner is active, when he is not).
LAND_DIE_BONUS: dict[str, tuple[int, int]] = {"caesar": (1, 0), "pericles": (0, 2)}
FORTRESS_BONUS = 5
HIT_EVERY = 5
CONQUEST_OPTIONS = ("pillage", "occupy", "influence", "none")


def _m(state: GameState) -> MilitaryState:
    assert state.military is not None, "not in the Military phase"
    return state.military


def capital_provinces() -> frozenset[str]:
    """Provinces whose influence marker is printed (4.6): never converted."""
    return frozenset(e.capital_province for e in empire_setups().values())


# --- the order of play -------------------------------------------------------------------

@phase("military")
def enter(state: GameState, ev: EventLog) -> None:
    state.military = MilitaryState()
    # The order the Military Leader chooses is the latest one (tie-break of rulings §8).
    state.last_order = []
    _next_player(state, ev)


def _leader(state: GameState) -> str:
    holder = state.titles.get("military")
    return holder if holder in state.players else state.players[0]


def _remaining(state: GameState) -> list[str]:
    done = _m(state).done
    return [p for p in state.players if p not in done]


def _next_player(state: GameState, ev: EventLog) -> None:
    left = _remaining(state)
    if not left:
        _end_phase(state, ev)
    elif len(left) == 1:
        _start_turn(state, left[0], ev)
    else:
        add_prompt(state, "military_order", _leader(state), remaining=left)


def _start_turn(state: GameState, player: str, ev: EventLog) -> None:
    m = _m(state)
    m.current, m.step = player, STEPS[0]
    m.moved, m.fought, m.battle, m.conquests = {}, [], None, []
    state.last_order.append(player)
    ev.public("military_turn_started", player=player)
    _advance(state, ev)


def _end_turn(state: GameState, ev: EventLog) -> None:
    m = _m(state)
    player = m.current
    assert player is not None
    m.done.append(player)
    m.current = None
    # Levels are derived from the board: announce them as adjusted (4.4).
    ev.public("military_turn_ended", player=player, levels=all_levels(state))
    _next_player(state, ev)


def _end_phase(state: GameState, ev: EventLog) -> None:
    counts = {p: capitals_and_legendary(state, p) for p in state.players}
    winners = [p for p, n in counts.items() if n >= 4]
    ev.public("military_phase_ended", capitals_and_legendary=counts)
    state.military = None
    if winners:
        end_game(state, winners, "conquest", ev)
    else:
        next_phase(state, ev)


def _order_legal(state: GameState, prompt: Prompt) -> list[Action]:
    return [ChooseNext(prompt.player, p) for p in prompt.data["remaining"]]


def _order_check(state: GameState, prompt: Prompt, action: Action) -> None:
    assert isinstance(action, ChooseNext)
    if action.target not in prompt.data["remaining"]:
        raise IllegalAction(f"{action.target} cannot play next", code="bad_choice",
                            target=action.target, remaining=list(prompt.data["remaining"]))


def _order_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, ChooseNext)
    remove_prompt(state, prompt)
    ev.public("military_order_chosen", leader=action.player, target=action.target)
    _start_turn(state, action.target, ev)


# --- the active player's steps -----------------------------------------------------------

def _unmoved(state: GameState, player: str, area: str) -> int:
    pool = state.triremes if state.board.is_sea(area) else state.legions
    return pool.get(area, {}).get(player, 0) - _m(state).moved.get(area, 0)


def _move_targets(state: GameState, player: str, unit: str, source: str) -> set[str]:
    """Triremes: an adjacent sea. Legions: an adjacent or connected province (4.1)."""
    board = state.board
    if unit == "trireme":
        return set(board.seas[source].seas)
    out = set(board.provinces[source].neighbours)
    out |= connected_provinces(state, player, [source])
    out.discard(source)
    return out


def _moves(state: GameState, player: str, unit: str) -> list[Action]:
    board = state.board
    areas = list(board.seas) if unit == "trireme" else list(board.provinces)
    out: list[Action] = []
    for src in areas:
        if _unmoved(state, player, src) > 0:
            targets = _move_targets(state, player, unit, src)
            out.extend(Move(player, unit, src, t) for t in areas if t in targets)
    return out


def _present(state: GameState, area: str) -> list[str]:
    """Players with units that fight in an area: triremes at sea; legions or a fortress on
    land."""
    if state.board.is_sea(area):
        return [e for e in state.players if state.triremes.get(area, {}).get(e, 0) > 0]
    return empires_with_units(state, area)


def _battles(state: GameState, player: str, land: bool) -> list[Action]:
    board = state.board
    areas = list(board.provinces) if land else list(board.seas)
    fought = _m(state).fought
    out: list[Action] = []
    for area in areas:
        present = _present(state, area)
        if area not in fought and player in present:
            out.extend(Battle(player, area, o) for o in present if o != player)
    return out


def _step_actions(state: GameState, player: str, step: str) -> list[Action]:
    """What the step offers besides EndTurn (empty: the step is skipped)."""
    if step == "sea_moves":
        return _moves(state, player, "trireme")
    if step == "land_moves":
        return _moves(state, player, "legion")
    if step in ("sea_battles", "land_battles"):
        return _battles(state, player, land=step == "land_battles")
    return []


def _drop_turn_prompt(state: GameState) -> None:
    state.prompts = [p for p in state.prompts if p.kind != "military_turn"]


def _advance(state: GameState, ev: EventLog) -> None:
    """(Re)open the current step, skipping those that offer nothing; then the conquests."""
    m = _m(state)
    player = m.current
    assert player is not None
    _drop_turn_prompt(state)
    while m.step != "conquest":
        if _step_actions(state, player, m.step):
            add_prompt(state, "military_turn", player, step=m.step)
            return
        m.step = STEPS[STEPS.index(m.step) + 1]
    _conquest_step(state, ev)


def _turn_legal(state: GameState, prompt: Prompt) -> list[Action]:
    step = _m(state).step
    out = _step_actions(state, prompt.player, step)
    if step in OPTIONAL_STEPS:
        out.append(EndTurn(prompt.player))
    return out


def _turn_check(state: GameState, prompt: Prompt, action: Action) -> None:
    step = _m(state).step
    if isinstance(action, EndTurn):
        if step not in OPTIONAL_STEPS:
            owed = [a.to_dict() for a in _step_actions(state, prompt.player, step)]
            raise IllegalAction("land battles must be fought first", code="battle_owed",
                                battles=owed)
    elif isinstance(action, Move):
        _check_move(state, action, step)
    elif isinstance(action, Battle):
        _check_battle(state, action, step)


def _check_move(state: GameState, action: Move, step: str) -> None:
    board = state.board
    if action.unit not in ("trireme", "legion"):
        raise IllegalAction(f"unknown unit {action.unit!r}", code="bad_move", unit=action.unit)
    expected = {"sea_moves": "trireme", "land_moves": "legion"}.get(step)
    if action.unit != expected:
        raise IllegalAction(f"no {action.unit} moves in step {step}", code="wrong_step",
                            step=step)
    known = board.is_sea if action.unit == "trireme" else board.is_province
    if not known(action.source) or not known(action.target):
        raise IllegalAction("unknown area", code="bad_move", source=action.source,
                            target=action.target)
    pool = state.triremes if action.unit == "trireme" else state.legions
    if pool.get(action.source, {}).get(action.player, 0) <= 0:
        raise IllegalAction(f"no {action.unit} in {action.source}", code="no_unit",
                            source=action.source)
    if _unmoved(state, action.player, action.source) <= 0:
        raise IllegalAction(f"every {action.unit} in {action.source} has moved this turn",
                            code="already_moved", source=action.source)
    if action.target not in _move_targets(state, action.player, action.unit, action.source):
        raise IllegalAction(f"{action.target} is not reachable from {action.source}",
                            code="bad_move", source=action.source, target=action.target)


def _check_battle(state: GameState, action: Battle, step: str) -> None:
    board = state.board
    if step not in ("sea_battles", "land_battles"):
        raise IllegalAction(f"no battle in step {step}", code="wrong_step", step=step)
    right_kind = board.is_province if step == "land_battles" else board.is_sea
    if not right_kind(action.area):
        raise IllegalAction(f"no battle in {action.area} in step {step}", code="wrong_step",
                            step=step, area=action.area)
    if action.area in _m(state).fought:
        raise IllegalAction(f"already fought in {action.area} this turn",
                            code="already_fought", area=action.area)
    present = _present(state, action.area)
    if action.player not in present:
        raise IllegalAction(f"no unit of yours in {action.area}", code="no_battle",
                            area=action.area)
    if action.opponent == action.player or action.opponent not in present:
        raise IllegalAction(f"{action.opponent} has no unit in {action.area}",
                            code="bad_opponent", area=action.area, opponent=action.opponent)


def _turn_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    m = _m(state)
    if isinstance(action, EndTurn):
        ev.public("military_step_ended", player=action.player, step=m.step)
        m.step = STEPS[STEPS.index(m.step) + 1]
        _advance(state, ev)
    elif isinstance(action, Move):
        _move(state, action, ev)
        _advance(state, ev)
    elif isinstance(action, Battle):
        _drop_turn_prompt(state)
        _battle(state, action, ev)


def _turn_default(state: GameState, prompt: Prompt) -> Action:
    """Deadline (§12): end an optional step; in land battles, fight the first one owed."""
    step = _m(state).step
    if step in OPTIONAL_STEPS:
        return EndTurn(prompt.player)
    return _step_actions(state, prompt.player, step)[0]


def _move(state: GameState, action: Move, ev: EventLog) -> None:
    pool = state.triremes if action.unit == "trireme" else state.legions
    src = pool[action.source]
    src[action.player] -= 1
    if not src[action.player]:
        del src[action.player]
    dst = pool.setdefault(action.target, {})
    dst[action.player] = dst.get(action.player, 0) + 1
    moved = _m(state).moved
    moved[action.target] = moved.get(action.target, 0) + 1
    ev.public("moved", player=action.player, unit=action.unit, source=action.source,
              target=action.target)
    if action.unit == "legion" and state.conquerors.get(action.source) == action.player:
        _review_conqueror(state, action.source, ev, "move")


# --- battles (4.2, rulings §3) ------------------------------------------------------------

def _die_bonus(state: GameState, player: str, active: bool) -> int:
    heroes = state.hw.get(player, [])
    return sum(b[0] if active else b[1] for h, b in LAND_DIE_BONUS.items() if h in heroes)


def _roll_side(state: GameState, area: str, player: str, active: bool) -> dict[str, Any]:
    land = state.board.is_province(area)
    if land:
        units = state.legions.get(area, {}).get(player, 0)
        fortress = player in state.fortresses.get(area, [])
        bonus = _die_bonus(state, player, active)
        faces = components().land_dice
    else:
        units = state.triremes.get(area, {}).get(player, 0)
        fortress, bonus, faces = False, 0, components().sea_dice
    dice = rng.roll(state, units, faces) if units else []
    modifier = bonus * units + (FORTRESS_BONUS if fortress else 0)
    total = sum(dice) + modifier
    return {"player": player, "units": units, "dice": dice, "die_bonus": bonus,
            "fortress": fortress, "modifier": modifier, "sum": total,
            "hits": total // HIT_EVERY}


def _battle(state: GameState, action: Battle, ev: EventLog) -> None:
    area = action.area
    land = state.board.is_province(area)
    attacker = _roll_side(state, area, action.player, active=True)
    defender = _roll_side(state, area, action.opponent, active=False)
    # A fortress cancels one hit against its owner.
    attacker["taken"] = max(0, defender["hits"] - (1 if attacker["fortress"] else 0))
    defender["taken"] = max(0, attacker["hits"] - (1 if defender["fortress"] else 0))
    ev.public("battle", area=area, terrain="land" if land else "sea", attacker=action.player,
              defender=action.opponent, sides=[attacker, defender])
    pending: list[str] = []
    for side in (attacker, defender):
        player, hits = side["player"], side["taken"]
        if land and _casualties_matter(state, area, player, hits):
            add_prompt(state, "casualties", player, area=area, hits=hits,
                       legions=state.legions.get(area, {}).get(player, 0))
            pending.append(player)
        else:
            _auto_casualties(state, area, player, hits, ev)
    if pending:
        _m(state).battle = {"area": area, "attacker": action.player,
                            "defender": action.opponent, "pending": pending}
    else:
        _finish_battle(state, area, ev)


def _casualties_matter(state: GameState, area: str, player: str, hits: int) -> bool:
    """A choice exists only with a fortress and legions, when the hits spare something."""
    legions = state.legions.get(area, {}).get(player, 0)
    fortress = player in state.fortresses.get(area, [])
    return fortress and legions > 0 and 0 < hits <= legions


def _auto_casualties(state: GameState, area: str, player: str, hits: int,
                     ev: EventLog) -> None:
    if state.board.is_sea(area):
        lost = min(hits, state.triremes.get(area, {}).get(player, 0))
        _remove_units(state, area, player, lost, False, ev)
        return
    legions = state.legions.get(area, {}).get(player, 0)
    fortress = player in state.fortresses.get(area, [])
    _remove_units(state, area, player, min(hits, legions), fortress and hits > legions, ev)


def _remove_units(state: GameState, area: str, player: str, units: int, fortress: bool,
                  ev: EventLog) -> None:
    sea = state.board.is_sea(area)
    pool = state.triremes if sea else state.legions
    if units:
        left = pool[area][player] - units
        if left:
            pool[area][player] = left
        else:
            del pool[area][player]
    if fortress:
        state.fortresses[area].remove(player)
    ev.public("casualties", player=player, area=area, unit="trireme" if sea else "legion",
              lost=units, fortress=fortress)


def _finish_battle(state: GameState, area: str, ev: EventLog) -> None:
    m = _m(state)
    m.fought.append(area)
    m.battle = None
    if state.board.is_province(area):
        _review_conqueror(state, area, ev, "battle")
    _advance(state, ev)


def _casualties_legal(state: GameState, prompt: Prompt) -> list[Action]:
    hits = prompt.data["hits"]
    return [ChooseCasualties(prompt.player, hits, False),
            ChooseCasualties(prompt.player, hits - 1, True)]


def _casualties_check(state: GameState, prompt: Prompt, action: Action) -> None:
    if action not in _casualties_legal(state, prompt):
        raise IllegalAction(
            f"{prompt.data['hits']} hits: lose that many legions, or one less and the fortress",
            code="bad_casualties", hits=prompt.data["hits"],
        )


def _casualties_perform(state: GameState, prompt: Prompt, action: Action,
                        ev: EventLog) -> None:
    assert isinstance(action, ChooseCasualties)
    area = prompt.data["area"]
    remove_prompt(state, prompt)
    _remove_units(state, area, action.player, action.legions, action.fortress, ev)
    if not any(p.kind == "casualties" for p in state.prompts):
        _finish_battle(state, area, ev)


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


def _review_conqueror(state: GameState, province: str, ev: EventLog, cause: str) -> None:
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
    if province in capital_provinces() or supply_left(state, player, "influence") <= 0:
        return False
    return province in adjacent_or_connected(state, player, influence_provinces(state, player))


def _convert(state: GameState, player: str, ev: EventLog) -> None:
    for province in [p for p in state.conversions if _conversion_ready(state, player, p)]:
        previous = state.influence.get(province)
        state.influence[province] = player
        del state.conversions[province]
        del state.conquerors[province]
        occ = state.occupant.get(province, [])
        for i in range(len(occ)):
            occ[i] = None
        ev.public("converted", player=player, province=province, previous=previous)


def _conquerable(state: GameState, player: str, province: str) -> bool:
    owner = state.influence.get(province)
    return (owner is not None and owner != player
            and empires_with_units(state, province) == [player])


def _conquest_step(state: GameState, ev: EventLog) -> None:
    m = _m(state)
    player = m.current
    assert player is not None
    _convert(state, player, ev)
    m.conquests = [p for p in state.board.provinces if _conquerable(state, player, p)]
    for province in m.conquests:
        if state.conquerors.get(province) != player:
            state.conquerors[province] = player
            ev.public("conqueror", player=player, province=province)
    _next_conquest(state, ev)


def _next_conquest(state: GameState, ev: EventLog) -> None:
    m = _m(state)
    if m.conquests:
        assert m.current is not None
        add_prompt(state, "conquest", m.current, province=m.conquests[0])
    else:
        _end_turn(state, ev)


def _built_slots(state: GameState, province: str) -> list[int]:
    return [i for i, b in enumerate(state.built[province]) if b]


def _conquest_legal(state: GameState, prompt: Prompt) -> list[Action]:
    player, province = prompt.player, prompt.data["province"]
    slots = state.board.provinces[province].slots
    built = _built_slots(state, province)
    out: list[Action] = []
    for i in built:
        rewards = ("coin", "legendary") if slots[i].kind == "legendary_city" else ("",)
        out.extend(Conquer(player, province, "pillage", (i,), r) for r in rewards)
    for k in range(1, min(len(built), units_in(state, province, player)) + 1):
        out.extend(Conquer(player, province, "occupy", c) for c in combinations(built, k))
    if province not in capital_provinces():
        out.append(Conquer(player, province, "influence"))
    out.append(Conquer(player, province, "none"))
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
    wanted: tuple[str, ...] = ("",)
    if action.option == "pillage" and slots[action.slots[0]].kind == "legendary_city":
        wanted = ("coin", "legendary")
    if action.reward not in wanted:
        raise IllegalAction(f"reward must be one of {list(wanted)}", code="bad_reward",
                            allowed=list(wanted))
    if action.option == "occupy" and len(action.slots) > units_in(state, province, action.player):
        raise IllegalAction("one unit per occupied building", code="too_many_slots",
                            units=units_in(state, province, action.player))
    if action.option == "influence" and province in capital_provinces():
        raise IllegalAction("a capital's province is never converted (4.6)",
                            code="capital_province", province=province)


def _conquest_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, Conquer)
    player, province = action.player, action.province
    remove_prompt(state, prompt)
    _m(state).conquests.remove(province)
    conv = state.conversions.get(province)
    since = conv["round"] if conv is not None and conv["player"] == player else state.round
    # A new choice replaces what he held in the province (4.3: he chooses again each turn).
    _release(state, province, player)
    if action.option == "pillage":
        _pillage(state, player, province, action.slots[0], action.reward, ev)
    elif action.option == "occupy":
        for i in action.slots:
            state.occupant[province][i] = player
    elif action.option == "influence":
        state.conversions[province] = {"player": player, "round": since}
    if action.option != "pillage":
        ev.public("conquest", player=player, province=province, option=action.option,
                  slots=list(action.slots))
    _next_conquest(state, ev)


def _pillage(state: GameState, player: str, province: str, slot: int, reward: str,
             ev: EventLog) -> None:
    """4.3.1: the building returns to the supply; city/capital 1 coin, caravan its commodity,
    legendary city a coin or a legendary commodity, temple/market nothing."""
    printed = state.board.provinces[province].slots[slot]
    state.built[province][slot] = False
    state.occupant[province][slot] = None
    gained = ""
    if printed.kind in ("city", "capital") or (
        printed.kind == "legendary_city" and reward == "coin"
    ):
        gained = COIN
    elif printed.kind == "caravan" and printed.commodity:
        gained = printed.commodity
    elif printed.kind == "legendary_city":
        token = draw_legendary(state, ev)
        if token:
            gained = token + "*"
            ev.private("pillage_drawn", (player,), player=player, token=gained)
    if gained:
        add(state.hands[player], gained)
    shown = "legendary" if gained.endswith("*") else gained
    ev.public("conquest", player=player, province=province, option="pillage", slots=[slot],
              building=printed.kind, gained=shown)


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


register(PromptHandler(kind="military_order", actions=(ChooseNext,), legal=_order_legal,
                       perform=_order_perform, check=_order_check,
                       default=lambda state, prompt: _order_legal(state, prompt)[0]))
register(PromptHandler(kind="military_turn", actions=(Move, Battle, EndTurn),
                       legal=_turn_legal, perform=_turn_perform, check=_turn_check,
                       default=_turn_default))
register(PromptHandler(kind="casualties", actions=(ChooseCasualties,), legal=_casualties_legal,
                       perform=_casualties_perform, check=_casualties_check,
                       default=lambda state, prompt: _casualties_legal(state, prompt)[0]))
register(PromptHandler(kind="conquest", actions=(Conquer,), legal=_conquest_legal,
                       perform=_conquest_perform, check=_conquest_check,
                       default=_conquest_default))
