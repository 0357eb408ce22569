"""What every part of the Military phase shares: its rules module (`MODULE`), the phase's state
(`phase_state`), the steps of a turn (which are optional, what moves or where it fights in
each), and the powers' limits read as one refusal function (`power_limit`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from ....core.rules import HookPoint, RulesModule
from ...actions import Action
from ...errors import IllegalAction
from ...kinds import MILITARY_STEPS, MilitaryStep, Unit
from ...state import GameState, MilitaryState

# Phase Military: its phase, prompt handlers and action kinds, declared by the modules of this
# package (composed into the rules object by bot.games.mare_nostrum.base).
MODULE: RulesModule[GameState] = RulesModule("empires.military")

STEPS = MILITARY_STEPS
# Steps the player may end with EndTurn; land battles are owed (4.1.2).
OPTIONAL_STEPS: frozenset[MilitaryStep] = frozenset({"sea_moves", "sea_battles", "land_moves"})
# What moves in a step of moves.
STEP_UNIT: dict[MilitaryStep, Unit] = {"sea_moves": "trireme", "land_moves": "legion"}
# Where a step of battles is fought: on land (True) or at sea.
STEP_ON_LAND: dict[MilitaryStep, bool] = {"sea_battles": False, "land_battles": True}

Refusal = Callable[..., IllegalAction | None]
# Each step's one listing (moves.move_groups, battles.battle_groups: each registers itself)
# with what it lists: the units moved, or whether battles are fought on land. Read from this
# table by the steps' offers and actions (turn_order.step_offers, step_actions).
LISTINGS: dict[MilitaryStep, tuple[Callable[..., Iterator[Sequence[Action]]], Unit | bool]] = {}


def phase_state(state: GameState) -> MilitaryState:
    assert state.military is not None, "not in the Military phase"
    return state.military


def power_limit(state: GameState, point: HookPoint[Any], player: str) -> Refusal | None:
    """What the powers limit for him now as one refusal function — the first refusal of
    any — or None when none limits anything: ENTRY_LIMITS (the provinces closed to his
    legions: an EntryLimit) or ATTACK_LIMITS (who he may not fight, and where: an
    AttackLimit)."""
    found: Refusal | None = None
    for hook in state.rules.on[point]:
        limit = hook(state, player)
        if limit is not None:
            found = limit if found is None else _either(found, limit)
    return found


def _either(first: Refusal, then: Refusal) -> Refusal:
    def refusal(*target: str) -> IllegalAction | None:
        refused = first(*target)
        return refused if refused is not None else then(*target)
    return refusal
