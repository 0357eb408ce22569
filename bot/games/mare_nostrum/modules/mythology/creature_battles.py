"""Combat with the Mythology's units (004 l.270–278, l.322–327, l.457–472; aid §B.9.2,
C-40, C-41): the ruleset's battle taken over (hook point BATTLE). Each side rolls a die per
legion (trireme at sea); fortresses and creatures are an automatic 6, unless the other side
has a behemoth; each centaur destroys an enemy legion before the dice; each 5 points is a
hit (`military.hit_points`: Penthésilée's 6); the loser of units chooses them among
legions, fortresses and creatures."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ... import rng
from ...actions import Action
from ...errors import IllegalAction
from ...events import EventLog
from ...prompts import add_prompt, remove_prompt
from ...rulesets.mn2003 import military as base
from ...rulesets.mn2003.geography import is_sea
from ...rulesets.mn2003.hooks import LAND_DIE_BONUS, SEA_DIE_BONUS
from ...rulesets.mn2003.pieces import fortresses_at, legions_at
from ...rulesets.mn2003.substate import sub
from ...state import GameState, Prompt
from .army_state import (
    army,
    bookkeeping,
    creatures_at,
    fightable,
    kind_of,
    lent_gone,
    shift,
)

AUTOMATIC = base.FORTRESS_DIE  # «obtient un résultat automatique de 6»


@dataclass(frozen=True, slots=True)
class LoseArmy(Action):
    """The units a hit player loses (he chooses, 004 l.272): legions (triremes at sea),
    fortresses and creatures."""

    kind: ClassVar[str] = "lose_army"
    legions: int
    fortresses: int
    creatures: int


@dataclass(slots=True)
class Side:
    player: str
    dice: int  # legions (triremes at sea) taking part
    forts: int
    creatures: int

    @property
    def behemoth(self) -> bool:
        return self.creatures > 0 and kind_of(self.player) == "behemoth"


def resume(state: GameState, ev: EventLog) -> None:
    """After a battle: the blockade's prompt if a convoy is held up, else the mover's turn."""
    if any(p.kind == "casualties" for p in state.prompts) or state.over:
        return
    from .blockade import reopen

    if "move" in army(state).blockade:
        reopen(state, ev)
        return
    mil = state.military
    assert mil is not None and mil.current is not None
    base._resume(state, mil.current, ev)


def _units(state: GameState, area: str, player: str) -> int:
    if is_sea(area, state.board_key):
        return state.triremes.get(area, {}).get(player, 0)
    return legions_at(state, area, player)


def _sides(state: GameState, attacker: str, area: str, defender: str) -> tuple[Side, Side]:
    mil = state.military
    active = mil is not None and mil.current == attacker
    sea = is_sea(area, state.board_key)
    if active:
        dice, forts = base.fightable(state, area, attacker)
        creatures = fightable(state, area, attacker)
    else:  # a blockade: the Greek fights with every trireme he has there
        dice, forts, creatures = (
            _units(state, area, attacker),
            0,
            creatures_at(state, area, attacker),
        )
    a = Side(attacker, dice, forts, creatures)
    d = Side(
        defender,
        _units(state, area, defender),
        0 if sea else fortresses_at(state, area, defender),
        creatures_at(state, area, defender),
    )
    return a, d


def _centaurs(state: GameState, area: str, a: Side, d: Side, ev: EventLog) -> None:
    """C-41: «avant le début d'un combat où il est impliqué, le centaure détruit une légion
    ennemie (pas une forteresse ou une créature mythologique)» — each centaur one."""
    if is_sea(area, state.board_key):
        return
    kills = {
        side.player: min(other.dice, side.creatures if kind_of(side.player) == "centaur" else 0)
        for side, other in ((a, d), (d, a))
    }
    for side, other in ((a, d), (d, a)):
        n = kills[side.player]
        if n:
            other.dice -= n
            ev.public(
                "centaur_struck", player=side.player, victim=other.player, area=area, legions=n
            )
            base._lose(state, other.player, area, n, 0, ev)


def _total(state: GameState, area: str, side: Side, other: Side) -> tuple[list[int], int]:
    """C-40: against a behemoth, his fortresses and creatures roll a die instead of the 6
    (one behemoth is enough; the behemoth's own side keeps its 6s)."""
    fixed = side.forts + side.creatures
    rolled_fixed = fixed if other.behemoth else 0
    # The legions' dice a hero fixed (DICE_FIXED: Hercule's 6, Hamilcar's 4s) come first;
    # the rest in one throw (without such a power, the same draw as ever).
    chosen = base.fixed_dice(state, side.player, area, side.dice)
    count = side.dice - len(chosen) + rolled_fixed
    rolled = [*chosen, *(rng.roll(state, count, base.DIE) if count else [])]
    point = SEA_DIE_BONUS if is_sea(area, state.board_key) else LAND_DIE_BONUS
    bonus = sum(h(state, side.player) for h in state.rules.on[point])
    automatic = 0 if other.behemoth else AUTOMATIC * fixed
    return rolled, sum(rolled) + bonus * side.dice + automatic


def fight(state: GameState, attacker: str, area: str, defender: str, ev: EventLog) -> bool:
    """The hook BATTLE: the dice of every battle of a Mythology game (the BATTLE_STARTING
    windows are over: Poséidon's), then the ruleset's BATTLE_ROLLED powers (Mars) and the
    hits (`settle`, through BATTLE_HITS)."""
    a, d = _sides(state, attacker, area, defender)
    active = state.military is not None and state.military.current == attacker
    _centaurs(state, area, a, d, ev)
    a_roll, a_sum = _total(state, area, a, d)
    d_roll, d_sum = _total(state, area, d, a)
    a_sum, d_sum = base.fold_totals(
        state, area, attacker, defender, (a_roll, a_sum), (d_roll, d_sum), ev
    )
    if active:
        part, mine = sub(state), bookkeeping(state)
        part.fought[area] = part.fought.get(area, 0) + a.dice
        part.moved[area] = max(part.moved.get(area, 0), part.fought[area])
        if a.forts:
            part.fortress_fought.append(area)
        mine.fought[area] = mine.fought.get(area, 0) + a.creatures
        mine.moved[area] = max(mine.moved.get(area, 0), mine.fought[area])
    battle = {
        "area": area,
        "attacker": attacker,
        "defender": defender,
        "totals": [a_sum, d_sum],
        "dice": [a_roll, d_roll],
        "units": [d.dice, d.forts],
        "forts": a.forts,
        "creatures": d.creatures,
    }
    base.rolled(state, battle, ev)
    return True


def settle(state: GameState, battle: dict[str, Any], ev: EventLog) -> bool:
    """The hook BATTLE_HITS: a rolled battle's hits, creatures among the units."""
    area, attacker, defender = battle["area"], battle["attacker"], battle["defender"]
    (a_sum, d_sum), (d_units, d_forts) = battle["totals"], battle["units"]
    hit(
        state,
        defender,
        area,
        a_sum // base.hit_points(state, defender, area),
        d_units,
        d_forts,
        battle["creatures"],
        ev,
    )
    hit(
        state,
        attacker,
        area,
        d_sum // base.hit_points(state, attacker, area),
        _units(state, area, attacker),
        battle["forts"],
        creatures_at(state, area, attacker),
        ev,
    )
    resume(state, ev)
    return True


def hit(
    state: GameState,
    victim: str,
    area: str,
    hits: int,
    units: int,
    forts: int,
    creatures: int,
    ev: EventLog,
) -> None:
    """Hits taken: the victim chooses when he has a real choice; otherwise (and always for
    a neutral) legions go first, then fortresses, then creatures."""
    total = units + forts + creatures
    hits = min(hits, total)
    if not hits:
        return
    kinds = sum(1 for n in (units, forts, creatures) if n)
    if victim in state.players and kinds > 1 and hits < total:
        add_prompt(
            state,
            "casualties",
            victim,
            area=area,
            hits=hits,
            units=units,
            forts=forts,
            creatures=creatures,
        )
        return
    lost_units = min(hits, units)
    lost_forts = min(hits - lost_units, forts)
    lose(state, victim, area, lost_units, lost_forts, hits - lost_units - lost_forts, ev)


def lose(
    state: GameState, victim: str, area: str, units: int, forts: int, creatures: int, ev: EventLog
) -> None:
    if units or forts:
        base._lose(state, victim, area, units, forts, ev)
    if creatures:
        lose_creatures(state, victim, area, creatures, ev)


def lose_creatures(state: GameState, victim: str, area: str, n: int, ev: EventLog) -> None:
    """Creatures eliminated; a phoenix goes on its card (C-44), the others to the supply; a
    legion acting as a creature (Hercule, lost first) to the legions' supply."""
    shift(state, area, victim, -n)
    legions = lent_gone(state, area, victim, n)
    part = bookkeeping(state)
    mil = state.military
    if mil is not None and victim == mil.current:
        part.fought[area] = max(0, part.fought.get(area, 0) - n)
    if kind_of(victim) == "phoenix" and n > legions:
        part.card[victim] = part.card.get(victim, 0) + n - legions
    ev.public("creatures_lost", player=victim, area=area, creatures=n)


def _cas_legal(state: GameState, prompt: Prompt) -> list[Action]:
    d = prompt.data
    hits, units, forts = d["hits"], d["units"], d["forts"]
    creatures = d.get("creatures", 0)
    # Cheapest first (legions, then fortresses, then creatures): the first is the default.
    return [
        LoseArmy(prompt.player, u, f, hits - u - f)
        for u in range(min(units, hits), -1, -1)
        for f in range(min(forts, hits - u), -1, -1)
        if hits - u - f <= creatures
    ]


def as_army(action: Action) -> Action:
    """The ruleset's answer (`/mn military losses`: legions and fortresses) read as the
    module's, no creature lost."""
    if isinstance(action, base.LoseUnits):
        return LoseArmy(action.player, action.legions, action.fortresses, 0)
    return action


def _cas_check(state: GameState, prompt: Prompt, action: Action) -> None:
    if as_army(action) not in _cas_legal(state, prompt):
        raise IllegalAction(
            f"lose exactly {prompt.data['hits']} of your units there",
            code="bad_casualties",
            hits=prompt.data["hits"],
        )


def _cas_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    action = as_army(action)
    assert isinstance(action, LoseArmy)
    remove_prompt(state, prompt)
    area = prompt.data["area"]
    lose(state, action.player, area, action.legions, action.fortresses, action.creatures, ev)
    resume(state, ev)
