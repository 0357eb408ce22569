"""Seeded random-legal playouts to a victory, checking the invariants after every action
(OpenSpiel's random_sim_test, catanatron's test_play_many_games)."""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from typing import Any

import pytest

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Action, CancelPurchase, EndTurn, MakeOffer
from bot.games.mare_nostrum.errors import EngineError
from bot.games.mare_nostrum.invariants import check_invariants, check_views
from bot.games.mare_nostrum.state import GameState

from .builder import FIVE, FOUR, THREE

# Answers that buy nothing (a tuple: isinstance with `A | B` builds a union per call).
_PASSES = (EndTurn, CancelPurchase)

SEEDS = int(os.environ.get("PLAYOUT_SEEDS", "100"))
MAX_ACTIONS = 20_000


def choose(rnd: random.Random, legal: list[Action]) -> Action:
    """Random legal play, nudged so that games move on: a player who may buy something usually
    does (uniform play ends a Build turn at once far too often to ever win)."""
    if len(legal) > 1:
        rest = [a for a in legal if not isinstance(a, _PASSES)]
        if rest and rnd.random() < 0.85:
            return rnd.choice(rest)
    return rnd.choice(legal)


def play(players: list[str], seed: int, deep_every: int = 10,
         policy: Callable[[random.Random, list[Action]], Action] | None = None,
         used: set[str] | None = None, options: dict[str, Any] | None = None,
         ) -> tuple[GameState, list[Action]]:
    """Invariants and the JSON round trip after every action; every `deep_every` actions,
    each seat's view and illegal input. `used` collects the action kinds played and the HW
    powers used. `options`: the game's (modules...)."""
    rnd = random.Random(seed)
    state, _ = engine.new_game(players, options, seed)
    log: list[Action] = []
    for n in range(MAX_ACTIONS):
        if state.over:
            break
        owers = sorted({p.player for p in engine.owed(state)})
        assert owers, f"seed {seed}: nobody owes a decision in {state.phase}"
        player = rnd.choice(owers)
        legal = engine.legal_actions(state, player)
        assert legal, f"seed {seed}: {player} owes a decision with no legal answer"
        action = (policy or choose)(rnd, legal)
        if n % deep_every == 0:
            _reject_illegal(state, rnd, players, player)
        events = engine.apply_in_place(state, action)
        log.append(action)
        if used is not None:
            used.add(action.kind)
            used.update(str(e.data["power"]) for e in events if e.data.get("power"))
        errors = check_invariants(state)
        assert not errors, f"seed {seed} action {n} {action}: {errors}"
        assert engine.from_json(engine.to_json(state)) == state
        if n % deep_every == 0:
            assert not check_views(state), check_views(state)
    assert state.over, f"seed {seed}: no victory after {MAX_ACTIONS} actions"
    return state, log


def _reject_illegal(state: GameState, rnd: random.Random, players: list[str], player: str) -> None:
    """Actions by the wrong player, or malformed ones, are refused and change nothing."""
    before = engine.to_json(state)
    idle = [p for p in players if not engine.legal_actions(state, p)]
    attempts: list[Action] = [MakeOffer(player, ("unobtainium",))]
    if idle:
        attempts.append(EndTurn(rnd.choice(idle)))
    for bad in attempts:
        with pytest.raises(EngineError):
            engine.apply(state, bad)
    assert engine.to_json(state) == before


CHUNKS = 4  # seeds are split so the suite spreads over both cores (pytest-xdist)


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("players", [THREE, FOUR, FIVE], ids=["3p", "4p", "5p"])
def test_seeded_playouts_reach_a_victory(players: list[str], chunk: int) -> None:
    conditions: dict[str, int] = {}
    seeds = range(chunk, SEEDS, CHUNKS)
    for seed in seeds:
        state, log = play(players, seed)
        conditions[state.victory or "?"] = conditions.get(state.victory or "?", 0) + 1
        replayed = engine.replay(players, None, seed, [a.to_dict() for a in log])
        assert replayed == state, f"seed {seed}: replay differs"
    assert "?" not in conditions, conditions  # every game ended by a named condition


# --- every HW tile bought in some seeded game (section 8) -------------------------------------

HW_SEEDS = int(os.environ.get("HW_PLAYOUT_SEEDS", "40"))


def choose_hw(rnd: random.Random, legal: list[Action], builder: bool = False) -> Action:
    """Like `choose`, but a player who may buy the Pyramids or a HW tile almost always does,
    and pays for what he started. A `builder` buys buildings instead of HW (growing his
    production until he can afford the Pyramids)."""
    from bot.games.mare_nostrum.actions import Buy, Pay

    if builder:
        pyramids = [a for a in legal if isinstance(a, Buy) and a.item == "pyramids"]
        if pyramids:
            return pyramids[0]
        wanted = [a for a in legal if isinstance(a, Buy) and a.item in BUILDINGS]
    else:
        wanted = [a for a in legal if isinstance(a, Buy) and a.item in ("hw", "pyramids")]
    if wanted and rnd.random() < 0.9:
        return rnd.choice(wanted)
    paying = [a for a in legal if isinstance(a, Pay)]
    if paying:
        return rnd.choice(paying)
    if builder:
        legal = [a for a in legal if not (isinstance(a, Buy) and a.item == "hw")] or legal
    return choose(rnd, legal)


BUILDINGS = ("city", "temple", "caravan", "market", "legendary_city", "capital")


def test_seeded_playouts_buy_every_hw_tile() -> None:
    from bot.games.mare_nostrum.board import hw_tiles

    market = {t for t, tile in hw_tiles().items() if tile.kind != "starting_hero"}
    assert len(market) == 18  # 17 heroes and wonders + the Pyramids
    bought: set[str] = set()
    copied: set[str] = set()
    used: set[str] = set()
    for seed in range(HW_SEEDS):
        # One game in four is played by builders, who are the ones to reach the Pyramids.
        builder = seed % 4 == 3

        def policy(rnd: random.Random, legal: list[Action], builder: bool = builder) -> Action:
            return choose_hw(rnd, legal, builder)

        state, _ = play(FIVE, seed, policy=policy, used=used)
        assert state.winners
        for tiles in state.hw.values():
            bought.update(t for t in tiles[1:])
        copied.update(state.copied.values())
    assert market <= bought, f"never bought: {sorted(market - bought)}"
    assert copied, "Castor & Pollux never copied a power"
    powers = {"choose_commodity", "keep_commodities", "copy_power", "place_free_legions",
              "circe_caravans", "spartacus", "gilgamesh", "pharos", "penthesilea",
              "hammurabi"}
    assert powers <= used, f"never used: {sorted(powers - used)}"
