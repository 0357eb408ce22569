"""Stateful property-based fuzzing of the engine (Hypothesis RuleBasedStateMachine).

Each example starts from a seeded position somewhere in a game (0 to 1,200 random legal
actions in), so every phase gets fuzzed, not only the first Trade; then each step mixes bursts of
legal actions, illegal ones, malformed ones, actions by the wrong player and save/reload steps.
The invariants hold after every step, a rejected action changes nothing, and the log replays to
the same state."""

from __future__ import annotations

import os
import random
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import (
    Action,
    Buy,
    Move,
    action_from_dict,
)
from bot.games.mare_nostrum.errors import EngineError
from bot.games.mare_nostrum.invariants import check_invariants, check_views
from bot.games.mare_nostrum.rules import rules_for
from bot.games.mare_nostrum.state import GameState

from .test_playouts import choose

EMPIRES = ["rome", "greece", "carthage", "egypt", "babylon"]
FUZZ_EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "60"))
STATS: dict[str, Any] = {"accepted": 0, "rejected": 0, "reloads": 0, "replays": 0,
                         "phases": set()}
REPLAY_EVERY = 25  # log entries between two full replays (a replay re-plays the whole game)

# Junk never spells a real empire, so a "malformed" action can never be a legal one by luck.
junk = st.one_of(st.none(), st.integers(-5, 50),
                 st.text(max_size=8).filter(lambda t: t not in EMPIRES), st.booleans(),
                 st.lists(st.text(max_size=4), max_size=3))


class EngineMachine(RuleBasedStateMachine):
    state: GameState

    @initialize(players=st.sampled_from([3, 4, 5]), seed=st.integers(0, 10_000),
                warmup=st.integers(0, 1_200))
    def start(self, players: int, seed: int, warmup: int) -> None:
        self.players = EMPIRES[:players]
        self.seed = seed
        self.state, _ = engine.new_game(self.players, None, seed)
        self.log: list[dict[str, Any]] = []
        self.replayed = 0
        # Seeded warm-up: the same example always starts from the same position (shrinkable).
        rnd = random.Random(seed)
        for _ in range(warmup):
            if self.state.over:
                break
            player = rnd.choice(self._owers())
            action = choose(rnd, engine.legal_actions(self.state, player))
            engine.apply_in_place(self.state, action)
            self.log.append(action.to_dict())
        STATS["phases"].add(self.state.phase)

    def _owers(self) -> list[str]:
        return sorted({p.player for p in engine.owed(self.state)})

    def _rejected(self, action: Any) -> None:
        before = engine.to_json(self.state)
        try:
            if not isinstance(action, Action):
                action = action_from_dict(action)
            engine.apply(self.state, action)
        except EngineError:
            STATS["rejected"] += 1
        else:
            raise AssertionError(f"accepted an action that should be refused: {action}")
        assert engine.to_json(self.state) == before

    @rule(data=st.data(), burst=st.integers(1, 4))
    def legal_actions(self, data: st.DataObject, burst: int) -> None:
        for _ in range(burst):
            if self.state.over:
                return
            player = data.draw(st.sampled_from(self._owers()))
            legal = engine.legal_actions(self.state, player)
            action = data.draw(st.sampled_from(legal))
            old = self.state
            self.state, _ = engine.apply(old, action)
            assert self.state is not old
            self.log.append(action.to_dict())
            STATS["accepted"] += 1
            STATS["phases"].add(self.state.phase)

    @rule(data=st.data())
    def wrong_player(self, data: st.DataObject) -> None:
        idle = [p for p in self.players if not engine.legal_actions(self.state, p)]
        owers = self._owers()
        if not idle or not owers:
            return
        action = data.draw(st.sampled_from(engine.legal_actions(self.state, owers[0])))
        forged = action.to_dict() | {"player": data.draw(st.sampled_from(idle))}
        self._rejected(forged)

    @rule(kind=st.sampled_from(sorted(rules_for().actions)), fields=st.dictionaries(
        st.sampled_from(["player", "target", "source", "item", "slot", "resources", "token",
                         "amount", "unit", "area", "opponent", "legions", "fortress",
                         "province", "option", "choice", "title", "winner", "bogus"]),
        junk, max_size=5))
    def malformed(self, kind: str, fields: dict[str, Any]) -> None:
        self._rejected({"kind": kind, **fields})

    @rule(data=st.data())
    def illegal_but_well_formed(self, data: st.DataObject) -> None:
        owers = self._owers()
        if not owers:
            return
        player = data.draw(st.sampled_from(owers))
        legal = engine.legal_actions(self.state, player)
        candidates = [
            Buy(player, "legion", "germania"), Buy(player, "temple", "numidia", 0),
            Buy(player, "hw", "no-such-tile"), Move(player, "legion", "latium", "aegyptus"),
            Move(player, "trireme", "pontus", "sardum"),
        ]
        action = data.draw(st.sampled_from(candidates))
        if action not in legal:
            self._rejected(action)

    @rule()
    def save_and_reload(self) -> None:
        reloaded = engine.from_json(engine.to_json(self.state))
        assert reloaded == self.state
        self.state = reloaded
        STATS["reloads"] += 1

    @invariant()
    def engine_invariants(self) -> None:
        if hasattr(self, "state"):
            assert check_invariants(self.state) == []

    @invariant()
    def replay_reproduces(self) -> None:
        if hasattr(self, "state") and len(self.log) - self.replayed >= REPLAY_EVERY:
            assert engine.replay(self.players, None, self.seed, self.log) == self.state
            assert check_views(self.state) == []
            self.replayed = len(self.log)
            STATS["replays"] += 1


EngineMachine.TestCase.settings = settings(
    max_examples=FUZZ_EXAMPLES, stateful_step_count=60, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
TestEngineFuzz = EngineMachine.TestCase


def teardown_module() -> None:
    phases = sorted(STATS["phases"])
    print(f"\nfuzz: {dict(STATS, phases=phases)}")
