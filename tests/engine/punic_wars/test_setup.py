"""Atlas 7.1 « Mise en place »: Rome and Carthage on the Punic Wars layout, their titles, the
barbarians (a neutral power in the module's sub-state, never a seat)."""

from __future__ import annotations

import pytest

from bot.adapters.mare_nostrum import GAME
from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.errors import EngineError
from bot.games.mare_nostrum.modules.punic_wars.state import punic
from bot.games.mare_nostrum.setup import player_counts
from bot.i18n import error_text

PLAYERS = ["rome", "carthage"]
OPTIONS = {"modules": ["punic_wars"]}


def test_les_joueurs_suivent_la_mise_en_place_de_leur_paravent() -> None:
    """« Les joueurs suivent la mise en place normale indiquée sur leur paravent respectif
    (Rome et Carthage). » On the 3-player layout under its own key (G1); Greece neutral (G2)."""
    state, _ = engine.new_game(PLAYERS, OPTIONS, 1)
    base, _ = engine.new_game(["rome", "greece", "carthage"], None, 1)
    assert state.board_key == "punic/2"
    assert set(state.board.provinces) == set(base.board.provinces)
    for eid in PLAYERS:
        assert state.hands[eid] == base.hands[eid]
        assert {p for p, e in state.influence.items() if e == eid} == \
            {p for p, e in base.influence.items() if e == eid}
    for greek in ("achaea", "macedonia", "thracia"):
        assert state.influence.get(greek) is None
        assert not any(state.built[greek])
        assert not state.legions.get(greek)
    assert "greece" not in state.hands


def test_repartition_des_titres() -> None:
    """« Carthage possède les Titres de Maître du Commerce et de Leader Politique, Rome possède
    le Titre de Chef Militaire. »"""
    state, _ = engine.new_game(PLAYERS, OPTIONS, 2)
    assert state.titles == {"trade": "carthage", "culture": "carthage", "military": "rome"}


def test_mise_en_place_des_barbares() -> None:
    """« Achaea : 4 Légions, 1 Forteresse, Macedonia : 2 Légions, 1 Forteresse, Thracia : 2
    Légions, 1 Forteresse, Mare Ionium, Mare Aegaeum et Pontus Euxinus : 1 Trirème dans chacune
    de ces Mers. »"""
    state, _ = engine.new_game(PLAYERS, OPTIONS, 3)
    barbarians = punic(state)
    assert barbarians.legions == {"achaea": 4, "macedonia": 2, "thracia": 2}
    assert sorted(barbarians.fortresses) == ["achaea", "macedonia", "thracia"]
    assert barbarians.triremes == {"ionium": 1, "aegaeum": 1, "pontus": 1}
    view = engine.view(state, None)
    assert view["substates"]["punic_wars"]["legions"]["achaea"] == 4
    again = engine.from_json(engine.to_json(state))
    assert again == state and punic(again).triremes == barbarians.triremes


def test_deux_joueurs_seulement_les_barbares_jamais_un_siege() -> None:
    """« deux joueurs revivront les Guerres Puniques en incarnant Rome et Carthage. Les Barbares
    représenteront une troisième puissance contrôlée [...] par les deux joueurs. »"""
    assert GAME.player_counts("empires", ("punic_wars",)) == (2,)
    assert GAME.seats(OPTIONS, 2) == ["rome", "carthage"]
    for bad in (["rome", "greece", "carthage"], ["rome", "greece"], ["rome", "barbarians"]):
        with pytest.raises(EngineError):
            engine.new_game(bad, OPTIONS, 1)


def test_heros_de_depart_cesar_et_hannibal_les_autres_absents() -> None:
    """G3: the base tile set-up; starting heroes Caesar and Hannibal; Pericles, Cleopatra and
    Hammurabi unused."""
    state, _ = engine.new_game(PLAYERS, OPTIONS, 4)
    assert state.hw == {"rome": ["caesar"], "carthage": ["hannibal"]}
    assert not {"pericles", "cleopatra", "hammurabi"} & set(state.hw_market + state.hw_deck)
    assert len(state.hw_market) == 5 and state.pyramids_available


@pytest.mark.parametrize("modules", [["punic_wars", "atlantis"], ["atlantis", "punic_wars"]])
def test_g12_combining_with_other_modules_is_not_offered(modules: list[str]) -> None:
    """G12: « combining with other modules. Not addressed. PROPOSAL: not offered. » A new game
    naming the Punic Wars with another module is refused with a typed error."""
    with pytest.raises(EngineError) as err:
        engine.new_game(["rome", "carthage"], {"modules": modules}, 1)
    assert err.value.code == "module_alone"
    assert err.value.params["module"] == "punic_wars"
    with pytest.raises(EngineError) as err:
        player_counts("empires", tuple(modules))
    assert err.value.code == "module_alone"
    assert error_text("module_alone", "fr", dict(err.value.params)) == (
        "Le module punic_wars se joue seul : il ne peut pas être combiné avec un autre module.")
