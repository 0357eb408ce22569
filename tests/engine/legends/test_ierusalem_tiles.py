"""Ierusalem's tiles (Atlas section 4, L346–416): MOÏSE (ruling D3), SALOMON (D4),
HALICARNASSE and the Mausoleum (D5, B11)."""

from __future__ import annotations

from collections.abc import Callable

from bot.games.mare_nostrum.actions import Battle, Conquer, EndTurn, Move
from bot.games.mare_nostrum.control import levels
from bot.games.mare_nostrum.modules.ierusalem.actions import PlaceMausoleum
from bot.games.mare_nostrum.modules.legends.hooks import CARD_SHIELDED
from bot.games.mare_nostrum.modules.legends.tile_state import tile_state
from bot.games.mare_nostrum.rules import hooks_of

from ..builder import rejected
from ..test_build import buy
from ..test_build import start as start_build
from ..test_heroes_military import finish_steps, finish_steps_until
from ..test_heroes_military import start as start_military
from .scenario import CityScenario


def ierusalem() -> CityScenario:
    return CityScenario(("ierusalem",))


def conquest_of_macedonia(owner_tiles: tuple[str, ...]) -> CityScenario:
    """Greece's Macedonia, with a caravan, holds only Rome's legion: Rome's conquest is owed."""
    s = ierusalem()
    s.hw("greece", *owner_tiles)
    s.influence("macedonia", "greece")
    s.legions("macedonia", "greece", 0).legions("macedonia", "rome", 1)
    start_military(s, "rome")
    finish_steps(s, "rome")
    return s


def test_moise_vos_adversaires_ne_peuvent_ni_piller_ni_convertir_vos_provinces() -> None:
    """MOÏSE: « Vos adversaires ne peuvent ni Piller (MN 4.3.1) ni Convertir (MN 4.3.3) vos
    Provinces. Ils peuvent uniquement Occuper les Bâtiments (MN 4.3.2). »"""
    s = conquest_of_macedonia(("pericles", "moses"))
    options = {a.option for a in s.legal("rome") if isinstance(a, Conquer)}
    assert options == {"occupy", "none"}
    city = next(a.slots for a in s.legal("rome") if isinstance(a, Conquer) and a.slots)
    rejected(s, Conquer("rome", "macedonia", "pillage", city), "conquest_forbidden")
    rejected(s, Conquer("rome", "macedonia", "influence"), "conquest_forbidden")
    s.act(Conquer("rome", "macedonia", "occupy", city))
    assert s.state.occupant["macedonia"][city[0]] == "rome"


def test_moise_without_him_the_conqueror_may_pillage_and_convert() -> None:
    s = conquest_of_macedonia(("pericles",))
    options = {a.option for a in s.legal("rome") if isinstance(a, Conquer)}
    assert options == {"pillage", "occupy", "influence", "none"}


def test_moise_une_conversion_en_cours_n_aboutit_pas() -> None:
    """D3: a conversion under way in his province is not completed once he holds Moïse."""
    s = conquest_of_macedonia(("pericles",))
    s.act(Conquer("rome", "macedonia", "influence"))
    s.state.military = None
    s.state.prompts = []
    s.state.round += 1
    s.hw("greece", "pericles", "moses")
    start_military(s, "rome")
    finish_steps(s, "rome")
    assert s.state.influence["macedonia"] == "greece"


def test_salomon_un_joueur_actif_doit_vous_donner_un_impot(dice: Callable[..., None]) -> None:
    """SALOMON: « Un joueur actif doit vous donner un Impôt pour chaque Province dans laquelle
    il combat vos Unités. » (D4: paid as the battle starts.)"""
    s = ierusalem().hw("greece", "pericles", "solomon")
    s.hand("rome", coin=2).hand("greece")
    s.legions("macedonia", "rome", 1).legions("macedonia", "greece", 1)
    start_military(s, "rome")
    finish_steps(s, "rome")
    dice([1], [1])
    s.act(Battle("rome", "macedonia", "greece"))
    assert s.state.hands["rome"] == {"coin": 1} and s.state.hands["greece"] == {"coin": 1}
    assert [e.data["to"] for e in s.kinds("solomon_tribute")] == ["greece"]


def test_salomon_sans_impot_il_combat_quand_meme(dice: Callable[..., None]) -> None:
    """D4: without a coin he pays nothing and still fights (hands never go negative)."""
    s = ierusalem().hw("greece", "pericles", "solomon")
    s.hand("rome", grain=1)
    s.legions("macedonia", "rome", 1).legions("macedonia", "greece", 1)
    start_military(s, "rome")
    finish_steps(s, "rome")
    dice([1], [1])
    s.act(Battle("rome", "macedonia", "greece"))
    assert s.state.hands["rome"] == {"grain": 1}
    assert s.kinds("solomon_tribute_unpaid") and s.kinds("battle")


def test_halicarnasse_placez_gratuitement_le_mausolee_sur_l_une_de_vos_provinces() -> None:
    """« À l'achat de cette Merveille, placez gratuitement la figurine Mausolée d'Halicarnasse
    sur l'une de vos Provinces. » His choice among the provinces he controls (D5)."""
    s = ierusalem()
    s.state.hw_market[0] = "halicarnassus"
    s.hand("rome", coin=7)
    start_build(s, "rome")
    buy(s, "rome", "hw", "halicarnassus", pay=("coin",) * 7)
    legal = s.legal("rome")
    assert legal and all(isinstance(a, PlaceMausoleum) for a in legal)
    rejected(s, PlaceMausoleum("rome", "achaea"), "not_controlled")
    s.act(PlaceMausoleum("rome", "latium"))
    assert tile_state(s.state).mausoleum == {"rome": "latium"}
    assert EndTurn("rome") in s.legal("rome")  # his turn goes on
    assert levels(s.state, "rome")["culture"] == levels(ierusalem().state, "rome")["culture"] + 2


def test_halicarnasse_aucune_agression_par_des_unites() -> None:
    """« La Province où se trouve le Mausolée d'Halicarnasse ne peut subir aucune agression
    (attaque d'Unités [...]) »: enemy units may not enter it (D5)."""
    s = ierusalem().hw("greece", "pericles", "halicarnassus")
    tile_state(s.state).mausoleum["greece"] = "macedonia"
    s.influence("macedonia", "greece").legions("thracia", "rome", 1)
    start_military(s, "rome")
    finish_steps_until(s, "rome", "land_moves")
    moves = [a for a in s.legal("rome") if isinstance(a, Move)]
    assert not [m for m in moves if m.target == "macedonia"]
    assert [m for m in moves if m.source == "thracia"]


def test_halicarnasse_no_battle_with_units_already_there(dice: Callable[..., None]) -> None:
    """D5: units already in the province when it is placed cannot fight its owner there."""
    s = ierusalem().hw("greece", "pericles", "halicarnassus")
    tile_state(s.state).mausoleum["greece"] = "macedonia"
    s.legions("macedonia", "rome", 1).legions("macedonia", "greece", 1)
    s.legions("thracia", "rome", 1).legions("thracia", "greece", 1)
    start_military(s, "rome")
    finish_steps_until(s, "rome", "land_battles")
    battles = [a for a in s.legal("rome") if isinstance(a, Battle)]
    assert [b.area for b in battles] == ["thracia"]
    rejected(s, Battle("rome", "macedonia", "greece"), "mausoleum")


def test_halicarnasse_aucune_agression_par_des_cartes_evenement() -> None:
    """« [...] et cartes Événement »: CARD_SHIELDED answers True for another player's cards,
    and not for its owner's (B11)."""
    s = ierusalem()
    tile_state(s.state).mausoleum["greece"] = "macedonia"
    asks = hooks_of(s.state, CARD_SHIELDED)
    assert any(h(s.state, "rome", "macedonia") for h in asks)
    assert not any(h(s.state, "greece", "macedonia") for h in asks)
    assert not any(h(s.state, "rome", "thracia") for h in asks)
