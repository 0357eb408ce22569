"""CHIRON and the Centaurs (L118–122), ruling A8; with Castor & Pollux (A12), Médée/Méduse's
petrification (A9) and Orphée (A10)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import (
    Action,
    Battle,
    ChooseCasualties,
    Conquer,
    EndTurn,
    LoseFigures,
)
from bot.games.mare_nostrum.control import (
    controlled_provinces,
    empires_with_units,
    levels,
    units_in,
)
from bot.games.mare_nostrum.modules.atlantis.actions import MoveFigure, Petrify, RebuyFigure
from bot.games.mare_nostrum.modules.atlantis.powers.records import records
from bot.games.mare_nostrum.powers.build import copy_options

from ..builder import Scenario
from ..test_build import buy, rejects
from ..test_build import start as start_build
from ..test_heroes_military import finish_steps
from ..test_heroes_military import start as start_military
from ..test_playouts import play
from .scenario import SIX, AtlasScenario

A = TypeVar("A", bound=Action)
CENTAURS = {"owner": "atlantis", "area": "gadira"}


def of(s: Scenario, player: str, cls: type[A]) -> list[A]:
    """His legal actions of one kind."""
    return [a for a in s.legal(player) if isinstance(a, cls)]


def with_centaurs(area: str = "gadira") -> Scenario:
    """Atlantis holds Chiron, its Centaurs in `area`."""
    s = AtlasScenario().hw("atlantis", "atlas", "chiron")
    s.state.figures["centaurs"] = {"owner": "atlantis", "area": area}
    records(s.state).figures["centaurs"] = "atlantis"
    return s


def test_chiron_a_l_achat_placez_les_centaures_sur_votre_province_capitale() -> None:
    """« À l'achat de ce Héros, placez immédiatement la figurine Centaures sur votre Province
    Capitale. Il s'agit d'une Unité terrestre. » Bought from the Atlantean track (L172)."""
    s = AtlasScenario()
    s.hand("atlantis", coin=7)
    start_build(s, "atlantis")
    buy(s, "atlantis", "hw", "chiron", pay=("coin",) * 7)
    assert s.state.figures == {"centaurs": {"owner": "atlantis", "area": "atlantis"}}
    assert units_in(s.state, "atlantis", "atlantis") == 3  # legion, fortress, Centaurs
    assert [e.data["province"] for e in s.kinds("figure_placed")] == ["atlantis"]
    view = engine.view(s.state, None)
    assert view["figures"] == {"centaurs": {"owner": "atlantis", "area": "atlantis"}}


def test_centaurs_ne_comptent_pas_pour_le_titre_militaire() -> None:
    """« [...] et ne comptent pas pour le Titre Militaire »: no Military level, no legion of
    the supply (A8)."""
    s = AtlasScenario()
    before = levels(s.state, "atlantis")["military"]
    with_c = with_centaurs("atlantis")
    assert levels(with_c.state, "atlantis")["military"] == before


def test_centaurs_detruisent_une_legion_avant_les_des_en_defense(
        dice: Callable[..., None]) -> None:
    """« Lorsqu'ils participent à une Bataille Terrestre, les Centaures détruisent une Légion
    avant de lancer les Dés Bataille Terrestre. » Defending (A8: attack or defence): Rome's
    2 legions are 1 when the dice are rolled; the Centaurs roll one die."""
    s = with_centaurs().legions("gadira", "rome", 2)
    start_military(s, "rome")
    finish_steps(s, "rome")
    dice([1], [1])
    s.act(Battle("rome", "gadira", "atlantis"))
    strike = s.kinds("centaurs_strike")
    assert [e.data["opponent"] for e in strike] == ["rome"]
    rome, atlantis = s.kinds("battle")[0].data["sides"]
    assert rome["units"] == 1 and len(rome["dice"]) == 1
    assert atlantis["units"] == 0 and atlantis["figures"] == 1 and len(atlantis["dice"]) == 1
    assert s.state.legions["gadira"] == {"rome": 1}


def test_centaurs_detruisent_une_legion_en_attaque_et_orphee_la_garde(
        dice: Callable[..., None]) -> None:
    """The Centaurs strike when attacking too; the legion destroyed is one « détruite lors
    des Batailles »: Orphée's owner keeps it (A8, A10)."""
    s = with_centaurs().legions("gadira", "rome", 1).hw("rome", "caesar", "orpheus")
    start_military(s, "atlantis")
    finish_steps(s, "atlantis")
    dice([1], [])  # Rome has no legion left: he rolls nothing
    s.act(Battle("atlantis", "gadira", "rome"))
    assert "rome" not in s.state.legions.get("gadira", {})
    assert records(s.state).orpheus == {"rome": 1}


def test_centaurs_sans_legion_ennemie_rien_n_est_detruit(dice: Callable[..., None]) -> None:
    """A8: the kill is skipped when the enemy has no legion there (a fortress is no legion)."""
    s = with_centaurs("latium").hw("rome", "caesar")
    s.legions("latium", "rome", 0)
    start_military(s, "atlantis")
    finish_steps(s, "atlantis")
    dice([1], [])
    s.act(Battle("atlantis", "latium", "rome"))
    assert not s.kinds("centaurs_strike")
    assert "rome" in s.state.fortresses["latium"]


def test_centaurs_combattent_sans_les_bonus_des_legions(dice: Callable[..., None]) -> None:
    """« ils ne bénéficient pas des bonus accordés aux Légions »: César's +1 goes to each
    legion's die, not to the Centaurs' die."""
    s = with_centaurs().hw("atlantis", "atlas", "chiron", "caesar")
    s.legions("gadira", "atlantis", 1).legions("gadira", "greece", 2)
    start_military(s, "atlantis")
    finish_steps(s, "atlantis")
    dice([2, 2], [1])
    s.act(Battle("atlantis", "gadira", "greece"))
    side = s.kinds("battle")[0].data["sides"][0]
    assert side["die_bonus"] == 1 and side["units"] == 1 and side["figures"] == 1
    assert side["modifier"] == 1 and side["sum"] == 5  # 2 + 2 + 1: one legion's bonus


def test_centaurs_perdus_apres_les_legions_puis_rachetes_pour_6(
        dice: Callable[..., None]) -> None:
    """Casualties: his legions first, then the Centaurs (decided, docs/atlas.md). « Si l'Unité
    Centaures est détruite, vous pouvez à nouveau l'acquérir avec une combinaison de 6
    Ressources »: in his Build turn, to his capital's province (A8)."""
    s = with_centaurs().legions("gadira", "atlantis", 1).legions("gadira", "rome", 3)
    start_military(s, "rome")
    finish_steps(s, "rome")
    dice([5, 5], [1, 1])  # Rome: 2 legions after the strike, 2 hits
    s.act(Battle("rome", "gadira", "atlantis"))
    assert s.state.figures == {}
    assert [e.data["figures"] for e in s.kinds("figures_destroyed")] == [["centaurs"]]
    s.state.military = None
    s.hand("atlantis", coin=6, grain=1)
    start_build(s, "atlantis")
    offered = of(s, "atlantis", RebuyFigure)
    assert RebuyFigure("atlantis", "centaurs", ("coin",) * 6) in offered
    rejects(s, RebuyFigure("atlantis", "centaurs", ("coin",) * 5), "bad_payment")
    s.act(RebuyFigure("atlantis", "centaurs", ("coin",) * 6))
    assert s.state.figures == {"centaurs": {"owner": "atlantis", "area": "atlantis"}}
    assert s.state.hands["atlantis"] == {"grain": 1}
    assert not of(s, "atlantis", RebuyFigure)
    rejects(s, RebuyFigure("atlantis", "centaurs", ("coin",) * 6), "figure_in_play")


def test_a8_le_proprietaire_peut_choisir_les_centaures_comme_perte(
        dice: Callable[..., None]) -> None:
    """A8: « The owner may choose it as a casualty »: with legions beside them, he chooses
    whether a hit takes a legion (the default: legions first) or the Centaurs."""
    s = with_centaurs().legions("gadira", "atlantis", 2).legions("gadira", "rome", 2)
    start_military(s, "rome")
    finish_steps(s, "rome")
    dice([5], [1, 1, 1])  # Rome: 1 legion after the strike, 1 hit; Atlantis none
    s.act(Battle("rome", "gadira", "atlantis"))
    legal = s.legal("atlantis")
    assert legal == [ChooseCasualties("atlantis", 1, False),
                     LoseFigures("atlantis", 0, ("centaurs",), False)]
    prompt = next(p for p in engine.owed(s.state) if p.player == "atlantis")
    assert engine.default_action(s.state, prompt) == legal[0]
    s.act(LoseFigures("atlantis", 0, ("centaurs",), False))
    assert s.state.figures == {}
    assert s.state.legions["gadira"] == {"atlantis": 2, "rome": 1}
    assert [e.data["figures"] for e in s.kinds("figures_destroyed")] == [["centaurs"]]


def test_a8_choix_des_centaures_avec_la_forteresse(dice: Callable[..., None]) -> None:
    """With his fortress too, every spread is offered: legions first, or the Centaurs among
    the units lost; an illegal spread is refused with a stable code, changing nothing."""
    from ..builder import rejected

    s = with_centaurs("atlantis").legions("atlantis", "atlantis", 1)
    s.legions("atlantis", "rome", 3)
    start_military(s, "rome")
    finish_steps(s, "rome")
    dice([5, 5], [1, 1])  # Rome: 2 legions after the strike, 2 hits; 1 cancelled: 1 taken
    s.act(Battle("rome", "atlantis", "atlantis"))
    legal = s.legal("atlantis")
    assert set(legal) == {ChooseCasualties("atlantis", 1, False),
                          ChooseCasualties("atlantis", 0, True),
                          LoseFigures("atlantis", 0, ("centaurs",), False)}
    rejected(s, LoseFigures("atlantis", 1, ("centaurs",), False), "bad_casualties")


def test_centaurs_rachat_reserve_au_proprietaire_de_chiron() -> None:
    """A8: « Only the Chiron owner can do this. »"""
    s = with_centaurs()
    s.state.figures.clear()
    s.hand("rome", coin=6)
    start_build(s, "rome")
    rejects(s, RebuyFigure("rome", "centaurs", ("coin",) * 6), "no_power")


def test_centaurs_pillent_occupent_et_convertissent_comme_les_legions() -> None:
    """« Les Centaures combattent, Pillent, Occupent et Convertissent comme les Légions »: alone
    in an enemy's province, they make Atlantis its conqueror, with the conquest choices."""
    s = with_centaurs("mauretania").influence("mauretania", "carthage")
    s.building("mauretania", "market")
    start_military(s, "atlantis")
    while s.state.military is not None and s.state.military.step != "conquest":
        s.act(EndTurn("atlantis"))
    assert s.state.conquerors.get("mauretania") == "atlantis"
    options = {(a.option, a.slots) for a in of(s, "atlantis", Conquer)
               if a.province == "mauretania"}
    assert {o for o, _ in options} >= {"pillage", "occupy", "influence"}
    assert "mauretania" not in controlled_provinces(s.state, "carthage")


def test_centaurs_se_deplacent_comme_une_legion_une_fois_par_tour() -> None:
    """A8: they move as a legion (adjacent, or connected by his triremes), once a turn."""
    s = with_centaurs()
    start_military(s, "atlantis")
    while s.state.military is not None and s.state.military.step != "land_moves":
        s.act(EndTurn("atlantis"))
    targets = {a.target for a in of(s, "atlantis", MoveFigure)}
    assert targets == {"baetica"}
    rejects(s, MoveFigure("atlantis", "centaurs", "latium"), "bad_figure_move")
    s.act(MoveFigure("atlantis", "centaurs", "baetica"))
    assert s.state.figures["centaurs"]["area"] == "baetica"
    assert not of(s, "atlantis", MoveFigure)


def test_castor_pollux_ne_copie_pas_chiron() -> None:
    """A12: « C&P may copy any new hero except Chiron [...] whose power is a unique figure »."""
    s = with_centaurs().hw("egypt", "cleopatra", "medusa")
    options = copy_options(s.state, "greece")
    assert "medusa" in options and "chiron" not in options


def test_centaurs_petrifies_par_meduse() -> None:
    """A9: Méduse petrifies « toutes les Unités d'un adversaire », the Centaurs included: off
    the board until the end of the turn (not destroyed: no re-buy), then back."""
    s = with_centaurs().hw("rome", "caesar", "medusa").legions("gadira", "rome", 1)
    start_military(s, "rome")
    s.act(Petrify("rome", "gadira", "atlantis"))
    assert s.state.figures == {}
    assert records(s.state).petrified[0]["figures"] == ["centaurs"]
    assert s.state.legions["gadira"] == {"rome": 1}
    assert empires_with_units(s.state, "gadira") == ["rome"]  # Atlantis is as if absent
    s.state.military = None
    s.hand("atlantis", coin=6)
    start_build(s, "atlantis")
    rejects(s, RebuyFigure("atlantis", "centaurs", ("coin",) * 6), "figure_in_play")
    s.state.build = None
    s.state.prompts = []
    s.enter("atlantis.turn_end")
    assert s.state.figures == {"centaurs": CENTAURS}


def test_chiron_achete_et_centaures_combattent_en_parties_aleatoires() -> None:
    """Seeded random 6-player games (invariants, JSON round trip, replay): Chiron is bought
    and the Centaurs strike before a battle's dice."""
    used: set[str] = set()
    options = {"modules": ["atlantis"]}
    for seed in range(60):
        state, log = play(SIX, 2000 + seed, used=used, options=options)
        again = engine.replay(SIX, options, 2000 + seed, [a.to_dict() for a in log])
        assert engine.to_json(again) == engine.to_json(state)
        if "chiron" in used and "move_figure" in used:
            break
    assert {"chiron", "move_figure"} <= used
