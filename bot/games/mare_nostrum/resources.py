"""Hands of resource tokens, and payment sets (section 3.1, rulings §2)."""

from __future__ import annotations

from bisect import insort
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from .board import COIN, COMMODITIES
from .state import GameState, Hand

LEGENDARY = "*"


def token_type(token: str) -> str:
    return token[:-1] if token.endswith(LEGENDARY) else token


def is_legendary(token: str) -> bool:
    return token.endswith(LEGENDARY)


def count(hand: Hand, rtype: str) -> int:
    return hand.get(rtype, 0) + hand.get(rtype + LEGENDARY, 0)


def total(hand: Hand) -> int:
    return sum(hand.values())


def add(hand: Hand, token: str, n: int = 1) -> None:
    if n:
        hand[token] = hand.get(token, 0) + n


def remove_token(hand: Hand, token: str) -> None:
    left = hand.get(token, 0) - 1
    if left < 0:
        raise ValueError(f"no {token} to remove")
    if left:
        hand[token] = left
    else:
        del hand[token]


def take_type(hand: Hand, rtype: str) -> str:
    """Remove one token of this type, ordinary before legendary; return the token removed."""
    token = rtype if hand.get(rtype, 0) else rtype + LEGENDARY
    remove_token(hand, token)
    return token


def types_held(hand: Hand) -> dict[str, int]:
    out: dict[str, int] = {}
    for token, n in hand.items():
        if n:
            if token[-1] == LEGENDARY:  # token_type, inlined (hot); a token is never ""
                token = token[:-1]
            out[token] = out.get(token, 0) + n
    return out


def has_types(hand: Hand, types: Iterable[str]) -> bool:
    need: dict[str, int] = {}
    for t in types:
        need[t] = need.get(t, 0) + 1
    return all(count(hand, t) >= n for t, n in need.items())


def spend(state: GameState, player: str, types: Iterable[str]) -> list[str]:
    """Spend resources by type; legendary tokens go to the legendary discard (section 1.4)."""
    hand = state.hands[player]
    spent = []
    for t in types:
        token = take_type(hand, t)
        if token[-1] == LEGENDARY:  # is_legendary and token_type, inlined (every payment)
            state.legendary_discard.append(token[:-1])
        spent.append(token)
    return spent


def discard_token(state: GameState, token: str) -> None:
    if is_legendary(token):
        state.legendary_discard.append(token_type(token))


@dataclass(frozen=True, slots=True)
class PaymentRules:
    """How a player may form sets: Cleopatra mixes one coin/commodity into a set, Hannibal allows
    one pair of identical commodities in each commodity set (section 8, rulings §2)."""

    cleopatra: bool = False
    hannibal: bool = False

    @staticmethod
    def of(cleopatra: bool, hannibal: bool) -> PaymentRules:
        """One of the four shared values (asked on every Build listing: nothing is built, and
        the caches keyed on them stay small)."""
        return _SHARED_RULES[cleopatra, hannibal]


_SHARED_RULES = {(c, h): PaymentRules(c, h) for c in (False, True) for h in (False, True)}
PLAIN_PAYMENT = _SHARED_RULES[False, False]  # the printed rules (rulings §2)


def canonical(types: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(types))


@lru_cache(maxsize=4096)
def is_valid_set(types: tuple[str, ...], cost: int, rules: PaymentRules) -> bool:
    """Whether these resource types form one payment set of exactly `cost` resources: one of
    the sets (payment_sets, where the rule is written) a hand of just these tokens pays.
    Cached by all it reads: every payment asks (which power, if any, it uses)."""
    if len(types) != cost or cost <= 0:
        return False
    tokens: Hand = {}
    for t in types:
        tokens[t] = tokens.get(t, 0) + 1
    return canonical(types) in payment_sets(payment_key(tokens, cost), cost, rules)


def max_set_size(hand: Hand, rules: PaymentRules) -> int:
    """The largest single set this hand can form (what it can afford in one purchase)."""
    coins = 0
    goods: dict[str, int] = {}  # types_held without the coins, in one pass (every Build listing)
    for token, n in hand.items():
        if n:
            if token[-1] == LEGENDARY:
                token = token[:-1]
            if token == COIN:
                coins += n
            else:
                goods[token] = goods.get(token, 0) + n
    distinct = len(goods)
    coin_set = coins + (1 if rules.cleopatra and distinct else 0)
    goods_set = distinct
    if distinct:
        if rules.hannibal and any(n >= 2 for n in goods.values()):
            goods_set += 1
        if rules.cleopatra and coins:
            goods_set += 1
    return max(coin_set, goods_set)


def can_afford(hand: Hand, cost: int, rules: PaymentRules) -> bool:
    return cost <= 0 or max_set_size(hand, rules) >= cost


# What of a hand a payment can use: (type, how many) pairs, sorted (payment_key).
Holding = tuple[tuple[str, int], ...]


def payment_key(hand: Hand, cost: int) -> Holding:
    """The part of a hand a payment of `cost` can use: how many of each type it holds (a
    legendary token counts as its type), `cost` at most. A set holds `cost` tokens and whether
    tokens form a set depends on them alone (is_valid_set reads no hand), so hands with the
    same key have the same sets under any PaymentRules: no rule needs to be known here."""
    # types_held and the cap in one plain loop (every Pay and offer listing asks it): a
    # running count capped at each step is the total capped.
    held: dict[str, int] = {}
    for token, n in hand.items():
        if n:
            if token[-1] == LEGENDARY:
                token = token[:-1]
            if token in held:
                n += held[token]
            held[token] = n if n < cost else cost
    return tuple(sorted(held.items()))


def payment_options(hand: Hand, cost: int, rules: PaymentRules) -> list[tuple[str, ...]]:
    """Every distinct payment set of exactly `cost` resources this hand can pay, sorted."""
    return list(payment_sets(payment_key(hand, cost), cost, rules))


@lru_cache(maxsize=16384)
def payment_sets(held: Holding, cost: int, rules: PaymentRules) -> tuple[tuple[str, ...], ...]:
    """Every set of exactly `cost` resources the hands whose payment_key is `held` can pay,
    sorted (3.1, rulings §2): `cost` coins; or `cost` different commodities. Cléopâtre
    (`rules.cleopatra`) adds one commodity to coins, or one coin to commodities; Hannibal
    (`rules.hannibal`) one pair of the same commodity to commodities. The one statement of the
    rule: is_valid_set asks it too. A pure function of its arguments, cached by them."""
    goods_held = dict(held)
    coins = goods_held.pop(COIN, 0)
    goods = sorted(t for t in goods_held if t in COMMODITIES)
    # `cost` different commodities: combinations of a sorted list come sorted, each set and
    # the whole list (the printed rules' sets are these and the coins: no set, no sort).
    plain = list(combinations(goods, cost)) if cost > 0 else []
    if coins >= cost:
        insort(plain, (COIN,) * cost)
    if not (rules.cleopatra or rules.hannibal):
        return tuple(plain)
    found = set(plain)
    if rules.cleopatra and cost >= 2 and coins >= cost - 1:
        for g in goods:
            found.add(canonical([*([COIN] * (cost - 1)), g]))
    for coin_used in (0, 1) if rules.cleopatra and coins else (0,):
        for pair in (0, 1) if rules.hannibal else (0,):
            k = cost - coin_used - pair
            if k <= 0 or k > len(goods) or not (coin_used or pair):  # plain's, found above
                continue
            for combo in combinations(goods, k):
                base = [*combo, *([COIN] * coin_used)]
                if pair:
                    for g in combo:
                        if goods_held[g] >= 2:
                            found.add(canonical([*base, g]))
                else:
                    found.add(canonical(base))
    return tuple(sorted(found))


def disjoint_sets(hand: Hand, size: int) -> int:
    """How many separate payment sets of `size` the hand can pay under the basic rule (coins
    alone, or all-different commodities): a planning aid for the player's screen."""
    held = types_held(hand)
    coin_sets = held.pop(COIN, 0) // size
    goods = list(held.values())
    best = 0
    for m in range(1, sum(goods) // size + 1):
        # m sets of `size` different commodities need size*m tokens, at most m of each type.
        if sum(min(n, m) for n in goods) >= size * m:
            best = m
    return coin_sets + best
