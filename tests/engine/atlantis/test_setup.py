"""Atlas, section 1 « L'EMPIRE ATLANTE »: the set-up (L166–192), on the reconstructed Atlantis
board (shared/design/board.md §5, ruling A4) with rulings A1, A3 and A5."""

from __future__ import annotations

import pytest

from bot.adapters.mare_nostrum import GAME
from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.board import board, components, empire_setups
from bot.games.mare_nostrum.control import levels
from bot.games.mare_nostrum.errors import MalformedAction
from bot.games.mare_nostrum.rules import components_of

from ..builder import FIVE, FOUR, THREE
from .scenario import FIVE_A, FOUR_A, SIX, AtlasScenario

BABYLONIAN = {"armenia", "syria", "assyria", "mesopotamia", "babylonia", "arabia"}
EGYPTIAN = {"aegyptus", "cyrenaica", "aethiopia", "nubia"}
ATLANTIS_BOARD = {"atlantis", "gadira", "hesperides", "baetica", "lusitania", "tarraconensis",
                  "mauretania"}


def test_plateau_atlantide_a_l_ouest_du_plateau_de_jeu() -> None:
    """« Placez le plateau Atlantide à l'ouest du plateau de jeu. » (L168): its seas and
    provinces join the base map on both sides (board.md §5: gallia touches balearicum and
    borders tarraconensis, numidia borders mauretania, sardum and tyrrhenum border
    balearicum)."""
    b = AtlasScenario().state.board
    assert set(b.provinces) >= ATLANTIS_BOARD
    assert {"atlanticus", "fretum", "balearicum"} <= set(b.seas)
    assert "tarraconensis" in b.provinces["gallia"].neighbours
    assert "gallia" in b.provinces["tarraconensis"].neighbours
    assert "balearicum" in b.provinces["gallia"].seas
    assert "gallia" in b.seas["balearicum"].provinces
    assert "mauretania" in b.provinces["numidia"].neighbours
    assert "numidia" in b.provinces["mauretania"].neighbours
    for sea in ("sardum", "tyrrhenum"):
        assert "balearicum" in b.seas[sea].seas and sea in b.seas["balearicum"].seas
    # The base boards are as they were: no link into the west.
    base = board("empires/5")
    assert "tarraconensis" not in base.provinces["gallia"].neighbours
    assert "balearicum" not in base.seas["sardum"].seas


def test_a_6_joueurs_tous_les_empires_tout_le_plateau() -> None:
    """« Lorsque vous jouez à 6 » (L170): the six empires, nothing covered (ruling A1)."""
    s = AtlasScenario(SIX)
    assert s.state.players == SIX
    assert s.state.board.covered == frozenset()
    assert s.state.board_key == "atlas/6"
    assert set(s.state.board.provinces) >= BABYLONIAN | EGYPTIAN


def test_a_5_joueurs_provinces_babyloniennes_recouvertes_hammourabi_absent() -> None:
    """« Recouvrez les Provinces babyloniennes avec le plateau Piste des Titres. Le Héros de
    départ HAMMOURABI n'est pas utilisé. » (L180–182)"""
    s = AtlasScenario(FIVE_A)
    assert s.state.board.covered == frozenset(BABYLONIAN)
    assert not BABYLONIAN & set(s.state.board.provinces)
    assert set(s.state.board.provinces) >= EGYPTIAN
    assert all("hammurabi" not in tiles for tiles in s.state.hw.values())
    assert "hammurabi" not in s.state.hw_market + s.state.hw_deck


def test_a_4_joueurs_provinces_egyptiennes_et_babyloniennes_recouvertes() -> None:
    """« Recouvrez les Provinces égyptiennes et babyloniennes avec les plateaux Piste des
    Titres et Piste des Héros et Merveilles. Les Héros de départ Hammourabi et Cléopâtre ne
    sont pas utilisés. » (L190–192)"""
    s = AtlasScenario(FOUR_A)
    assert s.state.board.covered == frozenset(BABYLONIAN | EGYPTIAN)
    assert "mauretania" in s.state.board.provinces
    held = [t for tiles in s.state.hw.values() for t in tiles]
    assert "hammurabi" not in held and "cleopatra" not in held


def test_le_joueur_atlante_suit_son_paravent_et_commence_avec_atlas() -> None:
    """« Le joueur jouant cet Empire suit les instructions de mise en place présentes sur son
    paravent et commence avec la tuile HM Atlas. » (L168) The screen is the reconstruction of
    board.md §5: POSEIDONIS, temple, market and caravans ceramic + metal in atlantis, a city and
    an oil caravan in gadira, a sheep caravan in hesperides, fortress + legion in atlantis,
    ceramic 2, metal 2, oil 1, sheep 1, coin 3, levels 5 / 3 / 2."""
    st = AtlasScenario().state
    assert st.hw["atlantis"] == ["atlas"]
    assert {p for p, e in st.influence.items() if e == "atlantis"} == {
        "atlantis", "gadira", "hesperides"}
    slots = st.board.provinces["atlantis"].slots
    assert [s.label() for s, b in zip(slots, st.built["atlantis"], strict=True) if b] == [
        "POSEIDONIS", "temple", "ceramic", "metal", "market"]
    assert [s.label() for s, b in zip(st.board.provinces["gadira"].slots, st.built["gadira"],
                                      strict=True) if b] == ["city", "oil"]
    assert st.built["hesperides"] == [True, False, False]
    assert st.legions["atlantis"] == {"atlantis": 1}
    assert st.fortresses["atlantis"] == ["atlantis"]
    assert st.hands["atlantis"] == {"ceramic": 2, "metal": 2, "oil": 1, "sheep": 1, "coin": 3}
    assert levels(st, "atlantis") == {"trade": 5, "culture": 3, "military": 2}
    assert empire_setups()["atlantis"].colour == "turquoise"


def test_marqueurs_batiment_supplementaires() -> None:
    """« Caravane, Marché, Cité, Capitale, et Temple » (L60): the supply grows by exactly the
    Atlantis board's slots (ruling A5: +12 caravans, +7 markets, +2 cities, +1 capital, +2
    temples); the empire's pieces are those of every empire (L20–22)."""
    st = AtlasScenario().state
    base, atlas = components(), components_of(st)
    assert {k: atlas.buildings[k] - base.buildings[k] for k in base.buildings} == {
        "caravan": 12, "market": 7, "city": 2, "capital": 1, "legendary_city": 0, "temple": 2}
    assert atlas.per_empire == {"legion": 8, "trireme": 5, "fortress": 5, "influence": 7}


@pytest.mark.parametrize(("players", "culture"), [(SIX, "egypt"), (FIVE_A, "egypt"),
                                                  (FOUR_A, "greece")])
def test_titres_de_depart_regle_a3(players: list[str], culture: str) -> None:
    """Ruling A3: Trade Leader Carthage, Military Leader Rome, Culture Leader Egypt when Egypt
    plays, else Greece."""
    st = AtlasScenario(players).state
    assert st.titles == {"trade": "carthage", "culture": culture, "military": "rome"}


@pytest.mark.parametrize("players", [THREE, FOUR, FIVE])
def test_les_parties_de_base_a_3_5_joueurs_restent_inchangees(players: list[str]) -> None:
    """The base game's 3–5 player set-ups stand (ruling A1): their board, no Atlantis."""
    st, _ = engine.new_game(players, None, 3)
    assert st.board_key == f"empires/{len(players)}"
    assert "atlantis" not in st.board.provinces
    assert b"atlas" not in engine.to_json(st)


@pytest.mark.parametrize(("players", "options", "code"), [
    (["rome", "greece", "atlantis"], {"modules": ["atlantis"]}, "bad_player_count"),
    (SIX, None, "bad_player_count"),
    (FOUR, {"modules": ["atlantis"]}, "bad_empires"),
    (FOUR_A, None, "bad_empires"),
    (SIX, {"modules": ["atlantis_intro"]}, "module_order"),
])
def test_atlantis_seulement_a_4_6_joueurs_avec_le_module(
        players: list[str], options: dict[str, list[str]] | None, code: str) -> None:
    """Ruling A1: Atlantis is not offered at 3 players, and only with the module."""
    with pytest.raises(MalformedAction) as err:
        engine.new_game(players, options, 1)
    assert err.value.code == code


def test_le_salon_propose_4_a_6_joueurs_avec_atlantis() -> None:
    """The registry answers by ruleset and modules, so that a lobby can open an Atlas game."""
    assert GAME.player_counts("empires", ()) == (3, 4, 5)
    assert GAME.player_counts("empires", ("atlantis",)) == (4, 5, 6)
    assert GAME.seats({"modules": ["atlantis"]}, 5) == FIVE_A
    assert GAME.seats({}, 4) == FOUR
    assert {"atlantis", "atlantis_heroes", "atlantis_intro"} <= set(GAME.rulesets[0].modules)


def test_snapshot_names_its_board_and_reads_back() -> None:
    """A snapshot of an Atlas game keeps its board key and modules, so that caches never mix
    it with the base board for the same count."""
    st = AtlasScenario(FOUR_A).state
    again = engine.from_json(engine.to_json(st))
    assert again == st and again.board_key == "atlas/4" and again.modules == ("atlantis",)
