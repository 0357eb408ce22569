"""ARCHIMÈDE (L456–468): « À l'achat de ce Héros, placez gratuitement et immédiatement la
figurine Trirème à feu grégeois en jeu. Il s'agit d'une Unité maritime. Si la Trirème à feu
grégeois est détruite, vous pouvez à nouveau l'acquérir avec une combinaison de 3 Ressources. »

The figure's own text is missing from the rulebook; ruling E1's stop-gap is played: the figure
is one trireme of his on the board (`state.triremes`: it moves, carries, connects, fights with
one sea die and counts as a trireme for objectives and cards), out of his 5-trireme supply
(`PIECES_OFF_BOARD`) and out of his Military level (`LEVEL_BONUSES`). Placed in a sea beside a
province he may place in (`greek_fire_place`), on the tile's purchase (never on a copy: A12)
and on its re-buy (one set of 3, his Build turn). Decided (docs/legendary-cities.md): triremes
being alike, it is the last of his triremes to go, so it is destroyed when he has none left.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Self

from .....core.dispatch import ACTION_RESOLVED
from .....core.rules import RulesDraft
from ....actions import Action, interned
from ....control import has_power
from ....errors import IllegalAction
from ....events import EventLog
from ....hooks import (
    BUILD_PURCHASED,
    BUILD_TURN_ACTIONS,
    BUILD_TURN_CHECK,
    BUILD_TURN_PERFORM,
    INVARIANTS,
    LEVEL_BONUSES,
    PIECES_OFF_BOARD,
)
from ....phases.build import payment_rules, resume_turn
from ....phases.build.placement import placeable_provinces, seas_beside
from ....prompts import PromptHandler, add_prompt, remove_prompt
from ....resources import payment_options, spend
from ....state import GameState, Prompt
from ...figure_actions import RebuyFigure
from ..actions import PlaceGreekFire
from ..module import MODULE

ARCHIMEDES = "archimedes"
FIGURE = "greek_fire"
PLACE = "greek_fire_place"
PART = "greek_fire"
REBUY = 3


@dataclass(slots=True)
class GreekFire:
    """`owner`: who has the figure on the board ("" while it is not); `placing`: bought, its
    sea not chosen yet. Public: it is a figure on the table."""

    owner: str = ""
    placing: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"owner": self.owner, "placing": self.placing}

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Self:
        return cls(str(raw["owner"]), bool(raw["placing"]))

    def view(self, viewer: str | None) -> dict[str, Any]:
        return self.to_dict()


MODULE.substate(PART, GreekFire, lambda state: GreekFire())


def greek_fire(state: GameState) -> GreekFire:
    # No isinstance check: the module's substate factory and `from_dict` make only a
    # GreekFire, and this is read on every action (its hooks) and many listings.
    part: GreekFire = state.substates[PART]  # type: ignore[assignment]
    return part


def _no_trireme(state: GameState, player: str) -> bool:
    """He has no trireme on the board (asked after every action: stops at the first)."""
    for there in state.triremes.values():  # noqa: SIM110 (a loop: no generator frame)
        if there.get(player):
            return False
    return True


def _seas(state: GameState, player: str) -> tuple[str, ...]:
    """E1: a sea beside a province he may place in."""
    return seas_beside(state, placeable_provinces(state, player))


def _owe_place(state: GameState, player: str) -> bool:
    if not _seas(state, player):
        return False
    greek_fire(state).placing = True
    add_prompt(state, PLACE, player)
    return True


@MODULE.hook(BUILD_PURCHASED)
def _bought(state: GameState, player: str, item: str, target: str, ev: EventLog) -> bool:
    """« À l'achat de ce Héros, placez gratuitement et immédiatement » (not a copy's: A12)."""
    if item != "hw" or target != ARCHIMEDES or greek_fire(state).owner:
        return False
    return _owe_place(state, player)


def _legal(state: GameState, prompt: Prompt) -> list[Action]:
    return [PlaceGreekFire(prompt.player, s) for s in _seas(state, prompt.player)]


def _check(state: GameState, prompt: Prompt, action: Action) -> None:
    assert isinstance(action, PlaceGreekFire)
    if action.sea not in _seas(state, prompt.player):
        raise IllegalAction(
            f"the Greek-fire trireme may not go to {action.sea}",
            code="not_controlled",
            area=action.sea,
        )


def _perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, PlaceGreekFire)
    remove_prompt(state, prompt)
    there = state.triremes.setdefault(action.sea, {})
    there[action.player] = there.get(action.player, 0) + 1
    part = greek_fire(state)
    part.owner, part.placing = action.player, False
    ev.public("greek_fire_placed", player=action.player, sea=action.sea, power=ARCHIMEDES)
    resume_turn(state, action.player)


MODULE.handler(
    PromptHandler(
        kind=PLACE,
        actions=(PlaceGreekFire,),
        legal=_legal,
        check=_check,
        perform=_perform,
        public_listing=True,
        # Deadline: the first sea offered, in board order (§12).
        default=lambda state, prompt: _legal(state, prompt)[0],
    )
)


def _rebuy_why(state: GameState, player: str) -> IllegalAction | None:
    part = greek_fire(state)
    if not has_power(state, player, ARCHIMEDES):
        return IllegalAction(
            f"{player} does not have {ARCHIMEDES}'s power", code="no_power", power=ARCHIMEDES
        )
    if part.owner or part.placing:
        return IllegalAction(f"the {FIGURE} is still in play", code="figure_in_play", figure=FIGURE)
    if not _seas(state, player):
        return IllegalAction(
            "the Greek-fire trireme has no sea to go to", code="not_controlled", area=""
        )
    return None


def _payments(state: GameState, player: str) -> list[tuple[str, ...]]:
    return payment_options(state.hands[player], REBUY, payment_rules(state, player))


@MODULE.hook(BUILD_TURN_ACTIONS, owner=ARCHIMEDES)  # _rebuy_why: his power first
def _rebuy_actions(state: GameState, player: str) -> Sequence[Action]:
    if _rebuy_why(state, player) is not None:
        return ()
    return [interned(RebuyFigure, player, FIGURE, p) for p in _payments(state, player)]


@MODULE.hook(BUILD_TURN_CHECK)
def _rebuy_check(state: GameState, player: str, action: Action) -> bool:
    if not isinstance(action, RebuyFigure) or action.figure != FIGURE:
        return False
    why = _rebuy_why(state, player)
    if why is not None:
        raise why
    if action.resources not in _payments(state, player):
        raise IllegalAction(
            f"the {FIGURE} costs one set of {REBUY}", code="bad_payment", cost=REBUY
        )
    return True


@MODULE.hook(BUILD_TURN_PERFORM)
def _rebuy_perform(state: GameState, player: str, action: Action, ev: EventLog) -> bool:
    """« vous pouvez à nouveau l'acquérir avec une combinaison de 3 Ressources »."""
    if not isinstance(action, RebuyFigure) or action.figure != FIGURE:
        return False
    spent = spend(state, player, action.resources)
    ev.private("paid", (player,), player=player, item=FIGURE, resources=spent, power=None)
    for prompt in [p for p in state.prompts if p.kind == "build_turn" and p.player == player]:
        remove_prompt(state, prompt)
    placed = _owe_place(state, player)
    assert placed  # _rebuy_why checked a sea
    return True


@MODULE.edit
def _answers(draft: RulesDraft[GameState]) -> None:
    """The re-buy answers his Build turn (once, whatever the figure modules in play)."""
    handler = draft.handlers["build_turn"]
    if RebuyFigure not in handler.actions:
        draft.handlers["build_turn"] = replace(handler, actions=(*handler.actions, RebuyFigure))
    draft.actions.setdefault(RebuyFigure.kind, RebuyFigure)


@MODULE.hook(PIECES_OFF_BOARD)
def _not_from_supply(state: GameState, player: str, piece: str) -> int:
    """E1: not counted in the 5-trireme limit (it is on the board, not from his supply)."""
    return -1 if piece == "trireme" and greek_fire(state).owner == player else 0


@MODULE.hook(LEVEL_BONUSES)
def _not_in_level(state: GameState, player: str) -> dict[str, int] | None:
    """E1: not counted in the Military level, like the other special units."""
    return {"military": -1} if greek_fire(state).owner == player else None


@MODULE.hook(ACTION_RESOLVED)
def _destroyed(state: GameState, action: Action, ev: EventLog) -> None:
    """The last of his triremes to go: destroyed once he has none on the board."""
    # greek_fire(state), inline: asked after every action of a game with Syracusae.
    part: GreekFire = state.substates[PART]  # type: ignore[assignment]
    if part.owner and _no_trireme(state, part.owner):
        ev.public("greek_fire_destroyed", player=part.owner, power=ARCHIMEDES)
        part.owner = ""


@MODULE.hook(INVARIANTS)
def _on_board(state: GameState) -> list[str]:
    part = greek_fire(state)
    if part.owner and _no_trireme(state, part.owner):
        return [f"{part.owner}'s Greek-fire trireme is in play with no trireme on the board"]
    return []
