"""The choices heroes make before a land combat's dice (2003 hook point BATTLE_STARTING):
Midas's conversions first (they change the dice), then Hamilcar's fixed 4s; each holder on
either side, the attacker first. The battle is held in the sub-state (`battle`: its sides,
who was asked, Hamilcar's 4s) and fought once every choice is in (`military.fight`). After
the dice Ajax may reroll (`dice.py`)."""

from __future__ import annotations

from collections.abc import Callable

from ....events import EventLog
from ....prompts import add_prompt
from ....rulesets.mn2003 import military
from ....rulesets.mn2003.geography import is_sea
from ....rulesets.mn2003.hooks import BATTLE_STARTING, BATTLE_TOTALS
from ....rulesets.mn2003.pieces import legions_at
from ....state import GameState
from ..module import MODULE
from .holding import heroes, holds

# (prompt kind, card, the most he may choose: (state, player, area, enemy) -> n, whether a
# player with units there but no side of the combat is asked too), in the order asked: each
# power's file adds its step (medusa.py first, midas.py, hercules.py, then dice.py).
Most = Callable[[GameState, str, str, str], int]
STEPS: list[tuple[str, str, Most, bool]] = []


def dice_of(state: GameState, player: str, area: str) -> int:
    """His dice in a land combat there: the attacker's legions that have not fought (the
    turn's player), the defender's legions."""
    mil = state.military
    if mil is not None and mil.current == player:
        return military.fightable(state, area, player)[0]
    return legions_at(state, area, player)


def fixed_dice(state: GameState, player: str) -> list[int]:
    """His dice already fixed before this combat's roll (Hercule's 6, Hamilcar's 4s)."""
    fixed: dict[str, list[int]] = heroes(state).battle.get("fixed", {})
    return fixed.get(player, [])


def fix_dice(state: GameState, player: str, values: list[int]) -> None:
    heroes(state).battle["fixed"].setdefault(player, []).extend(values)


def held_battle(state: GameState, area: str, attacker: str, defender: str) -> dict[str, object]:
    held = heroes(state).battle
    key = [area, attacker, defender]
    if held.get("key") != key or held.get("rolled"):
        held.clear()
        held.update(key=key, asked=[], fixed={})
    return held


@MODULE.hook(BATTLE_STARTING)
def _ask(state: GameState, attacker: str, area: str, defender: str, ev: EventLog) -> bool:
    if is_sea(area, state.board_key):
        return False
    held = heroes(state).battle
    held_battle(state, area, attacker, defender)
    asked: list[str] = held["asked"]
    others = [(p, "") for p in state.players if p not in (attacker, defender)]
    for kind, card, most, anyone in STEPS:
        sides = [(attacker, defender), (defender, attacker)]
        for player, enemy in sides + others if anyone else sides:
            tag = f"{kind}:{player}"
            if (
                tag in asked
                or player not in state.players
                or not holds(state, player, card)
                or most(state, player, area, enemy) <= 0
            ):
                continue
            asked.append(tag)
            add_prompt(state, kind, player, area=area, enemy=enemy)
            return True
    return False


def resume_fight(state: GameState, ev: EventLog) -> None:
    """The held battle goes on: the next choice, or its dice."""
    area, attacker, defender = heroes(state).battle["key"]
    military.fight(state, attacker, area, defender, ev)


@MODULE.hook(BATTLE_TOTALS)
def _rolled(
    state: GameState, area: str, attacker: str, defender: str, a: int, d: int, ev: EventLog
) -> tuple[int, int]:
    # The dice are rolled: a next battle with the same sides is another battle.
    held = heroes(state).battle
    if held.get("key") == [area, attacker, defender]:
        held["rolled"] = True
    return a, d
