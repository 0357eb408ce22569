"""CRÉSUS (L366–376), Phase III Achats: « Une fois par tour, vous pouvez: ➤ soit acheter 1
marqueur Influence, 1 Cité ou 1 Caravane pour 1 Impôt, ▶ soit acheter 1 Marché ou 1 Temple pour
4 Impôts. »

Ruling D1 (and rulings.md 16): a regular city only; coins only; one Crésus purchase per Build
turn, whichever option. The placement rules are the Build phase's own (`placement_why`, supply
included): an answer of his Build turn (`CroesusBuy`), listed beside his purchases."""

from __future__ import annotations

from collections.abc import Sequence

from ....actions import Action, interned
from ....board import COIN
from ....control import has_power, levels
from ....errors import IllegalAction
from ....events import EventLog
from ....hooks import BUILD_TURN_ACTIONS, BUILD_TURN_CHECK, BUILD_TURN_PERFORM
from ....phases.build.placement import (
    building_why,
    influence_reach,
    influence_whys,
    place,
    placeable_provinces,
    supply_why,
)
from ....resources import spend
from ....state import GameState
from ..actions import CroesusBuy
from ..module import MODULE

CROESUS = "croesus"
PRICES = {"influence": 1, "city": 1, "caravan": 1, "market": 4, "temple": 4}


def _open(state: GameState, player: str) -> bool:
    b = state.build
    return (
        b is not None
        and b.current == player
        and b.purchase is None
        and CROESUS not in b.used_powers
        and has_power(state, player, CROESUS)
    )


def _candidates(state: GameState, player: str) -> list[CroesusBuy]:
    """Every Crésus purchase he can pay with his coins and place now, in board order. The
    placement rules are `placement_why`'s, asked as the Build listing asks them: the supply
    once per item, his reach and the provinces he may place in once, each rule over all the
    provinces at once."""
    coins = state.hands[player].get(COIN, 0)
    items = {
        item
        for item, cost in PRICES.items()
        if coins >= cost and supply_why(state, player, item) is None
    }
    if not items:
        return []
    provinces = state.board.provinces
    influence: set[str] = set()
    if "influence" in items:
        reach = influence_reach(state, player)
        targets = [p for p in provinces if p in reach]  # out of reach: refused all the same
        influence = {
            p
            for p, why in zip(targets, influence_whys(state, player, targets, reach), strict=True)
            if why is None
        }
    placeable = placeable_provinces(state, player) if len(items) > ("influence" in items) else []
    out: list[CroesusBuy] = []
    for pid, province in provinces.items():
        if pid in influence:
            out.append(interned(CroesusBuy, player, "influence", pid, -1))
        if pid not in placeable:  # building_why refuses any building there
            continue
        for i, slot in enumerate(province.slots):
            if (
                slot.kind != "influence"
                and slot.kind in items
                and building_why(state, player, slot.kind, pid, i, placeable) is None
            ):
                out.append(interned(CroesusBuy, player, slot.kind, pid, i))
    return out


@MODULE.hook(BUILD_TURN_ACTIONS, owner=CROESUS)  # _open: his power
def _actions(state: GameState, player: str) -> Sequence[Action]:
    return _candidates(state, player) if _open(state, player) else ()


@MODULE.hook(BUILD_TURN_CHECK)
def _check(state: GameState, player: str, action: Action) -> bool:
    if not isinstance(action, CroesusBuy):
        return False
    if not _open(state, player):
        raise IllegalAction(
            f"{CROESUS}'s power is not open to {player} now", code="power_used", power=CROESUS
        )
    if action not in _candidates(state, player):
        raise IllegalAction(
            f"Croesus cannot buy {action.item} in {action.target} now",
            code="bad_croesus_buy",
            item=action.item,
            target=action.target,
        )
    return True


@MODULE.hook(BUILD_TURN_PERFORM)
def _perform(state: GameState, player: str, action: Action, ev: EventLog) -> bool:
    if not isinstance(action, CroesusBuy):
        return False
    assert state.build is not None
    cost = PRICES[action.item]
    spent = spend(state, player, (COIN,) * cost)
    state.build.used_powers.append(CROESUS)
    ev.private("paid", (player,), player=player, item=action.item, resources=spent, power=CROESUS)
    place(state, player, action.item, action.target, action.slot)
    ev.public(
        "placed",
        player=player,
        item=action.item,
        target=action.target,
        slot=action.slot,
        cost=cost,
        levels=levels(state, player),
    )
    return True


MODULE.answers("build_turn", CroesusBuy)
