"""PTOLÉMÉE (L512–522): « À l'achat de ce Héros, placez gratuitement et immédiatement une
Trirème disponible de votre Réserve. Vous pouvez refuser les Batailles Maritimes. Aucun Dé
n'est lancé. »

Ruling E4: the free trireme goes where a bought one may (a sea beside a province he may place
in), if his supply has one: his choice, a decision owed on purchase (`ptolemy_trireme`; never
on a copy, A12). The refusal is a decision outside his turn (ruling 18): a play of the battle's
window (`battle_start`) when a sea battle is started against him — it ends that battle: no
dice, both fleets stay, the sea counts as fought for the attacker this turn."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .....core.windows import WindowParticipant
from ....actions import Action
from ....control import has_power, supply_left
from ....errors import IllegalAction
from ....events import EventLog
from ....hooks import BUILD_PURCHASED
from ....phases.build import resume_turn
from ....phases.build.placement import placeable_provinces, seas_beside
from ....prompts import PromptHandler, add_prompt, remove_prompt
from ....state import GameState, Prompt
from ....windows import BATTLE_START, participate
from ..actions import PlaceFreeTrireme, RefuseBattle
from ..module import MODULE

PTOLEMY = "ptolemy"
PLACE = "ptolemy_trireme"


def _seas(state: GameState, player: str) -> tuple[str, ...]:
    if supply_left(state, player, "trireme") <= 0:
        return ()
    return seas_beside(state, placeable_provinces(state, player))


@MODULE.hook(BUILD_PURCHASED)
def _bought(state: GameState, player: str, item: str, target: str, ev: EventLog) -> bool:
    if item != "hw" or target != PTOLEMY or not _seas(state, player):
        return False
    add_prompt(state, PLACE, player)
    return True


def _legal(state: GameState, prompt: Prompt) -> list[Action]:
    return [PlaceFreeTrireme(prompt.player, s) for s in _seas(state, prompt.player)]


def _check(state: GameState, prompt: Prompt, action: Action) -> None:
    assert isinstance(action, PlaceFreeTrireme)
    if action.sea not in _seas(state, prompt.player):
        raise IllegalAction(
            f"no free trireme may go to {action.sea}", code="not_controlled", area=action.sea
        )


def _perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, PlaceFreeTrireme)
    remove_prompt(state, prompt)
    there = state.triremes.setdefault(action.sea, {})
    there[action.player] = there.get(action.player, 0) + 1
    ev.public("free_trireme", player=action.player, sea=action.sea, power=PTOLEMY)
    resume_turn(state, action.player)


MODULE.handler(
    PromptHandler(
        kind=PLACE,
        actions=(PlaceFreeTrireme,),
        legal=_legal,
        check=_check,
        perform=_perform,
        public_listing=True,
        # Deadline: the first sea offered, in board order (§12).
        default=lambda state, prompt: _legal(state, prompt)[0],
    )
)


def _refusals(state: GameState, player: str, ctx: Any) -> Sequence[Action]:
    """At a sea battle's start, its defender with Ptolémée may refuse it (public facts)."""
    if (
        player == ctx["defender"]
        and state.board.is_sea(ctx["area"])
        and has_power(state, player, PTOLEMY)
    ):
        return [RefuseBattle(player)]
    return ()


def _refuse(state: GameState, player: str, action: Action, ctx: Any, ev: EventLog) -> None:
    ctx["refused"] = player
    ev.public(
        "battle_refused", player=player, attacker=ctx["attacker"], area=ctx["area"], power=PTOLEMY
    )


participate(
    MODULE,
    BATTLE_START,
    WindowParticipant("syracusae.ptolemy", (RefuseBattle,), plays=_refusals, perform=_refuse),
)
