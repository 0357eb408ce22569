"""Le Port du Pirée (2), page 8 L792–794: « Dépensez une combinaison de 6 Ressources (plutôt que
3 combinaisons de 3) pour acheter et placer 1 Trirème et 2 Légions. Ces Unités proviennent de
la Réserve Barbare et augmentent donc les maxima militaires du joueur. »

Ruling E11: played in his own Build turn; it needs 1 trireme and 2 legions free in the
barbarian reserve (the 14 Punic figures: 8 legions, 3 triremes); one set of 6 (his payment
rules as usual); placed as bought units are (legions in a province he may place in, the
trireme in a sea beside one), above his 8/5 limits; destroyed, they go back to the reserve.

Units are counts, not figures: the reserve takes back the first of his units destroyed while
he has more than his limit (`extras`); units a power holds off the board without destroying
them (petrified by Médée or Méduse, Atlas) are still in play and still count. Decided: the
play is offered only when he can pay and place all three; the payment and the three
placements are decisions owed in turn (`piraeus` prompt), his Build turn resumes after
them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .....core.rules import RulesModule
from ....actions import Action, Pay
from ....errors import IllegalAction
from ....events import EventLog
from ....hooks import PIECES_OFF_BOARD
from ....phases.build import resume_turn
from ....phases.build.payment import affords, check_pay, pay_actions
from ....phases.build.placement import place, placeable_provinces, seas_beside
from ....prompts import PromptHandler, add_prompt, remove_prompt
from ....resources import spend
from ....state import GameState, Prompt
from ..actions import PiraeusPlace
from ..state import legends

Ctx = Mapping[str, Any]
KIND = "piraeus"
COST = 6  # « une combinaison de 6 Ressources »
RESERVE = {"legion": 8, "trireme": 3}  # the barbarian figures that can serve (E11)
UNITS = ("trireme", "legion", "legion")  # what one card places, in the order it is placed
_BOARD = {"legion": "legions", "trireme": "triremes"}


def _on_board(state: GameState, player: str, piece: str) -> int:
    areas: dict[str, dict[str, int]] = getattr(state, _BOARD[piece])
    return sum(d.get(player, 0) for d in areas.values())


def extras(state: GameState, player: str, piece: str) -> int:
    """His barbarian units of this piece still in play: those he holds above his limit, at
    most as many as the cards gave him. In play: on the board, or held off it by another
    power (Médée's and Méduse's petrified units, A9: still his, back at the turn's end; not
    destroyed, so not back to the reserve)."""
    granted = legends(state).piraeus.get(player, {}).get(piece, 0)
    if not granted:
        return 0
    limit: int = state.rules.data["components"].per_empire[piece]
    held = _on_board(state, player, piece)
    for aside in state.rules.on[PIECES_OFF_BOARD]:
        if aside is not _aside:
            held += aside(state, player, piece)
    return min(granted, max(0, held - limit))


def reserve_left(state: GameState, piece: str) -> int:
    return RESERVE[piece] - sum(extras(state, p, piece) for p in legends(state).piraeus)


def targets(state: GameState, player: str, ctx: Ctx) -> Sequence[str]:
    """Offered when the reserve holds the three units, one set of his pays 6, and he has a
    province (always: his capital's) and a sea beside one to place them in."""
    if reserve_left(state, "trireme") < 1 or reserve_left(state, "legion") < 2:
        return ()
    if not affords(state, player, COST):
        return ()
    if not seas_beside(state, placeable_provinces(state, player)):
        return ()
    return ("",)


def perform(state: GameState, player: str, target: str, ctx: Ctx, ev: EventLog) -> None:
    """His Build turn waits for the payment and the three placements."""
    for prompt in [p for p in state.prompts if p.player == player and p.kind == "build_turn"]:
        remove_prompt(state, prompt)
    add_prompt(state, KIND, player, step="pay", left=len(UNITS))


def _areas(state: GameState, player: str, piece: str) -> Sequence[str]:
    provinces = placeable_provinces(state, player)
    return seas_beside(state, provinces) if piece == "trireme" else provinces


def _piece(prompt: Prompt) -> str:
    return UNITS[len(UNITS) - int(prompt.data["left"])]


def _legal(state: GameState, prompt: Prompt) -> list[Action]:
    if prompt.data["step"] == "pay":
        return pay_actions(state, prompt.player, KIND, COST)
    return [PiraeusPlace(prompt.player, a) for a in _areas(state, prompt.player, _piece(prompt))]


def _check(state: GameState, prompt: Prompt, action: Action) -> None:
    if prompt.data["step"] == "pay":
        if not isinstance(action, Pay):
            raise IllegalAction("pay the Port of Piraeus first", code="wrong_decision")
        check_pay(state, prompt.player, KIND, COST, action.resources)
        return
    if not isinstance(action, PiraeusPlace):
        raise IllegalAction("place your Piraeus units", code="wrong_decision")
    piece = _piece(prompt)
    if action.area not in _areas(state, prompt.player, piece):
        raise IllegalAction(
            f"no {piece} of the Port of Piraeus may go to {action.area}",
            code="not_controlled",
            area=action.area,
        )


def _perform_step(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    player = prompt.player
    remove_prompt(state, prompt)
    if isinstance(action, Pay):
        spent = spend(state, player, action.resources)
        ev.private("paid", (player,), player=player, item=KIND, resources=spent, power=None)
        add_prompt(state, KIND, player, step="place", left=len(UNITS))
        return
    assert isinstance(action, PiraeusPlace)
    piece = _piece(prompt)
    granted = legends(state).piraeus.setdefault(player, {})
    granted[piece] = granted.get(piece, 0) + 1
    place(state, player, piece, action.area, -1)
    ev.public("piraeus_placed", player=player, item=piece, target=action.area)
    left = int(prompt.data["left"]) - 1
    if left:
        add_prompt(state, KIND, player, step="place", left=left)
    else:
        resume_turn(state, player)


def _default(state: GameState, prompt: Prompt) -> Action:
    # Deadline: the first payment or place listed (§12); the card is spent already.
    return _legal(state, prompt)[0]


def _aside(state: GameState, player: str, piece: str) -> int:
    """His barbarian units are not taken from his supply (« augmentent ses maxima »)."""
    return -extras(state, player, piece) if piece in RESERVE else 0


def install(module: RulesModule[GameState]) -> None:
    module.hook(PIECES_OFF_BOARD)(_aside)
    module.handler(
        PromptHandler(
            kind=KIND,
            actions=(Pay, PiraeusPlace),
            legal=_legal,
            check=_check,
            perform=_perform_step,
            default=_default,
        )
    )
