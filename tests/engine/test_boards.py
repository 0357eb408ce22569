"""Boards by identity: a game plays on the board its state names (`board_key`), never on "the
board for this many players". A test-only variant of the 3-player board, with one land
adjacency and one sea link cut, is played in the same process as the base board, interleaved:
each must get its own moves, trireme reach and placements (no cache may mix them)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TypeVar

import pytest

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Action, Buy, ChooseNext, EndTurn, Move
from bot.games.mare_nostrum.board import (
    Board,
    BoardDataError,
    BoardPart,
    Sea,
    assemble,
    base_part,
    board,
    board_keys,
    default_board_key,
    register_board,
)
from bot.games.mare_nostrum.control import (
    adjacent_or_connected,
    connected_provinces,
    trireme_reach,
)
from bot.games.mare_nostrum.errors import EngineError, MalformedAction
from bot.games.mare_nostrum.invariants import check_invariants
from bot.games.mare_nostrum.view import view

from .builder import FIVE, FOUR, THREE, Scenario
from .test_playouts import choose

T = TypeVar("T")

BASE = "empires/3"
CUT = "test/3-cut"
# GALLIA no longer borders DALMATIA; MARE IONIUM no longer borders MARE AEGAEUM.
CUT_LINKS = (("gallia", "dalmatia"), ("ionium", "aegaeum"))


def _cut_board() -> Board:
    return assemble(CUT, [base_part()], board(BASE).covered, cut=CUT_LINKS)


register_board(CUT, _cut_board)


def scenario(key: str) -> Scenario:
    """A 3-player set-up on the board `key`, with no prompt owed (the builder's start)."""
    s = Scenario(THREE)
    s.state, s.events = engine.new_game(THREE, {"board": key}, 1)
    s.state.prompts = []
    s.state.trade = None
    return s


def both() -> tuple[Scenario, Scenario]:
    return scenario(BASE), scenario(CUT)


def interleaved(ask: Callable[[Scenario], T], base: Scenario, cut: Scenario) -> tuple[T, T]:
    """ask(base), ask(cut), ask(base), ask(cut): each board's answer must come back the same
    whatever was asked of the other board just before."""
    assert callable(ask)
    first_base, first_cut = ask(base), ask(cut)
    assert ask(base) == first_base
    assert ask(cut) == first_cut
    return first_base, first_cut


# --- the boards themselves ------------------------------------------------------------------

def test_the_variant_differs_from_the_base_board_only_by_its_cut_links() -> None:
    b, c = board(BASE), board(CUT)
    assert (b.key, c.key) == (BASE, CUT) and b.covered == c.covered
    assert set(b.provinces) == set(c.provinces) and set(b.seas) == set(c.seas)
    changed_p = {p for p in b.provinces if b.provinces[p] != c.provinces[p]}
    changed_s = {s for s in b.seas if b.seas[s] != c.seas[s]}
    assert changed_p == {"gallia", "dalmatia"} and changed_s == {"ionium", "aegaeum"}
    assert "dalmatia" in b.provinces["gallia"].neighbours
    assert "dalmatia" not in c.provinces["gallia"].neighbours
    assert "gallia" not in c.provinces["dalmatia"].neighbours
    assert "aegaeum" not in c.seas["ionium"].seas and "ionium" not in c.seas["aegaeum"].seas


def test_a_board_is_assembled_once_then_looked_up() -> None:
    assert board(CUT) is board(CUT)
    s = scenario(CUT)
    assert s.state.board is board(CUT) and s.state.board_key == CUT


def test_assemble_adds_a_part_s_links_on_both_sides_and_checks_them() -> None:
    """A module's part brings its own areas and links into the base map (the Atlas board's
    way): the links are added on both sides, and an unknown area is refused."""
    extra = BoardPart((), (Sea("testum", "MARE TESTUM", (), ()),),
                      links=(("testum", "gallia"), ("testum", "tyrrhenum")))
    b = assemble("test/extra", [base_part(), extra])
    assert "testum" in b.provinces["gallia"].seas and "testum" in b.seas["tyrrhenum"].seas
    assert b.seas["testum"].provinces == ("gallia",) and b.seas["testum"].seas == ("tyrrhenum",)
    bad = BoardPart((), (), links=(("gallia", "atlantis"),))
    with pytest.raises(BoardDataError, match="unknown area atlantis"):
        assemble("test/bad", [base_part(), bad])
    with pytest.raises(BoardDataError, match="no link"):
        assemble("test/bad", [base_part()], cut=[("gallia", "achaea")])
    with pytest.raises(BoardDataError, match="in two parts"):
        assemble("test/bad", [base_part(), base_part()])


def test_a_key_cannot_name_two_boards() -> None:
    register_board(CUT, _cut_board)  # the same assembler again: a no-op
    with pytest.raises(BoardDataError, match="registered twice"):
        register_board(CUT, lambda: board(BASE))
    with pytest.raises(BoardDataError, match="no board"):
        board("test/nowhere")


# --- (a) each board its own answers, in one process ------------------------------------------

def test_adjacent_or_connected_follows_each_board() -> None:
    """GALLIA's neighbours; ITALIA's reach with triremes in IONIUM and AEGAEUM (one chain on the
    base board, two on the variant)."""
    base, cut = both()
    for s in (base, cut):
        s.triremes("ionium", "greece", 1).triremes("aegaeum", "greece", 1)
    near_b, near_c = interleaved(
        lambda s: adjacent_or_connected(s.state, "rome", ["gallia"]), base, cut)
    assert near_b == {"germania", "dalmatia", "latium"}  # Rome has no trireme yet
    assert near_b - near_c == {"dalmatia"} and near_c <= near_b
    chain_b, chain_c = interleaved(
        lambda s: adjacent_or_connected(s.state, "greece", ["italia"]), base, cut)
    assert isinstance(chain_b, frozenset) and isinstance(chain_c, frozenset)
    assert chain_b - chain_c == {"thracia", "asia", "creta"}  # AEGAEUM's, not IONIUM's
    assert chain_c == {"latium", "italia", "sicilia", "macedonia", "achaea"}


def test_trireme_reach_follows_each_board() -> None:
    base, cut = both()
    for s in (base, cut):
        s.triremes("ionium", "greece", 1).triremes("aegaeum", "greece", 1)
    reach_b, reach_c = interleaved(lambda s: dict(trireme_reach(s.state, "greece")), base, cut)
    assert isinstance(reach_b, dict) and isinstance(reach_c, dict)
    ionium = set(board(BASE).seas["ionium"].provinces)
    aegaeum = set(board(BASE).seas["aegaeum"].provinces)
    assert reach_b == {"ionium": ionium | aegaeum, "aegaeum": ionium | aegaeum}
    assert reach_c == {"ionium": ionium, "aegaeum": aegaeum}


def _military_turn(s: Scenario) -> None:
    """Rome (the Military Leader at 3) names himself first."""
    s.enter("military")
    s.act(ChooseNext("rome", "rome"))


def _moves(s: Scenario, unit: str, source: str) -> set[str]:
    return {a.target for a in engine.legal_actions(s.state, "rome")
            if isinstance(a, Move) and a.unit == unit and a.source == source}


def test_movement_options_follow_each_board() -> None:
    """Rome's trireme in IONIUM, then his legions in GALLIA and ITALIA (the trireme chain
    IONIUM-AEGAEUM carries the latter on the base board only)."""
    base, cut = both()
    for s in (base, cut):
        s.triremes("ionium", "rome", 1).triremes("aegaeum", "rome", 1)
        s.legions("italia", "rome", 1)
        _military_turn(s)
    sea_b, sea_c = interleaved(lambda s: _moves(s, "trireme", "ionium"), base, cut)
    assert sea_b == {"tyrrhenum", "hadriaticum", "africum", "aegaeum"}
    assert sea_c == {"tyrrhenum", "hadriaticum", "africum"}
    for s in (base, cut):
        s.act(EndTurn("rome"))  # no sea move; no sea battle to fight: the land moves
    gallia_b, gallia_c = interleaved(lambda s: _moves(s, "legion", "gallia"), base, cut)
    assert isinstance(gallia_b, set) and isinstance(gallia_c, set)
    assert gallia_b - gallia_c == {"dalmatia"}
    italia_b, italia_c = interleaved(lambda s: _moves(s, "legion", "italia"), base, cut)
    assert isinstance(italia_b, set) and isinstance(italia_c, set)
    assert italia_b - italia_c == {"thracia", "asia", "creta"}
    assert italia_c == {"latium", "sicilia", "macedonia", "achaea"}
    # And the check agrees with each board's listing.
    engine.check(base.state, Move("rome", "legion", "gallia", "dalmatia"))
    with pytest.raises(EngineError):
        engine.check(cut.state, Move("rome", "legion", "gallia", "dalmatia"))


def test_build_placement_follows_each_board() -> None:
    """Influence goes next to the builder's provinces: DALMATIA borders GALLIA on the base board
    only."""
    base, cut = both()
    for s in (base, cut):
        s.hand("rome", coin=10)
        s.enter("build")
        s.act(ChooseNext("greece", "rome"))  # Greece is the Culture Leader at 3
    targets_b, targets_c = interleaved(
        lambda s: {a.target for a in s.legal("rome")
                   if isinstance(a, Buy) and a.item == "influence"}, base, cut)
    assert targets_b == {"germania", "dalmatia"} and targets_c == {"germania"}
    with pytest.raises(EngineError):
        engine.check(cut.state, Buy("rome", "influence", "dalmatia"))


def test_a_whole_game_on_the_variant_keeps_to_its_board() -> None:
    """Random legal play to the end on the variant: no move ever crosses a cut link, the
    invariants hold, and the replay of its log gives the same snapshot."""
    rnd = random.Random(7)
    state, _ = engine.new_game(THREE, {"board": CUT}, 7)
    log: list[Action] = []
    while not state.over and len(log) < 20_000:
        player = rnd.choice(sorted({p.player for p in engine.owed(state)}))
        legal = engine.legal_actions(state, player)
        for a in legal:
            if not isinstance(a, Move):
                continue
            crossing = {a.source, a.target}
            assert a.unit == "legion" or crossing != {"ionium", "aegaeum"}, a
            if crossing == {"gallia", "dalmatia"}:  # only by sea, along his triremes
                assert a.target in connected_provinces(state, player, [a.source]), a
        action = choose(rnd, legal)
        engine.apply_in_place(state, action)
        log.append(action)
        assert check_invariants(state) == []
    assert state.over
    again = engine.replay(THREE, {"board": CUT}, 7, log)
    assert engine.to_json(again) == engine.to_json(state)


# --- (b) an unknown board is refused --------------------------------------------------------

@pytest.mark.parametrize("key", ["atlantis/6", "", 3, "EMPIRES/3"])
def test_an_unknown_board_is_refused(key: object) -> None:
    with pytest.raises(MalformedAction) as err:
        engine.new_game(THREE, {"board": key}, 1)
    assert err.value.code == "unknown_board"


def test_a_board_without_the_players_provinces_is_refused() -> None:
    """Egypt's provinces are covered on the 3-player board."""
    with pytest.raises(MalformedAction) as err:
        engine.new_game(FOUR, {"board": BASE}, 1)
    assert err.value.code == "board_mismatch"
    assert "aegyptus" in err.value.params["provinces"]


def test_a_snapshot_on_an_unknown_board_is_refused() -> None:
    state, _ = engine.new_game(THREE, {"board": CUT}, 1)
    snapshot = engine.to_json(state).replace(CUT.encode(), b"test/elsewhere")
    with pytest.raises(MalformedAction) as err:
        engine.from_json(snapshot)
    assert err.value.code == "unknown_board"


# --- (c) snapshots ----------------------------------------------------------------------------

@pytest.mark.parametrize("players", [THREE, FOUR, FIVE])
def test_a_base_game_snapshot_does_not_store_its_board(players: list[str]) -> None:
    """Snapshots of the base game stay byte for byte what they were before boards had keys
    (stored games are verified by replaying and comparing snapshots)."""
    state, _ = engine.new_game(players, None, 5)
    snapshot = engine.to_json(state)
    assert b"board_key" not in snapshot
    back = engine.from_json(snapshot)
    assert back == state and back.board_key == default_board_key(len(players))
    assert engine.to_json(back) == snapshot
    explicit, _ = engine.new_game(players, {"board": default_board_key(len(players))}, 5)
    assert engine.to_json(explicit) == snapshot


def test_a_variant_snapshot_stores_its_board_and_round_trips() -> None:
    state, _ = engine.new_game(THREE, {"board": CUT}, 5)
    snapshot = engine.to_json(state)
    assert b'"board_key":"test/3-cut"' in snapshot
    back = engine.from_json(snapshot)
    assert back == state and back.board_key == CUT and back.board is board(CUT)
    assert engine.to_json(back) == snapshot
    clone = state.clone()
    assert clone.board_key == CUT and clone == state
    assert view(state, "rome")["board"] == CUT and view(state)["board"] == CUT
    base, _ = engine.new_game(THREE, None, 5)
    assert view(base)["board"] == BASE
    assert engine.to_json(base) != snapshot  # same players and seed, another board


# --- (d) the base game's boards --------------------------------------------------------------

@pytest.mark.parametrize("players", [THREE, FOUR, FIVE])
def test_the_base_game_plays_on_the_default_board(players: list[str]) -> None:
    state, _ = engine.new_game(players, None, 1)
    key = default_board_key(len(players))
    assert key == f"empires/{len(players)}" and key in board_keys()
    assert state.board_key == key and state.board is board(key)
    assert state.clone().board_key == key
