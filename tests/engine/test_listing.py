"""The engine's speed shortcuts change nothing a player can see: `apply` trusts only the very
action objects `legal_actions` has just listed for the same state, and cached listings equal
the listings they stand for."""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations, combinations_with_replacement

import pytest

from bot.games.core import RulesModule, dispatch
from bot.games.core.rules import Rules
from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Action, Buy, Pay, action_from_dict
from bot.games.mare_nostrum.board import COIN, COMMODITIES
from bot.games.mare_nostrum.errors import EngineError
from bot.games.mare_nostrum.hooks import PAYMENT_RULES
from bot.games.mare_nostrum.prompts import Prompt
from bot.games.mare_nostrum.resources import (
    PaymentRules,
    is_valid_set,
    max_set_size,
    payment_key,
    payment_options,
    types_held,
)
from bot.games.mare_nostrum.rules import register_module
from bot.games.mare_nostrum.state import GameState

from .builder import Scenario
from .test_build import start


@pytest.fixture
def checks(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[object]]:
    """The actions `engine.check` validates in full (the suite's own verification of trusted
    actions switched off, so only the engine's choices show)."""
    seen: list[object] = []
    full_check = engine._dispatch._check

    def spy(state: GameState, action: Action, rules: Rules[GameState]) -> Prompt:
        seen.append(action)
        return full_check(state, action, rules)

    monkeypatch.setattr(dispatch, "VERIFY_LISTED", False)
    # The dispatcher checks through its own method: the spy stands in for it there.
    monkeypatch.setattr(engine._dispatch, "_check", spy)
    yield seen


def _build_turn() -> Scenario:
    s = Scenario()
    s.hand("rome", coin=6)
    start(s, "rome")
    return s


def test_a_listed_action_is_applied_without_a_second_check(checks: list[object]) -> None:
    s = _build_turn()
    checks.clear()  # the set-up's own actions
    legal = engine.legal_actions(s.state, "rome")
    action = next(a for a in legal if isinstance(a, Buy) and a.item == "legion")
    twin = s.state.clone()
    engine.apply_in_place(s.state, action)
    assert checks == []
    # The same answer checked in full on a copy gives the same game.
    engine.apply_in_place(twin, action_from_dict(action.to_dict()))
    assert checks == [action]
    assert engine.to_json(twin) == engine.to_json(s.state)


def test_an_equal_action_rebuilt_from_a_button_is_checked_in_full(
        checks: list[object]) -> None:
    s = _build_turn()
    checks.clear()  # the set-up's own actions
    listed = next(a for a in engine.legal_actions(s.state, "rome") if isinstance(a, Buy))
    rebuilt = action_from_dict(listed.to_dict())
    assert rebuilt == listed and rebuilt is not listed
    engine.apply_in_place(s.state, rebuilt)
    assert checks == [rebuilt]


def test_a_stale_listed_action_is_checked_and_refused(checks: list[object]) -> None:
    """After an action the old listing is not trusted: a Buy from it, while a payment is owed,
    is refused and changes nothing."""
    s = _build_turn()
    checks.clear()  # the set-up's own actions
    old = [a for a in engine.legal_actions(s.state, "rome") if isinstance(a, Buy)]
    engine.apply_in_place(s.state, old[0])
    before = engine.to_json(s.state)
    with pytest.raises(EngineError) as info:
        engine.apply_in_place(s.state, old[1])
    assert info.value.code == "wrong_decision"
    assert checks == [old[1]]
    assert engine.to_json(s.state) == before


def test_a_listing_is_trusted_only_for_the_state_it_was_made_for(
        checks: list[object]) -> None:
    s = _build_turn()
    checks.clear()  # the set-up's own actions
    action = engine.legal_actions(s.state, "rome")[0]
    copy = s.state.clone()
    engine.apply_in_place(copy, action)
    assert checks == [action]


def test_the_copying_apply_trusts_the_listing_and_leaves_the_state_alone(
        checks: list[object]) -> None:
    s = _build_turn()
    checks.clear()  # the set-up's own actions
    before = engine.to_json(s.state)
    action = next(a for a in engine.legal_actions(s.state, "rome") if isinstance(a, Buy))
    new, events = engine.apply(s.state, action)
    assert checks == []
    assert engine.to_json(s.state) == before
    twin = s.state.clone()
    assert engine.apply_in_place(twin, action) == events
    assert engine.to_json(twin) == engine.to_json(new)


ALL_RULES = [PaymentRules(c, h) for c in (False, True) for h in (False, True)]
TOKENS = ["coin", "grain", "wood", "sheep", "gold", "metal", "grain*", "gold*"]


def test_hands_with_the_same_payment_key_have_the_same_payments() -> None:
    """The Pay listing is cached by `payment_key`: the key must keep every difference that
    changes the payment sets (3.1, Cléopâtre and Hannibal's sets of section 8)."""
    rnd = random.Random(6)
    for _ in range(2500):
        hand = {t: n for t in TOKENS if (n := rnd.choice((0, 0, 1, 1, 2, 3, 4, 7)))}
        cost = rnd.choice((1, 2, 3, 3, 3, 6, 6, 7, 8, 9, 10))
        rules = rnd.choice(ALL_RULES)
        least = dict(payment_key(hand, cost))
        assert payment_options(least, cost, rules) == payment_options(hand, cost, rules), (
            hand, cost, rules)


def _sub_multisets(held: dict[str, int], size: int) -> set[tuple[str, ...]]:
    """Every multiset of `size` tokens (by type) drawn from these counts."""
    pool = [t for t, n in sorted(held.items()) for _ in range(n)]
    return set(combinations(pool, size))


def test_payment_key_keeps_every_set_a_rule_could_read() -> None:
    """Why payment_key needs no rule: a payment set is `cost` tokens and whether they form a
    set depends on them alone, so the key must keep exactly the multisets of `cost` tokens a
    hand can draw — whatever a future PaymentRules makes of them."""
    rnd = random.Random(8)
    for _ in range(800):
        hand = {t: n for t in TOKENS if (n := rnd.choice((0, 0, 1, 1, 2, 3, 5)))}
        cost = rnd.choice((1, 2, 3, 4, 5))
        held = types_held(hand)
        assert _sub_multisets(dict(payment_key(hand, cost)), cost) == _sub_multisets(held, cost)


# A module whose payment rule no base power gives: everyone pays with Hannibal's pair.
PAIRS: RulesModule[GameState] = RulesModule("test.pairs_for_all")


@PAIRS.hook(PAYMENT_RULES)
def _pairs_for_all(rules: PaymentRules, state: GameState, player: str) -> PaymentRules:
    return PaymentRules.of(rules.cleopatra, True)


register_module(PAIRS)


def _payments_for_a_legion(modules: tuple[str, ...]) -> set[tuple[str, ...]]:
    s = Scenario()
    s.state.modules = modules
    s.hand("rome", grain=2, wood=1, sheep=1)
    start(s, "rome")
    s.act(Buy("rome", "legion", "latium"))
    return {a.resources for a in engine.legal_actions(s.state, "rome") if isinstance(a, Pay)}


def test_a_payment_rules_hook_never_reuses_another_rules_listing() -> None:
    """A PAYMENT_RULES handler that changes the sets gets its own listing, though the same
    hand paying the same cost was listed (and cached) under the printed rules just before, and
    the printed rules' listing is not changed by it after: the cache is keyed on the whole
    PaymentRules value and on a part of the hand no rule decides."""
    plain = {("grain", "sheep", "wood")}
    with_pairs = plain | {("grain", "grain", "sheep"), ("grain", "grain", "wood")}
    assert _payments_for_a_legion(()) == plain
    assert _payments_for_a_legion(("test.pairs_for_all",)) == with_pairs
    assert _payments_for_a_legion(()) == plain
    assert set(payment_options({"grain": 2, "wood": 1, "sheep": 1}, 3,
                               PaymentRules(hannibal=True))) == with_pairs


def _valid_by_the_book(types: tuple[str, ...], cost: int, rules: PaymentRules) -> bool:
    """3.1 and rulings §2 read directly (the test's oracle): `cost` coins; or commodities all
    different, Cléopâtre adding one coin (or one commodity to coins), Hannibal one pair."""
    if len(types) != cost or cost <= 0 or any(t != COIN and t not in COMMODITIES
                                              for t in types):
        return False
    coins = types.count(COIN)
    goods = [t for t in types if t != COIN]
    if coins == cost or (rules.cleopatra and coins == cost - 1 and len(goods) == 1):
        return True
    pairs = [g for g in set(goods) if goods.count(g) == 2]
    return (coins <= (1 if rules.cleopatra else 0)
            and all(goods.count(g) <= 2 for g in goods)
            and len(pairs) <= (1 if rules.hannibal else 0))


def test_is_valid_set_is_the_rule_the_listing_enumerates() -> None:
    """is_valid_set asks payment_sets, where the set rule is written once: it agrees with the
    rule read from the book over every small payment (legendary and unknown tokens, which no
    set holds, included)."""
    types = ["coin", "grain", "wood", "sheep", "grain*", "feathers"]
    for size in range(5):
        for combo in combinations_with_replacement(types, size):
            for cost in range(5):
                for rules in ALL_RULES:
                    assert is_valid_set(combo, cost, rules) == _valid_by_the_book(
                        combo, cost, rules), (combo, cost, rules)


def test_the_largest_set_is_the_largest_cost_payable() -> None:
    """max_set_size (what every Build listing prices purchases by) agrees with the sets."""
    rnd = random.Random(9)
    for _ in range(600):
        hand = {t: n for t in TOKENS if (n := rnd.choice((0, 0, 0, 1, 1, 2, 3)))}
        rules = rnd.choice(ALL_RULES)
        payable = [k for k in range(1, sum(hand.values()) + 1)
                   if payment_options(hand, k, rules)]
        assert max_set_size(hand, rules) == max(payable, default=0), (hand, rules)
