"""The 2003 heroes and wonders (003 l.442–490; checklist D.1 H-01 … H-17), victory (V-01 …
V-03) and the role cards (R-01 … R-05)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import AwardTitle, Buy, Pay, PlaceFreeInfluence
from bot.games.mare_nostrum.board import hw_tiles
from bot.games.mare_nostrum.errors import EngineError
from bot.games.mare_nostrum.rulesets.mn2003 import cards as c
from bot.games.mare_nostrum.rulesets.mn2003.construction import EndConstruction, cost
from bot.games.mare_nostrum.rulesets.mn2003.military import Conquer2003, March
from bot.games.mare_nostrum.rulesets.mn2003.powers import ChooseResource, SwapCard
from bot.games.mare_nostrum.rulesets.mn2003.roles import counts
from bot.games.mare_nostrum.rulesets.mn2003.trade import NameAmount, income
from bot.games.mare_nostrum.state import GameState

from .helpers import (
    act,
    legal,
    part,
    prompt_of,
    started,
    to_construction,
    to_land_step,
    to_military,
)


def give(state: GameState, player: str, *cards: str) -> None:
    state.hw[player] = [*state.hw[player], *cards]
    state.hw_market = [x for x in state.hw_market if x not in cards]


def paid(state: GameState, action: Buy) -> None:
    act(state, action)
    n = prompt_of(state, "construction_payment").data["cost"]
    act(state, Pay(action.player, ("coin",) * n))


def test_h01_eighteen_cards_in_their_own_namespace() -> None:
    """003 l.25–194: «5 héros spécifiques, 6 héros, 7 merveilles» (with the Pyramids); the
    same names as Empires tiles, other powers: no shared id."""
    kinds = [t.kind for t in c.CARDS.values()]
    assert (
        kinds.count("specific_hero"),
        kinds.count("hero"),
        kinds.count("wonder"),
        kinds.count("pyramids"),
    ) == (5, 6, 6, 1)
    assert not set(c.CARDS) & set(hw_tiles())


def test_h02_caesar_legions_and_fortresses_cost_2() -> None:
    """«les légions et les forteresses ne coûtent que 2 pour être construites»."""
    state = started(4)
    assert (cost(state, "rome", "legion"), cost(state, "rome", "fortress")) == (2, 2)
    assert cost(state, "rome", "trireme") == 3 and cost(state, "greece", "legion") == 3


def test_h03_hannibal_plus_1_per_legion_die_in_attack_and_defence(
    dice: Callable[..., None],
) -> None:
    """«Dans les combats, ajouter 1 au résultat de chaque dé lancé pour une légion»."""
    state = to_military(4, "carthage")
    state.legions["numidia"] = {"carthage": 2}
    state.legions["phazania"] = {"rome": 1}
    state.influence["phazania"] = "rome"
    to_land_step(state, "carthage")
    dice([2, 2], [4])
    events = act(state, March("carthage", "numidia", "phazania", 2, "rome"))
    battle = next(e for e in events if e.kind == "battle")
    assert battle.data["attacker_total"] == 6 and battle.data["defender_total"] == 4


def test_h04_hammurabi_one_free_influence_per_round() -> None:
    """«Permet de poser 1 influence par tour, sans en payer le prix (mais en satisfaisant
    aux règles de proximité)»."""
    state = to_construction(5, "babylon")
    state.hands["babylon"] = {}
    options = legal(state, "babylon")
    assert PlaceFreeInfluence("babylon", "arabia") in options
    assert PlaceFreeInfluence("babylon", "creta") not in options
    act(state, PlaceFreeInfluence("babylon", "arabia"))
    assert state.influence["arabia"] == "babylon"
    assert not any(isinstance(a, PlaceFreeInfluence) for a in legal(state, "babylon"))


def test_h05_pericles_triremes_cost_2_and_plus_1_at_sea(dice: Callable[..., None]) -> None:
    """«les trirèmes ne coûtent que 2 à construire et bénéficient de +1 au dé en combat»."""
    state = to_military(4, "greece")
    assert cost(state, "greece", "trireme") == 2
    state.triremes["aegaeum"] = {"greece": 1, "egypt": 1}
    dice([4], [5])
    events = act(state, engine.legal_actions(state, "greece")[-2])  # the battle
    battle = next(e for e in events if e.kind == "battle")
    assert battle.data["attacker_total"] == 5 and battle.data["defender_total"] == 5


def test_h06_cleopatra_swaps_one_card_with_the_bank_per_construction() -> None:
    """«à chaque phase de construction, permet d'échanger 1 carte ressource contre 1 carte
    impôt (ou inversement) avec la banque»."""
    state = to_construction(4, "egypt")
    state.hands["egypt"] = {"coin": 1, "grain": 1}
    assert SwapCard("egypt", "coin", "wine") in legal(state, "egypt")
    act(state, SwapCard("egypt", "grain", "coin"))
    assert state.hands["egypt"] == {"coin": 2}
    assert not any(isinstance(a, SwapCard) for a in legal(state, "egypt"))


def test_h07_agamemnon_archimedes_salomon_add_2_to_a_role_count() -> None:
    """«Avant chaque nouveau tour de jeu, pour l'attribution des rôles, vous ajoutez 2 …»."""
    state = started(4)
    before = counts(state, "greece")
    give(state, "greece", c.AGAMEMNON, c.ARCHIMEDES, c.SOLOMON)
    after = counts(state, "greece")
    assert {k: after[k] - before[k] for k in after} == {"trade": 2, "culture": 2, "military": 2}


def test_h08_helen_converts_an_entering_enemy_legion_once_per_military_phase(
    dice: Callable[..., None],
) -> None:
    """«une fois par phase militaire peut convertir 1 légion ennemie qui l'attaque»; 004
    l.352–353: on arrival, with a legion in supply."""
    state = to_military(4, "rome")
    give(state, "greece", c.HELEN)
    state.legions["macedonia"] = {"greece": 1}
    state.legions["dalmatia"] = {"rome": 3}
    state.influence["dalmatia"] = "rome"
    to_land_step(state, "rome")
    dice([6, 6], [6, 6])
    act(state, March("rome", "dalmatia", "macedonia", 3, "greece"))
    assert "military:helen" in part(state).used


def test_h09_nebuchadnezzar_takes_the_card_of_a_sacked_building() -> None:
    """«vous prenez la carte correspondant à la construction pillée (soit une carte ressource
    correspondante pour une caravane, soit une carte impôt pour une ville)»."""
    state = to_military(4, "rome")
    give(state, "rome", c.NEBUCHADNEZZAR)
    state.legions["italia"] = {"rome": 1}
    state.triremes["ionium"] = {"rome": 1}
    state.fortresses["achaea"] = []
    to_land_step(state, "rome")
    act(state, March("rome", "italia", "achaea", 1))
    act(state, engine.legal_actions(state, "rome")[-1])  # end the turn
    before = dict(state.hands["rome"])
    act(state, Conquer2003("rome", "achaea", "sack", "city:0"))
    assert state.hands["rome"].get("coin", 0) == before.get("coin", 0) + 1


def test_h11_colossus_one_more_tax_card_and_h13_artemis_a_resource_of_choice() -> None:
    """«vous recevez 1 impôt supplémentaire»; «vous recevez 1 carte ressource supplémentaire
    de votre choix» (chosen privately, C-17)."""
    state = started(4)
    give(state, "greece", c.COLOSSUS, c.ARTEMIS)
    state.hands["greece"] = {}
    act(state, NameAmount("carthage", 0))
    # Next round's income: run the phases through quickly with everyone passing.
    while state.phase != "trade" or not any(p.kind == "artemis_choice" for p in state.prompts):
        p = state.prompts[0]
        act(state, engine.default_action(state, p))
    gained = income(state, "greece")
    assert state.hands["greece"].get("coin", 0) >= gained.get("coin", 0) + 1
    events = act(state, ChooseResource("greece", "marble"))
    assert any(e.kind == "resource_chosen" and e.audience == ("greece",) for e in events)
    assert state.hands["greece"].get("marble") == 1


def test_h12_gardens_keep_one_resource_card() -> None:
    """«vous pouvez garder 1 carte ressource d'un tour sur l'autre (face cachée)»."""
    state = to_construction(4, "egypt")
    give(state, "egypt", c.GARDENS)
    state.hands["egypt"] = {"coin": 3, "grain": 1, "gold": 1}
    act(state, EndConstruction("egypt", ("gold",)))
    assert state.hands["egypt"] == {"coin": 2, "gold": 1}


def test_h14_zeus_two_fortresses_per_province() -> None:
    """«cette merveille vous permet d'en construire 2»."""
    state = to_construction(4, "egypt")
    give(state, "egypt", c.ZEUS)
    state.hands["egypt"] = {"coin": 6}
    paid(state, Buy("egypt", "fortress", "aegyptus"))
    assert state.fortresses["aegyptus"] == ["egypt", "egypt"]


def test_h15_lighthouse_influence_without_adjacency() -> None:
    """«sans qu'il y ait la nécessité que le pion influence posé soit adjacent»."""
    state = to_construction(4, "egypt")
    state.hands["egypt"] = {"coin": 3}
    assert Buy("egypt", "influence", "germania") not in legal(state, "egypt")
    give(state, "egypt", c.LIGHTHOUSE)
    assert Buy("egypt", "influence", "germania") in legal(state, "egypt")


def test_h16_mausoleum_villes_caravans_2_temples_markets_5_not_cards() -> None:
    """«Une combinaison de seulement 2 cartes suffit pour construire les villes et les
    caravanes, … 5 cartes … les temples et marchés. Cette "réduction" ne s'applique pas pour
    les héros et les merveilles»."""
    state = started(4)
    give(state, "egypt", c.MAUSOLEUM)
    assert {
        i: cost(state, "egypt", i)
        for i in ("city", "caravan", "temple", "market", "influence", "legion", "hw")
    } == {"city": 2, "caravan": 2, "temple": 5, "market": 5, "influence": 3, "legion": 3, "hw": 9}


def test_h17_v01_the_pyramids_cost_12_and_win_at_once() -> None:
    """«Pyramides: coûtent 12 et donnent la victoire» (003 l.476)."""
    state = to_construction(4, "egypt")
    state.hands["egypt"] = {"coin": 12}
    paid(state, Buy("egypt", "pyramids", c.PYRAMIDS))
    assert state.over and state.winners == ["egypt"] and state.victory == "pyramids"


def test_v01_four_heroes_and_or_wonders_the_specific_hero_included() -> None:
    """004 l.87: «posséder 4 merveilles et/ou héros»; l.350–351: «Est-ce que le héros
    spécifique … compte dans les 4 … ? Oui». The buyer chooses (004 l.348–349)."""
    state = to_construction(4, "egypt")
    give(state, "egypt", c.AGAMEMNON, c.ZEUS)
    state.hands["egypt"] = {"coin": 9}
    assert Buy("egypt", "hw", c.COLOSSUS) in legal(state, "egypt")
    assert Buy("egypt", "hw", c.CAESAR) not in legal(state, "egypt")  # Rome's own
    paid(state, Buy("egypt", "hw", c.COLOSSUS))
    assert state.over and state.winners == ["egypt"] and state.victory == "heroes_wonders"


def test_v02_several_who_could_win_none_the_leader_share_the_win_pyramids_first() -> None:
    """004 l.249–250: «si plusieurs joueurs peuvent finir le même tour et qu'aucun d'eux
    n'est Leader politique … on peut convenir d'un match nul. Si l'un des deux a construit
    les pyramides, il est déclaré vainqueur» (C-14)."""
    state = started(4)
    give(state, "rome", c.AGAMEMNON, c.ZEUS)
    give(state, "greece", c.SOLOMON, c.COLOSSUS)
    state.hands["rome"] = {"coin": 9}
    state.hands["greece"] = {"coin": 9}
    act(state, NameAmount("carthage", 0))
    assert state.over and state.winners == ["rome", "greece"]
    state = started(4)
    give(state, "rome", c.AGAMEMNON, c.ZEUS)
    state.hands["rome"] = {"coin": 9}
    state.hands["greece"] = {"coin": 12}
    act(state, NameAmount("carthage", 0))
    assert state.over and state.winners == ["greece"] and state.victory == "pyramids"


def test_v02_the_leader_politique_among_them_plays_the_phase_in_his_order() -> None:
    """«le jeu s'arrête immédiatement. C'est important car cela fait partie des avantages du
    Leader politique»."""
    state = started(4)
    give(state, "rome", c.AGAMEMNON, c.ZEUS)
    give(state, "egypt", c.SOLOMON, c.COLOSSUS)
    state.hands["rome"] = {"coin": 9}
    state.hands["egypt"] = {"coin": 9}
    act(state, NameAmount("carthage", 0))
    assert not state.over and prompt_of(state, "construction_order").player == "egypt"


def test_v03_no_military_or_titles_victory() -> None:
    """A.9: «There is no military victory. There is no titles victory» in the base game."""
    state = started(4)
    from bot.games.mare_nostrum.rules import rules_for

    assert not rules_for("2003").victory
    assert state.titles and not state.over


def test_r04_a_tied_holder_keeps_his_role_otherwise_he_chooses() -> None:
    """003 l.250–252: «En cas d'égalité, c'est celui qui a le rôle qui le garde. Si l'égalité
    concerne des joueurs qui n'avaient pas le rôle, son actuel possesseur décide à qui il le
    lègue»."""
    from bot.games.mare_nostrum.events import EventLog
    from bot.games.mare_nostrum.flow import enter_phase

    state = started(4)
    # Military: everyone has one fortress; Rome (the holder) is tied and keeps it.
    # Culture: Egypt 3 villes; give Greece and Carthage 4 each: Egypt chooses.
    part(state).temples += ["achaea", "africa", "numidia"]  # Greece 2 + 1, Carthage 1 + 2
    state.influence["sicilia"] = "greece"
    state.built["sicilia"][0] = True  # Greece 4
    state.influence["creta"] = "carthage"
    state.built["creta"][0] = True  # Carthage 4; Egypt 3
    state.prompts = []
    enter_phase(state, "roles", EventLog())
    table = part(state).counts
    assert table["greece"]["culture"] == table["carthage"]["culture"] > table["egypt"]["culture"]
    assert state.titles["military"] == "rome"
    assert prompt_of(state, "award_role").player == "egypt"
    act(state, AwardTitle("egypt", "culture", "carthage"))
    assert state.titles["culture"] == "carthage"
    with pytest.raises(EngineError):
        engine.check(state, AwardTitle("egypt", "culture", "rome"))


def test_h10_t10_ulysses_redirects_an_announced_pick_to_himself_once() -> None:
    """«Une fois seulement par phase de commerce, vous pouvez contraindre un autre joueur, qui
    vient d'annoncer la carte qu'il a l'intention de prendre, à annuler cette décision et à
    prendre 1 carte chez vous à la place» (C-15: he picks next)."""
    from bot.games.mare_nostrum.actions import MakeOffer, TakeResource
    from bot.games.mare_nostrum.rulesets.mn2003.powers import UlyssesAnswer

    state = started(3)
    give(state, "greece", c.ULYSSES)
    state.hands = {
        "greece": {"wine": 1, "gold": 1},
        "carthage": {"oil": 1, "sheep": 1},
        "babylon": {"grain": 1, "metal": 1},
    }
    act(state, NameAmount("carthage", 2))
    for p, h in state.hands.items():
        act(state, MakeOffer(p, tuple(sorted(h))))
    act(state, TakeResource("carthage", "babylon", "grain"))
    assert prompt_of(state, "ulysses_redirect").player == "greece"
    act(state, UlyssesAnswer("greece", True))
    assert set(legal(state, "carthage")) == {
        TakeResource("carthage", "greece", "gold"),
        TakeResource("carthage", "greece", "wine"),
    }
    act(state, TakeResource("carthage", "greece", "gold"))
    assert prompt_of(state, "trade_pick").player == "greece"
    assert state.trade is not None and state.trade.offers["babylon"] == ["grain", "metal"]
    act(state, TakeResource("greece", "babylon", "metal"))
    assert not any(p.kind == "ulysses_redirect" for p in state.prompts)  # once per trade phase


def test_r02_r03_role_counts_and_occupied_buildings_count_for_the_occupier() -> None:
    """003 l.244–249: «celui qui a le plus de caravanes et de marchés … de villes et de
    temples … d'unités militaires (légions, trirèmes et forteresses) déployées»; l.437–438:
    «les villes, temples, caravanes ou marchés qui seraient occupés par des légions au profit
    de l'occupant»."""
    state = started(4)
    assert counts(state, "egypt") == {"trade": 2, "culture": 3, "military": 1}
    part(state).docked["aegyptus"] = {"egypt": 1}
    state.legions["cyrenaica"] = {"egypt": 2}
    assert counts(state, "egypt")["military"] == 4
    part(state).occupied["achaea"] = "egypt"
    state.legions["achaea"] = {"egypt": 2}
    state.fortresses["achaea"] = []  # only the occupier's units stand there
    # Two legions cover Athens's two villes: they count for Egypt, not Greece.
    assert counts(state, "egypt")["culture"] == 5 and counts(state, "greece")["culture"] == 0
    assert counts(state, "egypt")["military"] == 6 and counts(state, "greece")["military"] == 0


def test_bd18_a_power_acts_at_once_in_the_turn_it_is_bought() -> None:
    """Rule 7: «Les avantages conférés par les héros ou les merveilles sont immédiats»."""
    state = to_construction(4, "egypt")
    state.hands["egypt"] = {"coin": 14}
    assert cost(state, "egypt", "city") == 3
    paid(state, Buy("egypt", "hw", c.MAUSOLEUM))
    assert cost(state, "egypt", "city") == 2
    act(state, Buy("egypt", "caravan", "aethiopia", 1))
    assert prompt_of(state, "construction_payment").data["cost"] == 2


def test_m10_helen_the_entering_legion_changes_sides_for_good(dice: Callable[..., None]) -> None:
    """C-25: «The entering legion returns to its owner's supply and one of hers takes its
    place. It fights on her side»."""
    state = to_military(4, "rome")
    give(state, "greece", c.HELEN)
    state.legions["dalmatia"] = {"rome": 2}
    state.influence["dalmatia"] = "rome"
    to_land_step(state, "rome")
    dice([1], [6])  # Rome's one legion left fights the legion turned over
    # Macedonia holds no Greek unit: after Helen, the converted legion defends it.
    events = act(state, March("rome", "dalmatia", "macedonia", 2))
    assert [e.kind for e in events if e.kind in ("power_used", "battle")] == [
        "power_used",
        "battle",
    ]
    assert state.legions["macedonia"] == {"greece": 1}
    assert "military:helen" in part(state).used
