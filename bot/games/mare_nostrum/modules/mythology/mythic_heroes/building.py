"""The mythological heroes acting in the builder's construction turn, each an answer of his
`construction_turn` listed, checked and performed through the 2003 hook points
(CONSTRUCTION_ACTIONS, CONSTRUCTION_WHY, CONSTRUCTION_PERFORM): Spartacus (a legion for one
slave card), Gilgamesh (a free fortress with a new influence), Jason (an occupied caravan
taken). One `*_why` predicate per power lists and checks."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .... import resources as res
from ....actions import Action
from ....errors import IllegalAction
from ....events import EventLog
from ....rulesets.mn2003.construction import place
from ....rulesets.mn2003.geography import caravan_sites, is_province, provinces
from ....rulesets.mn2003.hooks import (
    CONSTRUCTION_ACTIONS,
    CONSTRUCTION_PERFORM,
    CONSTRUCTION_WHY,
)
from ....rulesets.mn2003.pieces import covered, enemies_at, supply_left
from ....rulesets.mn2003.placement import build_why, site_free, unit_place_why, unit_why
from ....rulesets.mn2003.substate import sub
from ....state import GameState
from ..module import MODULE
from .holding import holds, mark_used, used_this_round
from .ids import GILGAMESH, JASON, SPARTACUS

SLAVE = "gladiator"  # the 2003 «esclave» is the Empires gladiator commodity (C-11)
Why = IllegalAction | None


@dataclass(frozen=True, slots=True)
class SpartacusLegion(Action):
    """Spartacus: one legion in `target`, paid with a single slave card."""

    kind: ClassVar[str] = "spartacus_legion"
    target: str


@dataclass(frozen=True, slots=True)
class GilgameshFortress(Action):
    """Gilgamesh: a free fortress in `target`, a province he influenced this turn."""

    kind: ClassVar[str] = "gilgamesh_fortress"
    target: str


@dataclass(frozen=True, slots=True)
class JasonCaravan(Action):
    """Jason: the caravan on `slot` of `source` (which he occupies) moved, free, to the
    empty icon `target_slot` of `target`."""

    kind: ClassVar[str] = "jason_caravan"
    source: str
    slot: int
    target: str
    target_slot: int


def _power_why(state: GameState, player: str, card: str) -> Why:
    if not holds(state, player, card):
        return IllegalAction(f"you do not hold {card}", code="power_not_held", card=card)
    if used_this_round(state, card, player):
        return IllegalAction(f"{card} acts once a round", code="power_used_this_round", card=card)
    return None


def _province_why(state: GameState, province: str) -> Why:
    if not is_province(province, state.board_key):
        return IllegalAction(f"no province {province!r}", code="unknown_area", area=province)
    return None


# --- Spartacus (MH-40) ---------------------------------------------------------------------


def spartacus_why(state: GameState, player: str, target: str) -> Why:
    """«1 fois par tour, pendant la phase de construction, permet de construire 1 légion avec
    1 carte esclave (non cumulable avec d'autres réductions)»: where a legion may be built."""
    return (
        _power_why(state, player, SPARTACUS)
        or _province_why(state, target)
        or (
            None
            if res.count(state.hands[player], SLAVE)
            else IllegalAction("you hold no slave card", code="spartacus_no_slave")
        )
        or build_why(state, player, target)
        or unit_why(state, player, "legion", target)
    )


def _spartacus_listed(state: GameState, player: str) -> list[Action]:
    if _power_why(state, player, SPARTACUS) or not res.count(state.hands[player], SLAVE):
        return []
    mine = [p for p, o in state.influence.items() if o == player]
    return [
        SpartacusLegion(player, p) for p in sorted(mine) if spartacus_why(state, player, p) is None
    ]


def _spartacus(state: GameState, action: SpartacusLegion, ev: EventLog) -> None:
    res.remove_token(state.hands[action.player], SLAVE)
    mark_used(state, SPARTACUS, action.player)
    ev.public("power_used", player=action.player, card=SPARTACUS)
    ev.private("paid", (action.player,), player=action.player, cards=[SLAVE])
    place(state, action.player, "legion", action.target, -1, ev)


# --- Gilgamesh (MH-29, C-51) ----------------------------------------------------------------


def gilgamesh_why(state: GameState, player: str, target: str) -> Why:
    """«place 1 forteresse gratuite dans une nouvelle province (au moment où il place
    l'influence)»; C-51: despite the wait rule, within the fortress limit."""
    why = _power_why(state, player, GILGAMESH) or _province_why(state, target)
    if why is not None:
        return why
    if target not in sub(state).placed or state.influence.get(target) != player:
        return IllegalAction(
            f"you did not place your influence in {target} this turn",
            code="gilgamesh_not_new",
            province=target,
        )
    if enemies_at(state, target, player):
        return IllegalAction(f"{target} is at war", code="province_at_war", province=target)
    if supply_left(state, player, "fortress") <= 0:
        return IllegalAction("no fortress left", code="supply_empty", item="fortress")
    return unit_place_why(state, player, "fortress", target)


def _gilgamesh_listed(state: GameState, player: str) -> list[Action]:
    if _power_why(state, player, GILGAMESH):
        return []
    return [
        GilgameshFortress(player, p)
        for p in sub(state).placed
        if gilgamesh_why(state, player, p) is None
    ]


def _gilgamesh(state: GameState, action: GilgameshFortress, ev: EventLog) -> None:
    mark_used(state, GILGAMESH, action.player)
    ev.public("power_used", player=action.player, card=GILGAMESH)
    place(state, action.player, "fortress", action.target, -1, ev)


# --- Jason (MH-33, C-53) -------------------------------------------------------------------


def _taken(state: GameState, player: str) -> list[tuple[str, int]]:
    """The caravans his units occupy (his legions cover them, C-22)."""
    out = []
    for pid, occupier in sub(state).occupied.items():
        if occupier != player:
            continue
        _, cover = covered(state, pid)
        out += [(pid, slot) for kind, slot in cover if kind == "caravan"]
    return sorted(out)


def _free_icons(state: GameState, player: str) -> list[tuple[str, int]]:
    return [
        (p, i)
        for p in provinces(state.board_key)
        if state.influence.get(p) == player and build_why(state, player, p) is None
        for i in caravan_sites(p, state.board_key)
        if site_free(state, p, i)
    ]


def jason_why(state: GameState, player: str, action: JasonCaravan) -> Why:
    """«capture les caravanes (1 fois par tour, pendant la phase de construction, permet de
    récupérer 1 caravane qu'il occupe sous réserve de pouvoir la placer)»; C-53: on an empty
    icon of a province where he may build."""
    why = (
        _power_why(state, player, JASON)
        or _province_why(state, action.source)
        or _province_why(state, action.target)
    )
    if why is not None:
        return why
    if (action.source, action.slot) not in _taken(state, player):
        return IllegalAction(
            f"you occupy no caravan there in {action.source}",
            code="jason_not_occupied",
            province=action.source,
        )
    why = build_why(state, player, action.target)
    if why is not None:
        return why
    if action.target_slot not in caravan_sites(action.target, state.board_key):
        return IllegalAction(
            f"no caravan site {action.target_slot} in {action.target}",
            code="bad_slot",
            province=action.target,
            slot=action.target_slot,
        )
    if not site_free(state, action.target, action.target_slot):
        return IllegalAction(
            f"that site of {action.target} is built",
            code="site_taken",
            province=action.target,
            slot=action.target_slot,
        )
    return None


def _jason_listed(state: GameState, player: str) -> list[Action]:
    if _power_why(state, player, JASON):
        return []
    taken = _taken(state, player)
    if not taken:
        return []
    icons = _free_icons(state, player)
    return [JasonCaravan(player, s, i, t, j) for s, i in taken for t, j in icons]


def _jason(state: GameState, action: JasonCaravan, ev: EventLog) -> None:
    mark_used(state, JASON, action.player)
    state.built[action.source][action.slot] = False
    state.built[action.target][action.target_slot] = True
    ev.public(
        "caravan_captured",
        player=action.player,
        source=action.source,
        target=action.target,
        card=JASON,
    )


# --- the hook points -----------------------------------------------------------------------


@MODULE.hook(CONSTRUCTION_ACTIONS)
def _listed(state: GameState, player: str) -> list[Action]:
    return [
        *_spartacus_listed(state, player),
        *_gilgamesh_listed(state, player),
        *_jason_listed(state, player),
    ]


@MODULE.hook(CONSTRUCTION_WHY)
def _why(state: GameState, player: str, action: Action) -> Why:
    if isinstance(action, SpartacusLegion):
        return spartacus_why(state, player, action.target)
    if isinstance(action, GilgameshFortress):
        return gilgamesh_why(state, player, action.target)
    if isinstance(action, JasonCaravan):
        return jason_why(state, player, action)
    return None


@MODULE.hook(CONSTRUCTION_PERFORM)
def _performed(state: GameState, player: str, action: Action, ev: EventLog) -> bool:
    if isinstance(action, SpartacusLegion):
        _spartacus(state, action, ev)
    elif isinstance(action, GilgameshFortress):
        _gilgamesh(state, action, ev)
    elif isinstance(action, JasonCaravan):
        _jason(state, action, ev)
    else:
        return False
    return True


MODULE.answers("construction_turn", SpartacusLegion, GilgameshFortress, JasonCaravan)
