"""MÉDÉE (L126–134) and MÉDUSE (L138–146), ruling A9: petrified units « sont considérées comme
n'existant plus » in their area until the end of the game turn."""

from __future__ import annotations

from bot.games.mare_nostrum.actions import Battle, EndTurn
from bot.games.mare_nostrum.control import controlled_provinces, levels, supply_left
from bot.games.mare_nostrum.modules.atlantis.actions import Petrify
from bot.games.mare_nostrum.modules.atlantis.powers.records import Use, records

from ..builder import Scenario, rejected
from ..test_heroes_military import start
from .scenario import AtlasScenario


def medusa_in_gadira() -> Scenario:
    """Atlantis (Méduse) and two Roman legions in gadira; Atlantis plays."""
    s = AtlasScenario().hw("atlantis", "atlas", "medusa").legions("gadira", "rome", 2)
    s.legions("gadira", "atlantis", 1)
    start(s, "atlantis")
    return s


def turn_end(s: Scenario) -> None:
    """The game turn ends (after Claims): the step the module adds runs."""
    s.state.military = None
    s.state.prompts = []
    s.enter("atlantis.turn_end")


def test_meduse_petrifie_toutes_les_unites_d_un_adversaire_dans_une_province() -> None:
    """« Une fois par tour, vous pouvez désigner une Province dans laquelle vous avez au moins
    une Unité afin de pétrifier toutes les Unités d'un adversaire. Les Unités ainsi pétrifiées
    sont considérées comme n'existant plus dans cette Province » (A9 c: no war, no battle, his
    control back; still out of Rome's supply and in Rome's Military level)."""
    s = medusa_in_gadira()
    before = levels(s.state, "rome")["military"]
    assert "gadira" not in controlled_provinces(s.state, "atlantis")
    s.act(Petrify("atlantis", "gadira", "rome"))
    assert "rome" not in s.state.legions["gadira"]
    assert "gadira" in controlled_provinces(s.state, "atlantis")
    assert levels(s.state, "rome")["military"] == before
    assert supply_left(s.state, "rome", "legion") == 8 - 4  # latium, gallia, 2 petrified
    while s.state.military is not None and s.state.military.current == "atlantis" \
            and EndTurn("atlantis") in s.legal("atlantis"):
        s.act(EndTurn("atlantis"))
    assert not [a for a in s.legal("atlantis") if isinstance(a, Battle)]


def test_meduse_jusqu_a_la_fin_du_tour_de_jeu() -> None:
    """« jusqu'à la fin du tour de jeu » (A9 d): after Claims they come back, and the province
    holding both sides' units is at war again."""
    s = medusa_in_gadira()
    s.act(Petrify("atlantis", "gadira", "rome"))
    turn_end(s)
    assert s.state.legions["gadira"] == {"atlantis": 1, "rome": 2}
    assert records(s.state).petrified == []
    assert [e.data["owner"] for e in s.kinds("unpetrified")] == ["rome"]
    assert "gadira" not in controlled_provinces(s.state, "atlantis")
    assert supply_left(s.state, "rome", "legion") == 8 - 4


def test_meduse_une_conquete_gagnee_pendant_la_petrification_tombe() -> None:
    """A9 d: a conquest status gained there meanwhile lapses (occupations released)."""
    s = AtlasScenario().hw("atlantis", "atlas", "medusa").legions("gallia", "atlantis", 2)
    start(s, "atlantis")
    s.act(Petrify("atlantis", "gallia", "rome"))
    s.state.conquerors["gallia"] = "atlantis"  # as the conquest step would (4.3)
    s.state.occupant["gallia"][0] = "atlantis"
    turn_end(s)
    assert "gallia" not in s.state.conquerors
    assert s.state.occupant["gallia"][0] is None
    assert s.state.legions["gallia"] == {"atlantis": 2, "rome": 1}


def test_meduse_la_forteresse_aussi() -> None:
    """« toutes les Unités »: legions and the fortress (rulings: a fortress is a unit)."""
    s = AtlasScenario().hw("rome", "caesar", "medusa").legions("atlantis", "rome", 1)
    start(s, "rome")
    s.act(Petrify("rome", "atlantis", "atlantis"))
    assert "atlantis" not in s.state.fortresses["atlantis"]
    assert "atlantis" not in s.state.legions["atlantis"]
    assert supply_left(s.state, "atlantis", "fortress") == 5 - 1
    assert levels(s.state, "atlantis")["military"] == 2
    turn_end(s)
    assert s.state.fortresses["atlantis"] == ["atlantis"]


def test_medee_petrifie_les_triremes_d_un_adversaire_dans_une_mer() -> None:
    """« désigner une Mer dans laquelle vous avez au moins une Trirème afin de pétrifier toutes
    les Trirèmes d'un adversaire » (L130)."""
    s = AtlasScenario().hw("atlantis", "atlas", "medea")
    s.triremes("sardum", "atlantis", 1).triremes("sardum", "carthage", 2)
    start(s, "atlantis")
    s.act(Petrify("atlantis", "sardum", "carthage"))
    assert s.state.triremes["sardum"] == {"atlantis": 1}
    assert supply_left(s.state, "carthage", "trireme") == 5 - 2
    assert not [a for a in s.legal("atlantis") if isinstance(a, Battle)]
    turn_end(s)
    assert s.state.triremes["sardum"] == {"atlantis": 1, "carthage": 2}


def test_medee_seulement_une_mer_et_meduse_une_province() -> None:
    """Médée names a sea, Méduse a province: each needs her own tile."""
    s = AtlasScenario().hw("atlantis", "atlas", "medea").legions("gadira", "rome", 1)
    s.triremes("atlanticus", "atlantis", 1).triremes("atlanticus", "rome", 1)
    start(s, "atlantis")
    rejected(s, Petrify("atlantis", "gadira", "rome"), "no_power")
    assert Petrify("atlantis", "atlanticus", "rome") in s.legal("atlantis")


def test_medee_bonus_commerce_1_militaire_1_meduse_militaire_1() -> None:
    """« Commerce: 1, Militaire: 1 » (L134); « BONUS TITRE Militaire: 1 » (L144–146)."""
    s = AtlasScenario()
    base = levels(s.state, "greece")
    s.hw("greece", "pericles", "medea", "medusa")
    now = levels(s.state, "greece")
    assert (now["trade"] - base["trade"], now["military"] - base["military"]) == (1, 2)


def test_petrification_une_fois_par_tour() -> None:
    """« Une fois par tour »."""
    s = medusa_in_gadira()
    s.legions("gadira", "greece", 1)
    s.act(Petrify("atlantis", "gadira", "rome"))
    assert not [a for a in s.legal("atlantis") if isinstance(a, Petrify)]
    rejected(s, Petrify("atlantis", "gadira", "greece"), "power_used")


def test_petrification_pas_la_meme_zone_deux_tours_de_suite() -> None:
    """« Vous ne pouvez pas utiliser cet effet dans la même Province deux tours de suite. »
    (A9 e: refused if used there in the previous round; allowed again a round later)."""
    s = AtlasScenario().hw("atlantis", "atlas", "medusa").legions("gadira", "rome", 2)
    s.legions("gadira", "atlantis", 1).legions("atlantis", "rome", 1)
    rnd = s.state.round
    records(s.state).uses.append(Use(player="atlantis", power="medusa", area="gadira",
                                     round=rnd - 1))
    start(s, "atlantis")
    rejected(s, Petrify("atlantis", "gadira", "rome"), "same_area_twice")
    assert Petrify("atlantis", "atlantis", "rome") in s.legal("atlantis")
    records(s.state).uses[0]["round"] = rnd - 2
    assert Petrify("atlantis", "gadira", "rome") in s.legal("atlantis")


def test_petrification_il_faut_une_unite_a_soi_et_une_adverse() -> None:
    """« dans laquelle vous avez au moins une Unité »; the opponent must have units there."""
    s = AtlasScenario().hw("atlantis", "atlas", "medusa").legions("gallia", "atlantis", 1)
    start(s, "atlantis")
    rejected(s, Petrify("atlantis", "latium", "rome"), "no_unit")
    rejected(s, Petrify("atlantis", "gallia", "greece"), "no_target_units")
    rejected(s, Petrify("atlantis", "gallia", "atlantis"), "no_target_units")
    rejected(s, Petrify("atlantis", "nowhere", "rome"), "unknown_area")
