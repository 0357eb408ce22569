"""Phase III — Build (rulebook 3, 4.5, 4.6, 6.1, 8; rulings §1, §2, §4–§6, §10, §12)."""

from __future__ import annotations

import random
from itertools import combinations_with_replacement

import orjson
import pytest

from bot.games.core import RulesModule
from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import (
    Action,
    Buy,
    CancelPurchase,
    ChooseNext,
    EndTurn,
    Pay,
    PlaceFreeInfluence,
)
from bot.games.mare_nostrum.control import buildings_left, levels, supply_left
from bot.games.mare_nostrum.errors import EngineError
from bot.games.mare_nostrum.events import EventLog
from bot.games.mare_nostrum.flow import end_game
from bot.games.mare_nostrum.hooks import BUILD_START
from bot.games.mare_nostrum.phases.build import payment_rules
from bot.games.mare_nostrum.resources import PaymentRules, can_afford, payment_options
from bot.games.mare_nostrum.rules import register_module
from bot.games.mare_nostrum.state import GameState
from bot.games.mare_nostrum.view import view
from tests.helpers import some

from .builder import FIVE, THREE, Scenario

# --- helpers ----------------------------------------------------------------------------------


def start(s: Scenario, player: str) -> None:
    """Open the Build phase and have the Culture Leader name `player` first."""
    s.enter("build")
    leader = s.state.titles["culture"]
    s.act(ChooseNext(leader, player))
    assert s.state.build is not None and s.state.build.current == player


def buy(s: Scenario, player: str, item: str, target: str = "", slot: int = -1,
        pay: tuple[str, ...] | None = None) -> None:
    """Buy and pay (with `pay`, else the first payment set offered)."""
    s.act(Buy(player, item, target, slot))
    if pay is None:
        pays = [a for a in s.legal(player) if isinstance(a, Pay)]
        assert pays, f"no way to pay for {item}"
        pay = pays[0].resources
    s.act(Pay(player, pay))


def rejects(s: Scenario, action: Action, code: str) -> None:
    """The action is refused with `code` and nothing changes."""
    before = engine.to_json(s.state)
    with pytest.raises(EngineError) as err:
        engine.apply(s.state, action)
    assert err.value.code == code, err.value.detail
    with pytest.raises(EngineError):
        engine.apply_in_place(s.state, action)
    assert engine.to_json(s.state) == before


def serge_hand(s: Scenario, player: str) -> None:
    s.hand(player, coin=3, grain=2, wood=1, sheep=1, gold=1, gladiator=1)


def pays(s: Scenario, player: str) -> set[tuple[str, ...]]:
    return {a.resources for a in s.legal(player) if isinstance(a, Pay)}


# --- 3.1 purchases and payment sets -----------------------------------------------------------


def test_3_1_serge_three_sets_of_three_no_set_of_six() -> None:
    """« Il ne peut pas créer une combinaison de 6 Ressources puisqu'il a seulement 5 Biens
    différents que l'on ne peut pas associer aux jetons Impôts. Avec ces 3 combinaisons, il
    pourrait par exemple acheter 1 Caravane et 2 Légions. »"""
    s = Scenario()
    serge_hand(s, "rome")
    s.influence("germania", "rome")
    start(s, "rome")
    # No set of 6: a market (6) cannot even be started.
    rejects(s, Buy("rome", "market", "gallia", 2), "unaffordable")
    s.act(Buy("rome", "caravan", "germania", 0))
    assert {("coin", "coin", "coin"), ("grain", "sheep", "wood"),
            ("gladiator", "gold", "grain")} <= pays(s, "rome")
    s.act(Pay("rome", ("coin", "coin", "coin")))
    buy(s, "rome", "legion", "latium", pay=("grain", "sheep", "wood"))
    buy(s, "rome", "legion", "latium", pay=("gladiator", "gold", "grain"))
    assert s.state.hands["rome"] == {}
    assert s.state.built["germania"][0]
    assert s.state.legions["latium"]["rome"] == 3


def test_3_1_only_coins_or_different_commodities() -> None:
    """« uniquement d'Impôts, ou de Biens différents, sans aucun doublon »"""
    s = Scenario()
    serge_hand(s, "rome")
    start(s, "rome")
    s.act(Buy("rome", "legion", "latium"))
    rejects(s, Pay("rome", ("grain", "grain", "wood")), "bad_payment")
    rejects(s, Pay("rome", ("coin", "coin", "grain")), "bad_payment")
    rejects(s, Pay("rome", ("coin", "coin")), "bad_payment")
    rejects(s, Pay("rome", ("wood", "grain", "sheep")), "bad_payment")  # not sorted
    rejects(s, Pay("rome", ("diamond", "grain", "wood")), "not_held")


def test_3_1_hannibal_set_of_six_and_three_coins() -> None:
    """« Grâce à HANNIBAL, il peut alors faire une combinaison de 6 Biens (2 Céréales + 1
    Mouton + 1 Gladiateur + 1 Or + 1 Bois) ainsi qu'une combinaison de 3 jetons Impôt. »"""
    s = Scenario()
    serge_hand(s, "carthage")
    start(s, "carthage")
    six = ("gladiator", "gold", "grain", "grain", "sheep", "wood")
    buy(s, "carthage", "market", "numidia", 2, pay=six)
    buy(s, "carthage", "legion", "africa", pay=("coin", "coin", "coin"))
    assert s.state.hands["carthage"] == {}
    assert s.state.built["numidia"][2]


def test_8_hannibal_one_pair_per_set() -> None:
    """« Vous pouvez utiliser 2 jetons Bien du même type dans chacune de vos combinaisons de
    Biens. Exemple : Métal, Métal et Bois. »"""
    s = Scenario()
    s.hand("carthage", metal=3, wood=2, grain=1)
    start(s, "carthage")
    s.act(Buy("carthage", "legion", "africa"))
    assert ("metal", "metal", "wood") in pays(s, "carthage")
    rejects(s, Pay("carthage", ("metal", "metal", "metal")), "bad_payment")
    s.act(CancelPurchase("carthage"))
    # Three types and one pair make 4 at most: two pairs in one set are not allowed.
    s.act(Buy("carthage", "influence", "phazania"))
    rejects(s, Pay("carthage", ("metal", "metal", "wood", "wood")), "bad_payment")
    s.act(CancelPurchase("carthage"))
    rejects(s, Buy("carthage", "temple", "africa", 1), "unaffordable")


def test_8_cleopatra_coin_in_commodity_set_and_commodity_in_coin_set() -> None:
    """« inclure un jeton Impôt dans chaque combinaison de Biens, et inclure un jeton Bien
    dans chaque combinaison d'Impôts »"""
    s = Scenario()
    s.hand("egypt", coin=3, grain=1, papyrus=1, gold=1)
    start(s, "egypt")
    assert payment_rules(s.state, "egypt") == PaymentRules(cleopatra=True)
    buy(s, "egypt", "legion", "aegyptus", pay=("coin", "coin", "grain"))
    buy(s, "egypt", "legion", "aegyptus", pay=("coin", "gold", "papyrus"))
    assert s.state.hands["egypt"] == {}
    # Not two coins in a commodity set, nor two commodities in a coin set.
    s2 = Scenario()
    s2.hand("egypt", coin=2, grain=1, papyrus=1)
    start(s2, "egypt")
    s2.act(Buy("egypt", "influence", "nubia"))
    assert pays(s2, "egypt") == {("coin", "coin", "grain"), ("coin", "coin", "papyrus"),
                                 ("coin", "grain", "papyrus")}
    s2.act(CancelPurchase("egypt"))
    # 2 coins + 2 commodities never make one set: nothing of 4 or more is affordable.
    rejects(s2, Buy("egypt", "market", "aethiopia", 2), "unaffordable")
    # Without Cleopatra the same sets are refused.
    s3 = Scenario()
    s3.hand("rome", coin=2, grain=1)
    start(s3, "rome")
    rejects(s3, Buy("rome", "legion", "latium"), "unaffordable")


def test_3_1_legendary_commodity_counts_as_its_type_and_is_discarded() -> None:
    """« un Bien Légendaire » est dépensé comme un Bien ordinaire (1.4) : il rejoint la défausse
    des Biens Légendaires."""
    s = Scenario()
    s.hand("rome", grain_l=1, wood=1, sheep=1)
    s.set(legendary_discard=[])
    start(s, "rome")
    buy(s, "rome", "legion", "latium", pay=("grain", "sheep", "wood"))
    assert s.state.legendary_discard == ["grain"]


# --- 3.2 heroes and wonders, costs ------------------------------------------------------------


@pytest.mark.parametrize(("owned", "cost"), [(1, 7), (2, 8), (3, 9), (4, 10)])
def test_3_2_hw_costs(owned: int, cost: int) -> None:
    """« Le deuxième HM coûte 7 Ressources, le troisième 8 Ressources, le quatrième 9
    Ressources et le cinquième 10 Ressources. »"""
    s = Scenario()
    s.hw("rome", *["caesar", "circe", "hercules", "zeus"][:owned])
    s.set(hw_market=["antigone", "hamilcar", "sheba", "pharos", "artemis"])
    s.hand("rome", coin=cost)
    start(s, "rome")
    s.act(Buy("rome", "hw", "antigone"))
    assert s.state.build is not None and s.state.build.purchase is not None
    assert s.state.build.purchase["cost"] == cost
    s.act(Pay("rome", ("coin",) * cost))
    assert "antigone" in s.state.hw["rome"] and "antigone" not in s.state.hw_market
    if owned < 4:
        assert s.state.phase == "build"


def test_3_2_hw_unaffordable_or_not_face_up() -> None:
    """« Le deuxième HM coûte 7 Ressources » ; on l'achète parmi les tuiles visibles."""
    s = Scenario()
    s.set(hw_market=["antigone", "hamilcar", "sheba", "pharos", "artemis"])
    s.hand("rome", coin=6)
    start(s, "rome")
    rejects(s, Buy("rome", "hw", "antigone"), "unaffordable")
    rejects(s, Buy("rome", "hw", "hercules"), "not_available")


def test_3_2_hw_bonus_raises_levels_at_once() -> None:
    """« le joueur égyptien a recruté CIRCÉ. Il augmente donc de +1 ses niveaux Commerce et
    Militaire. »"""
    s = Scenario()
    s.set(hw_market=["circe", "hamilcar", "sheba", "pharos", "artemis"])
    s.hand("egypt", coin=7)
    start(s, "egypt")
    before = levels(s.state, "egypt")
    buy(s, "egypt", "hw", "circe")
    after = levels(s.state, "egypt")
    assert after["trade"] == before["trade"] + 1
    assert after["military"] == before["military"] + 1
    assert after["culture"] == before["culture"]


def test_costs_table() -> None:
    """Coûts (rulings §1) : Influence, Cité, Caravane, Légion, Trirème, Forteresse 3 ;
    Temple, Marché 6 ; Pyramides 12."""
    s = Scenario()
    s.influence("dacia", "greece")
    s.hand("greece", coin=12)
    start(s, "greece")
    expected = {("influence", "germania", -1): 3, ("legion", "achaea", -1): 3,
                ("trireme", "aegaeum", -1): 3, ("fortress", "thracia", -1): 3,
                ("caravan", "dacia", 0): 3, ("market", "thracia", 3): 6,
                ("temple", "thracia", 1): 6, ("pyramids", "", -1): 12}
    for (item, target, slot), cost in expected.items():
        s.act(Buy("greece", item, target, slot))
        assert s.state.build is not None and s.state.build.purchase is not None
        assert s.state.build.purchase["cost"] == cost, item
        s.act(CancelPurchase("greece"))


# --- 3.5 influence ----------------------------------------------------------------------------


def greek_example() -> Scenario:
    """The 3.5 picture: Greece holds DACIA and THRACIA, a trireme in PONTUS EUXINUS; MACEDONIA
    is Roman, a Roman legion stands in DALMATIA."""
    s = Scenario()
    s.influence("dacia", "greece").influence("macedonia", "rome")
    s.legions("macedonia", "greece", 0).legions("dalmatia", "rome", 1)
    s.triremes("pontus", "greece", 1)
    s.hand("greece", coin=12)
    start(s, "greece")
    return s


def test_3_5_influence_adjacent_to_dacia() -> None:
    """« le joueur grec peut placer un marqueur Influence en GERMANIA parce que cette Province
    est adjacente à DACIA, qui était déjà sous l'influence de ce joueur avant la Phase Achats »"""
    s = greek_example()
    buy(s, "greece", "influence", "germania")
    assert s.state.influence["germania"] == "greece"


def test_3_5_influence_connected_by_trireme() -> None:
    """« Il peut aussi placer un marqueur Influence en ASIA puisque cette Province est connectée
    à THRACIA ou à DACIA grâce à sa Trirème en PONTUS EUXINUS. »"""
    s = greek_example()
    buy(s, "greece", "influence", "asia")
    assert s.state.influence["asia"] == "greece"


def test_3_5_influence_not_in_non_neutral_or_enemy_province() -> None:
    """« il ne peut pas placer de marqueur Influence en DALMATIA ou en MACEDONIA étant donné que
    MACEDONIA n'est pas neutre (sous influence romaine) et qu'une Légion adverse (romaine) se
    trouve en DALMATIA »"""
    s = greek_example()
    rejects(s, Buy("greece", "influence", "macedonia"), "bad_placement")
    rejects(s, Buy("greece", "influence", "dalmatia"), "bad_placement")
    legal = s.legal("greece")
    assert Buy("greece", "influence", "germania") in legal
    assert Buy("greece", "influence", "asia") in legal
    assert Buy("greece", "influence", "dalmatia") not in legal
    assert Buy("greece", "influence", "macedonia") not in legal


def test_3_5_reach_from_provinces_held_when_the_turn_began() -> None:
    """« adjacente ou connectée à une Province qui possédait déjà un marqueur Influence de ce
    joueur avant la Phase Achats » (rulings §6 : une Province gagnée pendant le tour n'étend
    pas la portée)."""
    s = greek_example()
    buy(s, "greece", "influence", "germania")
    # GALLIA borders GERMANIA, gained this turn: out of reach.
    rejects(s, Buy("greece", "influence", "gallia"), "bad_placement")


def test_3_7_trireme_then_influence_then_legendary_city() -> None:
    """« le joueur grec place une Trirème en MARE AEGAEUM. Il peut maintenant placer un marqueur
    Influence en ASIA (qui est connectée à ACHAEA, MACEDONIA ou THRACIA, grâce à la Trirème tout
    juste placée). Il peut ensuite placer une Cité Légendaire sur l'emplacement présent en ASIA
    puisqu'il contrôle désormais la Province. »"""
    s = Scenario()
    s.hand("greece", coin=9)
    start(s, "greece")
    rejects(s, Buy("greece", "influence", "asia"), "bad_placement")
    rejects(s, Buy("greece", "legendary_city", "asia", 0), "bad_placement")
    before = levels(s.state, "greece")
    buy(s, "greece", "trireme", "aegaeum")
    buy(s, "greece", "influence", "asia")
    buy(s, "greece", "legendary_city", "asia", 0)
    assert s.state.built["asia"][0]
    # 3.8: « Il augmente de +1 son niveau Militaire grâce à sa Trirème et de +1 son niveau
    # Politique grâce à la Cité Légendaire. »
    after = levels(s.state, "greece")
    assert after["military"] == before["military"] + 1
    assert after["culture"] == before["culture"] + 1
    [placed] = s.kinds("placed")
    assert placed.audience is None and placed.data["levels"] == after


# --- 3.6 units --------------------------------------------------------------------------------


def test_3_6_one_fortress_per_province() -> None:
    """« il ne peut jamais avoir plus d'une seule Forteresse par Province »"""
    s = Scenario()
    s.hand("greece", coin=6)
    start(s, "greece")
    rejects(s, Buy("greece", "fortress", "achaea"), "bad_placement")  # set-up fortress
    buy(s, "greece", "fortress", "thracia")
    assert s.state.fortresses["thracia"] == ["greece"]
    rejects(s, Buy("greece", "fortress", "thracia"), "bad_placement")


def test_3_6_legions_only_in_controlled_provinces() -> None:
    """« Un joueur peut placer autant de Légions qu'il le souhaite dans les Provinces qu'il
    contrôle »"""
    s = Scenario()
    s.hand("greece", coin=9)
    start(s, "greece")
    buy(s, "greece", "legion", "thracia")
    buy(s, "greece", "legion", "thracia")
    assert s.state.legions["thracia"]["greece"] == 2
    rejects(s, Buy("greece", "legion", "dacia"), "bad_placement")
    rejects(s, Buy("greece", "legion", "latium"), "bad_placement")


def test_3_6_triremes_next_to_controlled_provinces() -> None:
    """« Un joueur peut placer autant de Trirèmes qu'il le souhaite dans les Mers adjacentes à
    au moins une Province qu'il contrôle. Une Trirème peut être placée dans une Mer où se
    trouvent des Trirèmes adverses. »"""
    s = Scenario()
    s.triremes("aegaeum", "rome", 2)
    s.hand("greece", coin=9)
    start(s, "greece")
    buy(s, "greece", "trireme", "aegaeum")
    buy(s, "greece", "trireme", "pontus")  # next to THRACIA
    assert s.state.triremes["aegaeum"] == {"rome": 2, "greece": 1}
    rejects(s, Buy("greece", "trireme", "tyrrhenum"), "bad_placement")
    rejects(s, Buy("greece", "trireme", "achaea"), "unknown_area")


def test_4_5_no_placement_in_province_at_war() -> None:
    """« Une Province En Guerre n'est plus contrôlée par le joueur qui l'a sous son influence
    et il ne peut plus y placer d'Unités ou de Bâtiments. »"""
    s = Scenario()
    s.legions("thracia", "rome", 1)
    s.hand("greece", coin=9)
    start(s, "greece")
    rejects(s, Buy("greece", "legion", "thracia"), "bad_placement")
    rejects(s, Buy("greece", "temple", "thracia", 1), "bad_placement")
    rejects(s, Buy("greece", "trireme", "pontus"), "bad_placement")


def test_4_6_capital_exception() -> None:
    """« Si la Province d'une Capitale est occupée par des Unités adverses, le joueur peut
    toujours continuer à y placer des Légions, une Forteresse ou des Trirèmes dans les Mers
    adjacentes ou même rebâtir sa Capitale si elle est pillée. »"""
    s = Scenario()
    for pid in ("latium", "italia", "gallia"):
        s.legions(pid, "carthage", 1)
    s.fortress("latium", "rome", False)
    slot = s.building("latium", "capital", present=False)  # pillaged
    s.hand("rome", coin=15)
    start(s, "rome")
    buy(s, "rome", "legion", "latium")
    buy(s, "rome", "fortress", "latium")
    buy(s, "rome", "trireme", "tyrrhenum")
    buy(s, "rome", "capital", "latium", slot)
    assert s.state.built["latium"][slot] and s.state.fortresses["latium"] == ["rome"]
    # Not in another province at war, nor in a sea touching only such provinces.
    rejects(s, Buy("rome", "legion", "italia"), "bad_placement")
    rejects(s, Buy("rome", "trireme", "ionium"), "bad_placement")


def test_4_6_capital_slot_only_in_own_capital() -> None:
    """« La Province où se trouve la Capitale d'un joueur ... » : un emplacement de Capitale
    n'est rebâti que par son propriétaire."""
    s = Scenario()
    slot = s.building("achaea", "capital", present=False)
    s.influence("achaea", "rome")  # even if Rome somehow held it
    s.legions("achaea", "greece", 0).fortress("achaea", "greece", False)
    s.hand("rome", coin=3)
    start(s, "rome")
    rejects(s, Buy("rome", "capital", "achaea", slot), "bad_placement")


# --- 3.7 buildings ----------------------------------------------------------------------------


def test_3_7_buildings_on_free_printed_slots() -> None:
    """« Des emplacements Bâtiments sont imprimés sur chaque Province pour indiquer quels
    Bâtiments peuvent y être placés. »"""
    s = Scenario()
    s.influence("dacia", "greece")
    s.hand("greece", coin=6)
    start(s, "greece")
    rejects(s, Buy("greece", "caravan", "thracia", 0), "bad_placement")  # slot 0 is a city
    rejects(s, Buy("greece", "city", "thracia", 0), "bad_placement")  # already built
    rejects(s, Buy("greece", "caravan", "thracia", 2), "bad_placement")  # already built
    rejects(s, Buy("greece", "caravan", "dacia", 9), "bad_placement")
    buy(s, "greece", "caravan", "dacia", 1)
    assert s.state.built["dacia"] == [False, True, False]


# --- supply limits (rulings §4) ---------------------------------------------------------------


def test_3_6_supply_limits() -> None:
    """« Un joueur est limité par le nombre de Légions (8), Fortresses (5) et Trirèmes (5)
    fournies dans le jeu pour son Empire. »"""
    s = Scenario()
    s.legions("latium", "rome", 6)  # + 1 in GALLIA + 1 bought below = 8
    s.triremes("tyrrhenum", "rome", 5)
    for pid in ("italia", "gallia", "dalmatia", "germania"):
        s.fortress(pid, "rome")  # + LATIUM = 5
    s.hand("rome", coin=6)
    start(s, "rome")
    assert supply_left(s.state, "rome", "legion") == 1
    buy(s, "rome", "legion", "latium")
    rejects(s, Buy("rome", "legion", "latium"), "no_supply")
    rejects(s, Buy("rome", "trireme", "tyrrhenum"), "no_supply")
    s.fortress("latium", "rome", False)
    s.state.fortresses["dacia"] = ["rome"]
    rejects(s, Buy("rome", "fortress", "latium"), "no_supply")


def test_rulings_4_influence_supply() -> None:
    """7 marqueurs Influence par Empire, dont les 2 placés à la mise en place (l'influence de la
    Capitale est imprimée)."""
    s = Scenario()
    for pid in ("dalmatia", "germania", "dacia", "sicilia", "creta"):
        s.influence(pid, "rome")
    s.hand("rome", coin=3)
    start(s, "rome")
    assert supply_left(s.state, "rome", "influence") == 0
    rejects(s, Buy("rome", "influence", "thracia"), "bad_placement")  # Greek anyway
    s.influence("thracia", None)
    s.legions("thracia", "greece", 0)
    rejects(s, Buy("rome", "influence", "thracia"), "no_supply")


def test_rulings_4_building_supply() -> None:
    """« nothing can be bought or placed when none is left » (rulings §4) : 37 Caravanes pour
    42 emplacements imprimés."""
    s = Scenario()
    s.influence("dacia", "greece")
    for pid, prov in s.state.board.provinces.items():
        for i, slot in enumerate(prov.slots):
            if slot.kind == "caravan" and pid != "dacia" and buildings_left(s.state, "caravan"):
                s.state.built[pid][i] = True
    assert buildings_left(s.state, "caravan") == 0
    s.hand("greece", coin=3)
    start(s, "greece")
    rejects(s, Buy("greece", "caravan", "dacia", 0), "no_supply")
    assert not [a for a in s.legal("greece") if isinstance(a, Buy) and a.item == "caravan"]


# --- 3.1 end of the Build turn ----------------------------------------------------------------


def test_3_1_end_of_turn_keeps_two_coins() -> None:
    """« À la fin de sa Phase Achats, chaque joueur peut stocker derrière son paravent jusqu'à
    2 jetons Impôt qu'il n'a pas dépensés. Les autres jetons Bien et Impôt non dépensés sont
    défaussés »"""
    s = Scenario()
    s.hand("rome", coin=5, grain=2, wood=1, grain_l=1)
    s.set(legendary_discard=[])
    start(s, "rome")
    s.act(EndTurn("rome"))
    assert s.state.hands["rome"] == {"coin": 2}
    assert s.state.legendary_discard == ["grain"]
    [discard] = s.kinds("build_discard")
    assert discard.audience == ("rome",)
    assert sorted(discard.data["discarded"]) == ["coin", "coin", "coin", "grain", "grain",
                                                 "grain*", "wood"]
    [ended] = s.kinds("build_turn_ended")
    assert ended.audience is None


def test_3_1_end_of_turn_fewer_coins() -> None:
    """« jusqu'à 2 jetons Impôt »"""
    s = Scenario()
    s.hand("rome", coin=1, oil=1)
    start(s, "rome")
    s.act(EndTurn("rome"))
    assert s.state.hands["rome"] == {"coin": 1}
    s2 = Scenario()
    s2.hand("rome", oil=1)
    start(s2, "rome")
    s2.act(EndTurn("rome"))
    assert s2.state.hands["rome"] == {}


# --- the order of builders --------------------------------------------------------------------


def test_3_1_culture_leader_chooses_the_order_himself_included() -> None:
    """« Le Leader Politique détermine l'ordre dans lequel les joueurs vont faire leurs achats
    (lui compris) en désignant un nouveau joueur après que le précédent a terminé sa Phase. »"""
    s = Scenario(THREE)
    s.enter("build")
    leader = s.state.titles["culture"]
    assert leader == "greece"
    [prompt] = engine.owed(s.state)
    assert (prompt.kind, prompt.player) == ("build_order", "greece")
    assert {a.target for a in s.legal("greece") if isinstance(a, ChooseNext)} == set(THREE)
    s.act(ChooseNext("greece", "greece"))
    rejects(s, ChooseNext("greece", "rome"), "wrong_decision")
    rejects(s, ChooseNext("rome", "rome"), "not_your_turn")
    s.act(EndTurn("greece"))
    assert [a.target for a in s.legal_as("greece", ChooseNext)] == ["rome", "carthage"]
    rejects(s, ChooseNext("greece", "greece"), "already_built")
    rejects(s, ChooseNext("greece", "atlantis"), "unknown_player")
    s.act(ChooseNext("greece", "carthage"))
    s.act(EndTurn("carthage"))
    # The last one starts without a prompt.
    assert s.state.build is not None and s.state.build.current == "rome"
    assert [p.kind for p in engine.owed(s.state)] == ["build_turn"]
    assert s.state.last_order == ["greece", "carthage", "rome"]
    s.act(EndTurn("rome"))
    assert s.state.phase == "military"
    assert s.state.build is None


def test_3_1_wrong_player_or_wrong_decision() -> None:
    """« en désignant un nouveau joueur » : seul le joueur désigné achète."""
    s = Scenario()
    s.hand("rome", coin=3)
    start(s, "rome")
    rejects(s, Buy("greece", "legion", "achaea"), "not_your_turn")
    rejects(s, EndTurn("greece"), "not_your_turn")
    rejects(s, Pay("rome", ("coin", "coin", "coin")), "wrong_decision")
    s.act(Buy("rome", "legion", "latium"))
    rejects(s, EndTurn("rome"), "wrong_decision")
    rejects(s, Buy("rome", "legion", "latium"), "wrong_decision")
    rejects(s, Buy("rome", "rocket", "latium"), "wrong_decision")
    s.act(CancelPurchase("rome"))
    rejects(s, Buy("rome", "rocket", "latium"), "unknown_item")
    rejects(s, Buy("rome", "legion", "latium", 2), "bad_slot")
    rejects(s, Buy("rome", "legion", "atlantis"), "unknown_area")
    assert s.state.hands["rome"] == {"coin": 3}


def test_purchase_events_public_payment_private() -> None:
    """Achat public (objet, lieu, coût) ; le détail du paiement est privé (paravent)."""
    s = Scenario()
    s.hand("rome", grain=1, wood=1, oil=1)
    start(s, "rome")
    s.act(Buy("rome", "legion", "latium"))
    [started] = s.kinds("purchase_started")
    assert started.audience is None and started.data["cost"] == 3
    s.act(Pay("rome", ("grain", "oil", "wood")))
    [paid] = s.kinds("paid")
    assert paid.audience == ("rome",) and paid.data["resources"] == ["grain", "oil", "wood"]
    [placed] = s.kinds("placed")
    assert placed.audience is None
    assert (placed.data["item"], placed.data["target"], placed.data["cost"]) == (
        "legion", "latium", 3)
    assert "resources" not in placed.data


# --- 8: Hammurabi -----------------------------------------------------------------------------


def test_8_hammurabi_free_influence_once_per_turn() -> None:
    """« Une fois par tour, vous pouvez placer gratuitement un marqueur Influence en respectant
    les règles de placement. »"""
    s = Scenario(FIVE)
    s.hand("babylon")
    start(s, "babylon")
    assert PlaceFreeInfluence("babylon", "assyria") in s.legal("babylon")
    rejects(s, PlaceFreeInfluence("babylon", "gallia"), "bad_placement")
    s.act(PlaceFreeInfluence("babylon", "assyria"))
    assert s.state.influence["assyria"] == "babylon"
    [placed] = s.kinds("placed")
    assert placed.audience is None and placed.data["cost"] == 0
    assert not [a for a in s.legal("babylon") if isinstance(a, PlaceFreeInfluence)]
    rejects(s, PlaceFreeInfluence("babylon", "arabia"), "power_used")
    s.act(EndTurn("babylon"))
    s.act(ChooseNext("egypt", "rome"))
    rejects(s, PlaceFreeInfluence("rome", "germania"), "no_power")


def test_8_hammurabi_respects_supply() -> None:
    """« en respectant les règles de placement » : pas de marqueur Influence sans réserve."""
    s = Scenario(FIVE)
    for pid in ("assyria", "arabia", "armenia", "cilicia", "judaea"):
        s.influence(pid, "babylon")
    start(s, "babylon")
    rejects(s, PlaceFreeInfluence("babylon", "cappadocia"), "no_supply")


# --- 3.2 / end of the phase -------------------------------------------------------------------


def test_3_2_hw_market_refilled_after_the_phase() -> None:
    """Les tuiles HM visibles sont complétées à 5, dans l'ordre de la pioche, à la fin de la
    Phase Achats (notre décision)."""
    s = Scenario(THREE)
    s.set(hw_market=["antigone", "hamilcar", "sheba", "pharos", "artemis"],
          hw_deck=["zeus", "circe", "hercules"])
    s.hand("rome", coin=7)
    start(s, "rome")
    buy(s, "rome", "hw", "sheba")
    assert s.state.hw["rome"] == ["caesar", "sheba"]
    assert s.state.hw_market == ["antigone", "hamilcar", "pharos", "artemis"]
    s.act(EndTurn("rome"))
    s.act(ChooseNext("greece", "greece"))
    s.act(EndTurn("greece"))
    s.act(EndTurn("carthage"))
    assert s.state.hw_market == ["antigone", "hamilcar", "pharos", "artemis", "zeus"]
    assert s.state.hw_deck == ["circe", "hercules"]
    assert s.state.phase == "military"


# --- 6.1 victory during the Build phase -------------------------------------------------------


def four_hw(s: Scenario, player: str) -> None:
    s.hw(player, s.state.hw[player][0], "hercules", "zeus", "circe")
    s.set(hw_market=["antigone", "hamilcar", "sheba", "pharos", "artemis"])


def test_6_1_culture_leader_wins_with_the_pyramids() -> None:
    """« Un joueur qui détient le Titre de Leader Politique gagne immédiatement lors de la Phase
    Achats lorsqu'il construit les Pyramides »"""
    s = Scenario(FIVE)
    s.hand("egypt", coin=12)
    s.enter("build")
    assert s.state.build is not None and s.state.build.could_win == ["egypt"]
    s.act(ChooseNext("egypt", "egypt"))
    buy(s, "egypt", "pyramids", pay=("coin",) * 12)
    assert s.state.over and s.state.winners == ["egypt"] and s.state.victory == "pyramids"
    assert not s.state.pyramids_available and "pyramids" in s.state.hw["egypt"]
    assert engine.owed(s.state) == []


def test_6_1_culture_leader_wins_with_his_fifth_hw() -> None:
    """« Un joueur qui détient le Titre de Leader Politique gagne immédiatement lors de la Phase
    Achats lorsqu'il recrute/achète son cinquième HM. »"""
    s = Scenario(FIVE)
    four_hw(s, "egypt")
    s.hand("egypt", coin=10)
    start(s, "egypt")
    buy(s, "egypt", "hw", "antigone")
    assert s.state.winners == ["egypt"] and s.state.victory == "hw"


def test_6_1_culture_leader_precedence_through_the_order() -> None:
    """« Un joueur qui détient le Titre de Leader Politique gagne immédiatement » : quand il peut
    gagner, les autres candidats n'ont pas de victoire d'office ; il se désigne en premier."""
    s = Scenario(FIVE)
    s.hand("egypt", coin=12).hand("rome", coin=12)
    s.enter("build")
    assert s.state.build is not None and s.state.build.could_win == ["rome", "egypt"]
    assert not s.state.over
    s.act(ChooseNext("egypt", "egypt"))
    buy(s, "egypt", "pyramids", pay=("coin",) * 12)
    assert s.state.winners == ["egypt"]


def test_6_1_culture_leader_may_let_another_build_first() -> None:
    """« ... gagne immédiatement » : un achat terminé des Pyramides fait gagner l'acheteur ;
    l'ordre est celui que choisit le Leader Politique."""
    s = Scenario(FIVE)
    s.hand("egypt", coin=12).hand("rome", coin=12)
    start(s, "rome")
    buy(s, "rome", "pyramids", pay=("coin",) * 12)
    assert s.state.winners == ["rome"] and s.state.victory == "pyramids"


def test_6_1_alone_able_to_win_wins_when_he_buys() -> None:
    """« Si un joueur est seul à pouvoir construire les Pyramides ou son cinquième HM, il gagne
    immédiatement. »"""
    s = Scenario(FIVE)
    four_hw(s, "rome")
    s.hand("rome", coin=10)
    s.enter("build")
    assert not s.state.over
    s.act(ChooseNext("egypt", "rome"))
    buy(s, "rome", "hw", "antigone")
    assert s.state.winners == ["rome"] and s.state.victory == "hw"


def test_6_1_several_pyramids_builders_win_together() -> None:
    """« Si plusieurs joueurs peuvent construire les Pyramides, ils gagnent à égalité. »"""
    s = Scenario(FIVE)
    s.hand("rome", coin=12).hand("greece", grain=1, oil=1, wine=1, metal=1, gold=1, wood=1,
                                 sheep=1, marble=1, papyrus=1, perfume=1, diamond=1, ceramic=1)
    four_hw(s, "babylon")
    s.hand("babylon", coin=10)
    events = s.enter("build")
    assert s.state.over and s.state.victory == "pyramids"
    assert s.state.winners == ["rome", "greece"]
    assert [e for e in events if e.kind == "game_won"]


def test_6_1_without_pyramids_fifth_hw_buyers_win_together() -> None:
    """« Si les Pyramides ne sont pas construites, les joueurs pouvant acheter leur cinquième HM
    gagnent à égalité. »"""
    s = Scenario(FIVE)
    four_hw(s, "rome")
    four_hw(s, "babylon")
    s.hand("rome", coin=10).hand("babylon", coin=11)
    s.enter("build")
    assert s.state.over and s.state.victory == "hw"
    assert s.state.winners == ["rome", "babylon"]


def test_6_1_fifth_hw_needs_a_face_up_tile() -> None:
    """« les joueurs pouvant acheter leur cinquième HM » : il faut une tuile visible."""
    s = Scenario(FIVE)
    four_hw(s, "rome")
    four_hw(s, "babylon")
    s.set(hw_market=[])
    s.hand("rome", coin=10).hand("babylon", coin=10)
    s.enter("build")
    assert not s.state.over
    assert s.state.build is not None and s.state.build.could_win == []


def test_6_1_pyramids_gone() -> None:
    """« en obtenant la tuile Pyramides » : une seule tuile."""
    s = Scenario(FIVE)
    s.set(pyramids_available=False)
    s.hand("rome", coin=12).hand("greece", coin=12)
    s.enter("build")
    assert not s.state.over
    s.act(ChooseNext("egypt", "rome"))
    rejects(s, Buy("rome", "pyramids"), "not_available")


# --- defaults (rulings §12) -------------------------------------------------------------------


def test_rulings_12_defaults() -> None:
    """« When it passes, the bot applies a documented default »: order = first remaining player
    in seat order; turn = end it; payment = cancel."""
    s = Scenario(FIVE)
    s.hand("rome", coin=3)
    s.enter("build")
    [order] = engine.owed(s.state)
    assert engine.default_action(s.state, order) == ChooseNext("egypt", "rome")
    s.act(engine.default_action(s.state, order))
    [turn] = engine.owed(s.state)
    assert engine.default_action(s.state, turn) == EndTurn("rome")
    s.act(Buy("rome", "legion", "latium"))
    [payment] = engine.owed(s.state)
    assert engine.default_action(s.state, payment) == CancelPurchase("rome")
    s.act(engine.default_action(s.state, payment))
    assert s.state.hands["rome"] == {"coin": 3}
    assert s.state.build is not None and s.state.build.purchase is None


# --- legal actions and check agree ------------------------------------------------------------


def _agree(s: Scenario, player: str, candidates: list[Action]) -> None:
    legal = set(s.legal(player))
    for action in candidates:
        try:
            engine.check(s.state, action)
            ok = True
        except EngineError:
            ok = False
        assert ok == (action in legal), action
    for action in legal:
        engine.check(s.state, action)


def test_legal_actions_and_check_agree() -> None:
    """Every action in `legal` passes `check`, and every action `check` accepts is in `legal`."""
    s = greek_example()
    board = s.state.board
    items = ["influence", "legion", "trireme", "fortress", "caravan", "market", "city",
             "capital", "legendary_city", "temple", "hw", "pyramids"]
    areas = [*board.provinces, *board.seas, "", *s.state.hw_market, "hercules"]
    candidates: list[Action] = [
        Buy("greece", item, area, slot) for item in items for area in areas
        for slot in range(-1, 6)
    ]
    candidates += [PlaceFreeInfluence("greece", p) for p in board.provinces]
    candidates.append(EndTurn("greece"))
    _agree(s, "greece", candidates)


@pytest.mark.parametrize("heroes", [(), ("cleopatra",), ("hannibal",), ("cleopatra", "hannibal")])
def test_payment_legal_and_check_agree(heroes: tuple[str, ...]) -> None:
    """« Un joueur peut acheter différentes choses en dépensant des combinaisons de Ressources »
    : the payments offered are exactly the valid sets he holds."""
    rng = random.Random(7)
    types = ["coin", "grain", "wood", "sheep", "gold", "metal"]
    for _ in range(6):
        s = Scenario()
        hand = {t: rng.randint(0, 3) for t in types}
        s.hand("rome", **hand)
        s.hw("rome", "caesar", *heroes)
        start(s, "rome")
        rules = payment_rules(s.state, "rome")
        for item, target in (("legion", "latium"), ("temple", "latium")):
            cost = 3 if item == "legion" else 6
            if not can_afford(s.state.hands["rome"], cost, rules):
                continue
            s.act(Buy("rome", item, target, 1 if item == "temple" else -1))
            cands: list[Action] = [Pay("rome", c)
                                   for c in combinations_with_replacement(types, cost)]
            _agree(s, "rome", [*cands, CancelPurchase("rome")])
            assert len(pays(s, "rome")) == len(
                payment_options(s.state.hands["rome"], cost, rules))
            s.act(CancelPurchase("rome"))


def test_snapshot_during_a_purchase() -> None:
    """A game saved while a payment is owed comes back identical."""
    s = Scenario()
    s.hand("rome", coin=3)
    start(s, "rome")
    s.act(Buy("rome", "legion", "latium"))
    assert engine.from_json(engine.to_json(s.state)) == s.state
    assert some(some(view(s.state, "greece")["build"])["purchase"])["item"] == "legion"


# A module whose BUILD_START handler takes the phase's opening over (and ends the game).
START_HOOK: RulesModule[GameState] = RulesModule("test.build_start")


@START_HOOK.hook(BUILD_START)
def _greece_wins(state: GameState, ev: EventLog) -> bool:
    end_game(state, ["greece"], "hw", ev)
    return True


register_module(START_HOOK)


def test_start_hooks_can_take_the_phase_over() -> None:
    """The extension point for Persée (« jouer en premier ... et être l'unique vainqueur »): a
    module's handler of BUILD_START, asked after Persée's own."""
    s = Scenario()
    s.state.modules = ("test.build_start",)
    s.hand("rome", coin=12).hand("carthage", coin=12)
    s.enter("build")
    assert s.state.winners == ["greece"]


def test_3_3_the_turn_s_placements_are_listed_for_the_builder_s_summary() -> None:
    """« Un joueur doit placer les marqueurs Influence, les Unités ou les Bâtiments qu'il vient
    d'acheter » — what he placed this turn is public and listed in the view (the bot's summary
    before ending the turn), and the list starts afresh with the next builder."""
    from bot.games.mare_nostrum.view import view

    s = Scenario()
    s.hand("greece", coin=9)
    start(s, "greece")
    buy(s, "greece", "trireme", "aegaeum")
    buy(s, "greece", "influence", "asia")
    listed = some(view(s.state, "rome")["build"])["bought"]
    assert listed == [{"item": "trireme", "target": "aegaeum"},
                      {"item": "influence", "target": "asia"}]
    s.act(EndTurn("greece"))
    assert s.state.build is None or s.state.build.bought == []


def test_legal_actions_and_check_agree_through_seeded_games() -> None:
    """The same agreement on every third Build-turn position of seeded random games (varied
    hands, heroes, occupations and supplies), over the whole grid of purchases."""
    rnd = random.Random(5)
    items = ["influence", "legion", "trireme", "fortress", "caravan", "market", "city",
             "capital", "legendary_city", "temple", "hw", "pyramids"]
    checked = 0
    for seed in range(2):
        state, _ = engine.new_game(["rome", "greece", "carthage", "egypt", "babylon"], None, seed)
        seen = 0
        while not state.over and checked < 60:
            owed = engine.owed(state)
            turn = next((p for p in owed if p.kind == "build_turn"), None)
            if turn is not None:
                seen += 1
                if seen % 3 == 0:
                    s = Scenario()
                    s.state = state
                    board = state.board
                    areas = [*board.provinces, *board.seas, "", *state.hw_market]
                    grid: list[Action] = [Buy(turn.player, i, a, slot) for i in items
                                          for a in areas for slot in range(-1, 6)]
                    _agree(s, turn.player, grid)
                    checked += 1
            player = rnd.choice(sorted({p.player for p in owed}))
            legal = engine.legal_actions(state, player)
            rest = [a for a in legal if not isinstance(a, EndTurn | CancelPurchase)]
            action = rnd.choice(rest) if rest and rnd.random() < 0.85 else rnd.choice(legal)
            state, _ = engine.apply(state, action)
    assert checked >= 20


def test_snapshot_of_a_purchase_and_the_turn_s_placements_keeps_its_format() -> None:
    """BuildState.purchase and .bought are typed (Purchase, Placed) but stay the plain dicts
    snapshots always held, keys in the same order: stored games read back byte for byte."""
    s = Scenario()
    s.hand("rome", coin=6)
    start(s, "rome")
    buy(s, "rome", "legion", "latium")
    s.act(Buy("rome", "legion", "latium"))
    stored = engine.to_json(s.state)
    build = orjson.loads(stored)["build"]
    assert list(build["purchase"].items()) == [("item", "legion"), ("target", "latium"),
                                               ("slot", -1), ("cost", 3)]
    assert [list(x.items()) for x in build["bought"]] == [[("item", "legion"),
                                                          ("target", "latium")]]
    assert engine.to_json(engine.from_json(stored)) == stored


# Build powers handed out at random in the property test below (each acts through a hook).
BUILD_POWERS = ["spartacus", "gilgamesh", "pharos", "cleopatra", "hannibal", "hammurabi",
                "penthesilea"]


def _candidates(rnd: random.Random, state: GameState, player: str) -> list[Action]:
    """Answers a player could send to a Build decision, forged ones included."""
    board = state.board
    items = ["influence", "legion", "trireme", "fortress", "caravan", "market", "city",
             "capital", "legendary_city", "temple", "hw", "pyramids", "palace"]
    areas = [*board.provinces, *board.seas, "", *state.hw_market, *state.hw_deck[:3],
             "atlantis"]
    b = state.build
    if b is not None and b.purchase is not None:
        types = ["coin", "grain", "wood", "sheep", "gold", "gladiator", "marble", "grain*",
                 "feathers"]
        pays: list[Action] = []
        for _ in range(60):
            resources = tuple(rnd.choice(types) for _ in range(rnd.randint(1, 4)))
            pays.append(Pay(player, resources if rnd.random() < 0.2 else tuple(sorted(resources))))
        return [*pays, CancelPurchase(player)]
    out: list[Action] = [Buy(player, rnd.choice(items), rnd.choice(areas), rnd.randint(-2, 6))
                         for _ in range(150)]
    out += [PlaceFreeInfluence(player, rnd.choice(areas)) for _ in range(10)]
    return [*out, EndTurn(player)]


def test_listing_and_check_agree_for_random_answers_with_build_powers() -> None:
    """Through the engine's API, on the Build decisions of seeded games whose players hold
    random Build powers (one-token units, Cléopâtre's and Hannibal's sets, free influence and
    legions): every listed answer passes `check`, and random answers — unknown items and
    areas, slots out of range, unsorted, legendary or unknown payments — pass `check` exactly
    when listed."""
    rnd = random.Random(12)
    asked = 0
    for seed in range(3):
        state, _ = engine.new_game(FIVE, None, seed)
        for player in state.players:
            state.hw[player] += rnd.sample(BUILD_POWERS, 3)
        while not state.over and asked < 150:
            owed = engine.owed(state)
            player = rnd.choice(sorted({p.player for p in owed}))
            legal = engine.legal_actions(state, player)
            if any(p.kind in ("build_turn", "build_payment") and p.player == player
                   for p in owed) and rnd.random() < 0.5:
                asked += 1
                listed = set(legal)
                for action in legal:
                    engine.check(state, action)
                for action in _candidates(rnd, state, player):
                    try:
                        engine.check(state, action)
                        accepted = True
                    except EngineError:
                        accepted = False
                    assert accepted == (action in listed), action
            rest = [a for a in legal if not isinstance(a, EndTurn | CancelPurchase)]
            action = rnd.choice(rest) if rest and rnd.random() < 0.85 else rnd.choice(legal)
            state, _ = engine.apply(state, action)
    assert asked >= 100
