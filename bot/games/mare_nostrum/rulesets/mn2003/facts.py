"""Facts of one position asked many times by one listing, each computed once.

A construction listing asks the same facts (an item's price, whether his hand pays it, who
stands in a province, the pieces and markers left, the provinces his turn's start reaches)
for every (item, target) pair it checks. The rule functions take an optional `Facts` and ask
through it; without one they make their own. A `Facts` lives for one listing or one check
and is never kept across actions, so none of its answers can go stale."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from ...state import GameState

T = TypeVar("T")
_MISSING: Any = object()


class Facts:
    """`facts(fn, *args)` is `fn(state, *args)`, computed once per distinct `(fn, *args)`:
    for pure functions of the position only (the state must not change while it lives)."""

    __slots__ = ("_answers", "state")

    def __init__(self, state: GameState) -> None:
        self.state = state
        self._answers: dict[tuple[Hashable, tuple[Hashable, ...]], Any] = {}

    def __call__(self, fn: Callable[..., T], *args: Hashable) -> T:
        key = (fn, args)
        # get, not try/except: most asks of a listing are first asks, and a raised KeyError
        # costs more than the call itself.
        found: T = self._answers.get(key, _MISSING)
        if found is _MISSING:
            found = self._answers[key] = fn(self.state, *args)
        return found
