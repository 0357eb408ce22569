"""Set-up (neptun.md §8 SET-*, DATA-*): one test per clause, quoting the rulebook
(shared/seeds/001_09b91c55586f991f.txt, « L… ») or the reading aid."""

from __future__ import annotations

import copy
import json
from collections import Counter
from importlib import resources

import pytest

from bot.games.core.errors import EngineError
from bot.games.neptun import ENGINE as E
from bot.games.neptun import seats
from bot.games.neptun.data import GOLD_TEMPLE, INDIVIDUAL, validate

from .builder import DATA, game, prompt


def _files() -> tuple[dict[str, object], dict[str, object]]:
    root = resources.files("bot.games.neptun").joinpath("data")
    return (json.loads(root.joinpath("board.json").read_text("utf-8")),
            json.loads(root.joinpath("cards.json").read_text("utf-8")))


@pytest.mark.parametrize("n", [3, 4, 5])
def test_set_01_three_to_five_players_each_with_a_colour(n: int) -> None:
    """SET-01 « 3–5 players; each player has a colour » (rulebook L111: « rouge, vert,
    pourpre et jaune »)."""
    state = game(n)
    assert state.players == ["red", "green", "purple", "yellow", "blue"][:n]


@pytest.mark.parametrize("n", [2, 6])
def test_set_01_other_player_counts_are_refused(n: int) -> None:
    """SET-01: a game of 2 or 6 is refused with a stable code."""
    with pytest.raises(EngineError) as err:
        E.new_game(["a", "b", "c", "d", "e", "f"][:n], {}, 1)
    assert err.value.code == "bad_player_count"


def test_set_02_board_data_ports_regions_crete_and_19_routes() -> None:
    """SET-02 « ports with their regions, Crete, 19 route spaces, each coastal or high-sea »
    (L89–97: « trajets de cabotage et trajets en haute mer »)."""
    assert DATA.start == "creta" and DATA.region_of["creta"] is None
    assert len(DATA.ports) == 16 and len(DATA.regions) == 5
    assert Counter(DATA.region_of[p] for p in DATA.ports[1:]) == {r: 3 for r in DATA.regions}
    assert Counter(r.kind for r in DATA.routes) == {"coastal": 15, "high_sea": 4}
    assert DATA.region_of["saguntum"] == "hispania" and DATA.colours["africa"] == "yellow"


def test_set_02_the_board_data_is_checked_on_load() -> None:
    """SET-02: bad data is refused on load (a route to an unknown port, a marker missing, a
    card pricing a good twice)."""
    board, cards = _files()
    bad = copy.deepcopy(board)
    bad["routes"][0]["b"] = "atlantis"  # type: ignore[index]
    with pytest.raises(ValueError, match="route"):
        validate(bad, cards)
    bad = copy.deepcopy(board)
    bad["markers"]["coastal"].pop()  # type: ignore[index]
    with pytest.raises(ValueError, match="marker"):
        validate(bad, cards)
    bad_cards = copy.deepcopy(cards)
    bad_cards["cities"][0]["gold"]["fish"] = 1  # type: ignore[index]
    with pytest.raises(ValueError, match="each good once"):
        validate(board, bad_cards)
    assert validate(board, cards) == DATA


def test_set_03_distance_markers_shuffled_onto_their_spaces_from_the_seed() -> None:
    """SET-03 « Mélangez bien les marqueurs de trajet en haute mer et placez-en un face cachée
    sur chaque case de trajet en haute mer, puis retournez-les. Répétez l'opération pour les
    marqueurs de cabotage » (L90–95). The values are public."""
    layouts = set()
    for seed in range(8):
        state = game(4, seed)
        for kind in ("coastal", "high_sea"):
            values = sorted(state.markers[r.id] for r in DATA.routes if r.kind == kind)
            assert values == sorted(DATA.markers[kind])
        layouts.add(tuple(sorted(state.markers.items())))
        assert E.view(state, None)["markers"] == state.markers
    assert len(layouts) == 8
    assert game(4, 3).markers == game(4, 3).markers


def test_set_04_each_temple_gets_its_round_a_tile() -> None:
    """SET-04 « Placez chaque tuile du round A face visible sur le temple qui lui correspond »
    (L78–79): 6 temples, the gold temple included."""
    state = game()
    assert state.tiles == {t: list(DATA.point_tiles[t]["A"]) for t in DATA.temples}
    assert GOLD_TEMPLE in state.tiles and all(len(v) == 1 for v in state.tiles.values())


def test_set_05_bonus_tiles_face_down_and_gold_unlimited() -> None:
    """SET-05 « Mettez les tuiles Bonus face cachée » (L82); P14: the gold supply is
    unlimited. Nobody sees the bonus tiles' order."""
    state = game()
    assert sorted(state.bonus_supply) == sorted(DATA.bonus_tiles) and len(DATA.bonus_tiles) == 15
    for viewer in [None, *state.players]:
        v = E.view(state, viewer)
        assert v["bonus_supply"] == 15 and "bonus" not in v


def test_set_06_three_decks_shuffled_separately() -> None:
    """SET-06 « Mélangez séparément les cartes Ville, les cartes Marchandises et les cartes
    Rames pour en faire trois pioches » (L102–103): 30, 30 and 50 cards."""
    state = game(4, 5)
    dealt = {c["city"] for c in state.row}
    assert len(state.city_deck) + len(dealt) == 30
    assert len(state.goods_deck) + len(state.row) == 30
    assert len(state.oar_deck) + len(state.row) == 50
    assert game(4, 5).city_deck == state.city_deck != game(4, 6).city_deck


def test_set_07_the_wind_starts_on_5_without_forecast() -> None:
    """SET-07 « on place donc le marqueur de vent actuel sur la position 5 … L'autre marqueur
    de vent (prévision) reste à côté du plateau » (L117–120)."""
    state = game()
    assert state.wind == 5 and state.forecast is None


def test_set_08_each_merchant_s_material() -> None:
    """SET-08 « 1 Manifeste, 2 Cartes Rames individuelles, 5 Pièces d'or, 5 Pions Temple,
    1 Bateau … 1 de ses pions Temple sur la case zéro de chaque temple. Son bateau sur la
    Crète. » (L122–139)"""
    state = game(5)
    for i, p in enumerate(state.players):
        assert state.gold[p] == 5
        assert state.hands[p] == [INDIVIDUAL + 2 * i, INDIVIDUAL + 2 * i + 1]
        assert [DATA.oar(c) for c in state.hands[p]] == [(5, 0), (3, 1)]
        assert state.manifests[p] == [None] * 5
        assert state.ships[p] == "creta"
        assert all((p, 0) in state.temples[r] for r in DATA.regions)
    assert set(state.temples) == set(DATA.regions)
    v = E.view(state, "red")
    assert v["gold"]["green"] == 5 and "hand" in v and v["hand_sizes"]["green"] == 2


def test_set_09_the_sequence_is_random() -> None:
    """SET-09 « Choisissez au hasard l'ordre dans lequel vous allez jouer » (L141–143)."""
    orders = {tuple(game(4, seed).sequence) for seed in range(12)}
    assert len(orders) > 3
    state = game(4, 2)
    assert sorted(state.sequence) == sorted(state.players)
    assert prompt(state).player == state.sequence[0]


def test_data_01_the_city_cards_and_the_examples() -> None:
    """DATA-01: 30 city cards × 6 goods, each in a column (gold or temple); « Elle gagne 3
    points en Hispanie » for olives to Saguntum (L205), « Becca remplit son contrat à
    Alexandrie et gagne donc 2 points de temple » for grapes (L418–419)."""
    assert len(DATA.cities) == 30 and len(DATA.goods) == 6
    assert all(len(c.gold) == 3 and len(c.temple) == 3 for c in DATA.cities)
    sag = [c.reward("olives") for c in DATA.cities if c.city == "saguntum"]
    alex = [c.reward("grapes") for c in DATA.cities if c.city == "alexandria"]
    assert ("temple", 3) in sag and ("temple", 2) in alex
    assert Counter(c.city for c in DATA.cities) == {p: 2 for p in DATA.ports[1:]}


def test_data_02_point_tiles_per_temple_and_round() -> None:
    """DATA-02 « 1 de chaque pour A, 2 de chaque pour B et 3 de chaque pour C » (L77–78);
    some regional B pair is {5, 1} (example L500–506)."""
    assert sum(len(v) for t in DATA.point_tiles.values() for v in t.values()) == 36
    assert any(DATA.point_tiles[r]["B"] == (5, 1) for r in DATA.regions)


def test_data_03_oar_cards_bonus_tiles_and_the_sixth_good() -> None:
    """DATA-03: 50 regular oar cards and 2 individual ones per colour, each with a wind value
    (top) and a rowing value (bottom); 15 bonus tiles; the sixth good."""
    assert len(DATA.oars) == 50 and len(DATA.individual) == 2
    assert {row for row, _ in DATA.oars} == set(range(1, 7))
    assert len(DATA.bonus_tiles) == 15
    assert set(DATA.goods) == {"honey", "grain", "salt", "grapes", "olives", "fish"}
    assert len(DATA.goods_cards) == 30


def test_seats_follow_the_colours() -> None:
    assert seats(3) == ["red", "green", "purple"]
