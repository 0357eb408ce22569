"""2003 Construction phase (003 l.278–304, «Règles à respecter»; checklist D.1 BD-01 …
BD-17)."""

from __future__ import annotations

import pytest

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Buy, CancelPurchase, ChooseNext, Pay
from bot.games.mare_nostrum.errors import EngineError
from bot.games.mare_nostrum.rulesets.mn2003.construction import EndConstruction, cost
from bot.games.mare_nostrum.rulesets.mn2003.data import BOARD_KEY
from bot.games.mare_nostrum.rulesets.mn2003.geography import city_sites
from bot.games.mare_nostrum.rulesets.mn2003.trade import NameAmount
from bot.games.mare_nostrum.state import GameState

from .helpers import act, legal, part, prompt_of, started, to_construction

TAXES = {"coin": 12}


def egypt_builds(hand: dict[str, int] | None = None) -> GameState:
    state = to_construction(4, "egypt")
    state.hands["egypt"] = dict(hand or TAXES)
    return state


def refused(state: GameState, action: Buy) -> str:
    with pytest.raises(EngineError) as err:
        engine.check(state, action)
    assert action not in legal(state, action.player)
    return err.value.code


def buy(state: GameState, action: Buy, paid: tuple[str, ...] | None = None) -> None:
    act(state, action)
    c = prompt_of(state, "construction_payment").data["cost"]
    act(state, Pay(action.player, paid or ("coin",) * c))


def test_bd01_the_leader_politique_names_who_builds_next() -> None:
    """003 l.279: the Leader politique «Détermine l'ordre du tour pendant la phase de
    construction»; «Ils annoncent le joueur dont c'est le tour au fur et à mesure» (004)."""
    state = started(4)
    act(state, NameAmount("carthage", 0))
    order = prompt_of(state, "construction_order")
    assert order.player == "egypt"
    assert legal(state, "egypt") == [ChooseNext("egypt", p) for p in state.players]
    act(state, ChooseNext("egypt", "greece"))
    assert prompt_of(state, "construction_turn").player == "greece"


def test_bd02_a_combination_is_all_tax_cards_or_all_different_resources_of_exactly_the_cost() -> (
    None
):
    """003 l.281–284: «Une combinaison est composée: - soit de cartes impôts, - soit de cartes
    ressources différentes. La valeur d'une combinaison est équivalente au nombre de cartes
    qui la composent»; the l.408–411 example: no 6-card combination with two céréales."""
    state = egypt_builds(
        {"coin": 3, "grain": 2, "perfume": 1, "sheep": 1, "gold": 1, "gladiator": 1}
    )
    assert refused(state, Buy("egypt", "temple", "aegyptus")) == "cannot_afford"
    act(state, Buy("egypt", "legion", "aegyptus"))
    assert CancelPurchase("egypt") in legal(state, "egypt")
    for bad in (("grain", "grain", "gold"), ("coin", "grain", "gold"), ("coin",) * 4):
        with pytest.raises(EngineError) as err:
            engine.check(state, Pay("egypt", bad))
        assert err.value.code in ("bad_payment",)
    act(state, Pay("egypt", ("gold", "grain", "perfume")))
    assert state.legions["aegyptus"] == {"egypt": 1}


def test_bd03_the_costs() -> None:
    """Summary sheet (003 l.813–830): influence, ville, caravane, légion, trirème,
    forteresse 3; temple, marché 6; «Merveille ou Héros» 9; «Pyramides» 12."""
    state = egypt_builds()
    assert {
        i: cost(state, "carthage", i)
        for i in (
            "influence",
            "city",
            "caravan",
            "legion",
            "trireme",
            "fortress",
            "temple",
            "market",
            "hw",
            "pyramids",
        )
    } == {
        "influence": 3,
        "city": 3,
        "caravan": 3,
        "legion": 3,
        "trireme": 3,
        "fortress": 3,
        "temple": 6,
        "market": 6,
        "hw": 9,
        "pyramids": 12,
    }


def test_bd04_build_only_under_his_influence_and_not_at_war_except_the_capital() -> None:
    """Rules 1 and 6: «Il ne peut construire dans une province vierge ou sous l'influence
    d'un autre joueur» — «Il ne peut rien construire dans une province en guerre ou occupée
    militairement. Exception faite pour la capitale»."""
    state = egypt_builds()
    assert refused(state, Buy("egypt", "legion", "latium")) == "not_controlled"
    assert refused(state, Buy("egypt", "legion", "judaea")) == "not_controlled"
    state.legions["cyrenaica"] = {"rome": 1}
    state.legions["aegyptus"] = {"rome": 1}
    assert refused(state, Buy("egypt", "legion", "cyrenaica")) == "province_at_war"
    assert Buy("egypt", "legion", "aegyptus") in legal(state, "egypt")


def test_bd05_influence_adjacent_to_a_province_he_held_free_and_without_others_units() -> None:
    """Rule 2: «Il ne peut placer un pion influence que dans une province adjacente à une
    province qu'il contrôle déjà et qui n'est pas sous l'influence d'un autre joueur»; C-3."""
    state = egypt_builds()
    assert Buy("egypt", "influence", "judaea") in legal(state, "egypt")
    assert refused(state, Buy("egypt", "influence", "achaea")) == "province_taken"
    assert refused(state, Buy("egypt", "influence", "creta")) == "not_adjacent"
    state.legions["nubia"] = {"rome": 1}
    assert refused(state, Buy("egypt", "influence", "nubia")) == "province_at_war"


def test_bd05_a_chain_of_his_triremes_makes_provinces_adjacent() -> None:
    """003 l.413–414: «Est-ce que 2 provinces reliées par une chaîne ininterrompue de
    trirèmes sont adjacentes ? Oui, pour le déplacement des légions comme pour l'influence»."""
    state = egypt_builds()
    state.triremes["aegyptium"] = {"egypt": 1}
    state.triremes["africum"] = {"egypt": 1}
    assert Buy("egypt", "influence", "creta") in legal(state, "egypt")
    assert Buy("egypt", "influence", "sicilia") in legal(state, "egypt")
    state.triremes = {"aegyptium": {"rome": 1}}  # another's triremes link nothing
    assert refused(state, Buy("egypt", "influence", "creta")) == "not_adjacent"


def test_bd06_nothing_else_in_a_province_the_turn_its_influence_is_placed() -> None:
    """Rule 3: «Pendant le tour où il place son pion influence, il ne peut rien construire
    d'autre dans cette province. Il doit attendre son prochain tour»; 004 l.238–240: no
    influence next to one placed this turn."""
    state = egypt_builds()
    buy(state, Buy("egypt", "influence", "judaea"))
    assert state.influence["judaea"] == "egypt"
    assert refused(state, Buy("egypt", "legion", "judaea")) == "influence_just_placed"
    assert refused(state, Buy("egypt", "influence", "cilicia")) == "not_adjacent"


def test_bd07_one_ville_per_city_site_capital_sites_included() -> None:
    """Rule 4: «une ville par site de ville imprimé dans la province … qu'une caravane par
    ressource imprimée»; A.11: capital and legendary sites are ordinary city sites."""
    state = egypt_builds()
    assert len(city_sites("aegyptus", BOARD_KEY)) == 2
    assert len(city_sites("sicilia", BOARD_KEY)) == 1
    assert refused(state, Buy("egypt", "city", "aegyptus", 0)) == "site_taken"
    assert refused(state, Buy("egypt", "city", "aethiopia", 0)) == "bad_slot"
    gold = next(
        i for i, s in enumerate(state.board.provinces["aethiopia"].slots) if s.commodity == "gold"
    )
    assert Buy("egypt", "caravan", "aethiopia", gold) in legal(state, "egypt")


def test_bd08_one_temple_and_one_market_in_any_province() -> None:
    """Rule 4: «il ne peut construire qu'un seul temple, un seul marché»; the 2003 board
    prints no temple or market site (C-5)."""
    state = egypt_builds()
    buy(state, Buy("egypt", "temple", "aethiopia"))  # aethiopia prints no temple
    assert part(state).temples == ["aethiopia"]
    assert refused(state, Buy("egypt", "temple", "aethiopia")) == "site_taken"
    assert Buy("egypt", "market", "aethiopia") in legal(state, "egypt")


def test_bd09_one_fortress_per_province_legions_unlimited() -> None:
    """Rule 4: «une seule forteresse»; no limit is given for legions."""
    state = egypt_builds()
    assert refused(state, Buy("egypt", "fortress", "aegyptus")) == "fortress_limit"
    buy(state, Buy("egypt", "fortress", "cyrenaica"))
    for _ in range(3):
        buy(state, Buy("egypt", "legion", "cyrenaica"))
    assert state.legions["cyrenaica"] == {"egypt": 3}


def test_bd10_triremes_are_built_on_land_in_a_coastal_province() -> None:
    """Rule 5: «Il ne peut construire des trirèmes que dans les provinces en bord de mer et
    sur les îles. Elles pourront se déplacer dans une case de mer adjacente»."""
    state = egypt_builds()
    assert refused(state, Buy("egypt", "trireme", "aethiopia")) == "not_coastal"
    buy(state, Buy("egypt", "trireme", "aegyptus"))
    assert part(state).docked == {"aegyptus": {"egypt": 1}} and not state.triremes


def test_bd11_nothing_is_built_when_the_supply_is_empty() -> None:
    """004 l.236: «Il ne peut construire que s'il reste des pions disponibles»."""
    state = egypt_builds({"coin": 30})
    state.legions["cyrenaica"] = {"egypt": 8}
    assert refused(state, Buy("egypt", "legion", "aegyptus")) == "supply_empty"


def test_bd16_unused_cards_are_discarded_and_two_tax_cards_kept() -> None:
    """003 l.285–287: «Les cartes ressources non utilisées … sont défaussées à la fin de la
    phase de construction … On ne peut garder d'un tour à l'autre que 2 cartes impôts»."""
    state = egypt_builds({"coin": 5, "grain": 1, "gold": 2})
    assert legal(state, "egypt")[-1] == EndConstruction("egypt")
    act(state, EndConstruction("egypt"))
    assert state.hands["egypt"] == {"coin": 2}


def test_bd17_a_conversion_is_completed_and_paid_at_the_next_construction() -> None:
    """003 l.344–346: «Il pourra, lors de la phase de construction suivante, le remplacer par
    un de ses propres pions influence (sous réserve qu'il satisfasse aux règles de
    construction : la province devra être adjacente à son empire et il devra payer le coût
    de construction de l'influence)»; 004 l.313: «avec toutes les constructions»."""
    state = egypt_builds()
    state.influence["judaea"] = "rome"
    state.built["judaea"][0] = True
    state.legions["judaea"] = {"egypt": 1}
    state.conversions["judaea"] = {"player": "egypt", "round": 1}
    buy(state, Buy("egypt", "convert", "judaea"))
    assert state.influence["judaea"] == "egypt" and "judaea" not in state.conversions
    assert state.hands["egypt"] == {"coin": 9}  # paid 3
    state.legions["judaea"] = {}
    state.influence["syria"] = "rome"
    state.conversions["syria"] = {"player": "egypt", "round": 1}
    assert refused(state, Buy("egypt", "convert", "syria")) == "no_conversion"
