"""AGAMEMNON (L264–272), Phase IV Militaire: « Lorsque vous pillez un Marché ou un Temple (MN
4.3.1), le marqueur détruit peut être immédiatement et gratuitement placé sur un emplacement
libre approprié de l'une de vos Provinces contrôlées. »

Ruling C2: optional (a decision owed right after the pillage, `agamemnon_move`, whose default
is to leave it); a free slot of the same kind in a province he controls; none, and the marker
stays in the supply. Moïse's provinces are never pillaged, so it never acts there (D3)."""

from __future__ import annotations

from ....actions import Action
from ....control import controlled_provinces, has_power
from ....errors import IllegalAction
from ....events import EventLog
from ....hooks import BUILDING_PILLAGED
from ....phases.military import next_conquest
from ....prompts import PromptHandler, add_prompt, remove_prompt
from ....state import GameState, Prompt
from ..actions import LeaveMarker, MoveMarker
from ..module import MODULE

AGAMEMNON = "agamemnon"
MOVE = "agamemnon_move"
_MOVED = ("market", "temple")


def _slots(state: GameState, player: str, kind: str) -> list[tuple[str, int]]:
    """The free slots of this kind in the provinces he controls, in board and slot order."""
    out = []
    for p in controlled_provinces(state, player):
        for i, slot in enumerate(state.board.provinces[p].slots):
            if slot.kind == kind and not state.built[p][i]:
                out.append((p, i))
    return out


@MODULE.hook(BUILDING_PILLAGED)
def _pillaged(state: GameState, player: str, province: str, kind: str, ev: EventLog) -> bool:
    if kind not in _MOVED or not has_power(state, player, AGAMEMNON):
        return False
    if not _slots(state, player, kind):
        return False
    add_prompt(state, MOVE, player, building=kind)
    return True


def _legal(state: GameState, prompt: Prompt) -> list[Action]:
    kind = prompt.data["building"]
    return [
        *(MoveMarker(prompt.player, p, i) for p, i in _slots(state, prompt.player, kind)),
        LeaveMarker(prompt.player),
    ]


def _check(state: GameState, prompt: Prompt, action: Action) -> None:
    if action not in _legal(state, prompt):
        raise IllegalAction(
            f"no such free {prompt.data['building']} slot in a province you control",
            code="bad_slot",
        )


def _perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    remove_prompt(state, prompt)
    if isinstance(action, MoveMarker):
        state.built[action.province][action.slot] = True
        ev.public(
            "marker_moved",
            player=action.player,
            building=prompt.data["building"],
            province=action.province,
            slot=action.slot,
            power=AGAMEMNON,
        )
    next_conquest(state, ev)


MODULE.handler(
    PromptHandler(
        kind=MOVE,
        actions=(MoveMarker, LeaveMarker),
        legal=_legal,
        check=_check,
        perform=_perform,
        public_listing=True,
        # Deadline: he leaves it (the power is optional: C2).
        default=lambda state, prompt: LeaveMarker(prompt.player),
    )
)
