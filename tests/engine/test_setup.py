"""Set-up (MISE EN PLACE), the board data, components and the engine's purity."""

from __future__ import annotations

import ast
import pathlib

import pytest

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.board import (
    Board,
    BoardDataError,
    Province,
    Sea,
    board,
    default_board_key,
    empire_setups,
    full_board,
    hw_tiles,
    validate_board,
)
from bot.games.mare_nostrum.control import levels, supply_left
from bot.games.mare_nostrum.errors import MalformedAction
from bot.games.mare_nostrum.phases.production import production_of
from tests.helpers import some

from .builder import FIVE, FOUR, THREE

ENGINE_DIR = pathlib.Path(__file__).resolve().parents[2] / "bot" / "games"


def test_engine_imports_nothing_from_discord_pillow_or_the_database() -> None:
    """The rules engine is pure: no discord, PIL or aiosqlite import anywhere under bot/games."""
    banned = {"discord", "PIL", "aiosqlite", "sqlite3"}
    offenders = []
    for path in ENGINE_DIR.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            offenders += [f"{path.name}: {n}" for n in names if n.split(".")[0] in banned]
    assert offenders == []


def test_board_has_30_provinces_9_seas_and_the_printed_marker_counts() -> None:
    """board.md: « Slot totals match the printed marker counts: 14 temple slots, 8 regular city
    slots, 5 capitals, 3 legendary cities. »"""
    board = full_board()
    assert len(board.provinces) == 30 and len(board.seas) == 9
    kinds = [s.kind for p in board.provinces.values() for s in p.slots]
    assert kinds.count("temple") == 14
    assert kinds.count("city") == 8
    assert kinds.count("capital") == 5
    assert kinds.count("legendary_city") == 3


def test_board_facts_confirmed_by_the_rulebook_examples() -> None:
    """board.md: the rulebook's examples must stay true (AETHIOPIA's two caravans, CYRENAICA's
    papyrus caravan, city and market, TROIA in ASIA, DACIA's neighbours, the seas...)."""
    b = full_board()

    def caravans(p: str) -> list[str]:  # a caravan always names its commodity
        return sorted(s.commodity or "" for s in b.provinces[p].slots if s.kind == "caravan")

    assert caravans("aethiopia") == ["gold", "grain"]
    assert {s.kind for s in b.provinces["cyrenaica"].slots} >= {"caravan", "city", "market"}
    assert any(s.name == "TROIA" for s in b.provinces["asia"].slots)
    assert set(b.provinces["dacia"].neighbours) >= {"germania", "dalmatia", "macedonia"}
    assert {"asia", "thracia", "dacia"} <= set(b.seas["pontus"].provinces)
    assert {"macedonia", "thracia", "achaea", "asia"} <= set(b.seas["aegaeum"].provinces)
    assert "ionium" in b.provinces["italia"].seas
    assert "africum" in b.seas["ionium"].seas
    assert "africum" in b.provinces["creta"].seas and "africum" in b.provinces["cyrenaica"].seas
    assert {"judaea", "asia"} <= set(b.provinces["cilicia"].neighbours)


def test_board_validation_rejects_asymmetric_adjacency() -> None:
    bad = Board(
        key="test/bad",
        provinces={
            "a": Province("a", "A", False, (), ("s",), ("b",)),
            "b": Province("b", "B", False, (), (), ()),
        },
        seas={"s": Sea("s", "S", ("a",), ())},
        covered=frozenset(),
    )
    with pytest.raises(BoardDataError, match="not symmetric"):
        validate_board(bad)


@pytest.mark.parametrize("count,covered", [(5, 0), (4, 6), (3, 10)])
def test_player_counts_cover_provinces(count: int, covered: int) -> None:
    """« À 4 JOUEURS — Recouvrez les Provinces babyloniennes » ; « À 3 JOUEURS — Recouvrez les
    Provinces égyptiennes et babyloniennes »: covered provinces do not exist for play."""
    b = board(default_board_key(count))
    assert len(b.covered) == covered
    assert len(b.provinces) == 30 - covered
    for p in b.provinces.values():
        assert not set(p.neighbours) & b.covered
    for s in b.seas.values():
        assert not set(s.provinces) & b.covered


def test_setup_levels_match_the_rulebook_table() -> None:
    """« Rome VII I III, Grèce IV IV III, Carthage VII I II, Égypte IV IV II, Babylone V III II »
    — the levels derived from the set-up board equal the printed table."""
    state, _ = engine.new_game(FIVE, None, 3)
    table = {"rome": (7, 1, 3), "greece": (4, 4, 3), "carthage": (7, 1, 2),
             "egypt": (4, 4, 2), "babylon": (5, 3, 2)}
    for empire, expected in table.items():
        lv = levels(state, empire)
        assert (lv["trade"], lv["culture"], lv["military"]) == expected
        assert empire_setups()[empire].levels == expected


def test_setup_starting_resources_are_the_first_production() -> None:
    """« Prenez également les 9 jetons Ressource indiqués. Ce sont les Ressources collectées lors
    de la Phase Production (1.2) du premier tour. »"""
    state, _ = engine.new_game(FIVE, None, 3)
    produced = production_of(state)
    for empire in FIVE:
        assert produced[empire] == empire_setups()[empire].resources
        assert sum(state.hands[empire].values()) == 9


@pytest.mark.parametrize("players,culture", [(THREE, "greece"), (FOUR, "egypt"), (FIVE, "egypt")])
def test_starting_titles(players: list[str], culture: str) -> None:
    """« Rome commence avec le titre Chef Militaire », « Carthage ... Maître du Commerce »,
    Grèce Leader Politique « dans la configuration à 3 joueurs », Égypte « à 4 ou 5 joueurs »."""
    state, _ = engine.new_game(players, None, 3)
    assert state.titles == {"trade": "carthage", "culture": culture, "military": "rome"}


def test_game_starts_with_the_trade_phase_of_round_one() -> None:
    state, events = engine.new_game(THREE, None, 3)
    assert state.round == 1 and state.phase == "trade"
    assert events[0].kind == "game_started"


@pytest.mark.parametrize("players", [["rome", "greece"], ["rome", "greece", "egypt"],
                                     ["rome", "rome", "greece"], [*FIVE, "atlantis"]])
def test_wrong_empires_are_rejected(players: list[str]) -> None:
    """3 players are Rome, Greece and Carthage (+ Egypt at 4, + Babylon at 5)."""
    with pytest.raises(MalformedAction):
        engine.new_game(players, None, 1)


def test_hw_layout_for_a_first_game() -> None:
    """« Placez aléatoirement 5 tuiles Héros/Merveille (HM) face visible sur les 5 emplacements HM
    ainsi que la tuile Pyramides ... Le reste des tuiles HM est placé face cachée »."""
    state, _ = engine.new_game(FIVE, None, 11)
    tiles = hw_tiles()
    assert len(tiles) == 23
    assert len(state.hw_market) == 5 and len(state.hw_deck) == 12
    pool = set(state.hw_market) | set(state.hw_deck)
    assert pool == {t for t, d in tiles.items() if d.kind in ("hero", "wonder")}
    assert state.pyramids_available
    other, _ = engine.new_game(FIVE, None, 12)
    assert other.hw_market != state.hw_market or other.hw_deck != state.hw_deck


def test_starting_heroes_and_unused_ones() -> None:
    """« Le Héros de départ HAMMOURABI n'est pas utilisé » at 4; « HAMMOURABI et CLÉOPÂTRE ne
    sont pas utilisés » at 3."""
    three, _ = engine.new_game(THREE, None, 1)
    assert three.hw == {"rome": ["caesar"], "greece": ["pericles"], "carthage": ["hannibal"]}
    four, _ = engine.new_game(FOUR, None, 1)
    assert "hammurabi" not in {t for v in four.hw.values() for t in v}


def test_components_limit_units_and_influence() -> None:
    """« 8 Légions, 5 Trirèmes, 5 Forteresses, 7 marqueurs Influence » per empire; the two
    influence markers placed at set-up come from the 7 (the capital's is printed)."""
    state, _ = engine.new_game(FIVE, None, 1)
    assert supply_left(state, "rome", "legion") == 6
    assert supply_left(state, "rome", "fortress") == 4
    assert supply_left(state, "rome", "trireme") == 5
    assert supply_left(state, "rome", "influence") == 5


def test_json_round_trip_and_replay_of_an_empty_log() -> None:
    state, _ = engine.new_game(FIVE, None, 5)
    assert engine.from_json(engine.to_json(state)) == state
    assert engine.replay(FIVE, None, 5, []) == state


def test_bad_snapshot_is_a_clear_error() -> None:
    with pytest.raises(MalformedAction) as err:
        engine.from_json(b"{not json")
    assert err.value.code == "bad_snapshot"


def test_view_tells_the_viewer_what_his_hand_can_pay() -> None:
    """His screen's planning aid comes from the engine, with his own payment rules: Hannibal's
    pair makes a set of 6 out of 5 commodity types and a pair (3.1, Serge's example)."""
    from bot.games.mare_nostrum.view import view

    state, _ = engine.new_game(FIVE, None, 1)
    state.hands["carthage"] = {"coin": 3, "grain": 2, "wood": 1, "sheep": 1, "gold": 1,
                               "gladiator": 1}
    mine = view(state, "carthage")["purchasing"]
    assert mine == {"largest_set": 6, "sets_of_3": 3, "sets_of_6": 0}
    assert some(view(state, "rome")["purchasing"])["largest_set"] >= 1
    assert view(state, None)["purchasing"] is None


def test_docs_list_every_decision_kind() -> None:
    """docs/engine.md's table of decisions names every prompt kind the engine can raise."""
    from bot.games.mare_nostrum.rules import rules_for

    doc = (ENGINE_DIR.parents[1] / "docs" / "engine.md").read_text(encoding="utf-8")
    assert [k for k in rules_for().handlers if f"`{k}`" not in doc] == []
