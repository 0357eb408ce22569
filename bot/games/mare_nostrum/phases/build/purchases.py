"""One purchase, from Buy to placement (3.1–3.7, 6.1): what an item costs, whether it may be
bought now — the check of a Buy and the listing of every Buy open, made of the same rules —
and the purchase's course: started (it waits for its payment), then paid and placed.

A Buy is allowed when its placement is (placement.py: where, then supply) and its price is: the
item has a price for him (no HW after his fifth) and he can pay it (payment.py: one set, or one
token by a power). `check_buy` asks these rules in that order and raises the first refusal;
`legal_buys` asks the same rules, the price and supply once per item and each placement rule
once over all the targets an item could take.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from ....core.rules import Rules
from ...actions import Action, Buy, interned
from ...board import PYRAMIDS, board
from ...control import capital_province, hooks_for, levels
from ...errors import EngineError, IllegalAction
from ...events import EventLog
from ...hooks import TILE_PRICE
from ...resources import spend
from ...state import BuildState, GameState, Purchase
from .payment import (
    PriceChanges,
    Purse,
    can_pay,
    charged_power,
    price_changes,
    purse,
    purse_and_prices,
)
from .placement import (
    ITEMS,
    Why,
    by_name,
    check_placement,
    hw_on_offer,
    influence_reach,
    influence_whys,
    place,
    placeable_provinces,
    seas_beside,
    slot_whys,
    supply_why,
    tile_whys,
    trireme_whys,
    unit_whys,
)

# Why a purchase's price refuses it (None: it does not).
PriceWhy = Literal["no_more_hw", "unaffordable"]


def hw_cost(state: GameState, player: str) -> int | None:
    """The next HW costs 7/8/9/10 by how many he owns (the starting hero is the 1st)."""
    return _prices(state.rules, len(state.hw.get(player, ()))).get("hw")


def item_cost(state: GameState, player: str, item: str) -> int | None:
    """What the item costs him (None: he may not buy another HW)."""
    return _prices(state.rules, len(state.hw.get(player, ())),
                   price_changes(state, player)).get(item)


def buy_cost(state: GameState, player: str, item: str, target: str) -> int | None:
    """What this purchase costs him: the item's price, and for a HW tile or the Pyramids
    what the powers change by the tile (TILE_PRICE; none in the base game)."""
    cost = item_cost(state, player, item)
    if cost is None or item not in ("hw", PYRAMIDS) or not state.rules.on[TILE_PRICE]:
        return cost
    return _tile_price(state, player, item, target, cost)


def _tile_price(state: GameState, player: str, item: str, target: str, cost: int | None,
                ) -> int | None:
    """buy_cost of a HW tile or the Pyramids from the item's price: TILE_PRICE's changes by
    the tile (handlers declared with their power: only his are asked)."""
    changes = hooks_for(state, player)[TILE_PRICE]
    if cost is None or not changes:
        return cost
    tile = target if item == "hw" else PYRAMIDS
    return cost + sum(change(state, player, tile) for change in changes)


@lru_cache(maxsize=256)
def _prices(rules: Rules[GameState], hw_owned: int, changes: PriceChanges = (),
            ) -> dict[str, int | None]:
    """Each item's price in these rules (a module may change them) for a player owning this
    many HW tiles, with what his powers price otherwise (payment.price_changes; cached: a
    rules object is shared and immutable)."""
    components = rules.data["components"]
    prices: dict[str, int | None] = dict(components.costs)
    prices["hw"] = components.hw_costs.get(hw_owned + 1)
    prices.update(changes)
    return prices


def price_why(cost: int | None, item: str, means: Purse) -> PriceWhy | None:
    """Why the price refuses a purchase: the item has none for him (no HW after his fifth), or
    he cannot pay it (`means`: payment.purse)."""
    if cost is None:
        return "no_more_hw"
    return None if can_pay(means, item, cost) else "unaffordable"


@lru_cache(maxsize=4096)
def _priced(rules: Rules[GameState], hw_owned: int, means: Purse, changes: PriceChanges = (),
            ) -> frozenset[str]:
    """The items whose price allows them, by price_why (cached by all it reads)."""
    prices = _prices(rules, hw_owned, changes)
    return frozenset(i for i in ITEMS if price_why(prices.get(i), i, means) is None)


def check_buy(state: GameState, player: str, action: Buy) -> int:
    """Raise unless the purchase may start: its placement (placement.check_placement), then
    its price (price_why). Return its cost."""
    check_placement(state, player, action.item, action.target, action.slot)
    cost = buy_cost(state, player, action.item, action.target)
    why = price_why(cost, action.item, purse(state, player))
    if why == "no_more_hw":
        raise IllegalAction(f"{player} cannot buy another HW", code="not_available",
                            item=action.item)
    if why == "unaffordable":
        raise IllegalAction(f"{player} cannot form a set of {cost}", code="unaffordable",
                            cost=cost)
    assert cost is not None  # price_why refuses an item without a price
    return cost


def legal_buys(state: GameState, player: str) -> list[Action]:
    """Every Buy check_buy accepts now, in a stable order: influence (by province), then in
    each province he may place in (board order) a legion, a fortress and its buildings (slot
    order), triremes (board order), HW tiles (market order), the Pyramids. The hot path of the
    Build phase's listing: the rules are check_buy's, each asked once over all the targets an
    item could take (the provinces within his reach, those he may place in, the seas beside
    them, the face-up tiles), the price and supply once per item."""
    priced = _priced(state.rules, len(state.hw.get(player, ())),
                     *purse_and_prices(state, player))
    out: list[Action] = []
    # Price first, then the placement rules, then the supply (a count of the whole board)
    # only for items some target accepts: the order of a conjunction is the listing's choice.
    if "influence" in priced:
        reach = influence_reach(state, player)
        targets = by_name(reach)
        accepted = [buy for buy, why in zip(_buys(player, "influence", targets),
                                            influence_whys(state, player, targets, reach),
                                            strict=True) if why is None]
        if accepted and supply_why(state, player, "influence") is None:
            out += accepted
    placeable = placeable_provinces(state, player)
    closed: list[Why | None] = [_NO] * len(placeable)
    legions = forts = closed
    if "legion" in priced and supply_why(state, player, "legion") is None:
        legions = unit_whys(state, player, "legion", placeable, placeable)
    if "fortress" in priced:
        forts = unit_whys(state, player, "fortress", placeable, placeable)
        if None in forts and supply_why(state, player, "fortress") is not None:
            forts = closed
    board_key, built = state.board_key, state.built
    markers: dict[str, bool] = {}  # supply_why of the building kinds, asked when met
    for p, legion, fort in zip(placeable, legions, forts, strict=True):
        legion_buy, fort_buy, buildings = _province_buys(player, board_key, p, tuple(built[p]))
        if legion is None:
            out.append(legion_buy)
        if fort is None:
            out.append(fort_buy)
        for kind, buy in buildings:  # building_why: slot_whys, in a province he may place in
            if kind in priced:
                ok = markers.get(kind)
                if ok is None:
                    ok = markers[kind] = supply_why(state, player, kind) is None
                if ok:
                    out.append(buy)
    if "trireme" in priced and supply_why(state, player, "trireme") is None:
        seas = seas_beside(state, placeable)
        out += [buy for buy, why in zip(_buys(player, "trireme", seas),
                                        trireme_whys(seas, seas), strict=True) if why is None]
    if state.rules.on[TILE_PRICE] and hooks_for(state, player)[TILE_PRICE]:  # his power does
        return out + _tiles_by_price(state, player)
    if "hw" in priced:
        market = tuple(hw_on_offer(state))
        out += [buy for buy, why in zip(_buys(player, "hw", market),
                                        tile_whys(state, "hw", market), strict=True)
                if why is None]
    if PYRAMIDS in priced and tile_whys(state, PYRAMIDS, [""])[0] is None:
        out.append(interned(Buy, player, PYRAMIDS))
    return out


def _tiles_by_price(state: GameState, player: str) -> list[Action]:
    """The HW tiles and the Pyramids he may buy when a power prices them tile by tile:
    check_buy's rules (placement, then buy_cost's price), each tile asked."""
    means = purse(state, player)
    market = tuple(hw_on_offer(state))
    out: list[Action] = []
    hw = item_cost(state, player, "hw")  # buy_cost's first part, the same for every tile
    for buy, why in zip(_buys(player, "hw", market), tile_whys(state, "hw", market),
                        strict=True):
        if why is None and price_why(_tile_price(state, player, "hw", buy.target, hw), "hw",
                                     means) is None:
            out.append(buy)
    if tile_whys(state, PYRAMIDS, [""])[0] is None and price_why(
            buy_cost(state, player, PYRAMIDS, ""), PYRAMIDS, means) is None:
        out.append(interned(Buy, player, PYRAMIDS))
    return out


_NO: Why = "no_supply"  # a unit not open at all (price or supply): refused everywhere


@lru_cache(maxsize=8192)
def _buys(player: str, item: str, targets: tuple[str, ...]) -> tuple[Buy, ...]:
    # The candidates (his reach, the seas beside his provinces, the face-up tiles) change
    # little from one listing to the next: their Buys are made once.
    return tuple(interned(Buy, player, item, t) for t in targets)


@lru_cache(maxsize=16384)
def _province_buys(player: str, board_key: str, province: str, built: tuple[bool, ...],
                   ) -> tuple[Buy, Buy, tuple[tuple[str, Buy], ...]]:
    """His Buys of a legion and a fortress in a province, and of a building in each of its
    slots that slot_whys allows (cached by all slot_whys reads: the province's printed slots,
    their built flags, whether it is his capital's; the rules reading the rest of the state
    are asked by the listing)."""
    slots = board(board_key).provinces[province].slots
    sites = [(s.kind, i) for i, s in enumerate(slots)]
    whys = slot_whys(slots, built, province == capital_province(player), sites)
    return (interned(Buy, player, "legion", province), interned(Buy, player, "fortress", province),
            tuple((kind, interned(Buy, player, kind, province, i))
                  for (kind, i), why in zip(sites, whys, strict=True) if why is None))


# --- the purchase's course ------------------------------------------------------------------

def start_purchase(state: GameState, b: BuildState, player: str, action: Buy) -> int:
    """A checked Buy: the purchase waits for its payment. Return its cost."""
    cost = buy_cost(state, player, action.item, action.target)
    assert cost is not None  # checked (check_buy)
    b.purchase = {"item": action.item, "target": action.target, "slot": action.slot,
                  "cost": cost}
    return cost


def waiting_purchase(b: BuildState) -> Purchase:
    """The purchase waiting for its payment."""
    if b.purchase is None:
        raise EngineError("no purchase is waiting for payment", code="no_purchase")
    return b.purchase


def complete_purchase(state: GameState, b: BuildState, player: str, purchase: Purchase,
                      resources: tuple[str, ...], ev: EventLog) -> None:
    """A checked payment: the resources are spent (a power paying with one token is used for
    this turn) and the item placed."""
    item, target, slot, cost = (purchase["item"], purchase["target"], purchase["slot"],
                                purchase["cost"])
    power = charged_power(state, player, item, cost, resources)
    if power is not None:
        b.used_powers.append(power)
    spent = spend(state, player, resources)
    ev.private("paid", (player,), player=player, item=item, resources=spent, power=power)
    place(state, player, item, target, slot)
    ev.public("placed", player=player, item=item, target=target, slot=slot, cost=cost,
              levels=levels(state, player))
