"""Phase IV — Military (section 4; victory 6.2; rulings §3, §5, §12).

The phase opens with the decisions powers owe first (MILITARY_START: Statue de Zeus's peace).
The Military Leader names who plays next (`military_order`). The active player's turn
(`military_turn`) walks through steps — sea moves, sea battles (optional), land moves, land
battles (owed) — skipping a step that offers nothing; a step ends with `EndTurn`. Casualties are
chosen by their owner when the choice matters (`casualties`). At the end of the turn come the
conversions started in an earlier round, then a `conquest` choice in every province under another
player's influence where the active player alone has units, and the decisions powers owe then
(MILITARY_TURN_END: Reine de Saba). After the last player, victory by conquest (6.2) is checked.
What the powers change in between goes through the hook points of bot.games.mare_nostrum.hooks
(moves and battles allowed, dice and sums, pillage).

Invariant kept here: a conqueror (`state.conquerors[p]`) is the only player with units in p, and
only he occupies buildings there or holds its conversion.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import combinations, compress, repeat
from typing import Any

from ...core.rules import HookPoint, RulesModule
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
    capitals_and_legendary,
    connected_provinces,
    empires_with_units,
    enemy_units_in,
    influence_provinces,
    near_provinces,
    own_seas,
    supply_left,
    units_in,
)
from ..errors import IllegalAction
from ..events import EventLog
from ..flow import check_victory, next_in_order, next_phase
from ..hooks import (
    ATTACK_LIMITS,
    ENTRY_LIMITS,
    HITS_CANCELLED,
    LAND_ROLL,
    MILITARY_START,
    MILITARY_TURN_END,
    PILLAGE_TIMES,
    SEA_ROLL,
    AttackLimit,
    EntryLimit,
)
from ..kinds import CONQUEST_OPTIONS, MILITARY_STEPS, MilitaryStep, PillageReward, Unit
from ..prompts import PromptHandler, add_prompt, remove_prompt
from ..resources import add
from ..rules import components_of, hooks_of
from ..state import GameState, MilitaryState, Prompt
from .production import draw_legendary

# Phase Military: its phase, prompt handlers and action kinds (composed into the rules
# object by bot.games.mare_nostrum.base).
MODULE: RulesModule[GameState] = RulesModule("empires.military")


STEPS = MILITARY_STEPS
# Steps the player may end with EndTurn; land battles are owed (4.1.2).
OPTIONAL_STEPS: frozenset[MilitaryStep] = frozenset({"sea_moves", "sea_battles", "land_moves"})
# What moves in a step of moves.
STEP_UNIT: dict[MilitaryStep, Unit] = {"sea_moves": "trireme", "land_moves": "legion"}
FORTRESS_BONUS = 5
HIT_EVERY = 5


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
    for start in hooks_of(state, MILITARY_START):
        if start(state, ev):
            return
    next_player(state, ev)


def next_player(state: GameState, ev: EventLog) -> None:
    next_in_order(state, _m(state).done, "military", "military_order", _start_turn, _end_phase,
                  ev)


def _start_turn(state: GameState, player: str, ev: EventLog) -> None:
    m = _m(state)
    m.current, m.step = player, STEPS[0]
    m.moved, m.fought, m.battle, m.conquests = {}, [], None, []
    state.last_order.append(player)
    ev.public("military_turn_started", player=player)
    _advance(state, ev)


def end_turn(state: GameState, ev: EventLog) -> None:
    m = _m(state)
    player = m.current
    assert player is not None
    m.done.append(player)
    m.current = None
    # Levels are derived from the board: announce them as adjusted (4.4).
    ev.public("military_turn_ended", player=player, levels=all_levels(state))
    next_player(state, ev)


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


def _limit(state: GameState, point: HookPoint[Any], player: str
           ) -> Callable[..., IllegalAction | None] | None:
    """What the powers limit for him now as one refusal function — the first refusal of
    any — or None when none limits anything: ENTRY_LIMITS (the provinces closed to his
    legions: an EntryLimit) or ATTACK_LIMITS (who he may not fight, and where: an
    AttackLimit)."""
    found: Callable[..., IllegalAction | None] | None = None
    for hook in hooks_of(state, point):
        limit = hook(state, player)
        if limit is not None:
            found = limit if found is None else _either(found, limit)
    return found


def _either(first: Callable[..., IllegalAction | None], then: Callable[..., IllegalAction | None],
            ) -> Callable[..., IllegalAction | None]:
    def refusal(*target: str) -> IllegalAction | None:
        refused = first(*target)
        return refused if refused is not None else then(*target)
    return refusal


def _move_targets(state: GameState, player: str, unit: Unit, source: str,
                  limit: EntryLimit | None) -> set[str]:
    """Triremes: an adjacent sea. Legions: an adjacent or connected province (4.1), except the
    provinces `limit` closes (ENTRY_LIMITS)."""
    if unit == "trireme":
        return set(state.board.seas[source].seas)
    out = set(adjacent_or_connected(state, player, [source]))
    out.discard(source)
    if limit is None:
        return out
    return {p for p in out if limit(p) is None}


def _reachable(state: GameState, move: Move) -> bool:
    """move.target adjacent or connected (_move_targets without limits: _check_move tests them
    first), testing the neighbours before any trireme chain."""
    board = state.board
    if move.unit == "trireme":
        return move.target in board.seas[move.source].seas
    if move.target == move.source:
        return False
    return move.target in board.provinces[move.source].neighbours or move.target in (
        connected_provinces(state, move.player, [move.source]))


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
    limit = _limit(state, ENTRY_LIMITS, player) if unit == "legion" else None
    if limit is not None:  # a power closes provinces to him: the targets depend on it
        for src in sorted(sources, key=order.__getitem__):
            targets = frozenset(_move_targets(state, player, unit, src, limit))
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
    """The moves from one source on one board when no power limits them, for the seas
    holding his triremes."""
    if unit == "trireme":
        targets = frozenset(board(board_key).seas[source].seas)
    else:  # _move_targets without limits
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
    limit = _limit(state, ENTRY_LIMITS, player)
    if limit is None and any(provinces[src].neighbours for src in sources):
        return True  # only an island's legions need a trireme chain to move
    return any(_move_targets(state, player, unit, src, limit) for src in sources)


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


def _opponents(state: GameState, player: str, area: str, limit: AttackLimit | None
               ) -> list[str]:
    """Who he may fight there: the others present, but those `limit` forbids
    (ATTACK_LIMITS)."""
    return [o for o in _present(state, area)
            if o != player and (limit is None or limit(o, area) is None)]


def _battles(state: GameState, player: str, land: bool) -> list[Action]:
    areas = _battle_areas(state, player, land)
    if not areas:
        return []
    order = area_order(state.board_key)
    limit = _limit(state, ATTACK_LIMITS, player)
    out: list[Action] = []
    for area in sorted(areas, key=order.__getitem__):
        out.extend(interned(Battle, player, area, o)
                   for o in _opponents(state, player, area, limit))
    return out


def _has_battle(state: GameState, player: str, land: bool) -> bool:
    """bool(_battles(...)), stopping at the first battle found."""
    areas = _battle_areas(state, player, land)
    if not areas:
        return False
    limit = _limit(state, ATTACK_LIMITS, player)
    if limit is not None:  # a power forbids some battles
        return any(_opponents(state, player, area, limit) for area in areas)
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
    limit = _limit(state, ENTRY_LIMITS, action.player) if action.unit == "legion" else None
    refused = limit(action.target) if limit is not None else None
    if refused is not None:
        raise refused
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
    limit = _limit(state, ATTACK_LIMITS, action.player)
    refused = limit(action.opponent, action.area) if limit is not None else None
    if refused is not None:
        raise refused


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
        review_conqueror(state, action.source, ev, "move")


# --- battles (4.2, rulings §3) ------------------------------------------------------------

def _roll_side(state: GameState, area: str, player: str, active: bool) -> dict[str, Any]:
    """One side's roll: a die per unit (legions, or triremes at sea), the fortress's +5, and
    what powers add (LAND_ROLL, SEA_ROLL): extra dice, a bonus on each unit die, an amount
    added to the sum."""
    if state.board.is_province(area):
        units = state.legions.get(area, {}).get(player, 0)
        fortress = player in state.fortresses.get(area, [])
        faces, point = components_of(state).land_dice, LAND_ROLL
    else:
        units = state.triremes.get(area, {}).get(player, 0)
        fortress, faces, point = False, components_of(state).sea_dice, SEA_ROLL
    bonus = extra = added = 0
    for hook in hooks_of(state, point):
        more = hook(state, player, area, active)
        if more is not None:
            extra, bonus, added = extra + more.dice, bonus + more.per_die, added + more.added
    count = units + extra
    dice = rng.roll(state, count, faces) if count else []
    # The bonus per die applies to the units' dice only, not to the extra dice.
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
    # Each takes the other's hits, less those cancelled: one by his fortress (rulings §3), as
    # powers change it (HITS_CANCELLED).
    cancels = hooks_of(state, HITS_CANCELLED)
    for side, other in ((attacker, defender), (defender, attacker)):
        cancelled = 1 if side["fortress"] else 0
        for hook in cancels:
            cancelled = hook(cancelled, state, side["player"], other["player"], area)
        side["taken"] = max(0, other["hits"] - cancelled)
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
        remove_units(state, area, player, lost, False, ev)
        return
    legions = state.legions.get(area, {}).get(player, 0)
    fortress = player in state.fortresses.get(area, [])
    remove_units(state, area, player, min(hits, legions), fortress and hits > legions, ev)


def remove_units(state: GameState, area: str, player: str, units: int, fortress: bool,
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
        review_conqueror(state, area, ev, "battle")
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
    remove_units(state, area, action.player, action.legions, action.fortress, ev)
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
    if province in capital_provinces() or supply_left(state, player, "influence") <= 0:
        return False
    return province in adjacent_or_connected(state, player, influence_provinces(state, player))


def _convert(state: GameState, player: str, ev: EventLog) -> None:
    for province in [p for p in state.conversions if _conversion_ready(state, player, p)]:
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
    else:
        for before in hooks_of(state, MILITARY_TURN_END):
            if before(state, m.current or "", ev):
                return
        end_turn(state, ev)


def _pillage_times(state: GameState, player: str) -> int:
    """How many times a building he pillages gives its reward (PILLAGE_TIMES: Hamilcar)."""
    times = 1
    for hook in hooks_of(state, PILLAGE_TIMES):
        times = hook(times, state, player)
    return times


def _rewards(state: GameState, player: str, kind: str) -> tuple[PillageReward, ...]:
    """A legendary city pillaged gives a coin or a legendary commodity; given more than once
    (Hamilcar), both, so there is nothing to choose."""
    if kind == "legendary_city" and _pillage_times(state, player) < 2:
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
