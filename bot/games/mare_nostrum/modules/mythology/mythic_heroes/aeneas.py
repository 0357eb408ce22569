"""Énée: «permet de convoyer à travers une case de mer même en l'absence de flotte (la case
choisie est la même pour tout le tour mais le joueur l'annonce quand il veut)» (004 l.386;
C-50; MH-28). Once a round, in the land step of his military turn, he names a sea space
(`aeneas_sea`, public); for the rest of the round it counts as holding one of his triremes
for his legions' moves only (2003 hook point MARCH_SEAS): not for influence, combat or
Poséidon."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ....actions import Action
from ....events import EventLog
from ....rulesets.mn2003 import military
from ....rulesets.mn2003.geography import seas
from ....rulesets.mn2003.hooks import MARCH_SEAS, MILITARY_ACTIONS, MILITARY_PERFORM
from ....state import GameState
from ..module import MODULE
from .holding import heroes, holds, mark_used, used_this_round
from .ids import AENEAS


@dataclass(frozen=True, slots=True)
class AeneasSea(Action):
    """Énée: the sea space his legions cross without a fleet for the rest of the round."""

    kind: ClassVar[str] = "aeneas_sea"
    sea: str


def named_sea(state: GameState, player: str) -> str | None:
    """The sea he named this round (None: not yet)."""
    prefix = f"{state.round}:{AENEAS}:sea:"
    for key in heroes(state).used:
        if key.startswith(prefix) and key.endswith(f":{player}"):
            return key[len(prefix) : -len(player) - 1]
    return None


@MODULE.hook(MARCH_SEAS)
def _sea(state: GameState, player: str) -> frozenset[str]:
    if not holds(state, player, AENEAS):
        return frozenset()
    sea = named_sea(state, player)
    return frozenset() if sea is None else frozenset({sea})


@MODULE.hook(MILITARY_ACTIONS)
def _listed(state: GameState, player: str) -> list[Action]:
    if not holds(state, player, AENEAS) or used_this_round(state, AENEAS, player):
        return []
    return [AeneasSea(player, s) for s in sorted(seas(state.board_key))]


@MODULE.hook(MILITARY_PERFORM)
def _performed(state: GameState, player: str, action: Action, ev: EventLog) -> bool:
    if not isinstance(action, AeneasSea):
        return False
    mark_used(state, AENEAS, player)
    mark_used(state, f"{AENEAS}:sea:{action.sea}", player)
    ev.public("aeneas_sea", player=player, sea=action.sea, card=AENEAS)
    military.resume_turn(state, player, ev)
    return True


MODULE.answers("military_turn", AeneasSea)
