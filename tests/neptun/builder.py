"""A small builder for Neptun scenario tests: a seeded game, moved to the moment a rule
speaks of through the engine's own defaults, or a position set by hand (then listed again)."""

from __future__ import annotations

from collections.abc import Callable

from bot.games.core.actions import Action
from bot.games.core.events import Event
from bot.games.core.prompts import Prompt
from bot.games.neptun import ENGINE as E
from bot.games.neptun import NeptunState, seats
from bot.games.neptun.data import load
from bot.games.neptun.state import Column, Slot

DATA = load()


def game(n: int = 4, seed: int = 1) -> NeptunState:
    state, _ = E.new_game(seats(n), {}, seed)
    return state


def act(state: NeptunState, action: Action) -> list[Event]:
    """Apply one action; it must be among the legal ones (listed again, after any hand edit)."""
    assert action in E.legal_actions(state, action.player), (action, E.owed(state))
    return E.apply_in_place(state, action)


def prompt(state: NeptunState) -> Prompt:
    """The first decision owed."""
    return E.owed(state)[0]


def advance(state: NeptunState, until: Callable[[NeptunState], bool],
            limit: int = 5000) -> list[Event]:
    """Play the deadline defaults until `until` holds."""
    events: list[Event] = []
    for _ in range(limit):
        if until(state):
            return events
        p = prompt(state)
        events += E.apply_in_place(state, E.default_action(state, p))
    raise AssertionError("the condition never held")


def city_card(city: str, good: str, kind: str) -> int:
    """A city card of `city` paying `kind` ("gold" or "temple") for `good`."""
    return next(c.id for c in DATA.cities
                if c.city == city and good in (c.gold if kind == "gold" else c.temple))


def goods_card(good: str) -> int:
    return DATA.goods_cards.index(good)


def oar_card(rowing: int, wind: int, taken: set[int] | None = None) -> int:
    """A regular oar card with these values (not one of `taken`)."""
    return next(i for i, o in enumerate(DATA.oars) if o == (rowing, wind)
                and i not in (taken or set()))


def column(city: int, goods: int, oar: int, up: bool = False, gold: int = 0) -> Column:
    return Column(city=city, goods=goods, oar=oar, up=up, gold=gold)


def contract(city: str, good: str, kind: str, status: str = "open") -> Slot:
    return {"city": city_card(city, good, kind), "goods": goods_card(good),
            "status": status}  # type: ignore[typeddict-item]


def sailing(state: NeptunState, player: str, reach: int, at: str = "creta") -> None:
    """A voyage turn where `player` is the only one left to sail, with `reach` sea miles."""
    state.phase = "voyages"
    state.turn = max(state.turn, 1)
    state.ships[player] = at
    state.chosen = {player: state.hands[player].pop(0)}
    state.forecast = 0 if state.turn <= 5 else None
    state.to_play = []
    state.prompts = [Prompt("voyage_move", player, {"range": reach})]
    state.version += 1


def voyages(n: int = 4, seed: int = 1) -> NeptunState:
    """A game at the start of round A's phase 2 (the contracts taken by the defaults)."""
    state = game(n, seed)
    advance(state, lambda s: s.phase == "voyages")
    return state


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]
