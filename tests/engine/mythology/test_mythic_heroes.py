"""The 21 mythological heroes (004 l.374–416, FAQ l.419–433; aid §B.11.3, C-48 … C-56;
checklist D.2 MH-20 … MH-40): one test per hero and clause, quoting the rulebook. Refusals
are typed and change nothing (`refused`)."""

from __future__ import annotations

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Buy, CancelPurchase, Pay
from bot.games.mare_nostrum.board import PYRAMIDS as PYRAMIDS_ITEM
from bot.games.mare_nostrum.events import Event
from bot.games.mare_nostrum.modules.mythology.cards import PYRAMIDS
from bot.games.mare_nostrum.modules.mythology.gods.actions import PassOffering, TakeGod
from bot.games.mare_nostrum.modules.mythology.mythic_heroes import ids
from bot.games.mare_nostrum.modules.mythology.mythic_heroes.building import (
    GilgameshFortress,
    JasonCaravan,
    SpartacusLegion,
)
from bot.games.mare_nostrum.modules.mythology.mythic_heroes.copies import CopyHero
from bot.games.mare_nostrum.modules.mythology.mythic_heroes.hero_buys import HeroBuy
from bot.games.mare_nostrum.modules.mythology.mythic_heroes.income import circe_income
from bot.games.mare_nostrum.modules.mythology.mythic_heroes.trade import AntigoneChoice
from bot.games.mare_nostrum.rulesets.mn2003.construction import card_cost, cost
from bot.games.mare_nostrum.rulesets.mn2003.pieces import fortresses_at, legions_at
from bot.games.mare_nostrum.rulesets.mn2003.placement import linked
from bot.games.mare_nostrum.rulesets.mn2003.roles import counts
from bot.games.mare_nostrum.rulesets.mn2003.substate import sub
from bot.games.mare_nostrum.rulesets.mn2003.trade import NameAmount
from bot.games.mare_nostrum.rulesets.mn2003.trade import income as trade_income
from tests.engine.mn2003.helpers import act, prompt_of

from .gods_helpers import give, new, on_to_military, refused, to_offerings
from .heroes_helpers import grant, part, to_construction
from .test_gods import _income_again

# --- Adonis (MH-21) ------------------------------------------------------------------------


def test_adonis_takes_a_god_nobody_chose_at_the_end_of_the_offerings() -> None:
    """«permet de récupérer le pouvoir d'un dieu qui n'a pas été choisi, à la fin de la phase
    d'offrandes aux dieux (en + de la possibilité de faire une offrande)»."""
    state = to_offerings()
    grant(state, "egypt", ids.ADONIS)
    while not any(p.kind == "extra_god" for p in state.prompts):
        p = state.prompts[0]
        assert p.kind != "extra_god"
        if p.kind == "offering_order":
            act(state, engine.legal_actions(state, p.player)[0])
        else:
            act(state, PassOffering(p.player))
    extra = prompt_of(state, "extra_god")
    assert extra.player == "egypt"
    assert TakeGod("egypt", "mars") in engine.legal_actions(state, "egypt")
    act(state, TakeGod("egypt", "mars"))
    assert state.substates["mythology.gods"].holders == {"mars": "egypt"}  # type: ignore[attr-defined]


def test_adonis_not_held_no_free_god() -> None:
    state = to_offerings()
    while state.phase == "offerings":
        p = state.prompts[0]
        assert p.kind != "extra_god"
        if p.kind == "offering_order":
            act(state, engine.legal_actions(state, p.player)[0])
        else:
            act(state, PassOffering(p.player))


# --- Moïse (MH-37) -------------------------------------------------------------------------


def test_moses_bonus_of_2_to_be_high_priest() -> None:
    """«bonus de 2 pour être Grand Prêtre»."""
    state = to_offerings()
    before = counts(state, "rome")
    grant(state, "rome", ids.MOSES)
    after = counts(state, "rome")
    assert after["high_priest"] == before["high_priest"] + 2
    assert {r: n for r, n in after.items() if r != "high_priest"} == {
        r: n for r, n in before.items() if r != "high_priest"
    }


# --- Imhotep (MH-32) -----------------------------------------------------------------------


def test_imhotep_wonders_with_one_card_less_not_heroes() -> None:
    """«permet de construire les merveilles (pas les héros) avec 1 carte de moins»."""
    state = to_construction("rome")
    grant(state, "rome", ids.IMHOTEP)
    assert card_cost(state, "rome", "mythology.zeus") == 8
    assert card_cost(state, "rome", "mn2003.colossus") == 8
    assert card_cost(state, "rome", "mythology.ajax") == 9
    assert card_cost(state, "greece", "mythology.zeus") == 9
    give(state, "rome", {"coin": 8})
    listed = engine.legal_actions(state, "rome")
    assert Buy("rome", "hw", "mythology.zeus") in listed
    assert Buy("rome", "hw", "mythology.ajax") not in listed
    assert refused(state, Buy("rome", "hw", "mythology.ajax")) == "cannot_afford"
    act(state, Buy("rome", "hw", "mythology.zeus"))
    assert prompt_of(state, "construction_payment").data["cost"] == 8


def test_imhotep_pyramids_included() -> None:
    """«(y compris les pyramides)»: 11 cards, 12 in the long game."""
    state = to_construction("rome")
    grant(state, "rome", ids.IMHOTEP)
    assert cost(state, "rome", PYRAMIDS_ITEM) == 11
    assert cost(state, "greece", PYRAMIDS_ITEM) == 12
    give(state, "rome", {"coin": 11})
    assert Buy("rome", PYRAMIDS_ITEM, PYRAMIDS) in engine.legal_actions(state, "rome")


# --- Spartacus (MH-40) ---------------------------------------------------------------------


def test_spartacus_one_legion_for_one_slave_card_once_a_round() -> None:
    """«1 fois par tour, pendant la phase de construction, permet de construire 1 légion avec
    1 carte esclave (non cumulable avec d'autres réductions)»."""
    state = to_construction("rome")
    grant(state, "rome", ids.SPARTACUS)
    give(state, "rome", {"gladiator": 2})
    assert SpartacusLegion("rome", "latium") in engine.legal_actions(state, "rome")
    before = legions_at(state, "latium", "rome")
    act(state, SpartacusLegion("rome", "latium"))
    assert legions_at(state, "latium", "rome") == before + 1
    assert state.hands["rome"] == {"gladiator": 1}
    assert SpartacusLegion("rome", "latium") not in engine.legal_actions(state, "rome")
    assert refused(state, SpartacusLegion("rome", "latium")) == "power_used_this_round"


def test_spartacus_refusals_typed() -> None:
    state = to_construction("rome")
    give(state, "rome", {"gladiator": 1})
    assert refused(state, SpartacusLegion("rome", "latium")) == "power_not_held"
    grant(state, "rome", ids.SPARTACUS)
    give(state, "rome", {"coin": 3})
    assert refused(state, SpartacusLegion("rome", "latium")) == "spartacus_no_slave"
    give(state, "rome", {"gladiator": 1})
    assert refused(state, SpartacusLegion("rome", "achaea")) == "not_controlled"


# --- Gilgamesh (MH-29, C-51) ---------------------------------------------------------------


def test_gilgamesh_free_fortress_in_a_new_province() -> None:
    """«place 1 forteresse gratuite dans une nouvelle province (au moment où il place
    l'influence)»: C-51, despite the wait rule, once a round."""
    state = to_construction("rome")
    grant(state, "rome", ids.GILGAMESH)
    assert refused(state, GilgameshFortress("rome", "latium")) == "gilgamesh_not_new"
    give(state, "rome", {"coin": 3})
    target = next(
        b.target
        for b in engine.legal_actions(state, "rome")
        if isinstance(b, Buy) and b.item == "influence"
    )
    act(state, Buy("rome", "influence", target))
    act(state, engine.legal_actions(state, "rome")[0])  # the 3 tax cards
    assert target in sub(state).placed
    assert GilgameshFortress("rome", target) in engine.legal_actions(state, "rome")
    act(state, GilgameshFortress("rome", target))
    assert fortresses_at(state, target, "rome") == 1
    assert refused(state, GilgameshFortress("rome", target)) == "power_used_this_round"


# --- Jason (MH-33, C-53) -------------------------------------------------------------------


def test_jason_captures_an_occupied_caravan_once_a_round() -> None:
    """«capture les caravanes (1 fois par tour, pendant la phase de construction, permet de
    récupérer 1 caravane qu'il occupe sous réserve de pouvoir la placer)»."""
    from bot.games.mare_nostrum.rulesets.mn2003.geography import caravan_sites

    state = to_construction("rome")
    grant(state, "rome", ids.JASON)
    key = state.board_key
    source = "africa"
    slot = next(i for i in caravan_sites(source, key) if state.built[source][i])
    state.legions[source] = {"rome": 8}
    state.fortresses.pop(source, None)
    sub(state).occupied[source] = "rome"
    target, tslot = next(
        (p, i)
        for p in ("latium", "gallia", "italia")
        for i in caravan_sites(p, key)
        if not state.built[p][i]
    )
    move = JasonCaravan("rome", source, slot, target, tslot)
    assert move in engine.legal_actions(state, "rome")
    assert refused(state, JasonCaravan("rome", "achaea", 0, target, tslot)) == (
        "jason_not_occupied"
    )
    act(state, move)
    assert not state.built[source][slot] and state.built[target][tslot]
    assert refused(state, move) == "power_used_this_round"


def test_power_used_is_public_and_round_scoped() -> None:
    state = to_construction("rome")
    grant(state, "rome", ids.SPARTACUS)
    give(state, "rome", {"gladiator": 1})
    act(state, SpartacusLegion("rome", "latium"))
    assert part(state).used == ["1:mythology.spartacus:rome"]
    state.round = 2
    give(state, "rome", {"gladiator": 1})
    assert SpartacusLegion("rome", "latium") in engine.legal_actions(state, "rome")


# --- Moïse's straits (MH-37, §C.3) ---------------------------------------------------------


def test_moses_passage_of_the_straits_for_influence_and_units() -> None:
    """«accorde le passage des détroits : Messine, Bosphore, Colonnes d'Hercule (l'actuel
    Gibraltar) et, bien sûr, la traversée de la Mer Noire. Avoir le passage signifie :
    permettre le transport d'unités et l'implantation d'influence, sans avoir besoin de
    flotte»."""
    state = to_construction("rome")
    state.triremes = {}
    assert "sicilia" not in linked(state, "rome", ["italia"])
    grant(state, "rome", ids.MOSES)
    assert "sicilia" in linked(state, "rome", ["italia"])
    assert "italia" in linked(state, "rome", ["sicilia"])
    assert {"asia", "cappadocia"} <= linked(state, "rome", ["thracia"])  # Bosphore, mer Noire
    assert "mauretania" in linked(state, "rome", ["gadira"])  # Colonnes d'Hercule
    assert "sicilia" not in linked(state, "greece", ["italia"])
    give(state, "rome", {"coin": 3})
    assert Buy("rome", "influence", "sicilia") in engine.legal_actions(state, "rome")


def test_moses_straits_are_board_data() -> None:
    from bot.games.mare_nostrum.board import board
    from bot.games.mare_nostrum.modules.mythology.board_data import EDGE, STRAITS

    state = to_offerings()
    provinces = board(state.board_key).provinces
    assert set(STRAITS) == {"messina", "bosphorus", "pillars_of_hercules", "black_sea"}
    for name, pairs in STRAITS.items():
        for a, b in pairs:
            assert a in provinces and b in provinces
            # A strait joins provinces no border joins (across the Black Sea some touch).
            assert name == "black_sea" or b not in provinces[a].neighbours
    assert set(provinces) >= EDGE
    assert state.rules.data["mythology.straits"] is STRAITS


# --- Minos (MH-36) -------------------------------------------------------------------------


def test_minos_builds_on_islands_at_one_less_once_per_type_per_island() -> None:
    """«permet de construire sur les îles avec un coût de –1 (non cumulable avec d'autres
    réductions et pour 1 seule construction de chaque type par île et par tour)»."""
    state = to_construction("rome")
    state.influence["sicilia"] = "rome"
    grant(state, "rome", ids.MINOS)
    give(state, "rome", {"coin": 4})
    buy = HeroBuy("rome", ids.MINOS, "legion", "sicilia")
    assert buy in engine.legal_actions(state, "rome")
    assert HeroBuy("rome", ids.MINOS, "legion", "latium") not in engine.legal_actions(state, "rome")
    assert refused(state, HeroBuy("rome", ids.MINOS, "legion", "latium")) == "minos_not_island"
    act(state, buy)
    assert prompt_of(state, "hero_payment").data["cost"] == 2
    act(state, Pay("rome", ("coin", "coin")))
    assert legions_at(state, "sicilia", "rome") == 1
    assert state.hands["rome"] == {"coin": 2}
    assert buy not in engine.legal_actions(state, "rome")  # once per type per island per round
    give(state, "rome", {"coin": 2})
    assert HeroBuy("rome", ids.MINOS, "fortress", "sicilia") in engine.legal_actions(state, "rome")


def test_minos_cancelled_purchase_keeps_the_reduction() -> None:
    state = to_construction("rome")
    state.influence["sicilia"] = "rome"
    grant(state, "rome", ids.MINOS)
    give(state, "rome", {"coin": 2})
    buy = HeroBuy("rome", ids.MINOS, "legion", "sicilia")
    act(state, buy)
    act(state, CancelPurchase("rome"))
    assert buy in engine.legal_actions(state, "rome")


# --- Crésus (MH-27) ------------------------------------------------------------------------


def test_croesus_builds_where_he_just_placed_influence_at_one_less_once_per_type() -> None:
    """«permet de construire dans une province le tour où on y place l'influence avec un coût
    de –1 (non cumulable avec d'autres réductions et cette réduction s'applique une seule fois
    par type de construction)»; FAQ: «il payera 1 caravane et 1 légion avec la réduction, mais
    payera les constructions supplémentaires au prix normal»."""
    state = to_construction("rome")
    # The revised César's cheaper legion (main's heroes.py) would hide the −1: set aside.
    state.hw["rome"] = [c for c in state.hw["rome"] if c != "mythology.caesar"]
    grant(state, "rome", ids.CROESUS)
    give(state, "rome", {"coin": 3})
    target = next(
        b.target
        for b in engine.legal_actions(state, "rome")
        if isinstance(b, Buy) and b.item == "influence"
    )
    act(state, Buy("rome", "influence", target))
    act(state, Pay("rome", ("coin", "coin", "coin")))
    assert refused(state, Buy("rome", "legion", target)) == "influence_just_placed"
    give(state, "rome", {"coin": 5})
    buy = HeroBuy("rome", ids.CROESUS, "legion", target)
    assert buy in engine.legal_actions(state, "rome")
    act(state, buy)
    assert prompt_of(state, "hero_payment").data["cost"] == 2
    act(state, Pay("rome", ("coin", "coin")))
    assert legions_at(state, target, "rome") == 1
    act(state, buy)
    assert prompt_of(state, "hero_payment").data["cost"] == 3  # the second at the normal price
    assert refused(state, Pay("rome", ("coin", "coin"))) == "bad_payment"


def test_croesus_only_in_a_province_influenced_this_turn() -> None:
    state = to_construction("rome")
    grant(state, "rome", ids.CROESUS)
    give(state, "rome", {"coin": 3})
    assert refused(state, HeroBuy("rome", ids.CROESUS, "legion", "latium")) == "croesus_not_new"


# --- Reine de Saba (MH-39, C-56) -----------------------------------------------------------


def test_sheba_recruits_mercenary_legions_on_the_board_edge_without_influence() -> None:
    """«permet de recruter des mercenaires, uniquement des légions prises dans sa réserve, sur
    une case du bord du plateau sans avoir besoin d'avoir une influence (même chez un
    adversaire)»; C-56: at the normal price, where no other player's units stand."""
    state = to_construction("rome")
    # The revised César's cheaper legion (main's heroes.py) set aside: the normal price is 3.
    state.hw["rome"] = [c for c in state.hw["rome"] if c != "mythology.caesar"]
    grant(state, "rome", ids.SHEBA)
    give(state, "rome", {"coin": 3})
    listed = engine.legal_actions(state, "rome")
    assert state.influence.get("aethiopia") == "egypt"  # an opponent's edge province
    assert HeroBuy("rome", ids.SHEBA, "legion", "aethiopia") in listed
    assert HeroBuy("rome", ids.SHEBA, "legion", "germania") in listed
    assert refused(state, HeroBuy("rome", ids.SHEBA, "legion", "italia")) == "sheba_not_edge"
    assert refused(state, HeroBuy("rome", ids.SHEBA, "city", "germania", 0)) == "unknown_item"
    state.legions["germania"] = {"greece": 1}
    assert refused(state, HeroBuy("rome", ids.SHEBA, "legion", "germania")) == "province_at_war"
    act(state, HeroBuy("rome", ids.SHEBA, "legion", "aethiopia"))
    assert prompt_of(state, "hero_payment").data["cost"] == 3
    act(state, Pay("rome", ("coin", "coin", "coin")))
    assert legions_at(state, "aethiopia", "rome") == 1


def test_sheba_c56_her_mercenaries_count_as_having_entered_at_her_next_military_turn() -> None:
    """C-56: «At the end of her next military turn such legions count as having entered the
    province, so C-19 applies»; C-19: «A player who moves units into a province under
    another's influence where no units stand may sack, occupy or convert, as if he had won a
    combat there»."""
    from bot.games.mare_nostrum.actions import EndTurn
    from bot.games.mare_nostrum.rulesets.mn2003.military import Conquer2003

    state = to_construction("rome")
    state.hw["rome"] = [c for c in state.hw["rome"] if c != "mythology.caesar"]
    grant(state, "rome", ids.SHEBA)
    give(state, "rome", {"coin": 3})
    act(state, HeroBuy("rome", ids.SHEBA, "legion", "aethiopia"))
    act(state, Pay("rome", ("coin", "coin", "coin")))
    assert part(state).mercenaries == ["rome:aethiopia"]
    on_to_military(state, "rome")
    act(state, EndTurn("rome"))  # the sea step
    act(state, EndTurn("rome"))  # the land step: she did not move them
    conquest = prompt_of(state, "conquest")
    assert conquest.player == "rome" and conquest.data["province"] == "aethiopia"
    assert Conquer2003("rome", "aethiopia", "convert") in engine.legal_actions(state, "rome")
    assert part(state).mercenaries == []  # once: at her next military turn


def test_sheba_c56_mercenaries_gone_from_the_province_nothing_to_conquer() -> None:
    """«such legions count as having entered the province»: only while they stand there."""
    from bot.games.mare_nostrum.actions import EndTurn

    state = to_construction("rome")
    grant(state, "rome", ids.SHEBA)
    part(state).mercenaries.append("rome:aethiopia")  # recruited, then lost
    on_to_military(state, "rome")
    act(state, EndTurn("rome"))
    act(state, EndTurn("rome"))
    assert not any(p.kind == "conquest" for p in state.prompts)
    assert part(state).mercenaries == []


# --- Circé (MH-26, C-49) -------------------------------------------------------------------


def test_circe_legions_produce_like_caravans_under_his_influence() -> None:
    """«permet d'utiliser ses légions comme des caravanes pour produire des ressources
    (nécessité d'avoir son influence sur la province)»; FAQ: «Un marché double le revenu de
    la légion»."""
    state = to_offerings()
    grant(state, "rome", ids.CIRCE)
    # gallia: grain built, sheep (slot 1) empty; italia: metal built, oil (slot 1) empty.
    state.legions["gallia"] = {"rome": 2}  # one legion an icon: the second produces nothing
    state.legions["italia"] = {"rome": 1}
    sub(state).markets.append("italia")
    state.legions["achaea"] = {"rome": 1}  # not his influence
    assert circe_income(state, "rome") == {"sheep": 1, "oil": 2}
    assert circe_income(state, "greece") == {}
    base = trade_income(state, "rome")
    before = dict(state.hands["rome"])
    events = [e for e in _income_again(state) if isinstance(e, Event)]
    for rtype, n in {"sheep": 1, "oil": 2}.items():
        assert state.hands["rome"][rtype] == before.get(rtype, 0) + base.get(rtype, 0) + n
    secret = [e for e in events if e.kind == "income_received" and e.data["player"] == "rome"]
    assert {"sheep": 1, "oil": 2} in [e.data["cards"] for e in secret]
    assert all(e.audience == ("rome",) for e in secret)


def test_circe_types_count_for_hermes() -> None:
    """FAQ l.424–425 and C-35: Hermès chooses among the types his legions produced too."""
    from bot.games.mare_nostrum.modules.mythology.gods.trade import produced

    state = to_offerings()
    state.legions["gallia"] = {"rome": 1}
    assert "sheep" not in produced(state, "rome")
    grant(state, "rome", ids.CIRCE)
    assert "sheep" in produced(state, "rome")


# --- Castor & Pollux (MH-25) ---------------------------------------------------------------


def test_castor_pollux_copy_for_good_a_hero_of_another_player() -> None:
    """«copient définitivement le pouvoir d'un héros adverse en jeu (pas d'une merveille et
    pas d'un héros spécifique à une civilisation)»."""
    state = to_construction("rome")
    grant(state, "rome", ids.CASTOR_POLLUX)
    grant(state, "greece", ids.SPARTACUS, "mythology.zeus")
    listed = engine.legal_actions(state, "rome")
    assert CopyHero("rome", ids.SPARTACUS) in listed
    assert CopyHero("rome", "mythology.zeus") not in listed
    assert refused(state, CopyHero("rome", "mythology.pericles")) == "not_copyable"
    assert refused(state, CopyHero("rome", ids.MINOS)) == "not_copyable"  # nobody holds it
    act(state, CopyHero("rome", ids.SPARTACUS))
    give(state, "rome", {"gladiator": 1})
    assert SpartacusLegion("rome", "latium") in engine.legal_actions(state, "rome")
    assert refused(state, CopyHero("rome", ids.SPARTACUS)) == "already_copied"


def test_castor_pollux_the_original_uses_the_power_first() -> None:
    """FAQ: «C'est l'original qui bénéficie du privilège d'utiliser son pouvoir en premier»."""
    from bot.games.mare_nostrum.modules.mythology.mythic_heroes.holding import holders

    state = to_offerings()
    grant(state, "rome", ids.CASTOR_POLLUX)
    grant(state, "greece", ids.ADONIS)
    state.copied["rome"] = ids.ADONIS
    assert holders(state, ids.ADONIS) == ["greece", "rome"]


def test_castor_pollux_refused_without_the_card() -> None:
    state = to_construction("rome")
    grant(state, "greece", ids.SPARTACUS)
    assert refused(state, CopyHero("rome", ids.SPARTACUS)) == "power_not_held"


# --- Antigone (MH-23) ----------------------------------------------------------------------


def test_antigone_may_opt_out_of_the_trade_after_hearing_the_number() -> None:
    """«permet de s'exclure volontairement de la phase de commerce après avoir entendu le
    nombre de cartes demandées par le Maître du commerce»."""
    state = new()
    grant(state, "egypt", ids.ANTIGONE)
    leader = prompt_of(state, "trade_amount").player
    act(state, NameAmount(leader, 1))
    assert prompt_of(state, "antigone").player == "egypt"
    assert not any(p.kind == "trade_offer" for p in state.prompts)  # asked before the offers
    assert engine.legal_actions(state, "egypt") == [
        AntigoneChoice("egypt", False),
        AntigoneChoice("egypt", True),
    ]
    events = act(state, AntigoneChoice("egypt", True))
    opened = next(e for e in events if isinstance(e, Event) and e.kind == "trade_participants")
    assert "egypt" in opened.data["sitting_out"]
    assert "egypt" not in {p.player for p in state.prompts if p.kind == "trade_offer"}


def test_antigone_taking_part_changes_nothing() -> None:
    state = new()
    grant(state, "egypt", ids.ANTIGONE)
    leader = prompt_of(state, "trade_amount").player
    act(state, NameAmount(leader, 1))
    act(state, AntigoneChoice("egypt", False))
    assert "egypt" in {p.player for p in state.prompts if p.kind == "trade_offer"}
