"""MIDAS (Syracusae, L492–496, E3), JASON (L482–488) and IMHOTEP (Ierusalem, L380–386), D2."""

from __future__ import annotations

from bot.games.mare_nostrum.actions import Buy, Pay
from bot.games.mare_nostrum.phases.production import production_of

from ..test_build import rejects
from ..test_build import start as start_build
from .scenario import CityScenario


def test_midas_a_chaque_phase_production_2_jetons_or_supplementaires() -> None:
    """MIDAS: « À chaque Phase Production, vous pouvez prendre 2 jetons Or supplémentaires. »"""
    s = CityScenario(("syracusae",))
    base = dict(production_of(s.state)["rome"])
    s.hw("rome", "caesar", "midas")
    got = production_of(s.state)["rome"]
    assert got.get("gold", 0) == base.get("gold", 0) + 2


def prices_for(modules: tuple[str, ...], tiles: tuple[str, ...]) -> CityScenario:
    s = CityScenario(modules)
    s.state.hw_market[:2] = ["helen", "halicarnassus"]
    s.hw("rome", "caesar", *tiles)
    return s


def test_jason_vous_achetez_les_heros_pour_un_jeton_ressource_de_moins() -> None:
    """JASON: « Vous achetez les Héros pour un jeton Ressource de moins. Note : ceci ne
    s'applique pas aux Merveilles (y compris les Pyramides). » His 3rd HW: a hero for 7, a
    wonder for 8."""
    s = prices_for(("troia", "ierusalem", "syracusae"), ("jason",))
    s.hand("rome", coin=7)
    start_build(s, "rome")
    legal = s.legal("rome")
    assert Buy("rome", "hw", "helen") in legal
    assert Buy("rome", "hw", "halicarnassus") not in legal
    rejects(s, Buy("rome", "hw", "halicarnassus"), "unaffordable")
    s.act(Buy("rome", "hw", "helen"))
    s.act(Pay("rome", ("coin",) * 7))
    assert "helen" in s.state.hw["rome"]


def test_imhotep_vous_achetez_les_merveilles_pour_un_jeton_de_moins_pyramides_comprises() -> None:
    """IMHOTEP: « Vous achetez les Merveilles pour un jeton Ressource de moins (y compris les
    Pyramides). Note: ceci ne s'applique pas aux Héros. » The Pyramids for 11 (D2)."""
    s = prices_for(("troia", "ierusalem", "syracusae"), ("imhotep",))
    s.hand("rome", coin=7)
    start_build(s, "rome")
    legal = s.legal("rome")
    assert Buy("rome", "hw", "halicarnassus") in legal and Buy("rome", "hw", "helen") not in legal
    s.hand("rome", coin=11)
    assert Buy("rome", "pyramids") in s.legal("rome")
    s.hand("rome", coin=10)
    rejects(s, Buy("rome", "pyramids"), "unaffordable")
