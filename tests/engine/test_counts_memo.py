"""The board counts remembered across actions (control.py: every controller's built slots by
track, for `all_levels`) give what a plain count of the board gives: 'Important: the levels
are always derived from the board' (5). Position by position through seeded games (the
memo is hit and missed as a game goes), and after changes made outside any action."""

from __future__ import annotations

import random

from bot.games.mare_nostrum import control, engine
from bot.games.mare_nostrum.invariants import _levels as plain_levels_disagree
from bot.games.mare_nostrum.setup import empires_for
from bot.games.mare_nostrum.state import GameState

from .test_playouts import choose

CITIES = ["troia", "ierusalem", "syracusae"]


def _play(modules: list[str], players: int, seed: int) -> int:
    rnd = random.Random(seed)
    state, _ = engine.new_game(
        empires_for(players, "empires", tuple(modules)), {"modules": modules}, seed
    )
    positions = 0
    while not state.over:
        assert plain_levels_disagree(state) == [], positions
        positions += 1
        player = rnd.choice(sorted({p.player for p in engine.owed(state)}))
        engine.apply_in_place(state, choose(rnd, engine.legal_actions(state, player)))
    return positions


def test_5_levels_always_derived_from_the_board_with_the_memo_through_seeded_games() -> None:
    """« Important : les niveaux … » — all_levels and levels equal a plain count of the board
    at every position of a base game and of a game with the three cities."""
    assert _play([], 4, 5) > 300
    assert _play(CITIES, 5, 2) > 300


def _one_open_slot(state: GameState, empire: str) -> tuple[str, int]:
    """A province of his with a slot on a track not built yet."""
    for pid, holder in state.influence.items():
        if holder != empire:
            continue
        for i, slot in enumerate(state.board.provinces[pid].slots):
            if slot.kind in ("market", "temple", "caravan") and not state.built[pid][i]:
                return pid, i
    raise AssertionError("no open slot")


def test_5_levels_see_a_change_made_outside_any_action() -> None:
    """A position changed by hand (a test's builder, a module's effect) is counted anew: the
    remembered count is only used while the buildings, their occupants and the influence are
    as they were."""
    state, _ = engine.new_game(empires_for(3, "empires", ()), None, 1)
    empire = state.players[0]
    before = control.all_levels(state)[empire]
    pid, i = _one_open_slot(state, empire)
    state.built[pid][i] = True  # built: his level rises
    after = control.all_levels(state)[empire]
    track = "culture" if state.board.provinces[pid].slots[i].kind == "temple" else "trade"
    assert after[track] == before[track] + 1
    rival = state.players[1]
    state.occupant[pid][i] = rival  # occupied: it counts for the occupier
    assert control.all_levels(state)[empire][track] == before[track]
    assert control.all_levels(state)[rival][track] == control.levels(state, rival)[track]
    state.occupant[pid][i] = None
    del state.influence[pid]  # his marker gone: nobody controls the building
    assert control.all_levels(state)[empire][track] < before[track]
    assert plain_levels_disagree(state) == []
