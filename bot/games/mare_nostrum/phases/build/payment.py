"""How a purchase is paid (3.1, 8; rulings §2): with exactly one set of resources — coins only,
or different commodities, as his powers change the sets (PAYMENT_RULES: Cléopâtre,
Hannibal) — or, once a turn, with one token for an item a power names (ONE_TOKEN_PAYMENT:
Spartacus, Gilgamesh, Phare).

The sets themselves are resources.py's (`payment_options`, `is_valid_set`). Here: the rules each
player pays by, what he can pay with now (`Purse`: the price rule of a Buy asks it), the
payments open for a purchase (the listing of Pay) and the check of one.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache, partial
from typing import NamedTuple

from ....core.rules import Rules
from ...actions import Action, Pay, interned
from ...errors import IllegalAction
from ...hooks import ITEM_PRICES, ONE_TOKEN_PAYMENT, PAYMENT_RULES
from ...resources import (
    PLAIN_PAYMENT,
    Holding,
    PaymentRules,
    count,
    has_types,
    is_valid_set,
    max_set_size,
    payment_key,
    payment_sets,
)
from ...state import GameState
from .placement import ITEMS

# The game's rules object and a player's powers (his tiles, the hero copied by Castor &
# Pollux): all the payment hooks' handlers may read (hooks.py).
PowersKey = tuple[Rules[GameState], tuple[str, ...], str | None]
# (power, the token types it accepts) of each power letting him pay an item with one token.
OneToken = tuple[tuple[str, tuple[str, ...]], ...]
# The items his powers price otherwise, (item, cost) sorted (ITEM_PRICES); usually empty.
PriceChanges = tuple[tuple[str, int], ...]


class Powers(NamedTuple):
    """What his powers change in paying: how his sets are formed (PAYMENT_RULES), and the
    items some power lets him pay with one token (ONE_TOKEN_PAYMENT), with those powers."""

    rules: PaymentRules
    one_token: Mapping[str, OneToken]
    prices: PriceChanges = ()


# The hooks' answers by that key: asked on every Build listing. Bounded: cleared when full.
_POWERS: dict[PowersKey, Powers] = {}
_MEMO_SIZE = 4096


def _powers(state: GameState, player: str) -> Powers:
    key = (state.rules, tuple(state.hw.get(player, ())), state.copied.get(player))
    found = _POWERS.get(key)
    if found is None:
        rules = PLAIN_PAYMENT
        for hook in state.rules.on[PAYMENT_RULES]:
            rules = hook(rules, state, player)
        hooks = state.rules.on[ONE_TOKEN_PAYMENT]
        table = {item: tuple(a for a in (hook(state, player, item) for hook in hooks)
                             if a is not None) for item in ITEMS}
        changed: dict[str, int] = {}
        for pricing in state.rules.on[ITEM_PRICES]:
            changed.update(pricing(state, player) or {})
        found = Powers(rules, {item: powers for item, powers in table.items() if powers},
                       tuple(sorted(changed.items())))
        if len(_POWERS) >= _MEMO_SIZE:
            _POWERS.clear()
        _POWERS[key] = found
    return found


def payment_rules(state: GameState, player: str) -> PaymentRules:
    """How his sets are formed (3.1, rulings §2): the printed rules, as his powers change them
    (PAYMENT_RULES: Cléopâtre, Hannibal)."""
    return _powers(state, player).rules


def price_changes(state: GameState, player: str) -> PriceChanges:
    """The items his powers price otherwise (ITEM_PRICES: Atlas's triremes), cached with his
    payment rules."""
    if not state.rules.on[ITEM_PRICES]:  # no module prices anything otherwise (the base game)
        return ()
    return _powers(state, player).prices


def one_token_powers(state: GameState, player: str) -> Mapping[str, OneToken]:
    """The items his powers let him pay with one token, once a turn (ONE_TOKEN_PAYMENT:
    Spartacus, Gilgamesh, Phare), each with those powers (asked about every item at once)."""
    return _powers(state, player).one_token


def one_token_sets(state: GameState, player: str, item: str) -> list[tuple[str, ...]]:
    """The 1-token payments open for this item now: his tokens of the types a power unused
    this turn accepts, in type order."""
    return _one_token_sets(state, player, _powers(state, player).one_token.get(item, ()))


def _one_token_sets(state: GameState, player: str, powers: OneToken) -> list[tuple[str, ...]]:
    if not powers:
        return []
    used = state.build.used_powers if state.build else []
    hand = state.hands[player]
    out: list[tuple[str, ...]] = []
    for power, types in powers:
        if power not in used:
            out += [(t,) for t in sorted(types) if count(hand, t) and (t,) not in out]
    return out


class Purse(NamedTuple):
    """What he can pay with now: asked once by a listing of his purchases."""

    biggest: int  # his largest single set (resources.max_set_size, under his payment rules)
    one_token: frozenset[str]  # the items he may pay with one token now (one_token_sets)


def purse(state: GameState, player: str) -> Purse:
    return _purse(state, player, _powers(state, player))


def purse_and_prices(state: GameState, player: str) -> tuple[Purse, PriceChanges]:
    """`purse` and `price_changes` at once (a Buy listing asks both)."""
    powers = _powers(state, player)
    return _purse(state, player, powers), powers.prices


def _purse(state: GameState, player: str, powers: Powers) -> Purse:
    biggest = max_set_size(state.hands[player], powers.rules)
    if not powers.one_token:
        return _plain_purse(biggest)
    return Purse(biggest, frozenset(item for item, by in powers.one_token.items()
                                    if _one_token_sets(state, player, by)))


_NONE: frozenset[str] = frozenset()


@lru_cache(maxsize=64)
def _plain_purse(biggest: int) -> Purse:
    # Shared: most purses open no 1-token payment, and the listing asks one per Build turn.
    return Purse(biggest, _NONE)


def can_pay(purse: Purse, item: str, cost: int) -> bool:
    """One set of `cost` (his biggest set reaches it), or one token by a power."""
    return cost <= purse.biggest or item in purse.one_token


def affords(state: GameState, player: str, cost: int) -> bool:
    """Whether one set of his pays `cost` (powers paying with one token aside)."""
    return cost <= max_set_size(state.hands[player], payment_rules(state, player))


# --- paying a purchase ----------------------------------------------------------------------

def pay_actions(state: GameState, player: str, item: str, cost: int) -> list[Action]:
    """Every Pay check_pay accepts for this purchase: each set of his (resources.payment_sets,
    cached by payment_key: the part of his hand a set of `cost` can use), then each 1-token
    payment a power opens."""
    powers = _powers(state, player)
    out: list[Action] = list(_pay_actions(player, payment_key(state.hands[player], cost),
                                          cost, powers.rules))
    out += [interned(Pay, player, opt)
            for opt in _one_token_sets(state, player, powers.one_token.get(item, ()))]
    return out


@lru_cache(maxsize=16384)
def _pay_actions(player: str, held: Holding, cost: int, rules: PaymentRules
                 ) -> tuple[Pay, ...]:
    # Keyed on all payment_sets reads (its arguments), and the player the answers name.
    return tuple(map(partial(interned, Pay, player), payment_sets(held, cost, rules)))


def check_pay(state: GameState, player: str, item: str, cost: int,
              types: tuple[str, ...]) -> None:
    """Raise unless these resource types pay this purchase now: listed sorted, one set of his
    held, or one token a power unused this turn accepts."""
    if list(types) != sorted(types):
        raise IllegalAction("list the resource types sorted", code="bad_payment",
                            resources=list(types))
    if types in one_token_sets(state, player, item):
        return
    if len(types) == 1:
        used = state.build.used_powers if state.build else []
        spent = [p for p, _ in one_token_powers(state, player).get(item, ()) if p in used]
        if spent:
            raise IllegalAction(f"the 1-token {item} was already built this turn",
                                code="power_used", power=spent[0])
    if not is_valid_set(types, cost, payment_rules(state, player)):
        raise IllegalAction(f"not one valid set of {cost}", code="bad_payment",
                            resources=list(types), cost=cost)
    if not has_types(state.hands[player], types):
        raise IllegalAction("resources not held", code="not_held", resources=list(types))


def charged_power(state: GameState, player: str, item: str, cost: int,
                  types: tuple[str, ...]) -> str | None:
    """The power a checked payment uses: None for a set; for one token, the first power
    unused this turn that accepts it."""
    powers = _powers(state, player)
    accepting = powers.one_token.get(item)
    # No power pays this item with one token (most payments): the checked payment is a set.
    if accepting is None or is_valid_set(types, cost, powers.rules):
        return None
    used = state.build.used_powers if state.build else []
    return next(p for p, accepted in accepting if p not in used and types[0] in accepted)
