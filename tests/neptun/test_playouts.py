"""Seeded random playouts of 3, 4 and 5 merchants to the end: the invariants after every
action, legal actions never empty before the end, the JSON round trip, the replay of the
action log, and no view or event showing another player's secrets."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games.core.actions import Action
from bot.games.core.events import Event
from bot.games.neptun import ENGINE as E
from bot.games.neptun import NeptunState, check_invariants, seats

GAMES = 100  # per player count
DEEP = 4  # of which checked in depth after every action (round trip, views)


def _scrambled(state: NeptunState, viewer: str | None) -> NeptunState:
    """The same game with every secret `viewer` may not know replaced by something else: the
    others' hands and sealed cards, the face-down contracts, the decks' and the bonus supply's
    order, the others' bonus tiles (before the final count)."""
    other = state.clone()
    for p in other.players:
        if p == viewer:
            continue
        other.hands[p] = [-1 - i for i in range(len(other.hands[p]))]
        if p in other.chosen:
            other.chosen[p] = -99
        other.played[p] = [-7] * len(other.played[p])
        if not other.over:
            other.bonus[p] = [-5] * len(other.bonus[p])
    for c in other.row:
        if not c["up"]:
            c["city"], c["goods"], c["oar"] = -1, -1, -1
    other.city_deck.reverse()
    other.goods_deck.reverse()
    other.oar_deck.reverse()
    other.bonus_supply = [-3] * len(other.bonus_supply)
    return other


def _check_views(state: NeptunState) -> None:
    for viewer in [None, *state.players]:
        assert E.view(state, viewer) == E.view(_scrambled(state, viewer), viewer), viewer


def _check_events(state: NeptunState, events: list[Event]) -> None:
    """Private events go to their owner only; public ones name no hidden card."""
    for e in events:
        if e.kind in ("oar_chosen", "bonus_tile"):
            assert e.audience == (e.data["player"],)
        else:
            assert (e.audience is None and "value" not in e.data) or e.kind == "tile_won"


def playout(n: int, seed: int, deep: bool) -> tuple[NeptunState, list[dict[str, Any]]]:
    state, _ = E.new_game(seats(n), {}, seed)
    rnd = random.Random(seed)
    log: list[dict[str, Any]] = []
    while not E.is_over(state):
        owed = E.owed(state)
        assert owed, "a decision is owed until the end"
        player = owed[rnd.randrange(len(owed))].player
        legal: list[Action] = E.legal_actions(state, player)
        assert legal, f"{player} owes {owed[0].kind} with nothing legal"
        action = rnd.choice(legal)
        events = E.apply_in_place(state, action)
        log.append(action.to_dict())
        assert check_invariants(state) == []
        if deep:
            _check_events(state, events)
            _check_views(state)
            assert E.from_json(E.to_json(state)) == state
    return state, log


@pytest.mark.parametrize("n", [3, 4, 5])
def test_seeded_random_playouts_reach_the_end(n: int) -> None:
    finals = set()
    for seed in range(GAMES):
        state, log = playout(n, seed, deep=seed < DEEP)
        assert state.over and state.winners and state.round == 3
        assert E.from_json(E.to_json(state)) == state
        if seed % 10 == 0:
            assert E.to_json(E.replay(seats(n), {}, seed, log)) == E.to_json(state)
        finals.add(E.to_json(state))
        assert E.legal_actions(state, state.players[0]) == []
    assert len(finals) == GAMES  # the seeds give different games


def test_apply_returns_a_new_state_and_leaves_the_old_one() -> None:
    state, _ = E.new_game(seats(3), {}, 5)
    before = E.to_json(state)
    action = E.legal_actions(state, E.owed(state)[0].player)[0]
    new, events = E.apply(state, action)
    assert E.to_json(state) == before and new.version == state.version + 1 and events
