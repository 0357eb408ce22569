"""Special land figures bought with a hero (Atlas: Chiron's Centaurs, Achille's Myrmidons):
what they share, declared on the module of each figure's hero.

The base already plays them as land units (`state.figures`: presence, one die, casualties,
conquest, never in the Military level). A figure's module adds, through `declare_figure`:
- its placement in its owner's capital province when he buys the hero (never when the power
  is copied: ruling A12 makes these heroes uncopyable);
- its move like a legion, once a turn in his land moves (rulings A8, C1);
- its re-buy for one set, in his Build turn, once destroyed (L122, L260).
Each figure's own effect (the Centaurs' kill, the Myrmidons' dice) stays in its hero's module.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from ....core.rules import HookPoint, RulesDraft, RulesModule
from ...actions import Action, LoseFigures, interned
from ...control import capital_province, has_power
from ...errors import IllegalAction
from ...events import EventLog
from ...hooks import (
    BUILD_PURCHASED,
    BUILD_TURN_ACTIONS,
    BUILD_TURN_CHECK,
    BUILD_TURN_PERFORM,
    MILITARY_TURN_ACTIONS,
    MILITARY_TURN_CHECK,
    MILITARY_TURN_PERFORM,
)
from ...kinds import MilitaryStep
from ...phases.build.payment import payment_rules
from ...phases.military import moves, review_conqueror
from ...resources import payment_options, spend
from ...state import GameState
from ..figure_actions import MoveFigure, RebuyFigure

FIGURE_ASIDE: HookPoint[bool] = HookPoint(
    "figures.aside",
    "(state, figure) -> bool: whether a figure off the board is still in play (petrified by "
    "Médée or Méduse: A9), so that it cannot be bought again. Any True answer.",
)


class FigureBook(Protocol):
    """Where a module records its figures: who put each in play, and the round it last
    moved."""

    figures: dict[str, str]
    figure_moved: dict[str, int]


@dataclass(frozen=True, slots=True)
class FigureKit:
    figure: str
    hero: str
    cost: Callable[[GameState], int]  # the re-buy's set size
    book: Callable[[GameState], FigureBook]


def _place(state: GameState, kit: FigureKit, player: str, ev: EventLog, cost: int) -> None:
    """The figure goes to his capital's province (L120, L256; A8, C1 for a re-buy)."""
    province = capital_province(player)
    state.figures[kit.figure] = {"owner": player, "area": province}
    ev.public("figure_placed", player=player, figure=kit.figure, province=province, cost=cost)
    review_conqueror(state, province, ev, "battle")  # an enemy conqueror there is at war


def _rebuy_why(state: GameState, kit: FigureKit, player: str) -> IllegalAction | None:
    """Why he may not buy the figure again now (None: he may, given a payment)."""
    if not has_power(state, player, kit.hero) or kit.book(state).figures.get(kit.figure) != player:
        return IllegalAction(
            f"{player} does not have {kit.hero}'s power", code="no_power", power=kit.hero
        )
    if kit.figure in state.figures or any(
        aside(state, kit.figure) for aside in state.rules.on[FIGURE_ASIDE]
    ):
        return IllegalAction(
            f"the {kit.figure} are still in play", code="figure_in_play", figure=kit.figure
        )
    return None


def _payments(state: GameState, kit: FigureKit, player: str) -> list[tuple[str, ...]]:
    return payment_options(state.hands[player], kit.cost(state), payment_rules(state, player))


def _targets(state: GameState, kit: FigureKit, player: str) -> list[str]:
    """Where his figure may move now (once a turn, as a legion: adjacent, or connected by his
    triremes, less what the powers close), in board order."""
    f = state.figures.get(kit.figure)
    if (
        f is None
        or f["owner"] != player
        or (kit.book(state).figure_moved.get(kit.figure) == state.round)
    ):
        return []
    limit = moves.entry_limit(state, player, "legion")
    reach = moves.reach(state, player, "legion", f["area"])
    return [p for p in state.board.provinces if p in reach and (limit is None or limit(p) is None)]


def _step(state: GameState) -> MilitaryStep:
    assert state.military is not None
    return state.military.step


def declare_figure(module: RulesModule[GameState], kit: FigureKit) -> None:
    """The figure's placement, re-buy and move, as handlers on its hero's module."""

    @module.hook(BUILD_PURCHASED)
    def _recruited(state: GameState, player: str, item: str, target: str, ev: EventLog) -> bool:
        """On buying the hero, the figure is placed at once: the first time he has the power."""
        book = kit.book(state)
        if kit.figure not in book.figures and has_power(state, player, kit.hero):
            book.figures[kit.figure] = player
            _place(state, kit, player, ev, cost=0)
        return False

    # Declared with the hero: _rebuy_why refuses anyone without his power.
    @module.hook(BUILD_TURN_ACTIONS, owner=kit.hero)
    def _rebuy_actions(state: GameState, player: str) -> Sequence[Action]:
        if _rebuy_why(state, kit, player) is not None:
            return ()
        return [interned(RebuyFigure, player, kit.figure, p) for p in _payments(state, kit, player)]

    @module.hook(BUILD_TURN_CHECK)
    def _rebuy_check(state: GameState, player: str, action: Action) -> bool:
        if not isinstance(action, RebuyFigure) or action.figure != kit.figure:
            return False
        why = _rebuy_why(state, kit, player)
        if why is not None:
            raise why
        if action.resources not in _payments(state, kit, player):
            raise IllegalAction(
                f"the {kit.figure} cost one set of {kit.cost(state)}",
                code="bad_payment",
                cost=kit.cost(state),
            )
        return True

    @module.hook(BUILD_TURN_PERFORM)
    def _rebuy_perform(state: GameState, player: str, action: Action, ev: EventLog) -> bool:
        if not isinstance(action, RebuyFigure) or action.figure != kit.figure:
            return False
        spent = spend(state, player, action.resources)
        ev.private("paid", (player,), player=player, item=kit.figure, resources=spent, power=None)
        _place(state, kit, player, ev, cost=len(spent))
        return True

    @module.hook(MILITARY_TURN_ACTIONS)
    def _moves(state: GameState, player: str, step: MilitaryStep) -> Sequence[Action]:
        if step != "land_moves" or kit.figure not in state.figures:
            return ()
        return [interned(MoveFigure, player, kit.figure, t) for t in _targets(state, kit, player)]

    @module.hook(MILITARY_TURN_CHECK)
    def _move_check(state: GameState, player: str, action: Action) -> bool:
        if not isinstance(action, MoveFigure) or action.figure != kit.figure:
            return False
        if action not in _moves(state, player, _step(state)):
            raise IllegalAction(
                f"the {action.figure} may not move to {action.target} now",
                code="bad_figure_move",
                figure=action.figure,
                target=action.target,
            )
        return True

    @module.hook(MILITARY_TURN_PERFORM)
    def _move_perform(state: GameState, player: str, action: Action, ev: EventLog) -> bool:
        if not isinstance(action, MoveFigure) or action.figure != kit.figure:
            return False
        f = state.figures[action.figure]
        source = f["area"]
        f["area"] = action.target
        kit.book(state).figure_moved[action.figure] = state.round
        ev.public(
            "figure_moved", player=player, figure=action.figure, source=source, target=action.target
        )
        if state.conquerors.get(source) == player:  # leaving may end his conquest (4.5)
            review_conqueror(state, source, ev, "move")
        return True

    @module.edit
    def _answers(draft: RulesDraft[GameState]) -> None:
        """The figures' answers join the prompts they answer, once whatever the number of
        figure modules (the owner may choose a figure as a casualty: A8, C1)."""
        for kind, cls in (
            ("build_turn", RebuyFigure),
            ("casualties", LoseFigures),
            ("military_turn", MoveFigure),
        ):
            handler = draft.handlers[kind]
            if cls not in handler.actions:
                draft.handlers[kind] = replace(handler, actions=(*handler.actions, cls))
            draft.actions.setdefault(cls.kind, cls)
