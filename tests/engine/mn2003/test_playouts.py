"""Seeded random playouts of the 2003 ruleset to a victory, at 3, 4 and 5 players (checklist
D.1; issue 17): the invariants after every action, the JSON round trip and the views' leak
check every few actions, and the replay of the whole log at the end. `MN2003_SEEDS` sets
the seeds per player count (20 by default; 100+ for the issue's runs)."""

from __future__ import annotations

import os
import random

import pytest

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Action, CancelPurchase, EndTurn
from bot.games.mare_nostrum.events import Event
from bot.games.mare_nostrum.invariants import check_invariants, check_views
from bot.games.mare_nostrum.rulesets.mn2003.construction import EndConstruction
from bot.games.mare_nostrum.rulesets.mn2003.trade import NameAmount
from bot.games.mare_nostrum.state import GameState

from .helpers import RULESET, civs

SEEDS = int(os.environ.get("MN2003_SEEDS", "20"))
MAX_ACTIONS = 30_000
_PASSES = (EndTurn, CancelPurchase, EndConstruction)
# What names a card in an event: such an event goes to its players only.
_SECRET_KEYS = frozenset({"cards", "card_drawn", "give", "take", "resource", "offer"})


def choose(rnd: random.Random, legal: list[Action]) -> Action:
    """Random legal play, nudged to buy and to trade small amounts (uniform play ends a
    construction turn at once, and a large amount lists thousands of offers)."""
    if isinstance(legal[0], NameAmount):
        return rnd.choice(legal[:4])
    if len(legal) > 1:
        rest = [a for a in legal if not isinstance(a, _PASSES)]
        if rest and rnd.random() < 0.85:
            return rnd.choice(rest)
    return rnd.choice(legal)


def leaks(events: list[Event]) -> list[str]:
    return [
        f"public event {e.kind} names cards: {e.data}"
        for e in events
        if e.audience is None and _SECRET_KEYS & set(e.data)
    ]


def play(
    n: int,
    seed: int,
    deep_every: int = 25,
    start: str = "predetermined",
) -> tuple[GameState, list[Action]]:
    rnd = random.Random(seed)
    state, _ = engine.new_game(civs(n), {**RULESET, "start": start}, seed)
    log: list[Action] = []
    for k in range(MAX_ACTIONS):
        if state.over:
            break
        player = rnd.choice(sorted({p.player for p in engine.owed(state)}))
        action = choose(rnd, engine.legal_actions(state, player))
        events = engine.apply_in_place(state, action)
        log.append(action)
        assert not leaks(events), (seed, leaks(events))
        errors = check_invariants(state)
        assert not errors, (seed, k, action, errors)
        if k % deep_every == 0:
            assert engine.from_json(engine.to_json(state)) == state
            assert not check_views(state), (seed, check_views(state))
    return state, log


@pytest.mark.parametrize("start", ["predetermined", "free"])
@pytest.mark.parametrize("n", [3, 4, 5])
def test_seeded_random_playouts_reach_a_victory(n: int, start: str) -> None:
    # Half the seeds from each start (the runs: both starts, MN2003_SEEDS each).
    for seed in range(SEEDS if os.environ.get("MN2003_SEEDS") else SEEDS // 2):
        state, log = play(n, seed, start=start)
        assert state.over and state.winners, (n, seed, state.round)
        assert state.victory in ("pyramids", "heroes_wonders")
        if seed % 5 == 0:
            options = {**RULESET, "start": start}
            again = engine.replay(civs(n), options, seed, [a.to_dict() for a in log])
            assert engine.to_json(again) == engine.to_json(state)
