"""Seeded random playouts of the 2003 ruleset with the Mythology module to a victory, at 3, 5
and 6 players, from both starts (issue 18): the invariants after every action, the JSON round
trip and the views' leak check every few actions, no public event naming cards, and the
replay of the whole log. `MYTHOLOGY_SEEDS` sets the victories wanted per player count and
start (1 by default; 100 for the issue's runs): seeds 0, 1, 2… are played until that many
games end in a victory.

Random play can raze every ville and caravan (Baal and Vulcain offered and used at random,
sacks) and spend its few cards on offerings, until nobody can ever pay for anything: a dead
economy, which the rules allow and nothing in them ends (docs/mythology.md §7; in a Discord
game, the admin's `/mn abandon`). Such a game — nothing built and no hero's power used for
`IDLE` rounds — is cut and counted apart; the test fails if more than a quarter of the
seeds are (the free start's rate was 15 % at 5 players over 130 seeds)."""

from __future__ import annotations

import os
import random

import pytest

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Action
from bot.games.mare_nostrum.invariants import check_invariants, check_views
from bot.games.mare_nostrum.state import GameState

from ..mn2003.test_playouts import choose, leaks
from .setup_helpers import OPTIONS, civs

SEEDS = int(os.environ.get("MYTHOLOGY_SEEDS", "1"))
MAX_ACTIONS = 30_000
IDLE = 150  # rounds without a purchase or a power used: a dead economy
VICTORIES = ("pyramids", "heroes_wonders", "four_roles")


def new(n: int, seed: int, start: str, copied: dict[str, str] | None = None) -> GameState:
    """The seeded game's start (with Castor & Pollux copies set by hand, if given: a replay
    sets them the same way)."""
    state, _ = engine.new_game(civs(n), {**OPTIONS, "start": start}, seed)
    state.copied.update(copied or {})
    return state


def play(
    n: int,
    seed: int,
    start: str,
    deep_every: int = 40,
    copied: dict[str, str] | None = None,
    idle: int = IDLE,
) -> tuple[GameState, list[Action]]:
    """One seeded game, to a victory or cut as a dead economy (`state.over` false)."""
    rnd = random.Random(seed)
    state = new(n, seed, start, copied)
    log: list[Action] = []
    last_built = 0
    for k in range(MAX_ACTIONS):
        if state.over or state.round - last_built > idle:
            break
        player = rnd.choice(sorted({p.player for p in engine.owed(state)}))
        action = choose(rnd, engine.legal_actions(state, player))
        events = engine.apply_in_place(state, action)
        log.append(action)
        if any(e.kind in ("built", "power_used") for e in events):
            last_built = state.round
        assert not leaks(events), (seed, leaks(events))
        errors = check_invariants(state)
        assert not errors, (seed, k, action, errors)
        if k % deep_every == 0:
            assert engine.from_json(engine.to_json(state)) == state
            assert not check_views(state), (seed, check_views(state))
    return state, log


@pytest.mark.parametrize("start", ["predetermined", "free"])
@pytest.mark.parametrize("n", [3, 5, 6])
def test_mythology_seeded_playouts_reach_a_victory(n: int, start: str) -> None:
    victories, dead, seed = 0, [], 0
    while victories < SEEDS and seed < 2 * SEEDS + 4:
        state, log = play(n, seed, start)
        if not state.over:
            assert state.round - IDLE > 1, (n, seed, "cut before any dead economy")
            dead.append(seed)
        else:
            assert state.winners and state.victory in VICTORIES, (n, seed)
            victories += 1
            if seed % 10 == 0:
                options = {**OPTIONS, "start": start}
                again = engine.replay(civs(n), options, seed, [a.to_dict() for a in log])
                assert engine.to_json(again) == engine.to_json(state)
        seed += 1
    assert victories == SEEDS, (n, start, "dead economies", dead)
    assert len(dead) <= max(1, seed // 4), (n, start, "dead economies", dead)
