"""Phase IV — Military (rulebook section 4, 6.2, CÉSAR and PÉRICLÈS in section 8; rulings §3,
§5, §12). Dice are fixed by replacing `rng.roll` in the test only."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import cast

import pytest

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import (
    Action,
    Battle,
    ChooseCasualties,
    ChooseNext,
    Conquer,
    EndTurn,
    Move,
)
from bot.games.mare_nostrum.control import building_controller
from bot.games.mare_nostrum.errors import EngineError
from bot.games.mare_nostrum.kinds import ConquestOption, Unit
from bot.games.mare_nostrum.phases.production import production_of
from bot.games.mare_nostrum.state import GameState
from tests.engine.builder import Scenario, consistent, rejected
from tests.helpers import some

# Cyrenaica's printed slots: city, temple, caravan (papyrus), market.
CITY, TEMPLE, CARAVAN, MARKET = 0, 1, 2, 3




def prompt_kinds(s: Scenario) -> list[tuple[str, str]]:
    return [(p.kind, p.player) for p in engine.owed(s.state)]


def play_out(s: Scenario) -> None:
    """Apply the documented defaults until the Military phase is over."""
    while s.state.phase == "military":
        prompt = engine.owed(s.state)[0]
        s.act(engine.default_action(s.state, prompt))


def finish_steps(s: Scenario, player: str) -> None:
    """End every optional step of his Military turn."""
    while prompt_kinds(s) == [("military_turn", player)]:
        s.act(EndTurn(player))


def start(s: Scenario, player: str) -> None:
    """Open the phase; the Military Leader (Rome in the set-up) names `player` first."""
    s.enter("military")
    s.act(ChooseNext(s.state.titles["military"], player))


def example_1() -> Scenario:
    """The rulebook's Example 1 before Rome's Military turn."""
    s = Scenario()
    s.legions("italia", "rome", 2).legions("creta", "rome", 1).triremes("ionium", "rome", 2)
    s.triremes("africum", "egypt", 1)
    s.legions("cyrenaica", "egypt", 1).fortress("cyrenaica", "egypt")
    s.building("cyrenaica", "market")
    return s


def rome_reaches_cyrenaica(s: Scenario) -> None:
    """Example 1 up to the battle: trireme to MARE AFRICUM, no sea battle, 3 legions move."""
    start(s, "rome")
    s.act(Move("rome", "trireme", "ionium", "africum"))
    s.act(EndTurn("rome"))
    assert Battle("rome", "africum", "egypt") in consistent(s, "rome")
    s.act(EndTurn("rome"))  # no sea battle
    s.act(Move("rome", "legion", "italia", "cyrenaica"))
    s.act(Move("rome", "legion", "italia", "cyrenaica"))
    s.act(Move("rome", "legion", "creta", "cyrenaica"))
    s.act(EndTurn("rome"))


# --- order of play --------------------------------------------------------------------------

def test_4_military_leader_chooses_order() -> None:
    """« Le Chef Militaire détermine l'ordre dans lequel les joueurs vont effectuer leurs
    déplacements et combats (lui compris) en désignant un nouveau joueur une fois que le
    précédent a terminé sa Phase. »"""
    s = Scenario()
    s.enter("military")
    assert prompt_kinds(s) == [("military_order", "rome")]
    assert {a.target for a in consistent(s, "rome") if isinstance(a, ChooseNext)} == set(
        s.state.players)
    rejected(s, Move("greece", "legion", "achaea", "macedonia"), "not_your_turn")
    s.act(ChooseNext("rome", "greece"))
    assert prompt_kinds(s) == [("military_turn", "greece")]
    assert s.state.last_order == ["greece"]
    s.act(EndTurn("greece"))  # no trireme: the sea steps are skipped; end of land moves
    assert prompt_kinds(s) == [("military_order", "rome")]
    rejected(s, ChooseNext("rome", "greece"), "bad_choice")


def test_4_last_player_starts_directly() -> None:
    """« ... et ainsi de suite jusqu'à ce que tous les joueurs aient effectué leur Phase
    Militaire. » — with one player left, nobody has to name him."""
    s = Scenario()
    s.enter("military")
    for p in ["babylon", "egypt", "carthage", "greece"]:
        s.act(ChooseNext("rome", p))
        s.act(EndTurn(p))
    assert prompt_kinds(s) == [("military_turn", "rome")]
    assert s.state.last_order == ["babylon", "egypt", "carthage", "greece", "rome"]


def test_4_phase_ends_with_claims() -> None:
    """« PHASE V. REVENDICATIONS » follows the Military phase when nobody wins."""
    s = Scenario()
    s.enter("military")
    play_out(s)
    assert any(e.kind == "phase_started" and e.data["phase"] == "claims" for e in s.events)
    assert s.state.military is None


# --- movement (4.1) --------------------------------------------------------------------------

def test_4_1_trireme_moves_one_sea_only() -> None:
    """« Chaque Trirème peut se déplacer d'une Mer vers une autre Mer adjacente. »"""
    s = Scenario().triremes("ionium", "rome", 1)
    start(s, "rome")
    rejected(s, Move("rome", "trireme", "ionium", "aegyptium"), "bad_move")
    s.act(Move("rome", "trireme", "ionium", "africum"))
    # The only trireme has moved: the step offers nothing more and is skipped.
    assert s.state.military is not None and s.state.military.step == "land_moves"
    s2 = Scenario().triremes("ionium", "rome", 1).triremes("tyrrhenum", "rome", 1)
    start(s2, "rome")
    s2.act(Move("rome", "trireme", "ionium", "africum"))
    rejected(s2, Move("rome", "trireme", "africum", "aegyptium"), "already_moved")
    rejected(s2, Move("rome", "trireme", "aegaeum", "africum"), "no_unit")
    rejected(s2, Move("rome", "legion", "latium", "gallia"), "wrong_step")


def test_4_1_legion_does_not_move_twice() -> None:
    """« Chaque Légion peut se déplacer d'une Province vers une autre Province adjacente ou
    connectée » — once per turn."""
    s = Scenario().legions("italia", "rome", 1)
    start(s, "rome")
    s.act(Move("rome", "legion", "italia", "latium"))
    # LATIUM now holds its own legion (free to move) and the one that just arrived.
    s.act(Move("rome", "legion", "latium", "gallia"))
    rejected(s, Move("rome", "legion", "latium", "gallia"), "already_moved")
    rejected(s, Move("rome", "legion", "gallia", "achaea"), "bad_move")


def test_4_1_2_example_1_moves() -> None:
    """« il déplace ses 2 Légions d'ITALIA à CYRENAICA, puisque ces Provinces sont connectées
    grâce à la chaîne continue de Trirèmes romaines (MARE IONIUM & MARE AFRICUM), et sa Légion
    de CRETE à CYRENAICA, grâce à la Trirème en MARE AFRICUM. »"""
    s = example_1()
    start(s, "rome")
    assert Move("rome", "legion", "italia", "cyrenaica") not in s.legal("rome")
    s.act(Move("rome", "trireme", "ionium", "africum"))
    s.act(EndTurn("rome"))
    s.act(EndTurn("rome"))
    legal = consistent(s, "rome")
    assert Move("rome", "legion", "italia", "cyrenaica") in legal
    assert Move("rome", "legion", "creta", "cyrenaica") in legal
    s.act(Move("rome", "legion", "italia", "cyrenaica"))
    s.act(Move("rome", "legion", "italia", "cyrenaica"))
    s.act(Move("rome", "legion", "creta", "cyrenaica"))
    assert s.state.legions["cyrenaica"]["rome"] == 3


def test_4_1_1_connection_broken_by_lost_sea_battle(dice: Callable[..., None]) -> None:
    """« si le joueur choisit d'attaquer, il doit le faire avant de déplacer ses Légions. Il
    risque ainsi de perdre les Trirèmes nécessaires au transport de ses Légions »"""
    s = Scenario().legions("creta", "rome", 1).triremes("africum", "rome", 1)
    s.triremes("africum", "egypt", 3)
    start(s, "rome")
    s.act(EndTurn("rome"))  # no trireme move
    dice([1], [6, 6, 6])
    s.act(Battle("rome", "africum", "egypt"))
    assert "rome" not in s.state.triremes["africum"]
    assert s.state.triremes["africum"]["egypt"] == 3
    assert s.state.military is not None and s.state.military.step == "land_moves"
    rejected(s, Move("rome", "legion", "creta", "cyrenaica"), "bad_move")


def test_4_1_1_sea_battle_won_keeps_connection(dice: Callable[..., None]) -> None:
    """« si le joueur romain avait décidé de combattre la Trirème égyptienne et qu'il n'avait
    pas perdu sa propre Trirème à l'issue du combat, il aurait toujours pu transporter ses
    Légions en CYRENAICA. »"""
    s = example_1()
    start(s, "rome")
    s.act(Move("rome", "trireme", "ionium", "africum"))
    s.act(EndTurn("rome"))
    dice([5], [2])
    s.act(Battle("rome", "africum", "egypt"))
    assert s.state.triremes["africum"] == {"rome": 1}
    assert Move("rome", "legion", "italia", "cyrenaica") in s.legal("rome")


# --- battles (4.1.1, 4.1.2, 4.2) -------------------------------------------------------------

def test_4_1_1_sea_battles_optional() -> None:
    """« Les Batailles Maritimes ne sont pas obligatoires ; des Trirèmes adverses peuvent
    occuper une même Mer sans qu'aucune Bataille n'ait lieu. »"""
    s = Scenario().triremes("africum", "rome", 1).triremes("africum", "egypt", 1)
    start(s, "rome")
    s.act(EndTurn("rome"))
    legal = consistent(s, "rome")
    assert set(legal) == {Battle("rome", "africum", "egypt"), EndTurn("rome")}
    s.act(EndTurn("rome"))
    assert s.state.triremes["africum"] == {"rome": 1, "egypt": 1}


def test_4_1_2_land_battles_mandatory(dice: Callable[..., None]) -> None:
    """« Le joueur actif doit déclencher une Bataille Terrestre, une fois tous ses mouvements
    Terrestres terminés, dans chaque Province où ses Légions se trouvent en présence d'Unités
    d'autres joueurs. »"""
    s = Scenario().legions("gallia", "rome", 2).legions("dalmatia", "greece", 1)
    start(s, "rome")
    s.act(Move("rome", "legion", "gallia", "dalmatia"))
    s.act(EndTurn("rome"))
    assert consistent(s, "rome") == [Battle("rome", "dalmatia", "greece")]
    rejected(s, EndTurn("rome"), "battle_owed")
    assert engine.default_action(s.state, engine.owed(s.state)[0]) == Battle(
        "rome", "dalmatia", "greece")
    dice([6], [1])
    s.act(Battle("rome", "dalmatia", "greece"))
    assert "greece" not in s.state.legions["dalmatia"]


def test_4_2_one_battle_per_area_opponent_chosen(dice: Callable[..., None]) -> None:
    """« Si plus de deux joueurs ont des Unités dans la même Province ou Mer, le joueur actif
    choisit son adversaire ; il ne déclenche qu'une seule Bataille. »"""
    s = Scenario().legions("cyrenaica", "rome", 1).legions("cyrenaica", "carthage", 1)
    s.legions("cyrenaica", "egypt", 1)
    start(s, "rome")
    s.act(EndTurn("rome"))  # land moves
    legal = consistent(s, "rome")
    assert set(legal) == {Battle("rome", "cyrenaica", "egypt"),
                          Battle("rome", "cyrenaica", "carthage")}
    rejected(s, Battle("rome", "cyrenaica", "greece"), "bad_opponent")
    rejected(s, Battle("rome", "creta", "egypt"), "no_battle")
    dice([1], [1])
    s.act(Battle("rome", "cyrenaica", "carthage"))
    # One battle only: the turn is over (no conquest: others still there).
    assert s.state.military is not None and "rome" in s.state.military.done
    assert s.state.legions["cyrenaica"] == {"rome": 1, "carthage": 1, "egypt": 1}


def test_4_2_example_1_battle(dice: Callable[..., None]) -> None:
    """« Le joueur romain lance 3 Dés Bataille qui ont pour résultats 5, 4 et 3 soit 12 au
    total. CÉSAR octroie un bonus de +1 [...] Le total passe donc à 15. [...] Ce dernier lance 1
    Dé qui a pour résultat 3. Grâce à la Forteresse, il ajoute +5 [...] 8 [...] 1 touche contre
    le joueur romain. Ce dernier perd donc 1 Légion. [...] il perd néanmoins sa Légion et sa
    Forteresse (2 touches). »"""
    s = example_1()
    rome_reaches_cyrenaica(s)
    dice([5, 4, 3], [3])
    s.act(Battle("rome", "cyrenaica", "egypt"))
    battle = s.kinds("battle")[0].data
    rome, egypt = battle["sides"]
    assert (rome["dice"], rome["die_bonus"], rome["modifier"], rome["sum"], rome["hits"]) == (
        [5, 4, 3], 1, 3, 15, 3)
    assert (egypt["dice"], egypt["fortress"], egypt["modifier"], egypt["sum"], egypt["hits"]) == (
        [3], True, 5, 8, 1)
    assert (rome["taken"], egypt["taken"]) == (1, 2)
    assert s.state.legions["cyrenaica"] == {"rome": 2}
    assert "egypt" not in s.state.fortresses["cyrenaica"]
    # Rome alone in an Egyptian province: he is its conqueror and chooses.
    assert s.state.conquerors["cyrenaica"] == "rome"
    assert prompt_kinds(s) == [("conquest", "rome")]


def test_8_pericles_bonus_when_not_active(dice: Callable[..., None]) -> None:
    """PÉRICLÈS: « Chacune de vos Légions dispose d'un bonus de +2 à son Dé Bataille Terrestre
    lorsque vous n'êtes pas le joueur actif. » CÉSAR: « +1 [...] lorsque vous êtes le joueur
    actif. »"""
    s = Scenario().legions("macedonia", "rome", 1)
    start(s, "rome")
    s.act(EndTurn("rome"))
    dice([1], [3])
    s.act(Battle("rome", "macedonia", "greece"))
    rome, greece = s.kinds("battle")[0].data["sides"]
    assert (rome["die_bonus"], rome["sum"], rome["hits"]) == (1, 2, 0)
    assert (greece["die_bonus"], greece["sum"], greece["hits"]) == (2, 5, 1)
    assert "rome" not in s.state.legions["macedonia"]
    # Greece attacking gets no PÉRICLÈS bonus; Rome defending gets no CÉSAR bonus.
    s2 = Scenario().legions("macedonia", "rome", 1)
    start(s2, "greece")
    s2.act(EndTurn("greece"))
    dice([3], [4])
    s2.act(Battle("greece", "macedonia", "rome"))
    greece2, rome2 = s2.kinds("battle")[0].data["sides"]
    assert greece2["die_bonus"] == 0 and rome2["die_bonus"] == 0


def babylon_in_cilicia() -> Scenario:
    """Example 2: Babylon 2 legions + fortress in CILICIA with 2 Egyptian legions; an Egyptian
    fortress in JUDAEA."""
    s = Scenario().influence("cilicia", "babylon").influence("judaea", "egypt")
    s.legions("cilicia", "babylon", 2).fortress("cilicia", "babylon")
    s.legions("cilicia", "egypt", 2).fortress("judaea", "egypt")
    return s


def test_4_1_2_example_2_choices(dice: Callable[..., None]) -> None:
    """« Le joueur babylonien peut déplacer ses 2 Légions de CILICIA vers JUDAEA pour attaquer
    la Forteresse égyptienne, laissant ainsi sa Forteresse seule pour combattre les 2 Légions
    égyptiennes. Ou il peut plutôt déplacer une seule Légion en ASIA [...] Il peut sinon décider
    de ne pas bouger ses Légions »"""
    s = babylon_in_cilicia()
    start(s, "babylon")
    legal = consistent(s, "babylon")
    assert Move("babylon", "legion", "cilicia", "judaea") in legal
    assert Move("babylon", "legion", "cilicia", "asia") in legal
    base = s.state
    # Both legions to JUDAEA: two battles owed, the fortress alone in CILICIA.
    s.act(Move("babylon", "legion", "cilicia", "judaea"))
    s.act(Move("babylon", "legion", "cilicia", "judaea"))
    s.act(EndTurn("babylon"))
    assert set(consistent(s, "babylon")) == {Battle("babylon", "judaea", "egypt"),
                                             Battle("babylon", "cilicia", "egypt")}
    dice([6, 6])  # the lone fortress rolls no die; Egypt rolls two
    s.act(Battle("babylon", "cilicia", "egypt"))
    fort, egypt = s.kinds("battle")[0].data["sides"]
    assert (fort["dice"], fort["sum"], fort["hits"]) == ([], 5, 1)
    assert (egypt["hits"], fort["taken"]) == (2, 1)
    assert "babylon" not in s.state.fortresses["cilicia"]
    assert s.state.legions["cilicia"] == {"egypt": 1}
    # One legion to ASIA: one battle, in CILICIA, with 1 legion and the fortress.
    s.state = base
    s.act(Move("babylon", "legion", "cilicia", "asia"))
    s.act(EndTurn("babylon"))
    assert consistent(s, "babylon") == [Battle("babylon", "cilicia", "egypt")]


def test_4_2_casualties_chosen_by_owner(dice: Callable[..., None]) -> None:
    """« Chaque touche détruit une Unité ennemie. L'adversaire décide lesquelles de ses Unités
    sont détruites » ; « La Forteresse est détruite seulement si son propriétaire la choisit
    comme une de ses Unités à détruire. »"""
    s = babylon_in_cilicia()
    start(s, "babylon")
    s.act(EndTurn("babylon"))
    dice([6, 6], [5, 5])  # Babylon 12 + 5 = 17: 3 hits; Egypt 10: 2 hits, 1 cancelled
    s.act(Battle("babylon", "cilicia", "egypt"))
    assert "egypt" not in s.state.legions["cilicia"]
    assert prompt_kinds(s) == [("casualties", "babylon")]
    assert set(consistent(s, "babylon")) == {ChooseCasualties("babylon", 1, False),
                                             ChooseCasualties("babylon", 0, True)}
    rejected(s, ChooseCasualties("babylon", 0, False), "bad_casualties")
    rejected(s, EndTurn("babylon"), "wrong_decision")
    prompt = engine.owed(s.state)[0]
    assert engine.default_action(s.state, prompt) == ChooseCasualties("babylon", 1, False)
    s.act(ChooseCasualties("babylon", 0, True))
    assert "babylon" not in s.state.fortresses["cilicia"]
    assert s.state.legions["cilicia"] == {"babylon": 2}
    # The turn went on and ended (CILICIA is his own: nothing to conquer).
    assert s.state.military is not None and "babylon" in s.state.military.done


def test_4_2_both_sides_choose_casualties(dice: Callable[..., None]) -> None:
    """« L'attaquant et le défenseur lancent simultanément un Dé Bataille pour chaque Trirème ou
    Légion » — both may owe a choice of casualties; the turn goes on when both have chosen."""
    from bot.games.mare_nostrum.view import view

    s = Scenario().legions("macedonia", "greece", 2).fortress("macedonia", "greece")
    s.legions("macedonia", "rome", 2).fortress("macedonia", "rome")
    start(s, "rome")
    s.act(EndTurn("rome"))
    dice([4, 4], [4, 4])  # Rome 8 + 2 (CÉSAR) + 5 = 15; Greece 8 + 4 (PÉRICLÈS) + 5 = 17
    s.act(Battle("rome", "macedonia", "greece"))
    assert sorted(prompt_kinds(s)) == [("casualties", "greece"), ("casualties", "rome")]
    assert some(some(view(s.state, "rome")["military"])["battle"])["area"] == "macedonia"
    s.act(ChooseCasualties("greece", 2, False))
    assert prompt_kinds(s) == [("casualties", "rome")]
    s.act(ChooseCasualties("rome", 1, True))
    assert s.state.legions["macedonia"] == {"rome": 1}
    assert s.state.fortresses["macedonia"] == ["greece"]
    assert s.state.military is not None and "rome" in s.state.military.done


# --- conquest (4.3) ------------------------------------------------------------------------

def test_4_3_1_example_1_pillage(dice: Callable[..., None]) -> None:
    """« Il détruit la Caravane en retirant le marqueur du plateau, place une de ses Légions sur
    l'emplacement Caravane (pour mémoire) et gagne immédiatement 1 Papyrus. »"""
    s = example_1()
    rome_reaches_cyrenaica(s)
    dice([5, 4, 3], [3])
    s.act(Battle("rome", "cyrenaica", "egypt"))
    legal = consistent(s, "rome")
    assert Conquer("rome", "cyrenaica", "pillage", (CARAVAN,)) in legal
    papyrus = s.state.hands["rome"].get("papyrus", 0)
    s.act(Conquer("rome", "cyrenaica", "pillage", (CARAVAN,)))
    assert s.state.hands["rome"]["papyrus"] == papyrus + 1
    assert not s.state.built["cyrenaica"][CARAVAN]
    assert s.kinds("conquest")[0].data["gained"] == "papyrus"


def test_4_3_1_pillage_rewards() -> None:
    """« S'il détruit une Cité ou une Capitale, il gagne 1 Impôt. [...] S'il détruit un Temple
    ou un Marché, il ne gagne rien. S'il détruit une Cité Légendaire, il peut choisir de gagner
    un Impôt ou un Bien Légendaire. »"""
    s = Scenario().influence("sicilia", "egypt").legions("sicilia", "rome", 1)
    s.building("sicilia", "legendary_city")
    s.building("sicilia", "temple")
    start(s, "rome")
    finish_steps(s, "rome")
    assert prompt_kinds(s) == [("conquest", "rome")]
    rejected(s, Conquer("rome", "sicilia", "pillage", (0,)), "bad_reward")
    rejected(s, Conquer("rome", "sicilia", "pillage", (1,), "coin"), "bad_reward")
    base = s.state
    s.act(Conquer("rome", "sicilia", "pillage", (0,), "coin"))
    assert s.state.hands["rome"].get("coin", 0) == base.hands["rome"].get("coin", 0) + 1
    s.state = base
    s.act(Conquer("rome", "sicilia", "pillage", (0,), "legendary"))
    drawn = [e for e in s.events if e.kind == "pillage_drawn"]
    assert drawn and drawn[0].audience == ("rome",)
    assert s.state.hands["rome"].get(drawn[0].data["token"]) == 1
    s.state = base
    hand = dict(base.hands["rome"])
    s.act(Conquer("rome", "sicilia", "pillage", (1,)))
    assert s.state.hands["rome"] == hand and not s.state.built["sicilia"][1]


def test_4_3_2_example_occupation(dice: Callable[..., None]) -> None:
    """« le joueur romain décide d'occuper la Caravane et le Marché. Il collectera donc 2
    Papyrus lors de la prochaine Phase Production à la place du joueur égyptien. Ce dernier ne
    collectera qu'un Impôt pour la Cité non occupée. »"""
    s = example_1()
    rome_reaches_cyrenaica(s)
    dice([5, 4, 3], [3])
    s.act(Battle("rome", "cyrenaica", "egypt"))
    before = production_of(s.state)
    rejected(s, Conquer("rome", "cyrenaica", "occupy", (0, CARAVAN, MARKET)), "too_many_slots")
    rejected(s, Conquer("rome", "cyrenaica", "occupy", (TEMPLE,)), "bad_slot")
    rejected(s, Conquer("rome", "cyrenaica", "occupy", (MARKET, CARAVAN)), "bad_slot")
    s.act(Conquer("rome", "cyrenaica", "occupy", (CARAVAN, MARKET)))
    after = production_of(s.state)
    assert after["rome"].get("papyrus", 0) == before["rome"].get("papyrus", 0) + 2
    assert after["egypt"]["papyrus"] == before["egypt"]["papyrus"] - 2
    assert after["egypt"]["coin"] == before["egypt"]["coin"]
    assert building_controller(s.state, "cyrenaica", CITY) == "egypt"
    assert s.state.occupant["cyrenaica"][CARAVAN] == "rome"


def test_4_3_3_example_conversion(dice: Callable[..., None]) -> None:
    """« À la fin de la Phase Militaire du tour du joueur romain suivant, la situation est
    inchangée : Sa Légion occupe toujours le marqueur Influence égyptien. Il a toujours le
    statut de Conquérant et la CYRENAÏCA est connectée à ITALIA. La conversion est effective. »
    """
    s = example_1()
    rome_reaches_cyrenaica(s)
    dice([5, 4, 3], [3])
    s.act(Battle("rome", "cyrenaica", "egypt"))
    s.act(Conquer("rome", "cyrenaica", "influence"))
    r = s.state.round
    assert s.state.conversions["cyrenaica"] == {"player": "rome", "round": r}
    assert s.state.influence["cyrenaica"] == "egypt"
    play_out(s)
    # The next round's Military phase: Rome ends his turn without doing anything.
    s.set(round=r + 1)
    start(s, "rome")
    finish_steps(s, "rome")
    assert s.state.influence["cyrenaica"] == "rome"
    assert "cyrenaica" not in s.state.conversions
    assert "cyrenaica" not in s.state.conquerors
    assert s.kinds("converted")[0].data == {"player": "rome", "province": "cyrenaica",
                                            "previous": "egypt"}


def test_4_3_3_conversion_needs_connection() -> None:
    """« la Province est adjacente ou connectée à son Empire. » — otherwise nothing happens, and
    keeping the marker keeps the round it was first occupied."""
    s = Scenario().legions("cyrenaica", "rome", 1)
    s.set(conquerors={"cyrenaica": "rome"}, conversions={"cyrenaica": {"player": "rome",
                                                                       "round": 1}})
    s.set(round=2)
    start(s, "rome")
    finish_steps(s, "rome")
    assert s.state.influence["cyrenaica"] == "egypt"
    prompt = engine.owed(s.state)[0]
    assert prompt.kind == "conquest"
    assert engine.default_action(s.state, prompt) == Conquer("rome", "cyrenaica", "influence")
    s.act(Conquer("rome", "cyrenaica", "influence"))
    assert s.state.conversions["cyrenaica"] == {"player": "rome", "round": 1}


def test_4_6_capital_never_converted() -> None:
    """« La Province où se trouve la Capitale d'un joueur (ALEXANDRIA, ATHENAE, BABYLON,
    CARTHAGO et ROMA) ne peut jamais être convertie »"""
    s = Scenario().legions("aegyptus", "egypt", 0).fortress("aegyptus", "egypt", False)
    s.legions("aegyptus", "rome", 1)
    s.set(round=3, conquerors={"aegyptus": "rome"},
          conversions={"aegyptus": {"player": "rome", "round": 1}})
    start(s, "rome")
    finish_steps(s, "rome")
    assert s.state.influence["aegyptus"] == "egypt"
    options = {a.option for a in consistent(s, "rome") if isinstance(a, Conquer)}
    assert options == {"pillage", "occupy", "none"}
    rejected(s, Conquer("rome", "aegyptus", "influence"), "capital_province")
    rejected(s, Conquer("rome", "cyrenaica", "none"), "bad_province")
    # No such option: a Python caller bypasses the parser, the engine checks all the same.
    rejected(s, Conquer("rome", "aegyptus", cast(ConquestOption, "raze")), "bad_option")


def test_4_3_conqueror_loses_status_at_war(dice: Callable[..., None]) -> None:
    """« Si toutefois au moins un autre joueur parvient à conserver des Unités au terme d'une
    Bataille, le Conquérant perd son statut et la province devient En Guerre (4.5). Il ne peut
    plus ni Occuper aucun Bâtiment (4.3.2) ni Convertir la Province (4.3.3). »"""
    s = conquered_cyrenaica()
    start(s, "egypt")
    s.act(Move("egypt", "legion", "aegyptus", "cyrenaica"))
    s.act(EndTurn("egypt"))
    dice([1], [1, 1])
    s.act(Battle("egypt", "cyrenaica", "rome"))
    assert "cyrenaica" not in s.state.conquerors
    assert s.state.occupant["cyrenaica"] == [None] * 4
    assert s.kinds("conqueror_lost")[0].data["reason"] == "at_war"


def conquered_cyrenaica() -> Scenario:
    s = Scenario().legions("cyrenaica", "rome", 2).legions("aegyptus", "egypt", 2)
    s.legions("cyrenaica", "egypt", 0)
    s.building("cyrenaica", "market")
    s.occupy("cyrenaica", CARAVAN, "rome").occupy("cyrenaica", MARKET, "rome")
    s.set(conquerors={"cyrenaica": "rome"})
    return s


def test_4_3_conqueror_keeps_status_if_alone(dice: Callable[..., None]) -> None:
    """« Si le Conquérant est le seul à conserver des Unités à l'issue de la Bataille, il garde
    son statut de Conquérant. » — with fewer units than buildings occupied, the last printed
    building is released."""
    s = conquered_cyrenaica()
    start(s, "egypt")
    s.act(Move("egypt", "legion", "aegyptus", "cyrenaica"))
    s.act(EndTurn("egypt"))
    dice([5], [6, 6])
    s.act(Battle("egypt", "cyrenaica", "rome"))
    assert s.state.conquerors["cyrenaica"] == "rome"
    assert s.state.legions["cyrenaica"] == {"rome": 1}
    assert s.state.occupant["cyrenaica"] == [None, None, "rome", None]
    assert s.kinds("occupation_released")[0].data["slots"] == [MARKET]


def test_4_3_conqueror_destroyed_loses_status(dice: Callable[..., None]) -> None:
    """« Si le Conquérant est le seul à conserver des Unités » — he keeps none: the status and
    the occupations are gone."""
    s = conquered_cyrenaica()
    start(s, "egypt")
    s.act(Move("egypt", "legion", "aegyptus", "cyrenaica"))
    s.act(Move("egypt", "legion", "aegyptus", "cyrenaica"))
    dice([6, 6], [1, 1])
    s.act(Battle("egypt", "cyrenaica", "rome"))
    assert s.state.legions["cyrenaica"] == {"egypt": 2}
    assert "cyrenaica" not in s.state.conquerors
    assert s.state.occupant["cyrenaica"] == [None] * 4
    assert s.kinds("conqueror_lost")[0].data["reason"] == "defeated"


def test_4_3_conqueror_leaving_loses_status() -> None:
    """« Dès que les Unités d'un Conquérant quittent la Province, le joueur qui a la Province
    sous son Influence en regagne immédiatement le Contrôle. »"""
    s = conquered_cyrenaica()
    start(s, "rome")
    s.act(Move("rome", "legion", "cyrenaica", "libya"))
    assert s.state.occupant["cyrenaica"][MARKET] is None
    assert s.state.conquerors["cyrenaica"] == "rome"
    s.act(Move("rome", "legion", "cyrenaica", "libya"))
    assert "cyrenaica" not in s.state.conquerors
    assert s.kinds("conqueror_lost")[0].data["reason"] == "left"
    assert s.state.occupant["cyrenaica"] == [None] * 4


def test_4_3_conquest_choice_again_next_turn() -> None:
    """« Un Conquérant qui occupe toujours la Province lors du prochain tour peut de nouveau
    choisir s'il pille, occupe un Bâtiment ou occupe un marqueur Influence avec ses Unités. »
    — the default repeats his occupation; a new choice replaces it."""
    s = conquered_cyrenaica()
    start(s, "rome")
    finish_steps(s, "rome")
    prompt = engine.owed(s.state)[0]
    assert engine.default_action(s.state, prompt) == Conquer(
        "rome", "cyrenaica", "occupy", (CARAVAN, MARKET))
    base = s.state
    s.act(Conquer("rome", "cyrenaica", "occupy", (CITY,)))
    assert s.state.occupant["cyrenaica"] == ["rome", None, None, None]
    s.state = base
    s.act(Conquer("rome", "cyrenaica", "none"))
    assert s.state.occupant["cyrenaica"] == [None] * 4
    assert s.state.conquerors["cyrenaica"] == "rome"


# --- victory (6.2) -------------------------------------------------------------------------

def four_capitals(s: Scenario) -> Scenario:
    for p in ("sicilia", "asia", "judaea"):
        s.influence(p, "rome")
        s.building(p, "legendary_city")
    return s


def test_6_2_victory_by_conquest() -> None:
    """« Un joueur remporte la partie lorsqu'il occupe et contrôle un total de 4 Capitales et
    Cités Légendaires à la fin de la Phase Militaire. »"""
    s = four_capitals(Scenario())
    s.enter("military")
    play_out(s)
    assert s.state.over and s.state.winners == ["rome"] and s.state.victory == "conquest"


def test_6_2_occupied_capital_counts() -> None:
    """« les Cités occupées comptent pour le Conquérant lorsqu'on vérifie les Conditions d'une
    Victoire par Conquête (6.2). »"""
    s = Scenario().influence("judaea", "rome").influence("sicilia", "rome")
    s.building("judaea", "legendary_city")
    s.building("sicilia", "legendary_city")
    s.legions("achaea", "greece", 0).fortress("achaea", "greece", False)
    s.legions("achaea", "rome", 1).occupy("achaea", 0, "rome")
    s.set(conquerors={"achaea": "rome"})
    s.enter("military")
    play_out(s)  # Rome's default conquest repeats the occupation of ATHENAE
    assert s.state.winners == ["rome"]


def test_6_2_no_victory_with_three() -> None:
    """« un total de 4 Capitales et Cités Légendaires » — three are not enough."""
    s = Scenario().influence("sicilia", "rome")
    s.building("sicilia", "legendary_city")
    s.enter("military")
    play_out(s)
    assert not s.state.over


# --- defaults (rulings §12) ----------------------------------------------------------------

def test_12_defaults() -> None:
    """« When it passes, the bot applies a documented default » (rulings §12)."""
    s = Scenario().triremes("africum", "rome", 1)
    s.enter("military")
    prompt = engine.owed(s.state)[0]
    assert engine.default_action(s.state, prompt) == ChooseNext("rome", "rome")
    s.act(ChooseNext("rome", "rome"))
    prompt = engine.owed(s.state)[0]
    assert engine.default_action(s.state, prompt) == EndTurn("rome")


def test_illegal_actions_leave_state_unchanged() -> None:
    """Malformed or out-of-turn answers are refused with a specific code."""
    s = Scenario()
    start(s, "rome")
    rejected(s, Move("rome", "legion", "latium", "atlantis"), "bad_move")
    rejected(s, Move("rome", cast(Unit, "chariot"), "latium", "gallia"), "bad_move")  # no unit
    rejected(s, Battle("rome", "latium", "greece"), "wrong_step")
    rejected(s, ChooseCasualties("rome", 1, False), "wrong_decision")
    rejected(s, EndTurn("greece"), "not_your_turn")


# --- robustness: random play ---------------------------------------------------------------

def _candidates(state: GameState, player: str) -> list[Action]:
    """A superset of the answers a player could try now (to compare check with legal)."""
    from itertools import combinations

    board = state.board
    out: list[Action] = [EndTurn(player)]
    pools: tuple[tuple[dict[str, dict[str, int]], Unit, list[str]], ...] = (
        (state.triremes, "trireme", list(board.seas)),
        (state.legions, "legion", list(board.provinces)))
    for pool, unit, areas in pools:
        for src, d in pool.items():
            if d.get(player):
                out.extend(Move(player, unit, src, t) for t in areas)
    for area in [*board.seas, *board.provinces]:
        out.extend(Battle(player, area, o) for o in state.players)
    out.extend(ChooseCasualties(player, n, f) for n in range(4) for f in (False, True))
    for p in state.prompts:
        if p.kind == "conquest":
            pid = p.data["province"]
            idx = range(len(board.provinces[pid].slots))
            # "raze" is no option: a candidate the check must refuse.
            options: tuple[ConquestOption, ...] = (
                "pillage", "occupy", "influence", "none", cast(ConquestOption, "raze"))
            for option in options:
                for k in range(3):
                    for combo in combinations(idx, k):
                        for reward in ("", "coin", "legendary"):
                            out.append(Conquer(player, pid, option, combo, reward))
    out.extend(ChooseNext(player, t) for t in state.players)
    return out


def _invariants(state: GameState) -> None:
    from bot.games.mare_nostrum.control import empires_with_units

    for pool in (state.legions, state.triremes):
        assert all(n > 0 for d in pool.values() for n in d.values())
    m = state.military
    for pid, who in state.conquerors.items():
        present = empires_with_units(state, pid)
        # Alone, except where the active player has just moved in and the battle is owed.
        intruding = m is not None and m.current in present and pid not in m.fought
        assert present == [who] or (who in present and intruding), (pid, who, present)
    for pid, occ in state.occupant.items():
        for o in occ:
            assert o is None or state.conquerors.get(pid) == o, (pid, occ)
    for pid, conv in state.conversions.items():
        assert state.conquerors.get(pid) == conv["player"]


def scattered_forces(seed: int) -> tuple[random.Random, Scenario]:
    """A seeded game with each empire's triremes in 3 random seas and legions (a fortress now
    and then in his own provinces) in 4 random provinces: many moves and battles to list."""
    gen = random.Random(seed)
    s = Scenario(seed=seed)
    for e in s.state.players:
        for sea in gen.sample(sorted(s.state.board.seas), 3):
            s.triremes(sea, e, gen.randint(1, 2))
        for pid in gen.sample(sorted(s.state.board.provinces), 4):
            s.legions(pid, e, gen.randint(1, 3))
            if gen.random() < 0.3 and s.state.influence.get(pid) == e:
                s.fortress(pid, e)
    return gen, s


@pytest.mark.parametrize("seed", range(12))
def test_random_play_keeps_legal_and_check_in_step(seed: int) -> None:
    """Random Military phases: an answer passes the check exactly when it is legal, the state
    survives a JSON round trip, and a conqueror is always alone in his province."""
    gen, s = scattered_forces(seed)
    for rnd in range(1, 4):
        s.set(round=rnd)
        s.enter("military")
        steps = 0
        while s.state.phase == "military":
            steps += 1
            assert steps < 2000
            player = engine.owed(s.state)[0].player
            legal = s.legal(player)
            assert legal
            legal_set = set(legal)
            for a in _candidates(s.state, player):
                try:
                    engine.check(s.state, a)
                    ok = True
                except EngineError:
                    ok = False
                assert ok == (a in legal_set), a
            s.act(gen.choice(legal))
            _invariants(s.state)
            assert engine.from_json(engine.to_json(s.state)) == s.state
        if s.state.over:
            break
