"""2003 Construction phase («PHASE DE CONSTRUCTION», 003 l.278–304; mn2003.md §A.5): the
Leader politique names who builds next; a builder buys items one at a time, each paid with
one combination of exactly its cost (all tax cards or all-different resources, C-13); at the
end of his turn he discards all but 2 tax cards. Victory (A.9, C-14) is checked at each
purchase of a card."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Any, ClassVar

from ....core.actions import interned
from ....core.rules import RulesModule
from ... import resources as res
from ...actions import Action, Buy, CancelPurchase, ChooseNext, Pay
from ...board import PYRAMIDS as PYRAMIDS_ITEM
from ...errors import IllegalAction
from ...events import EventLog
from ...flow import end_game, next_in_order, next_phase
from ...prompts import PromptHandler, add_prompt, remove_prompt
from ...state import GameState, Prompt
from . import tables
from .cards import PYRAMIDS
from .data import TAX
from .facts import Facts
from .geography import caravan_sites, city_sites, is_province, provinces
from .hooks import (
    BUY_ITEMS,
    CARD_COST,
    CARD_ENTERS,
    CONSTRUCTION_ACTIONS,
    CONSTRUCTION_PERFORM,
    CONSTRUCTION_WHY,
    ITEM_COST,
    RESOURCES_KEPT,
    ItemRule,
    hooks_for,
)
from .pieces import buildings_left, enemies_at, supply_left, troops_at
from .placement import (
    Why,
    build_why,
    has_one,
    influence_anywhere,
    influence_why,
    linked,
    one_per_province_why,
    site_free,
    site_why,
    unit_place_why,
    unit_why,
)
from .substate import sub

MODULE: RulesModule[GameState] = RulesModule("mn2003.construction")
ITEMS = (
    "influence",
    "city",
    "caravan",
    "temple",
    "market",
    "legion",
    "fortress",
    "trireme",
    "convert",
    "hw",
    PYRAMIDS_ITEM,
)
TAX_KEPT = 2  # «On ne peut garder d'un tour à l'autre que 2 cartes impôts maximum.»


@dataclass(frozen=True, slots=True)
class EndConstruction(Action):
    """End his construction turn, keeping these resource cards (Jardins suspendus)."""

    kind: ClassVar[str] = "end_construction"
    keep: tuple[str, ...] = ()


def extra_items(state: GameState) -> dict[str, ItemRule]:
    """The items modules add to the menu (BUY_ITEMS), by name."""
    out: dict[str, ItemRule] = {}
    for h in state.rules.on[BUY_ITEMS]:
        out.update(h(state))
    return out


def cost(state: GameState, player: str, item: str) -> int:
    """BD-03 and the powers' reductions (BD-12): the lowest single one applies (C-13)."""
    return prices(state, player, (item,))[item]


def prices(state: GameState, player: str, items: tuple[str, ...] = ITEMS) -> dict[str, int]:
    """`cost` of each of these items, his powers asked once (a module's items: BUY_ITEMS)."""
    base = tables.costs(state)
    extra = {} if all(map(base.__contains__, items)) else extra_items(state)
    handlers = hooks_for(state, player)[ITEM_COST]
    if not handlers:  # no power of his changes a price: the printed ones (most listings)
        return {i: base[i] if i in base else extra[i].cost for i in items}
    out = {}
    for i in items:
        printed = base[i] if i in base else extra[i].cost
        found = [c for h in handlers if (c := h(state, player, i)) is not None]
        out[i] = min([printed, *found])
    return out


def card_cost(state: GameState, player: str, card: str, facts: Facts | None = None) -> int:
    """A hero's or wonder's price: the item's, or a power's lower one for that card (C-13).
    A listing passes its `Facts`: the item's price is asked once for all the cards."""
    price = facts(cost, player, "hw") if facts is not None else cost(state, player, "hw")
    handlers = hooks_for(state, player)[CARD_COST]
    found = [c for h in handlers if (c := h(state, player, card)) is not None]
    return min([price, *found])


def price_of(state: GameState, player: str, item: str, target: str) -> int:
    """What one purchase costs him."""
    return card_cost(state, player, target) if item == "hw" else cost(state, player, item)


def hw_cards(state: GameState, player: str) -> list[str]:
    """The heroes and wonders he may buy (S-10): every card on offer, and his own specific
    hero if he does not hold it (another civilisation's stays reserved)."""
    out = list(state.hw_market)
    own = tables.specific_heroes(state).get(player)
    if own is not None and own not in state.hw.get(player, []):
        out.append(own)
    return out


def _sources(prompt: Prompt) -> list[str]:
    start: list[str] = prompt.data["start"]
    return start


def affordable(state: GameState, player: str, price: int, facts: Facts | None = None) -> bool:
    """C-13: one combination of exactly the price (tax cards, or all-different resources):
    `res.can_afford`, with his largest combination asked once per listing."""
    if price <= 0:
        return True
    return (facts(largest_payment, player) if facts else largest_payment(state, player)) >= price


def largest_payment(state: GameState, player: str) -> int:
    """The most cards one combination of his hand holds (`res.can_afford`'s measure)."""
    return res.max_set_size(state.hands[player], res.PLAIN_PAYMENT)


def buy_why(state: GameState, prompt: Prompt, buy: Buy, facts: Facts | None = None) -> Why:
    """Why a Buy is refused (None: allowed): the one statement of every placement rule. A
    listing passes its `Facts`, so that the prices and the position are read once."""
    return _why(facts or Facts(state), prompt, buy.player, buy.item, buy.target, buy.slot)


def _why(ask: Facts, prompt: Prompt, player: str, item: str, target: str, slot: int) -> Why:
    state = ask.state
    if item not in ITEMS:
        rule = extra_items(state).get(item)
        if rule is None:
            return IllegalAction(f"no item {item!r}", code="unknown_item", item=item)
        why = rule.why(state, Buy(player, item, target, slot))
        if why is not None:
            return why
    elif item == "hw":
        if target not in hw_cards(state, player):
            return IllegalAction(
                f"{target} is not on offer to you", code="tile_unavailable", tile=target
            )
    elif item == PYRAMIDS_ITEM:
        if not state.pyramids_available:
            return IllegalAction("the Pyramids are taken", code="tile_unavailable", tile=PYRAMIDS)
    elif item == "influence":
        why = influence_why(state, player, target, _sources(prompt), ask)
        if why is not None:
            return why
    elif item == "convert":
        why = convert_why(state, player, target, _sources(prompt), ask)
        if why is not None:
            return why
    else:
        if not is_province(target, state.board_key):
            return IllegalAction(f"no province {target!r}", code="unknown_area", area=target)
        why = build_why(state, player, target)
        if why is None and item in ("city", "caravan"):
            why = site_why(state, player, item, target, slot, ask)
        elif why is None and item in ("temple", "market"):
            why = one_per_province_why(state, item, target, ask)
        elif why is None:
            why = unit_why(state, player, item, target, ask)
        if why is not None:
            return why
    price = ask(price_of, player, item, target)
    if not affordable(state, player, price, ask):
        return IllegalAction(
            f"you cannot pay {price} for a {item}", code="cannot_afford", item=item, cost=price
        )
    return None


def convert_why(
    state: GameState, player: str, province: str, sources: list[str], facts: Facts | None = None
) -> Why:
    """C-21: his legion still on the marker, no other's units, adjacent, a marker left."""
    ask = facts or Facts(state)
    conv = state.conversions.get(province)
    if conv is None or conv["player"] != player or not troops_at(state, province, player):
        return IllegalAction(
            f"you have no conversion pending in {province}", code="no_conversion", province=province
        )
    if ask(enemies_at, province, player):
        return IllegalAction(f"{province} is at war", code="province_at_war", province=province)
    if ask(supply_left, player, "influence") <= 0:
        return IllegalAction("no influence marker left", code="supply_empty", item="influence")
    if province not in linked(state, player, sources, ask):
        return IllegalAction(
            f"{province} is not adjacent to your provinces", code="not_adjacent", province=province
        )
    return None


_ONE_PER_PROVINCE = ("temple", "market")
_UNITS = ("legion", "fortress", "trireme")
_MARKERS = frozenset({"city", "caravan", *_ONE_PER_PROVINCE})
_PIECES = frozenset(_UNITS)
_SITES = (("city", city_sites), ("caravan", caravan_sites))


def _buys(ask: Facts, prompt: Prompt, player: str, payable: set[str]) -> list[Action]:
    """Every purchase `_why` allows, in the listing's order (province by province, then the
    cards). Each clause of `_why` is asked through the same function, once for all the
    targets it covers: the price once per item (`payable`), the supply once per item, the
    rules of a province once per province, and only the clauses of one target per target.
    The Buys are interned (`core.actions.interned`): the same purchases come back every turn."""
    state = ask.state
    sources = _sources(prompt)
    # site_why's, one_per_province_why's and unit_why's supply clauses, once per item.
    stocked = {i for i in payable & _MARKERS if ask(buildings_left, i) > 0}
    stocked.update(i for i in payable & _PIECES if ask(supply_left, player, i) > 0)
    influence = "influence" in payable
    reach = None
    if influence and not ask(influence_anywhere, player):
        reach = linked(state, player, sources, ask)
    key = state.board_key
    convert = "convert" in payable
    out: list[Action] = []
    add = out.append
    for pid in provinces(key):
        owner = state.influence.get(pid)
        if owner is None:
            if (
                influence
                and (reach is None or pid in reach)
                and influence_why(state, player, pid, sources, ask) is None
            ):
                add(interned(Buy, player, "influence", pid))
            continue
        if owner != player:
            if (
                convert
                and pid in state.conversions
                and convert_why(state, player, pid, sources, ask) is None
            ):
                add(interned(Buy, player, "convert", pid))
            continue
        if build_why(state, player, pid) is not None:
            continue
        sites, ones, units = _offers(player, pid, key)
        # site_why past its supply clause: a printed site (those listed), not built.
        for item, i, buy in sites:
            if item in stocked and site_free(state, pid, i):
                add(buy)
        for item, buy in ones:
            if item in stocked and not has_one(state, item, pid):
                add(buy)
        for item, buy in units:
            if item in stocked and unit_place_why(state, player, item, pid, ask) is None:
                add(buy)
    # A card's price is at most the item's (card_cost: the lowest of both), and `affordable`
    # holds for every price under one it holds for: with the item payable, every card is.
    if "hw" in payable:
        out += [interned(Buy, player, "hw", card) for card in hw_cards(state, player)]
    elif hooks_for(state, player)[CARD_COST]:
        out += [
            interned(Buy, player, "hw", card)
            for card in hw_cards(state, player)
            if affordable(state, player, card_cost(state, player, card, ask), ask)
        ]
    if PYRAMIDS_ITEM in payable and state.pyramids_available:
        out.append(interned(Buy, player, PYRAMIDS_ITEM, PYRAMIDS))
    for item, rule in extra_items(state).items():
        if item in payable:
            out += [b for b in rule.candidates(state, player) if rule.why(state, b) is None]
    return out


# A province's purchases: (item, slot, Buy) of its sites, (item, Buy) of the temple and
# market, (item, Buy) of the units.
Offers = tuple[
    tuple[tuple[str, int, Buy], ...], tuple[tuple[str, Buy], ...], tuple[tuple[str, Buy], ...]
]


@lru_cache(maxsize=8192)
def _offers(player: str, pid: str, key: str) -> Offers:
    """The purchases a province of his may offer, in the listing's order (its printed sites,
    its temple and market, the units), made once per (player, province, board): the listing
    asks each one's clauses and takes the Buy made here."""
    sites = tuple(
        (item, i, interned(Buy, player, item, pid, i)) for item, fn in _SITES for i in fn(pid, key)
    )
    ones = tuple((item, interned(Buy, player, item, pid)) for item in _ONE_PER_PROVINCE)
    units = tuple((item, interned(Buy, player, item, pid)) for item in _UNITS)
    return sites, ones, units


def _keeps(state: GameState, player: str) -> list[tuple[str, ...]]:
    n = sum(h(state, player) for h in hooks_for(state, player)[RESOURCES_KEPT])
    if n <= 0:
        return [()]
    held = sorted(r for r in tables.resources(state) if res.count(state.hands[player], r))
    if not held:
        return [()]
    if n == 1:  # the 2003 Jardins suspendus
        return [(), *((r,) for r in held)]
    hand = state.hands[player]
    return [
        keep
        for k in range(n + 1)
        for keep in combinations_with_replacement(held, k)
        if all(keep.count(r) <= res.count(hand, r) for r in set(keep))
    ]


def _turn_legal(state: GameState, prompt: Prompt) -> list[Action]:
    player = prompt.player
    ask = Facts(state)
    # The price is checked once per item before the placement rules of each target (the
    # same check _why ends with).
    items = (*ITEMS, *extra_items(state))
    price_of = prices(state, player, items)
    pays = {price: affordable(state, player, price, ask) for price in set(price_of.values())}
    payable = {i for i, price in price_of.items() if pays[price]}
    out: list[Action] = []
    if payable or hooks_for(state, player)[CARD_COST]:
        out += _buys(ask, prompt, player, payable)
    for h in hooks_for(state, player)[CONSTRUCTION_ACTIONS]:
        out += h(state, player)
    out += [interned(EndConstruction, player, k) for k in _keeps(state, player)]
    return out


def _turn_check(state: GameState, prompt: Prompt, action: Action) -> None:
    if isinstance(action, Buy):
        why = buy_why(state, prompt, action)
        if why is not None:
            raise why
    elif isinstance(action, EndConstruction):
        if action.keep not in _keeps(state, action.player):
            raise IllegalAction(
                "you may not keep these cards", code="bad_keep", keep=list(action.keep)
            )
    else:
        for h in state.rules.on[CONSTRUCTION_WHY]:
            why = h(state, action.player, action)
            if why is not None:
                raise why
        if action not in _turn_legal(state, prompt):
            raise IllegalAction("not possible now", code="not_legal")


def _turn_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    if isinstance(action, Buy):
        remove_prompt(state, prompt)
        add_prompt(
            state,
            "construction_payment",
            action.player,
            item=action.item,
            target=action.target,
            slot=action.slot,
            cost=price_of(state, action.player, action.item, action.target),
            start=_sources(prompt),
        )
        return
    if isinstance(action, EndConstruction):
        remove_prompt(state, prompt)
        _end_turn(state, action, ev)
        return
    for h in state.rules.on[CONSTRUCTION_PERFORM]:
        if h(state, action.player, action, ev):
            return
    raise AssertionError(f"no power performs {action}")


def _end_turn(state: GameState, action: EndConstruction, ev: EventLog) -> None:
    """BD-16: unused resource cards are discarded; at most 2 tax cards are kept (and what a
    power keeps)."""
    hand = state.hands[action.player]
    before = res.total(hand)
    kept: dict[str, int] = {}
    if hand.get(TAX):
        kept[TAX] = min(TAX_KEPT, hand[TAX])
    for r in action.keep:
        kept[r] = kept.get(r, 0) + 1
    state.hands[action.player] = kept
    ev.public("construction_turn_ended", player=action.player, discarded=before - res.total(kept))
    build = state.build
    assert build is not None
    build.done.append(action.player)
    sub(state).placed = []
    _next_builder(state, ev)


def _pay_legal(state: GameState, prompt: Prompt) -> list[Action]:
    player, price = prompt.player, prompt.data["cost"]
    # res.payment_options, its Pays made once per (player, payment_key, cost).
    pays = _pays(player, res.payment_key(state.hands[player], price), price)
    return [*pays, interned(CancelPurchase, player)]


@lru_cache(maxsize=16384)
def _pays(player: str, held: res.Holding, price: int) -> tuple[Pay, ...]:
    # Keyed on all payment_sets reads, and the player the answers name.
    return tuple(Pay(player, o) for o in res.payment_sets(held, price, res.PLAIN_PAYMENT))


def _pay_check(state: GameState, prompt: Prompt, action: Action) -> None:
    if isinstance(action, CancelPurchase):
        return
    assert isinstance(action, Pay)
    paid = res.canonical(action.resources)
    if not res.is_valid_set(paid, prompt.data["cost"], res.PLAIN_PAYMENT):
        raise IllegalAction(
            f"pay one combination of exactly {prompt.data['cost']} cards: "
            f"all tax cards, or all different resources",
            code="bad_payment",
            cost=prompt.data["cost"],
        )
    if not res.has_types(state.hands[action.player], paid):
        raise IllegalAction(
            "you do not hold these cards", code="resources_not_held", resources=list(paid)
        )


# The payment rule a module's own payment prompt shares (the Mythology's hero purchases).
pay_check = _pay_check


def _pay_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    remove_prompt(state, prompt)
    player, data = action.player, prompt.data
    if isinstance(action, CancelPurchase):
        add_prompt(state, "construction_turn", player, start=data["start"])
        return
    assert isinstance(action, Pay)
    spent = res.spend(state, player, action.resources)
    # The keys every payer's `paid` has (its template says them): a card by its name.
    item = data["target"] if data["item"] == "hw" else data["item"]
    ev.private("paid", (player,), player=player, item=item, resources=spent)
    place(state, player, data["item"], data["target"], data["slot"], ev)
    if state.over:
        return
    add_prompt(state, "construction_turn", player, start=data["start"])


def place(state: GameState, player: str, item: str, target: str, slot: int, ev: EventLog) -> None:
    """A purchase placed (BD-18: its power acts at once); a card may win the game."""
    part = sub(state)
    if item in ("influence", "convert"):
        state.influence[target] = player
        part.placed.append(target)
        if item == "convert":
            del state.conversions[target]
            part.occupied.pop(target, None)
    elif item in ("city", "caravan"):
        state.built[target][slot] = True
    elif item == "temple":
        part.temples.append(target)
    elif item == "market":
        part.markets.append(target)
    elif item == "legion":
        state.legions.setdefault(target, {})
        state.legions[target][player] = state.legions[target].get(player, 0) + 1
    elif item == "fortress":
        state.fortresses.setdefault(target, []).append(player)
    elif item == "trireme":
        docked = part.docked.setdefault(target, {})
        docked[player] = docked.get(player, 0) + 1
    elif item == "hw":
        if target in state.hw_market:
            state.hw_market.remove(target)
        state.hw.setdefault(player, []).append(target)
    elif item == PYRAMIDS_ITEM:
        state.pyramids_available = False
    elif item not in ITEMS:
        extra_items(state)[item].place(state, player, target, slot, ev)
    ev.public("built", player=player, item=item, target=target, slot=slot)
    if item == PYRAMIDS_ITEM:
        end_game(state, [player], PYRAMIDS_ITEM, ev)
    elif item == "hw" and len(state.hw[player]) >= tables.hw_to_win(state):
        end_game(state, [player], "heroes_wonders", ev)
    elif item == "hw":
        for h in state.rules.on[CARD_ENTERS]:
            h(state, player, target, ev)


# --- the order (BD-01) and the phase -------------------------------------------------------


@MODULE.phase("construction")
def enter(state: GameState, ev: EventLog) -> None:
    from ...state import BuildState

    part = sub(state)
    part.used = [u for u in part.used if not u.startswith("construction:")]
    state.build = BuildState()
    if _shared_win(state, ev):
        return
    _next_builder(state, ev)


def could_win(state: GameState, player: str) -> str | None:
    """C-14: whether he could pay now for the Pyramids or his 4th card (PYRAMIDS_ITEM,
    "heroes_wonders", or None)."""
    hand = state.hands[player]
    if state.pyramids_available and res.can_afford(
        hand, cost(state, player, PYRAMIDS_ITEM), res.PLAIN_PAYMENT
    ):
        return PYRAMIDS_ITEM
    if (
        len(state.hw.get(player, [])) >= tables.hw_to_win(state) - 1
        and hw_cards(state, player)
        and res.can_afford(hand, cost(state, player, "hw"), res.PLAIN_PAYMENT)
    ):
        return "heroes_wonders"
    return None


def _shared_win(state: GameState, ev: EventLog) -> bool:
    """C-14 (004 l.249–250): if two or more could win this phase and none is the Leader
    politique, they share the win (those who could build the Pyramids, if any)."""
    can = {p: w for p in state.players if (w := could_win(state, p)) is not None}
    leader = state.titles.get("culture")
    first_only = state.rules.data.get("first_builder_only") or sub(state).first_builder_only
    if len(can) < 2 or leader in can or first_only:
        return False
    pyramids = [p for p, w in can.items() if w == PYRAMIDS_ITEM]
    winners = pyramids or list(can)
    end_game(state, winners, PYRAMIDS_ITEM if pyramids else "heroes_wonders", ev)
    return True


def _start_turn(state: GameState, player: str, ev: EventLog) -> None:
    build = state.build
    assert build is not None
    build.current = player
    sub(state).placed = []
    start = sorted(p for p, o in state.influence.items() if o == player)
    ev.public("construction_turn", player=player)
    add_prompt(state, "construction_turn", player, start=start)


def _finish(state: GameState, ev: EventLog) -> None:
    state.build = None
    next_phase(state, ev)


def _next_builder(state: GameState, ev: EventLog) -> None:
    build = state.build
    assert build is not None
    next_in_order(state, build.done, "culture", "construction_order", _start_turn, _finish, ev)


def _order_legal(state: GameState, prompt: Prompt) -> list[Action]:
    return [ChooseNext(prompt.player, p) for p in prompt.data["remaining"]]


def _order_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, ChooseNext)
    remove_prompt(state, prompt)
    ev.public("next_named", player=action.player, target=action.target)
    _start_turn(state, action.target, ev)


def _order_check(state: GameState, prompt: Prompt, action: Action) -> None:
    assert isinstance(action, ChooseNext)
    if action.target not in prompt.data["remaining"]:
        raise IllegalAction(
            f"{action.target} has played or is not in the game",
            code="not_remaining",
            target=action.target,
        )


def order_handler(kind: str, perform: Any) -> PromptHandler[GameState]:
    return PromptHandler(
        kind=kind,
        actions=(ChooseNext,),
        legal=_order_legal,
        check=_order_check,
        perform=perform,
        public_listing=True,
    )


MODULE.handler(order_handler("construction_order", _order_perform))
MODULE.action(EndConstruction)
MODULE.handler(
    PromptHandler(
        kind="construction_turn",
        actions=(Buy, EndConstruction),
        legal=_turn_legal,
        check=_turn_check,
        perform=_turn_perform,
        default=lambda state, prompt: EndConstruction(prompt.player),
    )
)
MODULE.handler(
    PromptHandler(
        kind="construction_payment",
        actions=(Pay, CancelPurchase),
        legal=_pay_legal,
        check=_pay_check,
        perform=_pay_perform,
        default=lambda state, prompt: CancelPurchase(prompt.player),
    )
)
