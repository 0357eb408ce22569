"""2003 Military phase («PHASE MILITAIRE», 003 l.306–346; mn2003.md §A.6, §A.7, C-19 …
C-25): the Chef militaire names who plays next; in his turn a player first sails his
triremes (one step each, optional sea battles), then marches his legions, each fight fought
at once on entering; units left in a province at war must fight; at the end of his turn he
sacks, occupies or converts where he alone stands in another's province."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar, Literal

from ....core.actions import interned
from ....core.rules import RulesModule
from ... import rng
from ...actions import Action, Battle, ChooseNext, EndTurn
from ...errors import IllegalAction
from ...events import EventLog
from ...flow import next_in_order, next_phase
from ...prompts import PromptHandler, add_prompt, remove_prompt
from ...state import GameState, MilitaryState, Prompt
from . import tables
from .construction import order_handler
from .data import BOARD_KEY, TAX
from .facts import Facts
from .geography import icon, is_sea, sea_neighbours, seas_of
from .hooks import (
    BATTLE,
    BATTLE_HITS,
    BATTLE_ROLLED,
    BATTLE_STARTING,
    BATTLE_TOTALS,
    COMBAT_FORBIDDEN,
    CONQUEST_OPTIONS,
    DICE_FIXED,
    HIT_POINTS,
    LAND_DIE_BONUS,
    LAND_STEP_ENDING,
    LEGION_ENTERS,
    MARCH_SEAS,
    MARCH_STARTING,
    MILITARY_ACTIONS,
    MILITARY_PERFORM,
    SACK_REWARD,
    SEA_DIE_BONUS,
    hooks_for,
)
from .pieces import enemies_at, fortresses_at, legions_at, present, province_buildings, troops_at
from .placement import chain_linked, linked, trireme_seas
from .substate import sub

MODULE: RulesModule[GameState] = RulesModule("mn2003.military")
DIE = (1, 2, 3, 4, 5, 6)
FORTRESS_DIE = 6  # «le dé qu'on doit lancer pour elles obtient un résultat automatique de 6»
HIT = 5  # «élimine 1 unité adverse pour chaque tranche de 5 points totalisés»
ConquestChoice = Literal["sack", "occupy", "convert", "none"]


@dataclass(frozen=True, slots=True)
class Sail(Action):
    """One trireme one step: from the province where it was built, or a sea, to an adjacent
    sea (A.6.1)."""

    kind: ClassVar[str] = "sail_trireme"
    source: str
    target: str


@dataclass(frozen=True, slots=True)
class March(Action):
    """`count` legions from one province to an adjacent one (border or his trireme chain);
    entering enemy units fights `opponent` at once."""

    kind: ClassVar[str] = "march"
    source: str
    target: str
    count: int
    opponent: str = ""


@dataclass(frozen=True, slots=True)
class LoseUnits(Action):
    """The units a hit player loses (he chooses, A.6.2): legions and fortresses."""

    kind: ClassVar[str] = "lose_units"
    legions: int
    fortresses: int


@dataclass(frozen=True, slots=True)
class Conquer2003(Action):
    """A.7: sack one building (`building`: "city:i", "caravan:i", "temple", "market"),
    occupy, convert, or nothing."""

    kind: ClassVar[str] = "conquer_2003"
    province: str
    option: ConquestChoice
    building: str = ""


def _mil(state: GameState) -> MilitaryState:
    assert state.military is not None
    return state.military


def _count(state: GameState, area: str, player: str) -> int:
    """His triremes at sea, his legions in a province (legions_at)."""
    units = state.triremes if is_sea(area, state.board_key) else state.legions
    found = units.get(area)
    return found.get(player, 0) if found else 0


def movable(state: GameState, area: str, player: str) -> int:
    """M-04: each unit moves once, before it fights."""
    n = _count(state, area, player) - sub(state).moved.get(area, 0)
    return n if n > 0 else 0


def fightable(state: GameState, area: str, player: str) -> tuple[int, int]:
    """His legions (triremes at sea) and fortresses in an area that have not fought."""
    part = sub(state)
    units = max(0, _count(state, area, player) - part.fought.get(area, 0))
    forts = (
        0
        if is_sea(area, state.board_key) or area in part.fortress_fought
        else fortresses_at(state, area, player)
    )
    return units, forts


def sea_enemies(state: GameState, sea: str, player: str) -> list[str]:
    return sorted(o for o, n in state.triremes.get(sea, {}).items() if n and o != player)


# --- the sea step (M-02) -------------------------------------------------------------------


def _sails(state: GameState, player: str, fleet: list[str]) -> list[Action]:
    # fleet: _fleet_seas, read once for the sea step's listing.
    out: list[Action] = []
    key = state.board_key
    for pid, d in sorted(sub(state).docked.items()):
        if d.get(player):
            out += _sails_from(player, pid, key)
    for sea in fleet:
        if movable(state, sea, player):
            out += _sails_from(player, sea, key)
    return out


@lru_cache(maxsize=4096)
def _sails_from(player: str, area: str, key: str) -> tuple[Sail, ...]:
    """His sails from an area, made once: to each adjacent sea (a province: its seas)."""
    ahead = sea_neighbours(area, key) if is_sea(area, key) else seas_of(area, key)
    return tuple(interned(Sail, player, area, s) for s in ahead)


def _fleet_seas(state: GameState, player: str) -> list[str]:
    """The seas holding his triremes, sorted (most seas hold none of his)."""
    return sorted([s for s, d in state.triremes.items() if d.get(player)])


def _sea_battles(state: GameState, player: str, fleet: list[str]) -> list[Action]:
    # His triremes first (fightable needs some): most seas hold none of his.
    return [
        Battle(player, sea, o)
        for sea in fleet
        if fightable(state, sea, player)[0] and (foes := sea_enemies(state, sea, player))
        for o in foes
    ]


def _docked(state: GameState, player: str) -> bool:
    """A trireme built on land «doit obligatoirement prendre la mer à sa première phase de
    mouvement» (004 l.265–268)."""
    return any(d.get(player) for d in sub(state).docked.values())


# --- the land step (M-03 … M-05) ---------------------------------------------------------


def _legion_areas(state: GameState, player: str) -> list[str]:
    """The provinces holding his legions, sorted."""
    return sorted(p for p, d in state.legions.items() if d.get(player))


def _marches(
    state: GameState, player: str, sources: list[str], foes_at: dict[str, list[str]], ask: Facts
) -> list[Action]:
    # Interned (`core.actions.interned`): the same marches come back turn after turn.
    out: list[Action] = []
    add = out.append
    for src in sources:
        n = movable(state, src, player)
        if not n:
            continue
        for dst in _destinations(src, _reach(state, player, src, ask)):
            foes = foes_at.get(dst)
            if foes is None:
                foes = foes_at[dst] = enemies_at(state, dst, player)
            if foes:
                for k in range(1, n + 1):
                    for o in foes:
                        add(interned(March, player, src, dst, k, o))
            else:
                out += _plain_marches(player, src, dst, n)
    return out


@lru_cache(maxsize=16384)
def _plain_marches(player: str, src: str, dst: str, n: int) -> tuple[March, ...]:
    """The marches of 1 … n of his legions from src into a province without foes."""
    return tuple(interned(March, player, src, dst, k) for k in range(1, n + 1))


@lru_cache(maxsize=4096)
def _destinations(src: str, reach: frozenset[str]) -> tuple[str, ...]:
    """The provinces a march from `src` may enter (what `_reach` reaches), sorted."""
    return tuple(sorted(reach - {src}))


def _reach(state: GameState, player: str, src: str, ask: Facts) -> frozenset[str]:
    """Where his legions in `src` may march: `linked`, and through the seas a power counts as
    holding his trireme for moves (MARCH_SEAS)."""
    reach = linked(state, player, [src], ask)
    powers = hooks_for(state, player)[MARCH_SEAS]
    if not powers:
        return reach
    extra = frozenset(sea for h in powers for sea in h(state, player))
    fleet = ask(trireme_seas, player) | extra
    return reach | chain_linked((src,), fleet, state.board_key)


def _land_battles(
    state: GameState, player: str, legions: list[str], foes_at: dict[str, list[str]]
) -> list[Action]:
    out: list[Action] = []
    mine = set(legions)
    mine.update([p for p, owners in state.fortresses.items() if player in owners])
    for pid in sorted(mine):
        foes = foes_at[pid] = enemies_at(state, pid, player)  # first: most have none
        if foes and any(fightable(state, pid, player)) and not combat_forbidden(state, pid):
            out += [Battle(player, pid, o) for o in foes]
    return out


def combat_forbidden(state: GameState, area: str) -> bool:
    """A power forbids any combat there for now (Méduse)."""
    return any(h(state, area) for h in state.rules.on[COMBAT_FORBIDDEN])


def _turn_legal(state: GameState, prompt: Prompt) -> list[Action]:
    player = prompt.player
    if _mil(state).step == "sea_moves":
        fleet = _fleet_seas(state, player)
        out = _sails(state, player, fleet) + _sea_battles(state, player, fleet)
        if not _docked(state, player):
            out.append(interned(EndTurn, player))
        return out
    ask = Facts(state)  # his fleet, read once for the listing
    legions = _legion_areas(state, player)
    # Who stands against him in each province asked (enemies_at), read once for the listing:
    # a dict, not `Facts` (the same answers without a call per ask).
    foes_at: dict[str, list[str]] = {}
    battles = _land_battles(state, player, legions, foes_at)
    out = _marches(state, player, legions, foes_at, ask) + battles
    for h in hooks_for(state, player)[MILITARY_ACTIONS]:
        out += h(state, player)
    if not battles:  # C-23: units staying in a province at war must fight first
        out.append(interned(EndTurn, player))
    return out


def _turn_check(state: GameState, prompt: Prompt, action: Action) -> None:
    if action not in _turn_legal(state, prompt):
        raise IllegalAction("not possible now in your military turn", code="not_legal")


def _turn_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    remove_prompt(state, prompt)
    mil, part, player = _mil(state), sub(state), action.player
    if isinstance(action, EndTurn):
        if mil.step == "sea_moves":
            mil.step = "land_moves"
            ev.public("military_step", player=player, step="land")
            _resume(state, player, ev)
        else:
            for ending in state.rules.on[LAND_STEP_ENDING]:
                ending(state, player, ev)
            _conquests(state, player, ev)
        return
    if isinstance(action, Sail):
        docked = part.docked.get(action.source)
        if docked is not None:
            docked[player] -= 1
            if not docked[player]:
                del docked[player]
            if not docked:
                del part.docked[action.source]
        else:
            _shift(state.triremes, action.source, player, -1)
        _shift(state.triremes, action.target, player, 1)
        part.moved[action.target] = part.moved.get(action.target, 0) + 1
        ev.public("trireme_sailed", player=player, source=action.source, target=action.target)
        _resume(state, player, ev)
    elif isinstance(action, March):
        for power in state.rules.on[MARCH_STARTING]:
            if power(state, action, ev):
                return
        _shift(state.legions, action.source, player, -action.count)
        _shift(state.legions, action.target, player, action.count)
        part.moved[action.target] = part.moved.get(action.target, 0) + action.count
        ev.public(
            "marched", player=player, source=action.source, target=action.target, count=action.count
        )
        if action.target not in part.contested:
            part.contested.append(action.target)
        for h in state.rules.on[LEGION_ENTERS]:
            h(state, player, action.target, action.count, ev)
        # Entering enemy units fights at once (a legion Hélène turned over included).
        foes = enemies_at(state, action.target, player)
        if (
            foes
            and legions_at(state, action.target, player)
            and not combat_forbidden(state, action.target)
        ):
            opponent = action.opponent if action.opponent in foes else foes[0]
            _battle(state, player, action.target, opponent, ev)
            return
        _resume(state, player, ev)
    elif isinstance(action, Battle):
        if not is_sea(action.area, state.board_key) and action.area not in part.contested:
            part.contested.append(action.area)
        _battle(state, player, action.area, action.opponent, ev)
    else:
        for h in state.rules.on[MILITARY_PERFORM]:
            if h(state, player, action, ev):
                return
        raise AssertionError(f"no power performs {action}")


def carry_out(state: GameState, action: Action, ev: EventLog) -> None:
    """A turn's answer a power held back (MARCH_STARTING), carried out now."""
    _turn_perform(state, add_prompt(state, "military_turn", action.player), action, ev)


def _shift(table: dict[str, dict[str, int]], area: str, player: str, n: int) -> None:
    d = table.setdefault(area, {})
    d[player] = d.get(player, 0) + n
    if not d[player]:
        del d[player]
    if not d:
        del table[area]


def _resume(state: GameState, player: str, ev: EventLog) -> None:
    if not state.over and not any(p.kind == "casualties" for p in state.prompts):
        add_prompt(state, "military_turn", player)


# --- combat (M-06 … M-09) ------------------------------------------------------------------


def fixed_dice(state: GameState, player: str, area: str, dice: int) -> list[int]:
    """His dice a power fixed before this roll (DICE_FIXED), at most `dice`: they come first
    and are not rolled."""
    for h in state.rules.on[DICE_FIXED]:
        found = h(state, player, area, dice)
        if found is not None:
            return found[:dice]
    return []


def _side_sum(
    state: GameState, player: str, area: str, dice: int, forts: int, ev: EventLog
) -> tuple[list[int], int]:
    fixed = fixed_dice(state, player, area, dice)
    left = dice - len(fixed)
    rolled = [*fixed, *(rng.roll(state, left, DIE) if left else [])]
    point = SEA_DIE_BONUS if is_sea(area, state.board_key) else LAND_DIE_BONUS
    bonus = sum(h(state, player) for h in hooks_for(state, player)[point])
    return rolled, sum(rolled) + bonus * dice + FORTRESS_DIE * forts


def _battle(state: GameState, attacker: str, area: str, defender: str, ev: EventLog) -> None:
    """A.6.2: one round; each side rolls a die per legion (trireme at sea), a fortress is an
    automatic 6 (and cancels no hit); each 5 points is a hit; each side loses its own."""
    for power in state.rules.on[BATTLE_STARTING]:
        if power(state, attacker, area, defender, ev):
            return
    for h in state.rules.on[BATTLE]:
        if h(state, attacker, area, defender, ev):
            return
    a_units, a_forts = fightable(state, area, attacker)
    d_units = _count(state, area, defender)
    d_forts = 0 if is_sea(area, state.board_key) else fortresses_at(state, area, defender)
    a_roll, a_sum = _side_sum(state, attacker, area, a_units, a_forts, ev)
    d_roll, d_sum = _side_sum(state, defender, area, d_units, d_forts, ev)
    a_sum, d_sum = fold_totals(
        state, area, attacker, defender, (a_roll, a_sum), (d_roll, d_sum), ev
    )
    part = sub(state)
    part.fought[area] = part.fought.get(area, 0) + a_units
    part.moved[area] = max(part.moved.get(area, 0), part.fought[area])
    if a_forts:
        part.fortress_fought.append(area)
    battle = {
        "area": area,
        "attacker": attacker,
        "defender": defender,
        "totals": [a_sum, d_sum],
        "dice": [a_roll, d_roll],
        "units": [d_units, d_forts],
        "forts": a_forts,
    }
    rolled(state, battle, ev)


def fold_totals(
    state: GameState,
    area: str,
    attacker: str,
    defender: str,
    a_side: tuple[list[int], int],
    d_side: tuple[list[int], int],
    ev: EventLog,
) -> tuple[int, int]:
    """The totals once the dice are rolled (each side's dice and total), as the powers change
    them (BATTLE_TOTALS), then the battle announced with both: asked by every battle procedure
    (a module's included) exactly once."""
    (a_roll, a_sum), (d_roll, d_sum) = a_side, d_side
    for h in state.rules.on[BATTLE_TOTALS]:
        a_sum, d_sum = h(state, area, attacker, defender, a_sum, d_sum, ev)
    ev.public(
        "battle",
        area=area,
        attacker=attacker,
        defender=defender,
        attacker_dice=a_roll,
        defender_dice=d_roll,
        attacker_total=a_sum,
        defender_total=d_sum,
    )
    return a_sum, d_sum


def rolled(state: GameState, battle: dict[str, Any], ev: EventLog) -> None:
    """A battle whose dice are rolled: the powers acting on its totals, then its hits."""
    for power in state.rules.on[BATTLE_ROLLED]:
        if power(state, battle, ev):
            return
    settle_battle(state, battle, ev)


resume_turn = _resume  # a power that cancelled an answer of the turn hands it back
fight = _battle  # a power resuming a battle it held before the dice (BATTLE_STARTING)


def settle_battle(state: GameState, battle: dict[str, Any], ev: EventLog) -> None:
    """The hits of a battle whose dice are rolled (and totals final), then the turn goes on."""
    for h in state.rules.on[BATTLE_HITS]:
        if h(state, battle, ev):
            return
    area, attacker, defender = battle["area"], battle["attacker"], battle["defender"]
    (a_sum, d_sum), (d_units, d_forts) = battle["totals"], battle["units"]
    for victim, hits, units, forts in (
        (defender, a_sum // hit_points(state, defender, area), d_units, d_forts),
        (
            attacker,
            d_sum // hit_points(state, attacker, area),
            _count(state, area, attacker),
            battle["forts"],
        ),
    ):
        _hit(state, victim, area, hits, units, forts, ev)
    _resume(state, attacker, ev)


def hit_points(state: GameState, victim: str, area: str) -> int:
    """The points of a hit on this victim's units there: 5 (a power may ask more)."""
    found = [n for h in state.rules.on[HIT_POINTS] if (n := h(state, victim, area)) is not None]
    return max([HIT, *found])


def _hit(
    state: GameState, victim: str, area: str, hits: int, units: int, forts: int, ev: EventLog
) -> None:
    hits = min(hits, units + forts)
    if not hits:
        return
    if victim in state.players and units and forts and hits < units + forts:
        add_prompt(state, "casualties", victim, area=area, hits=hits, forts=forts, units=units)
        return
    # Neutrals (C-8) and forced cases: legions first, then fortresses.
    lost = min(hits, units)
    _lose(state, victim, area, lost, hits - lost, ev)


def _lose(state: GameState, victim: str, area: str, units: int, forts: int, ev: EventLog) -> None:
    table = state.triremes if is_sea(area, state.board_key) else state.legions
    if units:
        _shift(table, area, victim, -units)
    for _ in range(forts):
        state.fortresses[area].remove(victim)
    if area in state.fortresses and not state.fortresses[area]:
        del state.fortresses[area]
    part = sub(state)
    if state.military is not None and victim == state.military.current:
        # The active player's losses come out of the units that fought.
        part.fought[area] = max(0, part.fought.get(area, 0) - units)
    ev.public("units_lost", player=victim, area=area, units=units, fortresses=forts)


def _cas_legal(state: GameState, prompt: Prompt) -> list[Action]:
    d = prompt.data
    return [
        LoseUnits(prompt.player, d["hits"] - f, f)
        for f in range(0, min(d["forts"], d["hits"]) + 1)
        if d["hits"] - f <= d["units"]
    ]


def _cas_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, LoseUnits)
    remove_prompt(state, prompt)
    _lose(state, action.player, prompt.data["area"], action.legions, action.fortresses, ev)
    current = _mil(state).current
    assert current is not None
    _resume(state, current, ev)


# --- conquest (M-12 … M-16) ----------------------------------------------------------------


def conquerable(state: GameState, player: str) -> list[str]:
    """C-19, C-20: provinces he entered or fought in this turn, under another's influence,
    where only his units stand."""
    return [
        pid
        for pid in sub(state).contested
        if state.influence.get(pid) not in (None, player)
        and present(state, pid) == [player]
        and troops_at(state, pid, player)
    ]


def _conquer_options(state: GameState, player: str, pid: str) -> list[Action]:
    owner = state.influence[pid]
    out: list[Action] = [Conquer2003(player, pid, "none")]
    buildings = province_buildings(state, pid)
    out += [Conquer2003(player, pid, "sack", f"{k}:{i}" if i >= 0 else k) for k, i in buildings]
    if buildings:
        out.append(Conquer2003(player, pid, "occupy"))
    # A.7.5: a player's capital is never converted (a neutral's may be: C-8).
    if not (owner in state.players and tables.capitals(state).get(owner) == pid):
        out.append(Conquer2003(player, pid, "convert"))
    for h in state.rules.on[CONQUEST_OPTIONS]:
        out += h(state, player, pid)
    return out


def _conquests(state: GameState, player: str, ev: EventLog) -> None:
    left = conquerable(state, player)
    if left:
        add_prompt(state, "conquest", player, province=left[0])
    else:
        _end_turn(state, player, ev)


def _conquer_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, Conquer2003)
    remove_prompt(state, prompt)
    part, pid, player = sub(state), action.province, action.player
    part.contested.remove(pid)
    if action.option == "sack":
        # One building, or several a power allows ("city:0+caravan:2").
        for building in action.building.split("+"):
            kind, _, slot = building.partition(":")
            if kind in ("city", "caravan"):
                state.built[pid][int(slot)] = False
            else:
                (part.temples if kind == "temple" else part.markets).remove(pid)
            for h in hooks_for(state, player)[SACK_REWARD]:
                h(state, player, kind, pid, int(slot) if slot else -1, ev)
    elif action.option == "occupy":
        part.occupied[pid] = player
    elif action.option == "convert":
        state.conversions[pid] = {"player": player, "round": state.round}
    ev.public(
        "conquered", player=player, province=pid, option=action.option, building=action.building
    )
    _conquests(state, player, ev)


# --- the order (M-01) and the phase --------------------------------------------------------


@MODULE.phase("military")
def enter(state: GameState, ev: EventLog) -> None:
    part = sub(state)
    part.used = [u for u in part.used if not u.startswith("military:")]
    state.military = MilitaryState()
    _next_player(state, ev)


def _start_turn(state: GameState, player: str, ev: EventLog) -> None:
    mil, part = _mil(state), sub(state)
    mil.current, mil.step = player, "sea_moves"
    part.moved, part.fought, part.fortress_fought, part.contested = {}, {}, [], []
    ev.public("military_turn", player=player)
    add_prompt(state, "military_turn", player)


def _end_turn(state: GameState, player: str, ev: EventLog) -> None:
    mil, part = _mil(state), sub(state)
    mil.done.append(player)
    mil.current = None
    part.moved, part.fought, part.fortress_fought, part.contested = {}, {}, [], []
    _next_player(state, ev)


def _finish(state: GameState, ev: EventLog) -> None:
    state.military = None
    part = sub(state)
    # Occupations and conversions lapse when the legions leave (A.7.3, C-21).
    part.occupied = {p: o for p, o in part.occupied.items() if troops_at(state, p, o)}
    state.conversions = {
        p: c for p, c in state.conversions.items() if troops_at(state, p, c["player"])
    }
    next_phase(state, ev)


def _next_player(state: GameState, ev: EventLog) -> None:
    next_in_order(state, _mil(state).done, "military", "military_order", _start_turn, _finish, ev)


def _order_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, ChooseNext)
    remove_prompt(state, prompt)
    ev.public("next_named", player=action.player, target=action.target)
    _start_turn(state, action.target, ev)


def nebuchadnezzar_card(
    building: str, province: str, slot: int, key: str = BOARD_KEY
) -> str | None:
    """H-09: the card of a sacked building (a caravan's resource, a ville's tax card)."""
    if building == "caravan":
        return icon(province, slot, key)
    return TAX if building == "city" else None


MODULE.handler(order_handler("military_order", _order_perform))
MODULE.action(Sail)
MODULE.action(March)
MODULE.handler(
    PromptHandler(
        kind="military_turn",
        actions=(Sail, March, Battle, EndTurn),
        legal=_turn_legal,
        check=_turn_check,
        perform=_turn_perform,
        public_listing=True,
    )
)
MODULE.handler(
    PromptHandler(
        kind="casualties",
        actions=(LoseUnits,),
        legal=_cas_legal,
        perform=_cas_perform,
        public_listing=True,
    )
)
MODULE.handler(
    PromptHandler(
        kind="conquest",
        actions=(Conquer2003,),
        legal=lambda state, prompt: _conquer_options(state, prompt.player, prompt.data["province"]),
        perform=_conquer_perform,
        public_listing=True,
        default=lambda state, prompt: Conquer2003(prompt.player, prompt.data["province"], "none"),
    )
)
