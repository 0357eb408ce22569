"""The 2003 ruleset's hook points: where its cards' powers (and a later module's: the
Mythology's gods, heroes and fourth role) plug in. A phase asks the point; a power's module
answers it; no phase names a card."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ....core.actions import Action
from ....core.rules import HookPoint, HookTable
from ...errors import IllegalAction
from ...state import GameState

if TYPE_CHECKING:
    from ...actions import Buy

INITIAL_POSITION: HookPoint[None] = HookPoint(
    "mn2003.initial_position",
    "(state, options) -> None; after the 2003 position is placed: a module's own set-up "
    "and game options (it raises MalformedAction on a bad option)",
)
ROLES_SETTLED: HookPoint[None] = HookPoint(
    "mn2003.roles_settled",
    "(state, ev) -> None; after the round-end role count is settled (a victory by roles "
    "ends the game there)",
)
FREE_START_DONE: HookPoint[None] = HookPoint(
    "mn2003.free_start_done",
    "(state, ev) -> None; the free start's last wave is over (powers inactive while "
    "deploying act from here: C-58's entry bonuses)",
)
INVARIANTS: HookPoint[list[str]] = HookPoint(
    "mn2003.invariants", "(state) -> [error]; a module's own invariants, after the ruleset's"
)
START_OPENS: HookPoint[None] = HookPoint(
    "mn2003.start_opens", "(state, ev) -> None; when the start step opens (public set-up news)"
)
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
INCOME_DONE: HookPoint[bool] = HookPoint(
    "mn2003.income_done",
    "(state, ev) -> bool; take over once every income decision is in, before the exchange "
    "(a power acting after income); the handler calls `trade.income_done` again when its "
    "decisions are in",
)
AMOUNT_NAMED: HookPoint[bool] = HookPoint(
    "mn2003.amount_named",
    "(state, ev) -> bool; take over once the Maître du commerce named a number (not 0), "
    "before the sealed offers (a power choosing to stay out); the handler calls "
    "`trade.open_offers` again when its decisions are in",
)
MARCH_STARTING: HookPoint[bool] = HookPoint(
    "mn2003.march_starting",
    "(state, march, ev) -> bool; take over before a march is carried out (a power acting "
    "when a move or convoy is announced); the handler calls `military.carry_out` (then "
    "answers False for that march) or `military.resume_turn` when its decisions are in",
)
BATTLE_STARTING: HookPoint[bool] = HookPoint(
    "mn2003.battle_starting",
    "(state, attacker, area, defender, ev) -> bool; take over before a battle's dice (a "
    "power acting before them); the handler calls `military.fight` again when its decisions "
    "are in (and then answers False)",
)
BATTLE_ROLLED: HookPoint[bool] = HookPoint(
    "mn2003.battle_rolled",
    "(state, battle, ev) -> bool; take over once a battle's dice are rolled, before the hits "
    "(a power adding to a total); `battle` is JSON-able (area, attacker, defender, totals "
    "[attacker's, defender's], units, forts), the handler calls `military.settle_battle` "
    "with it when its decisions are in",
)
BATTLE_TOTALS: HookPoint[tuple[int, int]] = HookPoint(
    "mn2003.battle_totals",
    "(state, area, attacker, defender, attacker_total, defender_total, ev) -> "
    "(attacker_total, defender_total); once the dice are rolled, before they are announced "
    "(a power adding to a side's total); folded in module order",
)
HIT_POINTS: HookPoint[int | None] = HookPoint(
    "mn2003.hit_points",
    "(state, victim, area) -> points a hit costs this victim there | None; the highest "
    "answer, 5 without any",
)
MILITARY_ACTIONS: HookPoint[list[Action]] = HookPoint(
    "mn2003.military_actions", "(state, player) -> [Action] a power adds to his military turn"
)
MILITARY_PERFORM: HookPoint[bool] = HookPoint(
    "mn2003.military_perform",
    "(state, player, action, ev) -> bool; take over (the handler resumes the turn: "
    "`military.resume_turn`)",
)
LAND_STEP_ENDING: HookPoint[None] = HookPoint(
    "mn2003.land_step_ending",
    "(state, player, ev) -> None; his land step is over (EndTurn), before his conquests "
    "(C-20): what lasts until the end of his military turn ends, what counts as having "
    "entered a province is added to `contested`",
)
MARCH_SEAS: HookPoint[frozenset[str]] = HookPoint(
    "mn2003.march_seas",
    "(state, player) -> seas counted as holding his trireme for his legions' moves only "
    "(not for influence nor combat); united",
)
CONQUEST_OPTIONS: HookPoint[list[Action]] = HookPoint(
    "mn2003.conquest_options",
    "(state, player, province) -> [Conquer2003] a power adds to his conquest's choices (a "
    "sack of several buildings: `building` 'city:0+caravan:2')",
)
COMBAT_FORBIDDEN: HookPoint[bool] = HookPoint(
    "mn2003.combat_forbidden",
    "(state, area) -> bool; any True: no combat may start there now (it leaves the military "
    "turn's listing; a march in does not fight)",
)
DICE_FIXED: HookPoint[list[int] | None] = HookPoint(
    "mn2003.dice_fixed",
    "(state, player, area, dice) -> [values] of some of his dice, taken instead of rolled "
    "(at most `dice`) | None; the first answer",
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
CARD_COST: HookPoint[int | None] = HookPoint(
    "mn2003.card_cost",
    "(state, player, card) -> reduced cost of this hero or wonder | None; the lowest applies, "
    "with the item's (C-13: reductions never stack)",
)
EXTRA_LINKS: HookPoint[tuple[tuple[str, str], ...]] = HookPoint(
    "mn2003.extra_links",
    "(state, player) -> ((a, b), ...) adjacencies a power gives him, both ways, besides the "
    "borders and his fleet (for his influence and his legions' moves)",
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
    "(state, attacker, area, defender, ev) -> bool; take over a battle's dice once the "
    "BATTLE_STARTING windows are over (a module whose units fight: the first True rolls "
    "them, then calls `military.rolled` with its JSON-able battle, so that the "
    "BATTLE_ROLLED powers and BATTLE_HITS act on it too)",
)
BATTLE_HITS: HookPoint[bool] = HookPoint(
    "mn2003.battle_hits",
    "(state, battle, ev) -> bool; take over the hits of a rolled battle (a module whose "
    "units take hits: the first True deals them and resumes the turn)",
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


def has_power(state: GameState, player: str, card: str) -> bool:
    """Whether he has this card's power: he holds the card, or copied its power for good
    (a Castor & Pollux copy, `state.copied`). Every power asks this, never `state.hw`."""
    return card in state.hw.get(player, ()) or state.copied.get(player) == card


def hooks_for(state: GameState, player: str) -> HookTable:
    """The hook table for one player: `state.rules.on` without the handlers declared for
    cards whose power he lacks (`MODULE.hook(POINT, owner=CARD)`; his powers are what
    `has_power` reads). For points asked about one player (his prices, limits, dice,
    income), where most handlers are others' cards."""
    copied = state.copied.get(player)
    held = state.hw.get(player, ())
    powers = tuple(held) if copied is None else (*held, copied)
    table = state.rules.tables_for.get(powers)
    return table if table is not None else state.rules.on_for(powers)
