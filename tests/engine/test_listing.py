"""The engine's speed shortcuts change nothing a player can see: `apply` trusts only the very
action objects `legal_actions` has just listed for the same state, and cached listings equal
the listings they stand for."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from bot.games.core import dispatch
from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Action, Buy, action_from_dict
from bot.games.mare_nostrum.errors import EngineError
from bot.games.mare_nostrum.prompts import Prompt
from bot.games.mare_nostrum.resources import PaymentRules, payment_key, payment_options
from bot.games.mare_nostrum.state import GameState

from .builder import Scenario
from .test_build import start


@pytest.fixture
def checks(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[object]]:
    """The actions `engine.check` validates in full (the suite's own verification of trusted
    actions switched off, so only the engine's choices show)."""
    seen: list[object] = []
    full_check = engine.check

    def spy(state: GameState, action: Action) -> Prompt:
        seen.append(action)
        return full_check(state, action)

    monkeypatch.setattr(dispatch, "VERIFY_LISTED", False)
    # The dispatcher checks through its own method: the spy stands in for it there.
    monkeypatch.setattr(engine._dispatch, "check", spy)
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
