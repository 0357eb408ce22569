"""Battles (4.2, rulings §3): where and whom he may fight, the dice, the casualties.

Each rule is one function, read both by the listing (`battle_groups`, lazy: the step's offers
stop at its first group) and by the check of a submitted battle (`check_battle`, which names
the precise reason of a refusal):
- `FIGHTERS`: who has units that fight in an area (legions or a fortress on land; triremes at
  sea) — he may fight there only if he is one of them, and only one of the others;
- `phase_state(state).fought`: the areas where he fought this turn (one battle per area);
- `attack_limit`: whom the powers forbid him to fight, and where (ATTACK_LIMITS).
Casualties are chosen by their owner when the choice matters (the `casualties` prompt). After
the battle, the province's conqueror is reviewed (conquest.review_conqueror) and the turn goes
on (turn_order.advance).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from ... import rng
from ...actions import Action, Battle, ChooseCasualties, LoseFigures, interned
from ...control import area_order, empires_with_units, figure_ids_in, figures_in, hooks_for
from ...errors import IllegalAction
from ...events import EventLog
from ...hooks import (
    ATTACK_LIMITS,
    BATTLE_ENDED,
    HIT_DIVISOR,
    HITS_CANCELLED,
    LAND_BATTLE_START,
    LAND_ROLL,
    SEA_ROLL,
    UNITS_DESTROYED,
    AttackLimit,
)
from ...kinds import MilitaryStep
from ...prompts import PromptHandler, add_prompt, remove_prompt
from ...state import GameState, Prompt
from ...windows import BATTLE_START, open_window
from . import conquest, turn_order
from .common import LISTINGS, MODULE, STEP_ON_LAND, phase_state, power_limit

FORTRESS_BONUS = 5
HIT_EVERY = 5


# --- who may fight whom, where --------------------------------------------------------------

def _sea_fighters(state: GameState, sea: str) -> list[str]:
    triremes = state.triremes.get(sea)
    present = []
    if triremes:  # a plain loop, as in control.empires_with_units
        for e in state.players:
            if triremes.get(e):
                present.append(e)
    return present


# Who has units that fight in an area, in seat order, by the area's kind (land: True):
# legions or a fortress in a province, triremes at sea.
FIGHTERS: dict[bool, Callable[[GameState, str], list[str]]] = {
    True: empires_with_units, False: _sea_fighters}


def attack_limit(state: GameState, player: str) -> AttackLimit | None:
    """Whom the powers forbid him to fight now, and where (ATTACK_LIMITS), as a refusal for
    (opponent, area); None when they forbid nothing."""
    return power_limit(state, ATTACK_LIMITS, player)


def _held(state: GameState, player: str, land: bool) -> set[str]:
    """The areas of one kind holding his units (a fortress counts on land): the only ones
    where FIGHTERS can name him (a pool keeps every area a unit has been in)."""
    units = state.legions if land else state.triremes
    # A plain loop with a membership test: a set comprehension is a function call in Python
    # 3.11 and `there.get` a method call per area (the pool keeps every area a unit has been
    # in): 17 % fewer instructions (callgrind, saved Military positions).
    held = set()
    for area, there in units.items():
        if player in there and there[player]:  # noqa: RUF019 (no method call)
            held.add(area)
    if land:
        for area, forts in state.fortresses.items():
            if player in forts:
                held.add(area)
        if state.figures:  # a module's special land figures (none in the base game)
            for f in state.figures.values():  # a plain loop (no generator's frame)
                if f["owner"] == player:
                    held.add(f["area"])
    return held


def battle_groups(state: GameState, player: str, land: bool, ordered: bool = True
                  ) -> Iterator[list[Battle]]:
    """His legal battles on land or at sea, lazily, area by area in the board's order (in any
    order if not `ordered`: to know only whether there is one): where he is among the
    FIGHTERS and has not fought this turn, against each of the others that `attack_limit`
    allows. Areas without a battle are skipped, so the first group tells whether he may fight
    at all."""
    areas = _held(state, player, land)
    m = state.military  # phase_state's check inline: asked for every step's offers
    assert m is not None, "not in the Military phase"
    areas.difference_update(m.fought)
    if not areas:
        return
    # The powers' limits asked at the first area with an opponent only: most of his areas
    # have none (and a step with no battle then asks none).
    limit: AttackLimit | None = None
    asked = False
    fighters = FIGHTERS[land]
    for area in sorted(areas, key=area_order(state.board_key).__getitem__) if ordered else areas:
        present = fighters(state, area)
        if len(present) > 1 and player in present:  # he and at least one other
            if not asked:
                limit, asked = power_limit(state, ATTACK_LIMITS, player), True  # attack_limit
            group = []
            for o in present:
                if o != player and (limit is None or limit(o, area) is None):
                    group.append(interned(Battle, player, area, o))
            if group:
                yield group


LISTINGS.update({step: (battle_groups, land) for step, land in STEP_ON_LAND.items()})


def check_battle(state: GameState, action: Battle, step: MilitaryStep) -> None:
    """Refuse a battle the listing would not offer, naming why."""
    board = state.board
    land = STEP_ON_LAND.get(step)
    if land is None:
        raise IllegalAction(f"no battle in step {step}", code="wrong_step", step=step)
    right_kind = board.is_province if land else board.is_sea
    if not right_kind(action.area):
        raise IllegalAction(f"no battle in {action.area} in step {step}", code="wrong_step",
                            step=step, area=action.area)
    if action.area in phase_state(state).fought:
        raise IllegalAction(f"already fought in {action.area} this turn",
                            code="already_fought", area=action.area)
    present = FIGHTERS[land](state, action.area)
    if action.player not in present:
        raise IllegalAction(f"no unit of yours in {action.area}", code="no_battle",
                            area=action.area)
    if action.opponent == action.player or action.opponent not in present:
        raise IllegalAction(f"{action.opponent} has no unit in {action.area}",
                            code="bad_opponent", area=action.area, opponent=action.opponent)
    limit = attack_limit(state, action.player)
    refused = limit(action.opponent, action.area) if limit is not None else None
    if refused is not None:
        raise refused


# --- the battle -----------------------------------------------------------------------------

def roll_side(state: GameState, area: str, player: str, active: bool) -> dict[str, Any]:
    """One side's roll: a die per unit (legions, or triremes at sea), the fortress's +5, and
    what powers add (LAND_ROLL, SEA_ROLL): extra dice, a bonus on each unit die, an amount
    added to the sum."""
    figures = 0
    if state.board.is_province(area):
        units = state.legions.get(area, {}).get(player, 0)
        fortress = player in state.fortresses.get(area, [])
        if state.figures:  # a figure rolls a die of its own, without the legions' bonuses
            figures = figures_in(state, area, player)
        faces, point = state.rules.data["components"].land_dice, LAND_ROLL
    else:
        units = state.triremes.get(area, {}).get(player, 0)
        fortress, faces, point = False, state.rules.data["components"].sea_dice, SEA_ROLL
    bonus = extra = added = fixed = 0
    # Only the handlers of his powers (and of no power) are asked: a base battle has four,
    # each another tile's (hooks_for).
    for hook in hooks_for(state, player)[point] if state.rules.on[point] else ():
        more = hook(state, player, area, active)
        if more is not None:
            extra, bonus, added = extra + more.dice, bonus + more.per_die, added + more.added
            fixed = max(fixed, more.fixed)
    if fixed:  # the units' dice show a set face, unrolled; the others roll
        count = figures + extra
        dice = [fixed] * units + (rng.roll(state, count, faces) if count else [])
    else:
        count = units + figures + extra
        dice = rng.roll(state, count, faces) if count else []
    # The bonus per die applies to the units' dice only, not to the extra dice.
    modifier = bonus * units + (FORTRESS_BONUS if fortress else 0) + added
    total = sum(dice) + modifier
    side = {"player": player, "units": units, "dice": dice, "die_bonus": bonus,
            "extra_dice": extra, "influence_bonus": added, "fortress": fortress,
            "modifier": modifier, "sum": total, "hits": total // HIT_EVERY}
    if figures:
        side["figures"] = figures
    return side


def fight(state: GameState, action: Battle, ev: EventLog) -> None:
    """A battle starts: first its window (the two sides may play, the attacker first: B6
    W-battle), then the pre-dice effects and the dice (`_roll`)."""
    attacker, defender, area = action.player, action.opponent, action.area
    ctx = {"area": area, "attacker": attacker, "defender": defender}
    if not open_window(state, BATTLE_START, ctx, (attacker, defender), attacker, ev):
        _roll(state, area, attacker, defender, ev)


def _after_window(state: GameState, ctx: Any, ev: EventLog) -> None:
    """The battle's window closed: a side with no unit left there (petrified: A9 c), or a
    play that refused the battle (`ctx["refused"]`: Ptolémée, E4), cancels the battle — its
    area counts as fought (decided: docs/atlas.md) —, else the dice."""
    area, attacker, defender = ctx["area"], ctx["attacker"], ctx["defender"]
    present = FIGHTERS[state.board.is_province(area)](state, area)
    if attacker in present and defender in present and not ctx.get("refused"):
        _roll(state, area, attacker, defender, ev)
        return
    if not ctx.get("refused"):  # a refusal was announced by its play
        ev.public("battle_cancelled", area=area, attacker=attacker, defender=defender)
    _finish_battle(state, area, ev, (attacker, defender, False))


MODULE.window_point(BATTLE_START, _after_window)


def _roll(state: GameState, area: str, attacker_id: str, defender_id: str,
          ev: EventLog) -> None:
    """The pre-dice effects (LAND_BATTLE_START), the dice, the hits, the casualties."""
    land = state.board.is_province(area)
    if land:
        for begins in state.rules.on[LAND_BATTLE_START]:  # a module's (none in the base)
            begins(state, attacker_id, defender_id, area, ev)
    attacker = roll_side(state, area, attacker_id, active=True)
    defender = roll_side(state, area, defender_id, active=False)
    divisors = state.rules.on[HIT_DIVISOR]
    if divisors:  # a power counts someone's hits otherwise (none in the base game)
        for side, other in ((attacker, defender), (defender, attacker)):
            divisor = HIT_EVERY
            for hook in divisors:
                divisor = hook(divisor, state, side["player"], other["player"], area)
            side["hits"] = side["sum"] // divisor
    # Each takes the other's hits, less those cancelled: one by his fortress (rulings §3), as
    # powers change it (HITS_CANCELLED).
    cancels = state.rules.on[HITS_CANCELLED]
    for side, other in ((attacker, defender), (defender, attacker)):
        cancelled = 1 if side["fortress"] else 0
        for hook in cancels:
            cancelled = hook(cancelled, state, side["player"], other["player"], area)
        side["taken"] = max(0, other["hits"] - cancelled)
    ev.public("battle", area=area, terrain="land" if land else "sea", attacker=attacker_id,
              defender=defender_id, sides=[attacker, defender])
    pending: list[str] = []
    for side in (attacker, defender):
        player, hits = side["player"], side["taken"]
        if land and _casualties_matter(state, area, player, hits):
            add_prompt(state, "casualties", player, area=area, hits=hits,
                       legions=_land_units(state, area, player))
            pending.append(player)
        else:
            _auto_casualties(state, area, player, hits, ev)
    if pending:
        phase_state(state).battle = {"area": area, "attacker": attacker_id,
                                     "defender": defender_id, "pending": pending}
    else:
        _finish_battle(state, area, ev, (attacker_id, defender_id, True))


def _finish_battle(state: GameState, area: str, ev: EventLog,
                   sides: tuple[str, str, bool] | None = None) -> None:
    """`sides`: (attacker, defender, rolled), else the pending battle's (casualties taken)."""
    m = phase_state(state)
    m.fought.append(area)
    if sides is None and m.battle is not None:
        sides = (m.battle["attacker"], m.battle["defender"], True)
    m.battle = None
    if sides is not None:
        for ended in state.rules.on[BATTLE_ENDED]:  # a module's (none in the base)
            ended(state, area, *sides, ev)
    if state.board.is_province(area):
        conquest.review_conqueror(state, area, ev, "battle")
    turn_order.advance(state, ev)


# --- casualties (4.2) -----------------------------------------------------------------------

def _casualties_matter(state: GameState, area: str, player: str, hits: int) -> bool:
    """A choice exists with a fortress and land units, when the hits spare something; or with
    special figures and legions, when the hits spare a legion (which to lose: A8)."""
    units = _land_units(state, area, player)
    fortress = player in state.fortresses.get(area, [])
    if fortress and units > 0 and 0 < hits <= units:
        return True
    return bool(state.figures) and bool(_figure_splits(state, area, player, hits, fortress))


def _figure_splits(state: GameState, area: str, player: str, hits: int,
                   fortress: bool) -> list[LoseFigures]:
    """The casualties that lose his special figures before some of his legions (A8: the
    owner may choose them as a casualty): for each spread of the hits (so many units, and the
    fortress or not), k figures among the units lost, more than the legions-first order
    would lose."""
    figures = figure_ids_in(state, area, player)
    legions = state.legions.get(area, {}).get(player, 0)
    out = []
    for n, f in ((hits, False), (hits - 1, True)) if fortress else ((hits, False),):
        if n > legions + len(figures):
            continue  # every unit is lost: nothing to choose
        for k in range(max(0, n - legions) + 1, min(len(figures), n) + 1):
            out.append(LoseFigures(player, n - k, tuple(figures[:k]), f))
    return out


def _land_units(state: GameState, area: str, player: str) -> int:
    """His legions and special land figures in a province: what a battle's hits destroy."""
    legions = state.legions.get(area, {}).get(player, 0)
    return legions + figures_in(state, area, player) if state.figures else legions


def _auto_casualties(state: GameState, area: str, player: str, hits: int,
                     ev: EventLog) -> None:
    if state.board.is_sea(area):
        lost = min(hits, state.triremes.get(area, {}).get(player, 0))
        remove_units(state, area, player, lost, False, ev)
        return
    legions = _land_units(state, area, player)
    fortress = player in state.fortresses.get(area, [])
    _lose_land_units(state, area, player, min(hits, legions), fortress and hits > legions, ev)


def _lose_land_units(state: GameState, area: str, player: str, units: int, fortress: bool,
                     ev: EventLog) -> None:
    """His land casualties: his legions first, then his special figures (decided: docs)."""
    legions = min(units, state.legions.get(area, {}).get(player, 0))
    remove_units(state, area, player, legions, fortress, ev)
    legions_destroyed(state, area, player, legions, ev)
    if units > legions:
        lost = figure_ids_in(state, area, player)[:units - legions]
        for fid in lost:
            del state.figures[fid]
        ev.public("figures_destroyed", player=player, area=area, figures=lost)


def legions_destroyed(state: GameState, area: str, player: str, legions: int,
                       ev: EventLog) -> None:
    """Legions lost as a battle's casualties: the powers are told (UNITS_DESTROYED)."""
    if legions and state.rules.on[UNITS_DESTROYED]:
        for told in hooks_for(state, player)[UNITS_DESTROYED]:
            told(state, player, area, legions, ev)


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


def casualties_legal(state: GameState, prompt: Prompt) -> list[Action]:
    """A casualty choice (hits in the prompt; the Punic Wars' barbarian casualties use it too).
    Legions first (`ChooseCasualties`: so many land units, and the fortress or not — with it,
    one unit less); then, with his special figures there, the same with figures lost before
    legions (`LoseFigures`)."""
    hits, player = prompt.data["hits"], prompt.player
    out: list[Action] = [ChooseCasualties(player, hits, False),
                         ChooseCasualties(player, hits - 1, True)]
    if state.figures and prompt.kind == "casualties":  # not a module's reuse of this list
        area = prompt.data["area"]
        fortress = player in state.fortresses.get(area, [])
        if not fortress:  # no fortress to lose: only the units' spread (figures there)
            out.pop()
        out.extend(_figure_splits(state, area, player, hits, fortress))
    return out


def casualties_check(state: GameState, prompt: Prompt, action: Action) -> None:
    """The check of a casualty choice: one of casualties_legal's."""
    if action not in casualties_legal(state, prompt):
        raise IllegalAction(
            f"{prompt.data['hits']} hits: lose that many legions, or one less and the fortress",
            code="bad_casualties", hits=prompt.data["hits"],
        )


def _casualties_perform(state: GameState, prompt: Prompt, action: Action,
                        ev: EventLog) -> None:
    area = prompt.data["area"]
    remove_prompt(state, prompt)
    if isinstance(action, LoseFigures):  # his figures first, by his choice (A8)
        for fid in action.figures:
            del state.figures[fid]
        ev.public("figures_destroyed", player=action.player, area=area,
                  figures=list(action.figures))
        remove_units(state, area, action.player, action.legions, action.fortress, ev)
        legions_destroyed(state, area, action.player, action.legions, ev)
    else:
        assert isinstance(action, ChooseCasualties)
        _lose_land_units(state, area, action.player, action.legions, action.fortress, ev)
    if not any(p.kind == "casualties" for p in state.prompts):
        _finish_battle(state, area, ev)


# LoseFigures answers it too in a game with special figures: their module declares it.
MODULE.handler(PromptHandler(kind="casualties", actions=(ChooseCasualties,),
                             legal=casualties_legal, perform=_casualties_perform,
                             check=casualties_check,
                             default=lambda state, prompt: casualties_legal(state, prompt)[0]))
