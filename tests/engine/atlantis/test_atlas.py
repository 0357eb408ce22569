"""ATLAS, the Atlantean starting hero, Phase III (L112–114), ruling A7: every trireme he buys
costs one set of 2, as his other payment powers form sets."""

from __future__ import annotations

from bot.games.mare_nostrum.actions import Buy, Pay

from ..test_build import buy, pays, rejects, start
from .scenario import AtlasScenario


def test_atlas_trirèmes_pour_2_jetons_bien_ou_2_jetons_impot() -> None:
    """« Vous pouvez construire vos Trirèmes avec une combinaison de 2 jetons Bien ou 2 jetons
    Impôt (et non plus 3). »"""
    s = AtlasScenario()
    s.hand("atlantis", coin=2, grain=1, oil=1)
    start(s, "atlantis")
    s.act(Buy("atlantis", "trireme", "atlanticus"))
    assert s.state.build is not None and s.state.build.purchase is not None
    assert s.state.build.purchase["cost"] == 2
    assert pays(s, "atlantis") == {("coin", "coin"), ("grain", "oil")}
    rejects(s, Pay("atlantis", ("coin", "coin", "grain")), "bad_payment")
    rejects(s, Pay("atlantis", ("coin", "grain")), "bad_payment")


def test_exemple_le_joueur_atlante_achete_2_trirèmes() -> None:
    """« Exemple : le joueur atlante achète 2 Trirèmes. Pour ce faire, il utilise 2 Impôts
    puis 2 Biens différents. »"""
    s = AtlasScenario()
    s.hand("atlantis", coin=2, ceramic=1, metal=1)
    start(s, "atlantis")
    buy(s, "atlantis", "trireme", "atlanticus", pay=("coin", "coin"))
    buy(s, "atlantis", "trireme", "atlanticus", pay=("ceramic", "metal"))
    assert s.state.triremes["atlanticus"] == {"atlantis": 2}
    assert s.state.hands["atlantis"] == {}


def test_atlas_seulement_pour_les_trirèmes_et_pour_son_proprietaire() -> None:
    """« vos Trirèmes »: a legion still costs him 3, and a trireme costs 3 to the others."""
    s = AtlasScenario()
    s.hand("atlantis", coin=2)
    s.hand("carthage", coin=2)
    start(s, "atlantis")
    rejects(s, Buy("atlantis", "legion", "atlantis"), "unaffordable")
    assert Buy("atlantis", "trireme", "atlanticus") in s.legal("atlantis")
    s2 = AtlasScenario()
    s2.hand("carthage", coin=2)
    start(s2, "carthage")
    rejects(s2, Buy("carthage", "trireme", "sardum"), "unaffordable")


def test_atlas_la_reserve_de_5_trirèmes_tient() -> None:
    """Ruling A7: no once-a-turn limit, but the supply of 5 triremes still applies."""
    s = AtlasScenario()
    s.hand("atlantis", coin=4)
    s.triremes("atlanticus", "atlantis", 5)
    start(s, "atlantis")
    rejects(s, Buy("atlantis", "trireme", "atlanticus"), "no_supply")


def test_atlas_avec_hannibal_une_paire_de_biens_identiques() -> None:
    """Ruling A7 with rulings §2: Hannibal's pair of identical commodities may form his set of
    2 (the combination of payment powers, arranged: Atlas and Hannibal held together)."""
    s = AtlasScenario()
    s.hw("atlantis", "atlas", "hannibal")
    s.hand("atlantis", grain=2)
    start(s, "atlantis")
    buy(s, "atlantis", "trireme", "atlanticus", pay=("grain", "grain"))
    assert s.state.triremes["atlanticus"] == {"atlantis": 1}


def test_atlas_avec_cleopatre_un_impot_avec_un_bien() -> None:
    """Ruling A7 with rulings §2: with Cléopâtre, one coin may join a commodity set, so a coin
    and a commodity pay his trireme of 2 (arranged: Atlas and Cléopâtre held together)."""
    s = AtlasScenario()
    s.hw("atlantis", "atlas", "cleopatra")
    s.hand("atlantis", coin=1, grain=1)
    start(s, "atlantis")
    s.act(Buy("atlantis", "trireme", "atlanticus"))
    assert ("coin", "grain") in pays(s, "atlantis")
    s.act(Pay("atlantis", ("coin", "grain")))
    assert s.state.hands["atlantis"] == {}


def test_atlas_sans_pouvoir_de_paiement_pas_de_melange() -> None:
    """Without Cléopâtre or Hannibal, a coin and a commodity, or two identical commodities,
    are no set of 2."""
    s = AtlasScenario()
    s.hand("atlantis", coin=1, grain=2)
    start(s, "atlantis")
    rejects(s, Buy("atlantis", "trireme", "atlanticus"), "unaffordable")
    s.hand("atlantis", coin=1, grain=2, oil=1)
    s.act(Buy("atlantis", "trireme", "atlanticus"))
    assert pays(s, "atlantis") == {("grain", "oil")}
    rejects(s, Pay("atlantis", ("grain", "grain")), "bad_payment")
    rejects(s, Pay("atlantis", ("coin", "grain")), "bad_payment")
