"""Atlas 7.5 « Conditions de Victoire » (rulings G10, G11), asked at the moments the rules
declare (`flow.check_victory`), held, then lost in between."""

from __future__ import annotations

from bot.games.mare_nostrum.events import EventLog
from bot.games.mare_nostrum.flow import check_victory
from bot.games.mare_nostrum.kinds import Title
from bot.games.mare_nostrum.modules.punic_wars.state import punic
from bot.games.mare_nostrum.rules import rules_of
from bot.games.mare_nostrum.state import GameState

from .scenario import new

# Besides ROMA: the three legendary cities of the Punic Wars layout.
LEGENDARY = ("sicilia", "judaea", "asia")


def _rome_controls(state: GameState, provinces: tuple[str, ...]) -> None:
    for pid in LEGENDARY:
        held = pid in provinces
        if held:
            state.influence[pid] = "rome"
        else:
            state.influence.pop(pid, None)
        state.built[pid][0] = held


def test_pyramides_et_5e_tuile_inchangees() -> None:
    """« Les Conditions de Victoire liées aux Pyramides ou à l'achat d'une 5ème tuile HM ne
    changent pas (MN 6.0). »"""
    names = [v.name for v in rules_of(new()).victory]
    assert "the Pyramids or a fifth HW bought (6.1)" in names
    assert "conquest (6.2)" not in names and "the three titles (6.3)" not in names


def test_4_capitales_a_la_fin_de_deux_phases_militaires() -> None:
    """« Un joueur remporte la partie lorsqu'il occupe et contrôle un total de 4 Capitales et
    Cités Légendaires à la fin d'une Phase Militaire et qu'il en contrôlait déjà 4 à la fin de
    la Phase Militaire précédente. » Held, lost in between, held twice."""
    state = new(21)
    ev = EventLog()
    _rome_controls(state, LEGENDARY)  # ROMA + 3 legendary cities
    assert not check_victory(state, "end_of_military", ev)  # the first time: not yet
    assert punic(state).conquest_held == ["rome"]
    _rome_controls(state, LEGENDARY[:2])  # lost one in between
    assert not check_victory(state, "end_of_military", ev)
    assert punic(state).conquest_held == []
    _rome_controls(state, LEGENDARY)
    assert not check_victory(state, "end_of_military", ev)  # held again: the count restarts
    assert check_victory(state, "end_of_military", ev)
    assert state.over and state.winners == ["rome"] and state.victory == "conquest"


def test_les_3_titres_a_la_fin_de_2_phases_revendications_consecutives() -> None:
    """« Un joueur gagne s'il détient les 3 Titres (Maître du Commerce, Leader Politique et
    Chef Militaire) à la fin de 2 Phases Revendications consécutives. » The set-up's titles
    are no Claims phase (G11)."""
    state = new(22)
    ev = EventLog()
    all_three: dict[Title, str] = {"trade": "carthage", "culture": "carthage",
                                   "military": "carthage"}
    state.titles = dict(all_three)
    assert not check_victory(state, "end_of_claims", ev)
    assert punic(state).titles_held == ["carthage"]
    state.titles["military"] = "rome"  # lost in between
    assert not check_victory(state, "end_of_claims", ev)
    state.titles = dict(all_three)
    assert not check_victory(state, "end_of_claims", ev)
    assert check_victory(state, "end_of_claims", ev)
    assert state.winners == ["carthage"] and state.victory == "titles"
