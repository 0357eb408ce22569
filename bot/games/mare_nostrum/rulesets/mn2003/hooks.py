"""The 2003 ruleset's hook points: where its cards' powers (and a later module's: the
Mythology's gods, heroes and fourth role) plug in. A phase asks the point; a power's module
answers it; no phase names a card."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ....core.actions import Action
from ....core.rules import HookPoint
from ...errors import IllegalAction

if TYPE_CHECKING:
    from ...actions import Buy

ROLE_BONUS: HookPoint[dict[str, int] | None] = HookPoint(
    "mn2003.role_bonus", "(state, player) -> {role: n} | None; summed into the role counts"
)
ITEM_COST: HookPoint[int | None] = HookPoint(
    "mn2003.item_cost",
    "(state, player, item) -> reduced cost | None; the lowest applies "
    "(C-13: reductions never stack)",
)
INCOME_EXTRA: HookPoint[None] = HookPoint(
    "mn2003.income_extra", "(state, player, ev) -> None; after his income (may add a prompt)"
)
LAND_DIE_BONUS: HookPoint[int] = HookPoint(
    "mn2003.land_die_bonus", "(state, player) -> n added to each of his legions' dice; summed"
)
SEA_DIE_BONUS: HookPoint[int] = HookPoint(
    "mn2003.sea_die_bonus", "(state, player) -> n added to each of his triremes' dice; summed"
)
FORTRESS_LIMIT: HookPoint[int] = HookPoint(
    "mn2003.fortress_limit",
    "(state, player) -> his fortresses allowed per province; the highest answer, 1 without any",
)
INFLUENCE_ANYWHERE: HookPoint[bool] = HookPoint(
    "mn2003.influence_anywhere", "(state, player) -> bool; any True lifts the adjacency rule"
)
SACK_REWARD: HookPoint[None] = HookPoint(
    "mn2003.sack_reward", "(state, player, building, province, slot, ev) -> None"
)
RESOURCES_KEPT: HookPoint[int] = HookPoint(
    "mn2003.resources_kept", "(state, player) -> resource cards he may keep after building; summed"
)
CONSTRUCTION_ACTIONS: HookPoint[list[Action]] = HookPoint(
    "mn2003.construction_actions", "(state, player) -> [Action] a power adds to his turn"
)
CONSTRUCTION_WHY: HookPoint[IllegalAction | None] = HookPoint(
    "mn2003.construction_why",
    "(state, player, action) -> IllegalAction | None; why a power's answer is refused",
)
CONSTRUCTION_PERFORM: HookPoint[bool] = HookPoint(
    "mn2003.construction_perform", "(state, player, action, ev) -> bool; take over"
)
LEGION_ENTERS: HookPoint[int] = HookPoint(
    "mn2003.legion_enters",
    "(state, mover, province, n, ev) -> legions of his turned over "
    "(Hélène) before the combat; summed",
)
CARD_ENTERS: HookPoint[None] = HookPoint(
    "mn2003.card_enters",
    "(state, player, card, ev) -> None; a hero or wonder has just entered his play (its "
    "entry bonus)",
)
LAND_UNITS: HookPoint[Mapping[str, int] | None] = HookPoint(
    "mn2003.land_units",
    "(state, area) -> {owner: n} | None: a module's other land units standing there; they "
    "make a province at war and occupy and convert as legions do",
)
BATTLE: HookPoint[bool] = HookPoint(
    "mn2003.battle",
    "(state, attacker, area, defender, ev) -> bool; take over the battle (a module whose "
    "units fight: the first True resolves it)",
)


@dataclass(frozen=True, slots=True)
class ItemRule:
    """An item a module adds to the construction menu: its price, the purchases it offers a
    player, why one is refused (None: allowed; the price is checked after), how it is
    placed once paid."""

    cost: int
    candidates: Callable[[Any, str], list[Buy]]
    why: Callable[[Any, Buy], IllegalAction | None]
    place: Callable[[Any, str, str, int, Any], None]


BUY_ITEMS: HookPoint[Mapping[str, ItemRule]] = HookPoint(
    "mn2003.buy_items", "(state) -> {item: ItemRule}: a module's items; merged"
)
