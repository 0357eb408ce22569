"""Troia's tiles (Atlas section 3, L244–310): ACHILLE and the Myrmidons (ruling C1), ÉNÉE
(C3), HÉLÈNE DE TROIE; Castor & Pollux per A12."""

from __future__ import annotations

from collections.abc import Callable

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Battle, Conquer, Move
from bot.games.mare_nostrum.control import levels, units_in
from bot.games.mare_nostrum.modules.figure_actions import MoveFigure, RebuyFigure
from bot.games.mare_nostrum.modules.legends.tile_state import tile_state
from bot.games.mare_nostrum.modules.troia.actions import CarryThrough, LeaveMarker, MoveMarker
from bot.games.mare_nostrum.phases.military import moves
from bot.games.mare_nostrum.powers.build import copy_options

from ..test_build import buy, rejects
from ..test_build import start as start_build
from ..test_heroes_military import finish_steps, finish_steps_until
from ..test_heroes_military import start as start_military
from .scenario import CityScenario

MYRMIDONS = {"owner": "rome", "area": "gallia"}


def troia() -> CityScenario:
    return CityScenario(("troia",))


def with_myrmidons(area: str = "gallia") -> CityScenario:
    s = troia()
    s.hw("rome", "caesar", "achilles")
    s.state.figures["myrmidons"] = {"owner": "rome", "area": area}
    tile_state(s.state).figures["myrmidons"] = "rome"
    return s


def test_achille_a_l_achat_placez_les_myrmidons_sur_votre_province_capitale() -> None:
    """« À l'achat de ce Héros, placez immédiatement la figurine Myrmidons sur votre Province
    Capitale. Il s'agit d'une Unité terrestre. » (L256)"""
    s = troia()
    s.state.hw_market[0] = "achilles"
    s.hand("rome", coin=7)
    start_build(s, "rome")
    buy(s, "rome", "hw", "achilles", pay=("coin",) * 7)
    assert s.state.figures == {"myrmidons": {"owner": "rome", "area": "latium"}}
    assert [e.data["figure"] for e in s.kinds("figure_placed")] == ["myrmidons"]
    assert engine.view(s.state, "greece")["figures"]["myrmidons"]["area"] == "latium"


def test_myrmidons_lancent_2_des_bataille_terrestre_sans_les_bonus_des_legions(
    dice: Callable[..., None],
) -> None:
    """« les Myrmidons lancent 2 Dés Bataille Terrestre [...] mais ne bénéficient pas des bonus
    accordés aux Légions »: César's +1 goes to the legion's die only."""
    s = with_myrmidons().legions("gallia", "rome", 1).legions("gallia", "greece", 1)
    start_military(s, "rome")
    finish_steps(s, "rome")
    dice([1, 1, 1], [1])
    s.act(Battle("rome", "gallia", "greece"))
    side = s.kinds("battle")[0].data["sides"][0]
    assert len(side["dice"]) == 3 and side["figures"] == 1 and side["extra_dice"] == 1
    assert side["modifier"] == 1  # César on the one legion


def test_myrmidons_annulent_l_effet_protecteur_des_forteresses_adverses(
    dice: Callable[..., None],
) -> None:
    """« [les Myrmidons] annulent l'effet protecteur des Forteresses adverses. Ces Forteresses
    ajoutent toujours 5 à la somme des résultats des Dés. » (C1): 5 hits on Greece's fortress
    province, none cancelled; its +5 still counts."""
    s = with_myrmidons("achaea").hw("rome", "achilles")
    s.legions("achaea", "greece", 0)
    start_military(s, "rome")
    finish_steps(s, "rome")
    dice([3, 2], [])
    s.act(Battle("rome", "achaea", "greece"))
    rome, greece = s.kinds("battle")[0].data["sides"]
    assert greece["fortress"] and greece["sum"] == 5 and greece["modifier"] == 5
    assert rome["hits"] == 1 and greece["taken"] == 1  # without the Myrmidons: 0
    assert "greece" not in s.state.fortresses.get("achaea", [])


def test_myrmidons_ne_comptent_pas_pour_le_titre_militaire() -> None:
    """« [ils] ne comptent pas pour le Titre Militaire » (L260); a land unit for presence."""
    before = levels(troia().state, "rome")["military"]
    s = with_myrmidons("latium")
    assert levels(s.state, "rome")["military"] == before
    assert units_in(s.state, "latium", "rome") == units_in(troia().state, "latium", "rome") + 1


def test_myrmidons_se_deplacent_comme_une_legion() -> None:
    """C1: « Moves like a legion », once a turn, in his land moves."""
    s = with_myrmidons("latium")
    start_military(s, "rome")
    finish_steps_until(s, "rome", "land_moves")
    moves = [a for a in s.legal("rome") if isinstance(a, MoveFigure)]
    assert MoveFigure("rome", "myrmidons", "gallia") in moves
    s.act(MoveFigure("rome", "myrmidons", "gallia"))
    assert s.state.figures["myrmidons"]["area"] == "gallia"
    assert not [a for a in s.legal("rome") if isinstance(a, MoveFigure)]


def test_myrmidons_detruits_peuvent_etre_rachetes_pour_6_ressources() -> None:
    """« Si l'Unité Myrmidons est détruite, vous pouvez à nouveau l'acquérir avec une
    combinaison de 6 Ressources. » In his Build turn, to his capital's province (C1)."""
    s = with_myrmidons()
    s.state.figures.clear()
    s.hand("rome", coin=6)
    start_build(s, "rome")
    assert RebuyFigure("rome", "myrmidons", ("coin",) * 6) in s.legal("rome")
    rejects(s, RebuyFigure("rome", "myrmidons", ("coin",) * 5), "bad_payment")
    s.act(RebuyFigure("rome", "myrmidons", ("coin",) * 6))
    assert s.state.figures == {"myrmidons": {"owner": "rome", "area": "latium"}}
    rejects(s, RebuyFigure("rome", "myrmidons", ("coin",) * 6), "figure_in_play")


def test_enee_annule_1_touche_faite_contre_vous(dice: Callable[..., None]) -> None:
    """ÉNÉE: « Lors des Batailles Terrestres auxquelles vous participez, vous annulez 1 touche
    faite contre vous. » Added to the fortress's (C3): Greece defends Achaea with Énée."""
    s = troia().hw("greece", "pericles", "aeneas")
    s.legions("achaea", "rome", 4).legions("achaea", "greece", 0)
    start_military(s, "rome")
    finish_steps(s, "rome")
    dice([5, 5, 5, 5], [])
    s.act(Battle("rome", "achaea", "greece"))
    rome, greece = s.kinds("battle")[0].data["sides"]
    assert rome["hits"] == 4 and greece["taken"] == 2  # fortress 1 + Énée 1


def test_enee_with_myrmidons_facing_him(dice: Callable[..., None]) -> None:
    """C3: hits taken = hits − (fortress, unless Myrmidons) − 1: Énée still cancels one."""
    s = with_myrmidons("achaea").hw("greece", "pericles", "aeneas")
    s.legions("achaea", "rome", 2).legions("achaea", "greece", 0)
    start_military(s, "rome")
    finish_steps(s, "rome")
    dice([5, 5, 5, 5], [])
    s.act(Battle("rome", "achaea", "greece"))
    rome, greece = s.kinds("battle")[0].data["sides"]
    assert rome["hits"] == 4 and greece["taken"] == 3


def test_helene_de_troie_n_a_pas_de_pouvoir_particulier() -> None:
    """« Cette Héroïne n'a pas de pouvoir particulier. » BONUS TITRE Militaire: 4."""
    before = levels(troia().state, "rome")["military"]
    s = troia().hw("rome", "caesar", "helen")
    assert levels(s.state, "rome")["military"] == before + 4


def test_a12_castor_pollux_ne_copie_pas_achille() -> None:
    """A12: Castor & Pollux may copy any new hero except Chiron, Achille and Archimède."""
    s = CityScenario(("troia", "ierusalem")).hw("greece", "pericles", "achilles", "aeneas")
    options = copy_options(s.state, "rome")
    assert "aeneas" in options and "achilles" not in options


def test_ulysse_une_mer_sans_trireme_transporte_vos_unites_terrestres() -> None:
    """ULYSSE: « Une fois par tour, vous pouvez choisir une Mer où vous n'avez pas de Trirème
    et considérer néanmoins que vous pouvez transporter des Unités terrestres via cette Mer. »
    (C4: chosen in his land moves, for that turn.)"""
    s = troia()
    s.hw("rome", "caesar", "ulysses")
    s.legions("latium", "rome", 2)
    start_military(s, "rome")
    finish_steps_until(s, "rome", "land_moves")
    assert not [a for a in s.legal("rome") if isinstance(a, Move) and a.target == "sicilia"]
    assert CarryThrough("rome", "tyrrhenum") in s.legal("rome")
    s.act(CarryThrough("rome", "tyrrhenum"))
    assert [a for a in s.legal("rome") if isinstance(a, Move) and a.target == "sicilia"]
    assert not [a for a in s.legal("rome") if isinstance(a, CarryThrough)]  # once a turn
    rejects(s, CarryThrough("rome", "ionium"), "bad_carrying_sea")
    s.act(Move("rome", "legion", "latium", "sicilia"))
    assert s.state.legions["sicilia"]["rome"] == 1


def test_ulysse_the_sea_carries_only_in_that_turn() -> None:
    """C4: valid for the rest of that turn only."""
    s = troia()
    s.hw("rome", "caesar", "ulysses")
    s.legions("latium", "rome", 2)
    start_military(s, "rome")
    finish_steps_until(s, "rome", "land_moves")
    s.act(CarryThrough("rome", "tyrrhenum"))
    s.state.round += 1
    assert "sicilia" not in moves.reach(s.state, "rome", "legion", "latium")


def agamemnon_pillages_thracia(dice: Callable[..., None]) -> tuple[CityScenario, int]:
    """Rome (Agamemnon) conquers Greece's Thracia, whose market is built, alone there."""
    s = troia()
    s.hw("rome", "caesar", "agamemnon")
    s.influence("thracia", "greece")
    market = s.building("thracia", "market")
    s.legions("thracia", "rome", 1).legions("thracia", "greece", 0)
    start_military(s, "rome")
    finish_steps(s, "rome")
    s.act(Conquer("rome", "thracia", "pillage", (market,)))
    return s, market


def test_agamemnon_le_marqueur_pille_peut_etre_place_gratuitement(
    dice: Callable[..., None],
) -> None:
    """AGAMEMNON: « Lorsque vous pillez un Marché ou un Temple (MN 4.3.1), le marqueur détruit
    peut être immédiatement et gratuitement placé sur un emplacement libre approprié de l'une
    de vos Provinces contrôlées. » (C2: a free slot of that kind.)"""
    s, market = agamemnon_pillages_thracia(dice)
    assert not s.state.built["thracia"][market]
    legal = s.legal("rome")
    moves = [a for a in legal if isinstance(a, MoveMarker)]
    assert moves and LeaveMarker("rome") in legal
    for m in moves:  # free market slots of provinces he controls
        assert s.state.board.provinces[m.province].slots[m.slot].kind == "market"
        assert not s.state.built[m.province][m.slot]
    rejects(s, MoveMarker("rome", "achaea", 0), "bad_slot")
    s.act(moves[0])
    assert s.state.built[moves[0].province][moves[0].slot]
    assert s.kinds("marker_moved")


def test_agamemnon_is_optional(dice: Callable[..., None]) -> None:
    """C2: optional — he may leave the marker in the supply (the deadline's default)."""
    s, market = agamemnon_pillages_thracia(dice)
    s.act(LeaveMarker("rome"))
    assert not s.state.built["thracia"][market]
    assert not any(p.kind == "agamemnon_move" for p in s.state.prompts)
