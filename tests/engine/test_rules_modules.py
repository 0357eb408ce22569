"""Rulesets and modules as composable rules (the engine kit): a test-only module changes a
cost, adds a phase step and adds a HW tile whose power acts on a hook of its own. A base game
and a game under that module are played interleaved, action by action, in one process: each
follows its own rules, and the base game plays exactly as it does alone."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

import pytest

from bot.games.core import EventLog, HookPoint, RulesModule
from bot.games.core.rules import compose
from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.board import HWTile, components, hw_tiles
from bot.games.mare_nostrum.control import has_power
from bot.games.mare_nostrum.errors import MalformedAction
from bot.games.mare_nostrum.flow import next_phase
from bot.games.mare_nostrum.phases.build import item_cost
from bot.games.mare_nostrum.rules import register_module, rules_for, rules_of
from bot.games.mare_nostrum.state import GameState

EMPIRES = ["rome", "greece", "carthage"]

# --- the test-only module ------------------------------------------------------------------
TRIBUTE_BONUS: HookPoint[int] = HookPoint(
    "test.tribute_bonus", "(state, player) -> int: coins added to his tribute; summed")
VARIANT: RulesModule[GameState] = RulesModule("test.variant")
# A cost: legions cost 2 instead of 3.
VARIANT.data("components", dataclasses.replace(
    components(), costs={**components().costs, "legion": 2}))
# A HW tile, with a power on the module's own hook.
VARIANT.data("hw_tiles", {**hw_tiles(), "croesus_test": HWTile(
    "croesus_test", "hero", "Crésus (test)", "Croesus (test)", "claims", {})})


@VARIANT.hook(TRIBUTE_BONUS)
def _croesus(state: GameState, player: str) -> int:
    return 2 if has_power(state, player, "croesus_test") else 0


# A phase step: after the Claims, every player receives a tribute of 1 coin (+ the hook's).
@VARIANT.phase("tribute", after="claims")
def _tribute(state: GameState, ev: EventLog) -> None:
    for player in state.players:
        coins = 1 + sum(rules_of(state).ask(TRIBUTE_BONUS, state, player))
        state.hands[player]["coin"] = state.hands[player].get("coin", 0) + coins
        ev.public("tribute", player=player, coins=coins)
    next_phase(state, ev)


register_module(VARIANT)


# --- playing ---------------------------------------------------------------------------------
def _step(state: GameState, rng: random.Random) -> list[Any] | None:
    """One answer of the first player who owes one, chosen at random among his legal actions;
    (what was listed, the events) — None once the game is over."""
    owed = engine.owed(state)
    if engine.is_over(state) or not owed:
        return None
    player = owed[0].player
    legal = engine.legal_actions(state, player)
    action = legal[rng.randrange(len(legal))]
    events = engine.apply_in_place(state, action)
    return [[a.to_dict() for a in legal], [e.to_dict() for e in events]]


def _play_alone(seed: int, steps: int) -> list[Any]:
    state, _ = engine.new_game(EMPIRES, {}, seed)
    rng = random.Random(seed)
    return [_step(state, rng) for _ in range(steps)]


def test_a_base_game_and_a_variant_game_interleaved_each_follow_their_rules() -> None:
    seed, steps = 7, 900
    alone = _play_alone(seed, steps)

    base, _ = engine.new_game(EMPIRES, {}, seed)
    variant, _ = engine.new_game(EMPIRES, {"modules": ["test.variant"]}, seed)
    assert variant.modules == ("test.variant",) and base.modules == ()
    variant.hw["rome"].append("croesus_test")  # Rome holds the module's tile
    base_rng, variant_rng = random.Random(seed), random.Random(seed + 1)
    interleaved, variant_events = [], []
    for _ in range(steps):
        interleaved.append(_step(base, base_rng))
        played = _step(variant, variant_rng)
        if played is not None:
            variant_events.extend(played[1])

    # The base game played exactly as alone: nothing of the module reached it.
    assert interleaved == alone
    base_events = [e for record in alone if record for e in record[1]]
    assert not any(e["kind"] == "tribute" for e in base_events)
    assert not any(e["data"].get("phase") == "tribute" for e in base_events)

    # The variant: a tribute step after every Claims phase, Croesus's power through its hook.
    tributes = [e["data"] for e in variant_events if e["kind"] == "tribute"]
    assert tributes, "the variant played past a Claims phase"
    assert {t["player"]: t["coins"] for t in tributes[:3]} == {
        "rome": 3, "greece": 1, "carthage": 1}
    phases = [e["data"]["phase"] for e in variant_events if e["kind"] == "phase_started"]
    for i, phase in enumerate(phases[:-1]):
        if phase == "claims":
            assert phases[i + 1] == "tribute"

    # The cost: legions cost 2 in the variant, 3 in the base game, each in its own listing.
    assert item_cost(variant, "rome", "legion") == 2
    assert item_cost(base, "rome", "legion") == 3
    legions = {(g, e["data"]["cost"]) for g, events in (("base", base_events),
                                                        ("variant", variant_events))
               for e in events if e["kind"] == "placed" and e["data"]["item"] == "legion"}
    assert legions <= {("base", 3), ("variant", 2)}
    assert ("variant", 2) in legions


def test_the_variant_survives_a_snapshot_and_a_replay() -> None:
    state, _ = engine.new_game(EMPIRES, {"modules": ["test.variant"]}, 3)
    rng = random.Random(3)
    log = []
    for _ in range(400):
        owed = engine.owed(state)
        legal = engine.legal_actions(state, owed[0].player)
        action = legal[rng.randrange(len(legal))]
        log.append(action.to_dict())
        engine.apply_in_place(state, engine.action_from_dict(action.to_dict(), state))
    again = engine.from_json(engine.to_json(state))
    assert again == state and again.modules == ("test.variant",)
    replayed = engine.replay(EMPIRES, {"modules": ["test.variant"]}, 3, log)
    assert engine.to_json(replayed) == engine.to_json(state)
    # A base game's snapshot does not name the (empty) modules: stored games are unchanged.
    base, _ = engine.new_game(EMPIRES, {}, 3)
    assert b'"modules"' not in engine.to_json(base)
    assert b'"modules":["test.variant"]' in engine.to_json(state)


def test_the_rules_object_is_chosen_from_the_state_and_shared() -> None:
    base, _ = engine.new_game(EMPIRES, {}, 1)
    variant, _ = engine.new_game(EMPIRES, {"modules": ["test.variant"]}, 1)
    assert rules_of(base) is rules_for() is rules_of(engine.new_game(EMPIRES, {}, 2)[0])
    assert rules_of(variant) is rules_for("empires", ("test.variant",))
    assert rules_of(variant).phase_order == (
        "production", "trade", "build", "military", "claims", "tribute")
    assert rules_of(base).phase_order == ("production", "trade", "build", "military", "claims")
    assert "croesus_test" in rules_of(variant).data["hw_tiles"]
    assert "croesus_test" not in rules_of(base).data["hw_tiles"]


@pytest.mark.parametrize("options", [
    {"modules": ["no.such.module"]}, {"modules": "test.variant"}, {"ruleset": "nope"}])
def test_unknown_modules_and_rulesets_are_refused(options: dict[str, Any]) -> None:
    with pytest.raises(MalformedAction) as err:
        engine.new_game(EMPIRES, options, 1)
    assert err.value.code in ("unknown_module", "unknown_ruleset")


def test_a_module_that_needs_another_must_come_after_it() -> None:
    needs: RulesModule[GameState] = RulesModule("test.needs", requires=["test.variant"])
    with pytest.raises(ValueError, match="needs"):
        compose(("x",), [needs])
    compose(("x",), [*rules_for_modules(), VARIANT, needs])


def rules_for_modules() -> list[RulesModule[GameState]]:
    from bot.games.mare_nostrum.base import BASE_MODULES

    return list(BASE_MODULES)


def test_a_rules_object_is_read_only() -> None:
    """'Read-only: built once, shared by every game that plays them' (core.rules.Rules): a
    game cannot change the tables another game plays by."""
    rules: Any = rules_for()  # typed Mapping (no mutator): these calls try it at run time
    handler = rules.handlers["build_turn"]
    changes: list[Callable[[], object]] = [
        lambda: rules.handlers.__setitem__("build_turn", handler),
        lambda: rules.hooks.pop("x", None), lambda: rules.data.update(x=1),
        lambda: rules.phases.clear(), lambda: rules.actions.setdefault("x", None)]
    for change in changes:
        with pytest.raises(TypeError, match="read-only"):
            change()
    assert rules.handlers["build_turn"] is handler and "x" not in rules.data


def test_every_prompt_needs_a_handler_in_the_games_rules() -> None:
    """The invariants name a prompt whose kind the game's rules do not handle."""
    from bot.games.core.prompts import Prompt
    from bot.games.mare_nostrum.invariants import check_invariants as check

    state, _ = engine.new_game(EMPIRES, {}, 1)
    assert not [e for e in check(state) if "handler" in e]
    state.prompts.append(Prompt("no_such_kind", EMPIRES[0], {}))
    assert "prompt no_such_kind has no handler in this game's rules" in check(state)
