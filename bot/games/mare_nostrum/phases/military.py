"""Phase IV — Military (section 4; victory 6.2; the heroes and wonders of Phase IV, section 8:
CÉSAR, PÉRICLÈS, HAMILCAR, NABUCHODONOSOR, RAMSÈS II, REINE DE SABA, STATUE DE ZEUS; rulings §3,
§5, §12).

The phase opens with the STATUE DE ZEUS owner's peace choice (`zeus_peace`), if any.
The Military Leader names who plays next (`military_order`). The active player's turn
(`military_turn`) walks through steps — sea moves, sea battles (optional), land moves, land
battles (owed) — skipping a step that offers nothing; a step ends with `EndTurn`. Casualties are
chosen by their owner when the choice matters (`casualties`). At the end of the turn come the
conversions started in an earlier round, then a `conquest` choice in every province under another
player's influence where the active player alone has units, and REINE DE SABA's immediate
conversion (`sheba`). After the last player, victory by conquest (6.2) is checked.

Invariant kept here: a conqueror (`state.conquerors[p]`) is the only player with units in p, and
only he occupies buildings there or holds its conversion.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, compress, repeat
from typing import Any, ClassVar

from ...core.rules import RulesModule
from .. import rng
from ..actions import (
    Action,
    Battle,
    ChooseCasualties,
    ChooseNext,
    Conquer,
    EndTurn,
    Move,
    interned,
)
from ..board import COIN, board, empire_setups
from ..control import (
    adjacent_or_connected,
    all_levels,
    area_order,
    capital_province,
    capitals_and_legendary,
    connected_provinces,
    empires_with_units,
    enemy_units_in,
    has_power,
    influence_provinces,
    near_provinces,
    own_seas,
    supply_left,
    units_in,
)
from ..errors import IllegalAction
from ..events import EventLog
from ..flow import check_victory, next_in_order, next_phase
from ..kinds import CONQUEST_OPTIONS, MILITARY_STEPS, MilitaryStep, PillageReward, Unit
from ..prompts import PromptHandler, add_prompt, remove_prompt
from ..resources import add
from ..rules import components_of
from ..state import GameState, MilitaryState, Prompt
from .production import draw_legendary

# Phase Military: its phase, prompt handlers and action kinds (composed into the rules
# object by bot.games.mare_nostrum.base).
MODULE: RulesModule[GameState] = RulesModule("empires.military")


@dataclass(frozen=True, slots=True)
class DeclarePeace(Action):
    """STATUE DE ZEUS, at the start of the Military phase: the player declared at peace with
    its owner ("" = no peace this round)."""

    kind: ClassVar[str] = "declare_peace"
    ally: str = ""


@dataclass(frozen=True, slots=True)
class ConvertNow(Action):
    """REINE DE SABA, once a turn: convert at once a province whose influence marker he
    occupies, sacrificing the legion on it ("" = no conversion this turn)."""

    kind: ClassVar[str] = "convert_now"
    province: str = ""


MODULE.action(DeclarePeace)
MODULE.action(ConvertNow)

STEPS = MILITARY_STEPS
# Steps the player may end with EndTurn; land battles are owed (4.1.2).
OPTIONAL_STEPS: frozenset[MilitaryStep] = frozenset({"sea_moves", "sea_battles", "land_moves"})
# What moves in a step of moves.
STEP_UNIT: dict[MilitaryStep, Unit] = {"sea_moves": "trireme", "land_moves": "legion"}
# Bonus added to each land battle die: hero -> (when its owner is active, when he is not).
LAND_DIE_BONUS: dict[str, tuple[int, int]] = {"caesar": (1, 0), "pericles": (0, 2)}
FORTRESS_BONUS = 5
HIT_EVERY = 5
# NABUCHODONOSOR: added to its owner's sum in a land battle in a province under his influence.
INFLUENCE_BONUS = 5


def _m(state: GameState) -> MilitaryState:
    assert state.military is not None, "not in the Military phase"
    return state.military


def capital_provinces() -> frozenset[str]:
    """Provinces whose influence marker is printed (4.6): never converted."""
    return frozenset(e.capital_province for e in empire_setups().values())


# --- the order of play -------------------------------------------------------------------

@MODULE.phase("military")
def enter(state: GameState, ev: EventLog) -> None:
    state.military = MilitaryState()
    # The order the Military Leader chooses is the latest one (tie-break of rulings §8).
    state.last_order = []
    # Only the previous round's peace matters from now on ("le tour précédent").
    state.peace = [e for e in state.peace if e["round"] >= state.round - 1]
    _zeus_next(state, [p for p in state.players if has_power(state, p, "zeus")], ev)


# --- STATUE DE ZEUS (section 8) ----------------------------------------------------------

def at_peace(state: GameState, a: str, b: str) -> bool:
    """A peace declared this round binds its two players for this round's Military phase."""
    if not state.peace or a == b:  # no peace: the usual case, on a hot path
        return False
    return any(e["round"] == state.round and a in e["players"] and b in e["players"]
               for e in state.peace)


def _allies(state: GameState, player: str) -> list[str]:
    """The players at peace with him this round, in seat order."""
    if not state.peace:
        return []
    bound = {p for e in state.peace if e["round"] == state.round and player in e["players"]
             for p in e["players"]}
    return [o for o in state.players if o in bound and o != player]


def _peace_options(state: GameState, owner: str) -> list[str]:
    """The players he was not at peace with in the previous round, and not yet this round."""
    def was(o: str) -> bool:
        return any(e["round"] >= state.round - 1 and set(e["players"]) == {owner, o}
                   for e in state.peace)
    return [o for o in state.players if o != owner and not was(o)]


def _zeus_next(state: GameState, owners: list[str], ev: EventLog) -> None:
    """Each owner of the power (in seat order) chooses; then the order of play."""
    if owners:
        add_prompt(state, "zeus_peace", owners[0], options=_peace_options(state, owners[0]),
                   later=owners[1:])
    else:
        _next_player(state, ev)


def _zeus_legal(state: GameState, prompt: Prompt) -> list[Action]:
    out: list[Action] = [DeclarePeace(prompt.player, o) for o in prompt.data["options"]]
    return [*out, DeclarePeace(prompt.player, "")]


def _zeus_check(state: GameState, prompt: Prompt, action: Action) -> None:
    assert isinstance(action, DeclarePeace)
    if action.ally and action.ally not in prompt.data["options"]:
        other = action.ally in state.players and action.ally != action.player
        code = "peace_last_round" if other else "bad_ally"
        raise IllegalAction(f"no peace possible with {action.ally!r}", code=code,
                            ally=action.ally, options=list(prompt.data["options"]))


def _zeus_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, DeclarePeace)
    remove_prompt(state, prompt)
    if action.ally:
        state.peace.append({"players": [action.player, action.ally], "round": state.round})
        ev.public("peace_declared", player=action.player, ally=action.ally)
        _separate(state, action.player, action.ally, ev)
    else:
        ev.public("no_peace", player=action.player)
    _zeus_next(state, list(prompt.data["later"]), ev)


def _separate(state: GameState, owner: str, ally: str, ev: EventLog) -> None:
    """Each one's units in provinces under the other's influence go back to their capital's
    province; where both have units in a province of neither, both go back (neither may
    "rester" there)."""
    leaving: list[tuple[str, str]] = []
    for province in state.board.provinces:
        here = empires_with_units(state, province)
        holder = state.influence.get(province)
        for who, other in ((owner, ally), (ally, owner)):
            if who in here and (holder == other or (holder not in (owner, ally)
                                                    and other in here)):
                leaving.append((who, province))
    for who, province in leaving:
        _send_home(state, who, province, ev)


def _send_home(state: GameState, who: str, province: str, ev: EventLog) -> None:
    """Legions go to his capital's province; a fortress too when he has none there, else it
    returns to his supply."""
    home = capital_province(who)
    legions = state.legions.get(province, {}).pop(who, 0)
    if legions:
        dst = state.legions.setdefault(home, {})
        dst[who] = dst.get(who, 0) + legions
    fortress = ""
    if who in state.fortresses.get(province, []):
        state.fortresses[province].remove(who)
        fortress = "supply"
        if who not in state.fortresses.get(home, []):
            state.fortresses.setdefault(home, []).append(who)
            fortress = "capital"
    ev.public("sent_home", player=who, province=province, home=home, legions=legions,
              fortress=fortress)
    _review_conqueror(state, province, ev, "move")


def _blocked_by_peace(state: GameState, player: str, province: str,
                      allies: list[str] | None = None) -> str | None:
    """The ally whose influence marker or units forbid entering this province, if any.
    `allies`: _allies(state, player), when the caller already has them."""
    if not state.peace:  # the usual case, on the hot path of move generation
        return None
    for ally in _allies(state, player) if allies is None else allies:
        if state.influence.get(province) == ally or units_in(state, province, ally):
            return ally
    return None


def _next_player(state: GameState, ev: EventLog) -> None:
    next_in_order(state, _m(state).done, "military", "military_order", _start_turn, _end_phase,
                  ev)


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
    ev.public("military_phase_ended", capitals_and_legendary=counts)
    state.military = None
    if not check_victory(state, "end_of_military", ev):
        next_phase(state, ev)


@MODULE.victory("conquest (6.2)", "end_of_military")
def _conquest_victory(state: GameState, ev: EventLog) -> tuple[list[str], str] | None:
    """6.2: at the end of the Military phase, whoever holds 4 capitals and legendary cities
    (his own included) wins; several together if several do."""
    winners = [p for p in state.players if capitals_and_legendary(state, p) >= 4]
    return (winners, "conquest") if winners else None


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


def _move_targets(state: GameState, player: str, unit: Unit, source: str) -> set[str]:
    """Triremes: an adjacent sea. Legions: an adjacent or connected province (4.1), except the
    provinces of an ally at peace or holding his units (STATUE DE ZEUS)."""
    if unit == "trireme":
        return set(state.board.seas[source].seas)
    out = set(adjacent_or_connected(state, player, [source]))
    out.discard(source)
    allies = _allies(state, player)
    if not allies:
        return out
    return {p for p in out if _blocked_by_peace(state, player, p, allies) is None}


def _reachable(state: GameState, move: Move) -> bool:
    """move.target in _move_targets(...), testing the neighbours before any trireme chain."""
    board = state.board
    if move.unit == "trireme":
        return move.target in board.seas[move.source].seas
    if move.target == move.source:
        return False
    if move.target not in board.provinces[move.source].neighbours and move.target not in (
            connected_provinces(state, move.player, [move.source])):
        return False
    return _blocked_by_peace(state, move.player, move.target) is None


def _movable_sources(state: GameState, player: str, unit: Unit) -> list[str]:
    """The areas where the player has a unit of this kind that has not moved."""
    pool = state.triremes if unit == "trireme" else state.legions
    moved = _m(state).moved
    # Where he has units, found at C speed (the pools hold every area), then the moved ones.
    held = compress(pool, map(dict.get, pool.values(), repeat(player)))
    return [src for src in held if pool[src][player] > moved.get(src, 0)]


def _moves(state: GameState, player: str, unit: Unit) -> list[Action]:
    sources = _movable_sources(state, player, unit)
    if not sources:
        return []
    key = state.board_key
    order = area_order(key)
    out: list[Action] = []
    if state.peace and _allies(state, player):  # Statue de Zeus: targets depend on the peace
        for src in sorted(sources, key=order.__getitem__):
            targets = frozenset(_move_targets(state, player, unit, src))
            out.extend(_moves_to(player, unit, src, targets, key))
        return out
    # Otherwise a source's moves depend only on the seas his triremes hold (legions).
    fleet = own_seas(state, player) if unit == "legion" else frozenset()
    for src in sorted(sources, key=order.__getitem__):
        out.extend(_moves_from(player, unit, src, fleet, key))
    return out


@lru_cache(maxsize=8192)
def _moves_from(player: str, unit: Unit, source: str, fleet: frozenset[str],
                board_key: str) -> tuple[Move, ...]:
    """The moves from one source on one board when no peace applies, for the seas holding
    his triremes."""
    if unit == "trireme":
        targets = frozenset(board(board_key).seas[source].seas)
    else:  # _move_targets without peace
        targets = near_provinces(board_key, (source,), fleet) - {source}
    return _moves_to(player, unit, source, targets, board_key)


@lru_cache(maxsize=8192)
def _moves_to(player: str, unit: Unit, source: str, targets: frozenset[str],
              board_key: str) -> tuple[Move, ...]:
    """The moves from one source, in the board's order (the legal list is stable whatever the
    sets' order). Cached: a unit's targets are mostly the same from turn to turn."""
    order = area_order(board_key)
    return tuple(Move(player, unit, source, t) for t in sorted(targets, key=order.__getitem__))


def _has_moves(state: GameState, player: str, unit: Unit) -> bool:
    """Whether _moves would offer anything (without listing every move)."""
    sources = _movable_sources(state, player, unit)
    if not sources:
        return False
    if unit == "trireme":  # every sea has a neighbour
        return True
    provinces = state.board.provinces
    if not state.peace and any(provinces[src].neighbours for src in sources):
        return True  # only an island's legions need a trireme chain to move
    return any(_move_targets(state, player, unit, src) for src in sources)


def _present(state: GameState, area: str) -> list[str]:
    """Players with units that fight in an area: triremes at sea; legions or a fortress on
    land."""
    if state.board.is_sea(area):
        return [e for e in state.players if state.triremes.get(area, {}).get(e, 0) > 0]
    return empires_with_units(state, area)


def _battle_areas(state: GameState, player: str, land: bool) -> set[str]:
    """Where he has units (a fortress counts on land) and has not fought this turn: the only
    areas where he may start a battle."""
    units = state.legions if land else state.triremes
    mine = set(compress(units, map(dict.get, units.values(), repeat(player))))
    if land:
        mine.update(a for a, lst in state.fortresses.items() if player in lst)
    mine.difference_update(_m(state).fought)
    return mine


def _opponents(state: GameState, player: str, area: str) -> list[str]:
    return [o for o in _present(state, area) if o != player and not at_peace(state, player, o)]


def _battles(state: GameState, player: str, land: bool) -> list[Action]:
    order = area_order(state.board_key)
    out: list[Action] = []
    for area in sorted(_battle_areas(state, player, land), key=order.__getitem__):
        out.extend(interned(Battle, player, area, o) for o in _opponents(state, player, area))
    return out


def _has_battle(state: GameState, player: str, land: bool) -> bool:
    """bool(_battles(...)), stopping at the first battle found."""
    areas = _battle_areas(state, player, land)
    if state.peace:  # Statue de Zeus: some enemies may not be fought
        return any(_opponents(state, player, area) for area in areas)
    if land:
        return any(enemy_units_in(state, area, player) for area in areas)
    triremes = state.triremes
    for area in areas:
        for e, n in triremes[area].items():
            if n and e != player:
                return True
    return False


def _step_actions(state: GameState, player: str, step: MilitaryStep) -> list[Action]:
    """What the step offers besides EndTurn (empty: the step is skipped)."""
    if step == "sea_moves":
        return _moves(state, player, "trireme")
    if step == "land_moves":
        return _moves(state, player, "legion")
    if step in ("sea_battles", "land_battles"):
        return _battles(state, player, land=step == "land_battles")
    return []


def _step_offers(state: GameState, player: str, step: MilitaryStep) -> bool:
    """bool(_step_actions(...)), without listing every move."""
    if step == "sea_moves":
        return _has_moves(state, player, "trireme")
    if step == "land_moves":
        return _has_moves(state, player, "legion")
    if step in ("sea_battles", "land_battles"):
        return _has_battle(state, player, land=step == "land_battles")
    return False


def _drop_turn_prompt(state: GameState) -> None:
    state.prompts = [p for p in state.prompts if p.kind != "military_turn"]


def _advance(state: GameState, ev: EventLog) -> None:
    """(Re)open the current step, skipping those that offer nothing; then the conquests."""
    m = _m(state)
    player = m.current
    assert player is not None
    _drop_turn_prompt(state)
    while m.step != "conquest":
        if _step_offers(state, player, m.step):
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


def _check_move(state: GameState, action: Move, step: MilitaryStep) -> None:
    board = state.board
    if action.unit not in ("trireme", "legion"):
        raise IllegalAction(f"unknown unit {action.unit!r}", code="bad_move", unit=action.unit)
    expected = STEP_UNIT.get(step)
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
    ally = _blocked_by_peace(state, action.player, action.target)
    if action.unit == "legion" and ally is not None:
        raise IllegalAction(f"at peace with {ally}: {action.target} is closed", code="at_peace",
                            target=action.target, ally=ally)
    if not _reachable(state, action):
        raise IllegalAction(f"{action.target} is not reachable from {action.source}",
                            code="bad_move", source=action.source, target=action.target)


def _check_battle(state: GameState, action: Battle, step: MilitaryStep) -> None:
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
    if at_peace(state, action.player, action.opponent):
        raise IllegalAction(f"at peace with {action.opponent}", code="at_peace",
                            opponent=action.opponent)


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
    """CÉSAR (+1 when active) and PÉRICLÈS (+2 when not), per legion die."""
    return sum(b[0] if active else b[1] for h, b in LAND_DIE_BONUS.items()
               if has_power(state, player, h))


def _land_extras(state: GameState, area: str, player: str) -> tuple[int, int]:
    """(extra dice, added to the sum): RAMSÈS II's extra die and NABUCHODONOSOR's +5 in a
    province under his influence — both only with a unit of his there."""
    if units_in(state, area, player) == 0:
        return 0, 0
    extra = 1 if has_power(state, player, "ramesses") else 0
    mine = state.influence.get(area) == player
    added = INFLUENCE_BONUS if mine and has_power(state, player, "nebuchadnezzar") else 0
    return extra, added


def _roll_side(state: GameState, area: str, player: str, active: bool) -> dict[str, Any]:
    land = state.board.is_province(area)
    extra = added = 0
    if land:
        units = state.legions.get(area, {}).get(player, 0)
        fortress = player in state.fortresses.get(area, [])
        bonus = _die_bonus(state, player, active)
        extra, added = _land_extras(state, area, player)
        faces = components_of(state).land_dice
    else:
        units = state.triremes.get(area, {}).get(player, 0)
        fortress, bonus, faces = False, 0, components_of(state).sea_dice
    count = units + extra
    dice = rng.roll(state, count, faces) if count else []
    # The per-legion bonus applies to the legions' dice only, not to RAMSÈS II's extra die.
    modifier = bonus * units + (FORTRESS_BONUS if fortress else 0) + added
    total = sum(dice) + modifier
    return {"player": player, "units": units, "dice": dice, "die_bonus": bonus,
            "extra_dice": extra, "influence_bonus": added, "fortress": fortress,
            "modifier": modifier, "sum": total, "hits": total // HIT_EVERY}


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
        ev.public("converted", **_replace_marker(state, player, province))


def _replace_marker(state: GameState, player: str, province: str) -> dict[str, Any]:
    """His influence marker replaces the previous one; the conquest there is over."""
    previous = state.influence.get(province)
    state.influence[province] = player
    del state.conversions[province]
    del state.conquerors[province]
    occ = state.occupant.get(province, [])
    for i in range(len(occ)):
        occ[i] = None
    return {"player": player, "province": province, "previous": previous}


# --- REINE DE SABA (section 8, 4.3.3) -----------------------------------------------------

def _sheba_provinces(state: GameState, player: str) -> list[str]:
    """Where he may convert at once: he holds the marker (so he is its conqueror), a legion of
    his stands on it, the province is adjacent or connected to his empire, not a capital's, and
    he has an influence marker left. The round's wait of 4.3.3 is what the power waives."""
    if not player or not has_power(state, player, "sheba"):
        return []
    if supply_left(state, player, "influence") <= 0:
        return []
    reach = adjacent_or_connected(state, player, influence_provinces(state, player))
    return [
        p for p in state.board.provinces
        if (c := state.conversions.get(p)) is not None and c["player"] == player
        and state.conquerors.get(p) == player and state.legions.get(p, {}).get(player, 0) > 0
        and p not in capital_provinces() and p in reach
    ]


def _sheba_legal(state: GameState, prompt: Prompt) -> list[Action]:
    options = _sheba_provinces(state, prompt.player)
    out: list[Action] = [ConvertNow(prompt.player, p) for p in options]
    return [*out, ConvertNow(prompt.player, "")]


def _sheba_check(state: GameState, prompt: Prompt, action: Action) -> None:
    assert isinstance(action, ConvertNow)
    options = _sheba_provinces(state, prompt.player)
    if action.province and action.province not in options:
        raise IllegalAction(f"no immediate conversion possible in {action.province!r}",
                            code="not_convertible", province=action.province,
                            options=options)


def _sheba_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, ConvertNow)
    remove_prompt(state, prompt)
    if action.province:
        # The legion on the marker is sacrificed: back to his supply.
        _remove_units(state, action.province, action.player, 1, False, ev)
        ev.public("converted", power="sheba", **_replace_marker(state, action.player,
                                                                  action.province))
    _end_turn(state, ev)


def _conquerable(state: GameState, player: str, province: str) -> bool:
    owner = state.influence.get(province)
    return (owner is not None and owner != player
            and empires_with_units(state, province) == [player])


def _conquest_step(state: GameState, ev: EventLog) -> None:
    m = _m(state)
    player = m.current
    assert player is not None
    _convert(state, player, ev)
    # Only where he has legions or a fortress can he be alone (board order kept).
    mine = {p for p, d in state.legions.items() if d.get(player)}
    mine.update(p for p, lst in state.fortresses.items() if player in lst)
    m.conquests = [p for p in state.board.provinces
                   if p in mine and _conquerable(state, player, p)]
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
    elif _sheba_provinces(state, m.current or ""):
        add_prompt(state, "sheba", m.current or "")
    else:
        _end_turn(state, ev)


def _rewards(state: GameState, player: str, kind: str) -> tuple[PillageReward, ...]:
    """A legendary city pillaged gives a coin or a legendary commodity; with HAMILCAR both,
    so there is nothing to choose."""
    if kind == "legendary_city" and not has_power(state, player, "hamilcar"):
        return ("coin", "legendary")
    return ("",)


def _built_slots(state: GameState, province: str) -> list[int]:
    return [i for i, b in enumerate(state.built[province]) if b]


def _conquest_legal(state: GameState, prompt: Prompt) -> list[Action]:
    player, province = prompt.player, prompt.data["province"]
    slots = state.board.provinces[province].slots
    built = _built_slots(state, province)
    out: list[Action] = []
    for i in built:
        rewards = _rewards(state, player, slots[i].kind)
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
    wanted: tuple[PillageReward, ...] = ("",)
    if action.option == "pillage":
        wanted = _rewards(state, action.player, slots[action.slots[0]].kind)
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


def _pillage(state: GameState, player: str, province: str, slot: int, reward: PillageReward,
             ev: EventLog) -> None:
    """4.3.1: the building returns to the supply; city/capital 1 coin, caravan its commodity,
    legendary city a coin or a legendary commodity, temple/market nothing. HAMILCAR doubles:
    2 coins, 2 commodities, or a coin and a legendary commodity."""
    printed = state.board.provinces[province].slots[slot]
    state.built[province][slot] = False
    state.occupant[province][slot] = None
    times = 2 if has_power(state, player, "hamilcar") else 1
    gains: list[str] = []
    if printed.kind in ("city", "capital"):
        gains = [COIN] * times
    elif printed.kind == "caravan" and printed.commodity:
        gains = [printed.commodity] * times
    elif printed.kind == "legendary_city":
        if times == 2 or reward == "coin":
            gains.append(COIN)
        token = draw_legendary(state, ev) if times == 2 or reward == "legendary" else None
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


MODULE.handler(PromptHandler(kind="zeus_peace", actions=(DeclarePeace,), legal=_zeus_legal,
                             perform=_zeus_perform, check=_zeus_check,
                             default=lambda state, prompt: DeclarePeace(prompt.player, "")))
MODULE.handler(PromptHandler(kind="sheba", actions=(ConvertNow,), legal=_sheba_legal,
                             perform=_sheba_perform, check=_sheba_check,
                             default=lambda state, prompt: ConvertNow(prompt.player, "")))
MODULE.handler(PromptHandler(kind="military_order", actions=(ChooseNext,), legal=_order_legal,
                             perform=_order_perform, check=_order_check,
                             default=lambda state, prompt: _order_legal(state, prompt)[0]))
MODULE.handler(PromptHandler(kind="military_turn", actions=(Move, Battle, EndTurn),
                             legal=_turn_legal, perform=_turn_perform, check=_turn_check,
                             default=_turn_default))
MODULE.handler(PromptHandler(kind="casualties", actions=(ChooseCasualties,),
                             legal=_casualties_legal, perform=_casualties_perform,
                             check=_casualties_check,
                             default=lambda state, prompt: _casualties_legal(state, prompt)[0]))
MODULE.handler(PromptHandler(kind="conquest", actions=(Conquer,), legal=_conquest_legal,
                             perform=_conquest_perform, check=_conquest_check,
                             default=_conquest_default))
