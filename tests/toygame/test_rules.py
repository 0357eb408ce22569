"""The toy game's engine on the kit: seeded random games to their end under every choice of
rules, replayed from their log, snapshots round-trip, sealed bids never in another's view."""

from __future__ import annotations

import random

import pytest

from bot.games.core import Action, EngineError, GameEngine

from .engine import ENGINE, Bid, ToyState, player_counts, seats

CHOICES = [("classic", ()), ("deluxe", ()), ("deluxe", ("storms",)), ("deluxe", ("fog",)),
           ("deluxe", ("fog", "storms"))]


def _options(ruleset: str, modules: tuple[str, ...]) -> dict[str, object]:
    return {"ruleset": ruleset, "modules": list(modules)}


@pytest.mark.parametrize(("ruleset", "modules"), CHOICES)
@pytest.mark.parametrize("seed", range(5))
def test_seeded_games_end_and_replay(ruleset: str, modules: tuple[str, ...], seed: int) -> None:
    engine: GameEngine[ToyState] = ENGINE  # the kit's protocol, checked by mypy
    for n in player_counts(ruleset, modules):
        players = seats({}, n)
        state, _ = engine.new_game(players, _options(ruleset, modules), seed)
        chooser, log = random.Random(seed), []
        while not engine.is_over(state):
            owing = [p.player for p in engine.owed(state)]
            assert owing, "a running game always owes a decision"
            action: Action = chooser.choice(engine.legal_actions(state, owing[0]))
            state, events = engine.apply(state, action)
            log.append(action.to_dict())
            for viewer in [None, *players]:  # a sealed bid is seen by its bidder only
                seen = engine.view(state, viewer)
                assert "my_bid" not in seen or viewer in seen["bidders"]
            for e in events:
                if e.kind == "bid_sealed":
                    assert e.audience == (e.data["player"],)
        rounds = 3 if "storms" in modules else 2
        assert engine.view(state, None)["round"] == rounds and state.winners
        assert engine.from_json(engine.to_json(state)) == state
        assert engine.replay(players, _options(ruleset, modules), seed, log) == state


def test_a_tie_is_broken_by_the_seeded_generator_and_recorded() -> None:
    state, _ = ENGINE.new_game(["north", "east"], {}, 3)
    state, _ = ENGINE.apply(state, Bid("north", 1))
    state, events = ENGINE.apply(state, Bid("east", 1))
    (tie,) = [e for e in events if e.kind == "tie_broken"]
    assert tie.data["tied"] == ["north", "east"] and state.prompts[0].player == tie.data["winner"]
    assert state.rng_counter == 1


def test_a_bid_beyond_the_coins_is_refused_and_changes_nothing() -> None:
    state, _ = ENGINE.new_game(["north", "east"], {}, 1)
    before = ENGINE.to_json(state)
    with pytest.raises(EngineError) as refused:
        ENGINE.apply(state, ENGINE.action_from_dict(
            {"kind": "bid", "player": "north", "amount": 4}, state))
    assert refused.value.code == "bad_bid" and ENGINE.to_json(state) == before


def test_a_deadline_bids_nothing() -> None:
    state, _ = ENGINE.new_game(["north", "east"], {}, 1)
    assert ENGINE.default_action(state, ENGINE.owed(state)[0]) == Bid("north", 0)
