"""The standard AI in the Punic Wars (issue 16): it hires barbarians against the opponent (his
capital and legendary cities first), never against itself, pillages what the opponent values
most, and beats uniformly random players in at least 90 % of games (seats rotated)."""

from __future__ import annotations

import os
from collections import Counter

from bot.ai.play import play_game
from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.ai.standard import StandardPlayer
from bot.games.mare_nostrum.modules.punic_wars.actions import BarbarianPillage, HireBarbarian
from bot.games.mare_nostrum.modules.punic_wars.state import punic
from bot.games.mare_nostrum.prompts import add_prompt
from bot.games.mare_nostrum.state import GameState
from tests.engine.punic_wars.scenario import OPTIONS, PLAYERS, military_turn

GAMES = int(os.environ.get("PUNIC_AI_GAMES", "40"))


def _choose(state: GameState, player: str) -> object:
    return StandardPlayer(1).choose(engine.view(state, player), engine.legal_actions(state, player))


def _land_moves(seed: int) -> GameState:
    """Carthage's land moves, with gold in its purse and 4 barbarian legions in Macedonia
    carried by their trireme of Mare Ionium: within reach of Rome's Italia and Latium."""
    state = military_turn(seed, "carthage", "land_moves")
    part = punic(state)
    part.legions, part.triremes = {"macedonia": 4}, {"ionium": 1, "hadriaticum": 1}
    part.purse["carthage"] = {"gold": 2}
    state.hands["carthage"] = {}
    for pid in ("italia", "latium"):
        state.legions[pid] = {}
        state.fortresses[pid] = []
    return state


def test_hires_barbarians_against_the_opponent_s_capital() -> None:
    state = _land_moves(41)
    assert state.influence["latium"] == "rome" and any(state.built["latium"])
    chosen = _choose(state, "carthage")
    assert isinstance(chosen, HireBarbarian)
    assert chosen.unit == "legion" and chosen.token == "gold"
    assert state.influence[chosen.target] == "rome"
    assert chosen.target == "latium"  # Rome's capital: what 7.5 counts


def test_never_hires_barbarians_into_its_own_provinces() -> None:
    state = _land_moves(42)
    for pid, owner in list(state.influence.items()):  # nothing of Rome's within reach
        if owner == "rome":
            state.influence[pid] = "carthage"
    chosen = _choose(state, "carthage")
    assert not isinstance(chosen, HireBarbarian)


def test_pillages_what_the_opponent_values_most() -> None:
    state = _land_moves(43)
    slots = state.board.provinces["latium"].slots
    capital = next(i for i, s in enumerate(slots) if s.kind == "capital")
    state.built["latium"] = [True] * len(slots)
    state.prompts = [p for p in state.prompts if p.player != "carthage"]
    add_prompt(state, "barbarian_pillage", "carthage", province="latium")
    chosen = _choose(state, "carthage")
    assert chosen == BarbarianPillage("carthage", "latium", capital)


def test_standard_beats_random_in_the_punic_wars() -> None:
    wins = 0
    conditions: Counter[str] = Counter()
    for seed in range(GAMES):
        seats = {e: "standard" if i == seed % 2 else "random" for i, e in enumerate(PLAYERS)}
        result = play_game(seats, seed, check=False, options=OPTIONS)
        assert result.error is None, f"seed {seed}: {result.error}"
        conditions[result.victory or "none"] += 1
        wins += any(result.seats[w] == "standard" for w in result.winners)
    assert wins >= 0.9 * GAMES, f"standard won {wins}/{GAMES} ({conditions})"
