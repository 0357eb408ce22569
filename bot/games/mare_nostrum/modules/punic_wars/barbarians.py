"""Atlas 7.4, the barbarians in the Military phase (rulings G6–G9).

- Moves (G6): in his own turn, the active player moves barbarian triremes in his sea-move step
  and barbarian legions in his land-move step, one unit at a time, each paid before it moves
  with 1 coin from his hand or 1 gold from his purse. A unit moves once per turn; a trireme to
  an adjacent sea; a legion to an adjacent province or one connected by barbarian triremes. He
  may not move them into an area holding his own units (G7). Fortresses never move.
- Triremes (G9) never fight: they are not in the players' pools, so no sea battle sees them.
- Battles (G7): in his land-battle step, a battle is owed in each province where his legions
  share space with barbarians, and in each where barbarian legions he moved this turn share
  space with his opponent's units. Barbarians roll a die per legion, their fortress adds 5 and
  cancels a hit; the player rolls as in a base battle (his powers apply). Each side's hits are
  spread by the player who fights them... the barbarians' by the player *not* fighting them.
- Pillage (G8): when barbarians he moved win against his opponent (a barbarian unit left, none
  of the opponent's), he may pillage one building there and keeps the loot (4.3.1, never
  doubled).

- Blocking (G7): the barbarians are enemy units for both players, through the base's
  NEUTRAL_UNITS hook point: no influence marker is placed where they stand, nobody controls
  that province, a conqueror there is at war (its conversion lost), and nobody conquers it.

The barbarians live in the module's sub-state (never a seat). A barbarian
battle shares the base battle's parts (a side's roll with its powers, the removal of a
player's casualties, the turn's prompt), imported from the military package, not copied.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ... import resources as res
from ... import rng
from ...actions import Action, ChooseCasualties
from ...board import COIN
from ...control import near_provinces
from ...errors import IllegalAction
from ...events import EventLog
from ...hooks import (
    HITS_CANCELLED,
    INVARIANTS,
    MILITARY_TURN_ACTIONS,
    MILITARY_TURN_CHECK,
    MILITARY_TURN_END,
    MILITARY_TURN_PERFORM,
    NEUTRAL_UNITS,
)
from ...kinds import MilitaryStep, PillageReward, Unit
from ...phases.military import turn_order
from ...phases.military.battles import (
    FORTRESS_BONUS,
    HIT_EVERY,
    casualties_check,
    casualties_legal,
    legions_destroyed,
    remove_units,
    roll_side,
)
from ...phases.military.common import phase_state
from ...phases.military.conquest import review_conqueror
from ...phases.military.turn_order import drop_turn_prompt
from ...phases.production import draw_legendary
from ...prompts import Prompt, PromptHandler, add_prompt, remove_prompt
from ...state import GameState
from .actions import BarbarianPillage, FightBarbarians, HireBarbarian
from .data import BARBARIANS
from .market import opponent
from .module import MODULE
from .state import PunicWars, punic

STEP_UNIT: dict[str, Unit] = {"sea_moves": "trireme", "land_moves": "legion"}
GOLD_TOKENS = ("gold", "gold*")

# --- moves (G6) -----------------------------------------------------------------------------


def payments(state: GameState, player: str) -> list[str]:
    """What may pay one barbarian move: a coin of his hand, a gold of his purse."""
    purse = punic(state).purse.get(player, {})
    return ([COIN] if state.hands[player].get(COIN) else []) + [
        t for t in GOLD_TOKENS if purse.get(t)]


def _pool(part: PunicWars, unit: Unit) -> dict[str, int]:
    return part.triremes if unit == "trireme" else part.legions


def _holds_units(state: GameState, player: str, area: str) -> bool:
    if state.board.is_sea(area):
        return bool(state.triremes.get(area, {}).get(player))
    return bool(state.legions.get(area, {}).get(player)) or player in state.fortresses.get(
        area, [])


def barbarian_reach(state: GameState, unit: Unit, source: str) -> frozenset[str]:
    """A trireme: the adjacent seas; a legion: the adjacent provinces, or those connected by
    barbarian triremes (theirs only, G6)."""
    if unit == "trireme":
        return frozenset(state.board.seas[source].seas)
    fleet = frozenset(s for s, n in punic(state).triremes.items() if n)
    return near_provinces(state.board_key, (source,), fleet) - {source}


def _targets(state: GameState, player: str, unit: Unit, source: str) -> list[str]:
    return sorted(t for t in barbarian_reach(state, unit, source)
                  if not _holds_units(state, player, t))


def _movable(part: PunicWars, unit: Unit) -> list[str]:
    pool = _pool(part, unit)
    return sorted(a for a, n in pool.items() if n > part.moved.get(a, 0))


def hires(state: GameState, player: str, unit: Unit) -> list[Action]:
    pay = payments(state, player)
    if not pay:
        return []
    part = punic(state)
    return [HireBarbarian(player, unit, source, target, token)
            for source in _movable(part, unit)
            for target in _targets(state, player, unit, source) for token in pay]


def _check_hire(state: GameState, player: str, action: HireBarbarian, step: str) -> None:
    if STEP_UNIT.get(step) != action.unit:
        raise IllegalAction(f"barbarian {action.unit}s do not move in this step",
                            code="wrong_step", step=step)
    if action.token not in payments(state, player):
        raise IllegalAction(f"you cannot pay a barbarian move with {action.token!r}",
                            code="barbarian_payment", token=action.token)
    if action.source not in _movable(punic(state), action.unit):
        raise IllegalAction(f"no barbarian {action.unit} may move from {action.source}",
                            code="no_barbarian_unit", area=action.source)
    if _holds_units(state, player, action.target):
        raise IllegalAction(f"barbarians may not enter {action.target}: your units are there",
                            code="barbarians_into_own_units", area=action.target)
    if action.target not in barbarian_reach(state, action.unit, action.source):
        raise IllegalAction(f"{action.target} is out of reach from {action.source}",
                            code="barbarian_out_of_reach", source=action.source,
                            target=action.target)


def _hire(state: GameState, player: str, action: HireBarbarian, ev: EventLog) -> None:
    part = punic(state)
    if action.token == COIN:
        res.remove_token(state.hands[player], COIN)
    else:
        res.remove_token(part.purse[player], action.token)
        res.discard_token(state, action.token)
    pool = _pool(part, action.unit)
    pool[action.source] -= 1
    if not pool[action.source]:
        del pool[action.source]
    pool[action.target] = pool.get(action.target, 0) + 1
    part.moved[action.target] = part.moved.get(action.target, 0) + 1
    ev.public("barbarian_moved", player=player, unit=action.unit, source=action.source,
              target=action.target, paid="coin" if action.token == COIN else "gold")


# --- battles (G7) ---------------------------------------------------------------------------


def _barbarians_in(part: PunicWars, province: str) -> bool:
    return bool(part.legions.get(province)) or province in part.fortresses


@MODULE.hook(NEUTRAL_UNITS)
def _barbarians_stand(state: GameState, province: str) -> bool:
    """G7: « enemy units for both players »: barbarian legions or a barbarian fortress."""
    return _barbarians_in(punic(state), province)


def battle_sites(state: GameState, player: str) -> list[str]:
    """The provinces where a barbarian battle is owed this turn (not yet fought)."""
    part = punic(state)
    other = opponent(state, player)
    out = []
    for pid in sorted(set(part.legions) | set(part.fortresses)):
        if pid in part.fought or not _barbarians_in(part, pid):
            continue
        mine = bool(state.legions.get(pid, {}).get(player))
        hired = part.moved.get(pid, 0) > 0 and bool(part.legions.get(pid)) and _holds_units(
            state, other, pid)
        if mine or hired:
            out.append(pid)
    return out


def _fighter(state: GameState, player: str, province: str) -> str:
    """Who fights the barbarians there: the active player when his legions are there, else
    his opponent (barbarians he hired attack him)."""
    return player if state.legions.get(province, {}).get(player) else opponent(state, player)


def _barbarian_roll(state: GameState, province: str) -> dict[str, Any]:
    part = punic(state)
    legions = part.legions.get(province, 0)
    fortress = province in part.fortresses
    dice = rng.roll(state, legions, state.rules.data["components"].land_dice) if legions else []
    total = sum(dice) + (FORTRESS_BONUS if fortress else 0)
    return {"player": BARBARIANS, "units": legions, "dice": dice, "fortress": fortress,
            "sum": total, "hits": total // HIT_EVERY}


def _cancelled(state: GameState, side: dict[str, Any], other: str, province: str) -> int:
    cancelled = 1 if side["fortress"] else 0
    for hook in state.rules.on[HITS_CANCELLED]:
        cancelled = hook(cancelled, state, side["player"], other, province)
    return int(cancelled)


def _fight(state: GameState, player: str, province: str, ev: EventLog) -> None:
    """Both sides roll; each spreads the hits it takes (a choice only with a fortress and
    legions, when the hits spare something: as in the base game)."""
    drop_turn_prompt(state)
    part = punic(state)
    part.fought.append(province)
    fighter = _fighter(state, player, province)
    them = _barbarian_roll(state, province)
    us = roll_side(state, province, fighter, fighter == player)
    us["taken"] = max(0, them["hits"] - _cancelled(state, us, BARBARIANS, province))
    them["taken"] = max(0, us["hits"] - _cancelled(state, them, fighter, province))
    ev.public("barbarian_battle", area=province, player=player, fighter=fighter,
              hired=fighter != player, sides=[us, them])
    chooser = opponent(state, fighter)  # the barbarians' casualties (G7)
    for side, who in ((us, fighter), (them, chooser)):
        legions, fortress = _units(state, side["player"], province)
        if fortress and legions and 0 < side["taken"] <= legions:
            add_prompt(state, "barbarian_casualties", who, area=province, side=side["player"],
                       hits=side["taken"], hired=fighter != player)
        else:
            _remove(state, side["player"], province, min(side["taken"], legions),
                    fortress and side["taken"] > legions, ev)
    if not any(p.kind == "barbarian_casualties" for p in state.prompts):
        _after_battle(state, player, province, fighter != player, ev)


def _units(state: GameState, side: str, province: str) -> tuple[int, bool]:
    if side == BARBARIANS:
        part = punic(state)
        return part.legions.get(province, 0), province in part.fortresses
    return (state.legions.get(province, {}).get(side, 0),
            side in state.fortresses.get(province, []))


def _remove(state: GameState, side: str, province: str, legions: int, fortress: bool,
            ev: EventLog) -> None:
    if side != BARBARIANS:
        remove_units(state, province, side, legions, fortress, ev)
        legions_destroyed(state, province, side, legions, ev)
        return
    part = punic(state)  # destroyed barbarians leave the game (G7)
    if legions:
        part.legions[province] -= legions
        if not part.legions[province]:
            del part.legions[province]
    if fortress:
        part.fortresses.remove(province)
    ev.public("casualties", player=BARBARIANS, area=province, unit="legion", lost=legions,
              fortress=fortress)


def _after_battle(state: GameState, player: str, province: str, hired: bool,
                  ev: EventLog) -> None:
    """G8: hired barbarians that won may pillage one building, the active player's choice."""
    review_conqueror(state, province, ev, "battle")
    part = punic(state)
    won = hired and _barbarians_in(part, province) and not _holds_units(
        state, opponent(state, player), province)
    if won and any(state.built[province]):
        add_prompt(state, "barbarian_pillage", player, province=province)
        return
    turn_order.advance(state, ev)


def _casualties_perform(state: GameState, prompt: Prompt, action: Action,
                        ev: EventLog) -> None:
    assert isinstance(action, ChooseCasualties)
    remove_prompt(state, prompt)
    province = prompt.data["area"]
    _remove(state, prompt.data["side"], province, action.legions, action.fortress, ev)
    if not any(p.kind == "barbarian_casualties" for p in state.prompts):
        active = phase_state(state).current
        assert active is not None
        _after_battle(state, active, province, bool(prompt.data["hired"]), ev)


# The base casualty choice's listing and check (hits in the prompt): one rule for both.
MODULE.handler(PromptHandler(
    kind="barbarian_casualties", actions=(ChooseCasualties,), legal=casualties_legal,
    check=casualties_check, perform=_casualties_perform,
    default=lambda state, prompt: casualties_legal(state, prompt)[0],  # legions first (§12)
))

# --- pillage (G8) ---------------------------------------------------------------------------


def _pillage_legal(state: GameState, prompt: Prompt) -> list[Action]:
    province = prompt.data["province"]
    slots = state.board.provinces[province].slots
    out: list[Action] = [BarbarianPillage(prompt.player, province, -1)]
    for i, built in enumerate(state.built[province]):
        if built:
            rewards: tuple[PillageReward, ...] = (
                ("coin", "legendary") if slots[i].kind == "legendary_city" else ("",))
            out += [BarbarianPillage(prompt.player, province, i, r) for r in rewards]
    return out


def _pillage_check(state: GameState, prompt: Prompt, action: Action) -> None:
    if action not in _pillage_legal(state, prompt):
        raise IllegalAction("the barbarians may pillage one built building there",
                            code="bad_barbarian_pillage", province=prompt.data["province"])


def _pillage_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    """4.3.1's loot, once (G8: not doubled): city or capital 1 coin, caravan its commodity,
    legendary city a coin or a legendary commodity, temple or market nothing."""
    assert isinstance(action, BarbarianPillage)
    remove_prompt(state, prompt)
    if action.slot >= 0:
        province, slot = action.province, action.slot
        printed = state.board.provinces[province].slots[slot]
        state.built[province][slot] = False
        state.occupant[province][slot] = None
        gained = ""
        if printed.kind in ("city", "capital") or action.reward == "coin":
            gained = COIN
        elif printed.kind == "caravan" and printed.commodity:
            gained = printed.commodity
        elif action.reward == "legendary":
            drawn = draw_legendary(state, ev)
            gained = drawn + res.LEGENDARY if drawn else ""
        if gained:
            res.add(state.hands[action.player], gained)
        ev.public("barbarian_pillage", player=action.player, province=province, slot=slot,
                  building=printed.kind,
                  gained="legendary" if gained.endswith(res.LEGENDARY) else gained)
    turn_order.advance(state, ev)


MODULE.action(BarbarianPillage)
MODULE.handler(PromptHandler(
    kind="barbarian_pillage", actions=(BarbarianPillage,), legal=_pillage_legal,
    check=_pillage_check, perform=_pillage_perform,
    default=lambda state, prompt: _pillage_legal(state, prompt)[0],  # deadline: none
))

# --- the Military turn's hook points --------------------------------------------------------


@MODULE.hook(MILITARY_TURN_ACTIONS)
def _turn_actions(state: GameState, player: str, step: MilitaryStep) -> Sequence[Action]:
    unit = STEP_UNIT.get(step)
    if unit is not None:
        return hires(state, player, unit)
    if step == "land_battles":
        return [FightBarbarians(player, pid) for pid in battle_sites(state, player)]
    return ()


@MODULE.hook(MILITARY_TURN_CHECK)
def _turn_check(state: GameState, player: str, action: Action) -> bool:
    step = phase_state(state).step
    if isinstance(action, HireBarbarian):
        _check_hire(state, player, action, step)
        return True
    if isinstance(action, FightBarbarians):
        if step != "land_battles" or action.province not in battle_sites(state, player):
            raise IllegalAction(f"no battle with the barbarians owed in {action.province}",
                                code="no_barbarian_battle", province=action.province)
        return True
    return False


@MODULE.hook(MILITARY_TURN_PERFORM)
def _turn_perform(state: GameState, player: str, action: Action, ev: EventLog) -> bool:
    if isinstance(action, HireBarbarian):
        _hire(state, player, action, ev)
        return True  # the step goes on as after a move
    if isinstance(action, FightBarbarians):
        # A battle hands back to the turn itself (turn_order.advance, as a base battle does,
        # once its casualties and pillage are settled): nothing for the phase to do now.
        _fight(state, player, action.province, ev)
    return False


@MODULE.hook(MILITARY_TURN_END)
def _turn_end(state: GameState, player: str, ev: EventLog) -> bool:
    part = punic(state)
    part.moved.clear()
    part.fought.clear()
    return False


for _cls in (HireBarbarian, FightBarbarians):
    MODULE.answers("military_turn", _cls)


# --- invariants -----------------------------------------------------------------------------

FIGURES = {"legion": 8, "trireme": 3, "fortress": 3}  # the box's barbarian figures (L106)


@MODULE.hook(INVARIANTS)
def _invariants(state: GameState) -> list[str]:
    part = punic(state)
    errors = []
    counts = {"legion": sum(part.legions.values()), "trireme": sum(part.triremes.values()),
              "fortress": len(part.fortresses)}
    for piece, most in FIGURES.items():
        if counts[piece] > most:
            errors.append(f"{counts[piece]} barbarian {piece}s on the board (at most {most})")
    if any(n <= 0 for n in (*part.legions.values(), *part.triremes.values())):
        errors.append("an empty barbarian stack is kept")
    if any(not state.board.is_province(a) for a in (*part.legions, *part.fortresses)):
        errors.append("barbarian legions or fortress off the land")
    if any(not state.board.is_sea(a) for a in part.triremes):
        errors.append("a barbarian trireme off the sea")
    if len(part.fortresses) != len(set(part.fortresses)):
        errors.append("two barbarian fortresses in one province")
    for player, purse in part.purse.items():
        if sum(purse.values()) > 2 or any(t not in GOLD_TOKENS for t in purse):
            errors.append(f"{player}'s purse holds {purse}")
    if len(part.market) > 3:
        errors.append(f"the External Market holds {part.market}")
    return errors
