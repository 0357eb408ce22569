"""CHIRON (L118–122): « À l'achat de ce Héros, placez immédiatement la figurine Centaures sur
votre Province Capitale. Il s'agit d'une Unité terrestre. » — « Centaures (Unité spéciale):
Lorsqu'ils participent à une Bataille Terrestre, les Centaures détruisent une Légion avant de
lancer les Dés Bataille Terrestre. Les Centaures combattent, Pillent, Occupent et Convertissent
comme les Légions mais ils ne bénéficient pas des bonus accordés aux Légions et ne comptent pas
pour le Titre Militaire [...]. Si l'Unité Centaures est détruite, vous pouvez à nouveau
l'acquérir avec une combinaison de 6 Ressources. »

The Centaurs are a special land figure of the base state (`state.figures`): every presence,
battle (one die, no per-die bonus), casualty and conquest rule of the base reads them, and the
Military level never counts them. Here: the placement on purchase, the pre-dice kill
(LAND_BATTLE_START), the move like a legion (ruling A8, not by Pégase) and the re-buy in his
Build turn for one set of 6 (A8), placed in his capital's province."""

from __future__ import annotations

from collections.abc import Sequence

from ....actions import Action, LoseFigures, interned
from ....control import capital_province, has_power, hooks_for
from ....errors import IllegalAction
from ....events import EventLog
from ....hooks import (
    BUILD_PURCHASED,
    BUILD_TURN_ACTIONS,
    BUILD_TURN_CHECK,
    BUILD_TURN_PERFORM,
    LAND_BATTLE_START,
    MILITARY_TURN_ACTIONS,
    MILITARY_TURN_CHECK,
    MILITARY_TURN_PERFORM,
    UNITS_DESTROYED,
)
from ....kinds import MilitaryStep
from ....phases.build.payment import payment_rules
from ....phases.military import moves, remove_units, review_conqueror
from ....resources import payment_options, spend
from ....rules import components_of
from ....state import GameState
from ..actions import MoveFigure, RebuyFigure
from ..module import MODULE
from .records import records

CHIRON = "chiron"
CENTAURS = "centaurs"


def _place(state: GameState, player: str, ev: EventLog, cost: int) -> None:
    """The Centaurs go to his capital's province (L120; A8 for a re-buy)."""
    province = capital_province(player)
    state.figures[CENTAURS] = {"owner": player, "area": province}
    ev.public("figure_placed", player=player, figure=CENTAURS, province=province, cost=cost)
    review_conqueror(state, province, ev, "battle")  # an enemy conqueror there is at war


@MODULE.hook(BUILD_PURCHASED)
def _chiron_recruited(state: GameState, player: str, item: str, target: str,
                      ev: EventLog) -> bool:
    """« À l'achat de ce Héros, placez immédiatement la figurine Centaures sur votre Province
    Capitale »: the first time he has the power (never copied: A12)."""
    rec = records(state)
    if CENTAURS not in rec.figures and has_power(state, player, CHIRON):
        rec.figures[CENTAURS] = player
        _place(state, player, ev, cost=0)
    return False


# --- the re-buy (L122, A8) ------------------------------------------------------------------

def _rebuy_cost(state: GameState) -> int:
    return components_of(state).costs[CENTAURS]


def _rebuy_why(state: GameState, player: str, figure: str) -> IllegalAction | None:
    """Why he may not buy the figure again now (None: he may, given a payment)."""
    if figure != CENTAURS or not has_power(state, player, CHIRON) or (
            records(state).figures.get(figure) != player):
        return IllegalAction(f"{player} does not have {CHIRON}'s power", code="no_power",
                             power=CHIRON)
    petrified = any(figure in p.get("figures", []) for p in records(state).petrified)
    if figure in state.figures or petrified:
        return IllegalAction(f"the {figure} are still in play", code="figure_in_play",
                             figure=figure)
    return None


def _payments(state: GameState, player: str) -> list[tuple[str, ...]]:
    return payment_options(state.hands[player], _rebuy_cost(state), payment_rules(state, player))


@MODULE.hook(BUILD_TURN_ACTIONS, owner=CHIRON)
def _rebuy_actions(state: GameState, player: str) -> Sequence[Action]:
    if _rebuy_why(state, player, CENTAURS) is not None:
        return ()
    return [interned(RebuyFigure, player, CENTAURS, p) for p in _payments(state, player)]


@MODULE.hook(BUILD_TURN_CHECK)
def _rebuy_check(state: GameState, player: str, action: Action) -> bool:
    if not isinstance(action, RebuyFigure):
        return False
    why = _rebuy_why(state, player, action.figure)
    if why is not None:
        raise why
    if action.resources not in _payments(state, player):
        raise IllegalAction(f"the {action.figure} cost one set of {_rebuy_cost(state)}",
                            code="bad_payment", cost=_rebuy_cost(state))
    return True


@MODULE.hook(BUILD_TURN_PERFORM)
def _rebuy_perform(state: GameState, player: str, action: Action, ev: EventLog) -> bool:
    if not isinstance(action, RebuyFigure):
        return False
    spent = spend(state, player, action.resources)
    ev.private("paid", (player,), player=player, item=action.figure, resources=spent, power=None)
    _place(state, player, ev, cost=len(spent))
    return True


# --- the pre-dice kill (L122, A8) -------------------------------------------------------------

@MODULE.hook(LAND_BATTLE_START)
def _centaurs_strike(state: GameState, attacker: str, defender: str, province: str,
                     ev: EventLog) -> None:
    """« les Centaures détruisent une Légion avant de lancer les Dés Bataille Terrestre »:
    one legion of the other side, if it has one there (to its supply, or Orphée's tile)."""
    centaurs = state.figures.get(CENTAURS)
    if centaurs is None or centaurs["area"] != province:
        return
    owner = centaurs["owner"]
    if owner not in (attacker, defender):
        return
    enemy = defender if owner == attacker else attacker
    if not state.legions.get(province, {}).get(enemy):
        return
    ev.public("centaurs_strike", player=owner, province=province, opponent=enemy, power=CHIRON)
    remove_units(state, province, enemy, 1, False, ev)
    for told in hooks_for(state, enemy)[UNITS_DESTROYED]:
        told(state, enemy, province, 1, ev)


# --- the move like a legion (A8) --------------------------------------------------------------

def _figure_targets(state: GameState, player: str, figure: str) -> list[str]:
    """Where his figure may move now (land moves, once a turn, as a legion: adjacent, or
    connected by his triremes, less what the powers close), in board order."""
    f = state.figures.get(figure)
    if f is None or f["owner"] != player or records(state).figure_moved.get(figure) == state.round:
        return []
    limit = moves.entry_limit(state, player, "legion")
    reach = moves.reach(state, player, "legion", f["area"])
    return [p for p in state.board.provinces
            if p in reach and (limit is None or limit(p) is None)]


@MODULE.hook(MILITARY_TURN_ACTIONS)
def _figure_moves(state: GameState, player: str, step: MilitaryStep) -> Sequence[Action]:
    if step != "land_moves" or not state.figures:
        return ()
    return [interned(MoveFigure, player, fid, t) for fid in sorted(state.figures)
            for t in _figure_targets(state, player, fid)]


@MODULE.hook(MILITARY_TURN_CHECK)
def _figure_move_check(state: GameState, player: str, action: Action) -> bool:
    if not isinstance(action, MoveFigure):
        return False
    if action not in _figure_moves(state, player, moves_step(state)):
        raise IllegalAction(f"the {action.figure} may not move to {action.target} now",
                            code="bad_figure_move", figure=action.figure, target=action.target)
    return True


def moves_step(state: GameState) -> MilitaryStep:
    assert state.military is not None
    return state.military.step


@MODULE.hook(MILITARY_TURN_PERFORM)
def _figure_move_perform(state: GameState, player: str, action: Action, ev: EventLog) -> bool:
    if not isinstance(action, MoveFigure):
        return False
    f = state.figures[action.figure]
    source = f["area"]
    f["area"] = action.target
    records(state).figure_moved[action.figure] = state.round
    ev.public("figure_moved", player=player, figure=action.figure, source=source,
              target=action.target)
    if state.conquerors.get(source) == player:  # leaving may end his conquest there (4.5)
        review_conqueror(state, source, ev, "move")
    return True


MODULE.answers("build_turn", RebuyFigure)
# The owner may choose the Centaurs as a casualty (A8): the base's casualties rule lists it
# whenever a figure fights beside legions; the answer's kind is this module's.
MODULE.answers("casualties", LoseFigures)
MODULE.answers("military_turn", MoveFigure)
