"""The revised base heroes and wonders and the specific heroes' new prices and entry bonuses
(004 l.334–372, l.435–455; aid §B.11.1, §B.11.2, §B.12, C-46, C-47, C-57, C-58; checklist
D.2 MC-02, MC-04, MH-01 … MH-04, MH-10, MH-11, MW-01 … MW-04). The cards are given by hand:
the Mythology's card table is the set-up's."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Action, Battle, Buy, Pay
from bot.games.mare_nostrum.errors import EngineError
from bot.games.mare_nostrum.modules.mythology import heroes as h
from bot.games.mare_nostrum.modules.mythology.heroes import PlaceEntryBonus
from bot.games.mare_nostrum.rulesets.mn2003.construction import EndConstruction, cost
from bot.games.mare_nostrum.rulesets.mn2003.hooks import LAND_DIE_BONUS, SACK_REWARD
from bot.games.mare_nostrum.rulesets.mn2003.military import Sail
from bot.games.mare_nostrum.rulesets.mn2003.roles import counts
from bot.games.mare_nostrum.rulesets.mn2003.substate import sub
from bot.games.mare_nostrum.state import GameState

from .army_helpers import act, legal, new, to_construction, to_military

NINE = {"coin": 9}


def give(state: GameState, player: str, *cards: str) -> None:
    """His cards: these (the 2003 cards of the start set aside)."""
    state.hw[player] = list(cards)


def buy_card(state: GameState, player: str, card: str) -> None:
    state.hw_market.append(card)
    state.hands[player] = dict(NINE)
    act(state, Buy(player, "hw", card))
    act(state, Pay(player, ("coin",) * 9))


def refused(state: GameState, action: Action) -> str:
    before = engine.to_json(state)
    with pytest.raises(EngineError) as err:
        engine.apply(state, action)
    assert engine.to_json(state) == before
    return err.value.code


def test_mh10_agamemnon_archimede_salomon_give_3() -> None:
    """«Agamemnon: bonus de 3 pour être Maître du commerce», «Archimède: bonus de 3 pour être
    Chef militaire», «Salomon: bonus de 3 pour être Leader politique» (004 l.335–344)."""
    state = new(4)
    before = counts(state, "greece")
    give(state, "greece", h.AGAMEMNON, h.ARCHIMEDES, h.SOLOMON)
    after = counts(state, "greece")
    assert {r: after[r] - before[r] for r in ("trade", "culture", "military")} == {
        "trade": 3,
        "culture": 3,
        "military": 3,
    }


def test_mh02_mh04_mh01_mw02_the_new_prices() -> None:
    """César: «les légions ne coûtent que 2» (C-46: fortresses 3); Périclès and Atlas: «les
    trirèmes ne coûtent que 2»; Mausolée: «influence, ville et caravane coûtent 2 cartes au
    lieu de 3, temple et marché coûtent 5 cartes au lieu de 6. Ce bonus ne s'applique pas aux
    unités militaires, ni aux héros ou merveilles» (004 l.453–455)."""
    state = new(4)
    give(state, "rome", h.CAESAR)
    assert (cost(state, "rome", "legion"), cost(state, "rome", "fortress")) == (2, 3)
    give(state, "greece", h.PERICLES)
    assert cost(state, "greece", "trireme") == 2
    give(state, "egypt", h.MAUSOLEUM)
    assert [cost(state, "egypt", i) for i in ("influence", "city", "caravan")] == [2, 2, 2]
    assert [cost(state, "egypt", i) for i in ("temple", "market")] == [5, 5]
    assert [cost(state, "egypt", i) for i in ("legion", "hw", "creature")] == [3, 9, 6]


def test_mc02_reductions_never_stack() -> None:
    """«Plusieurs héros/merveilles accordent une réduction pour construire (…) mais ces
    réductions ne peuvent en aucun cas se cumuler» (004 l.232); «on ne peut pas excéder –1»."""
    state = new(4)
    give(state, "greece", h.PERICLES, h.ATLAS, h.MAUSOLEUM)
    assert cost(state, "greece", "trireme") == 2
    give(state, "rome", h.CAESAR, h.MAUSOLEUM)
    assert cost(state, "rome", "legion") == 2 and cost(state, "rome", "city") == 2


def test_mh03_hannibal_plus_1_a_legion_die_and_a_free_legion_on_entering() -> None:
    """«Carthage: les légions bénéficient d'un + 1 au dé en combat. Donne 1 légion gratuite
    à son entrée en jeu qui est placée sur la capitale.»"""
    state = to_construction(4, "carthage")
    give(state, "carthage")
    before = state.legions.get("africa", {}).get("carthage", 0)
    buy_card(state, "carthage", h.HANNIBAL)
    assert state.legions["africa"]["carthage"] == before + 1
    assert sum(f(state, "carthage") for f in state.rules.on[LAND_DIE_BONUS]) == 1


def test_mh04_pericles_a_free_trireme_on_the_capital_that_sails_at_its_first_move() -> None:
    """«Donne 1 trirème gratuite à son entrée en jeu qui est placée sur la capitale» (C-58:
    on land, it sails at its first move)."""
    state = to_construction(4, "greece")
    before = sub(state).docked.get("achaea", {}).get("greece", 0)  # the start's Périclès
    buy_card(state, "greece", h.PERICLES)
    assert sub(state).docked["achaea"] == {"greece": before + 1}


def test_mw03_the_phare_places_a_free_influence_without_adjacency() -> None:
    """«permet de poser des pions influence sans tenir compte de l'adjacence à son empire.
    Donne 1 influence gratuite à son entrée en jeu.»"""
    state = to_construction(4, "egypt")
    buy_card(state, "egypt", h.LIGHTHOUSE)
    options = [a for a in legal(state, "egypt") if isinstance(a, PlaceEntryBonus)]
    assert PlaceEntryBonus("egypt", "influence", "gallia") not in options  # Rome's
    far = PlaceEntryBonus("egypt", "influence", "dacia")
    assert far in options
    assert refused(state, PlaceEntryBonus("egypt", "fortress", "aegyptus")) == "no_entry_bonus"
    act(state, far)
    assert state.influence["dacia"] == "egypt"
    assert not any(isinstance(a, PlaceEntryBonus) for a in legal(state, "egypt"))


def test_mw04_the_statue_de_zeus_gives_a_free_fortress_two_a_province() -> None:
    """«permet de construire 2 forteresses par province. Donne 1 forteresse gratuite à son
    entrée en jeu.»"""
    state = to_construction(4, "egypt")
    buy_card(state, "egypt", h.ZEUS)
    assert PlaceEntryBonus("egypt", "fortress", "aegyptus") in legal(state, "egypt")
    act(state, PlaceEntryBonus("egypt", "fortress", "aegyptus"))
    assert state.fortresses["aegyptus"].count("egypt") == 2


def test_mw01_the_jardins_suspendus_keep_2_resource_cards() -> None:
    """«permet de conserver 2 cartes ressources non utilisées après la phase de
    construction» (C-57: any types)."""
    state = to_construction(4, "egypt")
    give(state, "egypt", h.GARDENS)
    state.hands["egypt"] = {"grain": 2, "gold": 1, "coin": 3}
    keeps = {a.keep for a in legal(state, "egypt") if isinstance(a, EndConstruction)}
    assert ("grain", "grain") in keeps and ("gold", "grain") in keeps
    assert all(len(k) <= 2 for k in keeps) and ("gold", "gold") not in keeps
    act(state, EndConstruction("egypt", ("grain", "grain")))
    assert state.hands["egypt"] == {"coin": 2, "grain": 2}


def test_mh11_nabuchodonosor_temples_and_markets_pay_too() -> None:
    """«gagnez 1 carte ressource ou 1 carte impôt lorsque vous pillez. Valable aussi pour
    temples et marchés (pour le marché, prendre 1 des ressources produites dans cette
    province)» (C-47: a temple gives a tax card)."""
    state = new(4)
    give(state, "rome", h.NEBUCHADNEZZAR)
    state.hands["rome"] = {}
    from bot.games.mare_nostrum.events import EventLog

    ev = EventLog()
    for fn in state.rules.on[SACK_REWARD]:
        fn(state, "rome", "temple", "africa", -1, ev)
    assert state.hands["rome"] == {"coin": 1}
    for fn in state.rules.on[SACK_REWARD]:
        fn(state, "rome", "market", "africa", -1, ev)
    assert sum(state.hands["rome"].values()) == 2
    assert set(state.hands["rome"]) - {"coin"} <= {"sheep", "perfume"}


def test_mh01_atlas_triremes_move_twice_not_after_fighting(dice: Callable[..., None]) -> None:
    """«Atlantide: les trirèmes ne coûtent que 2 à construire et elles peuvent se déplacer
    2 fois. Si le joueur choisit de combattre après le 1er mouvement, la trirème ne se
    redéplace pas.» (Atlas given to Greece here: the Atlanteans are the set-up's.)"""
    state = to_military(4, "greece")
    give(state, "greece", h.ATLAS)
    sub(state).docked.clear()  # the start's Périclès trireme, which would have to sail
    state.triremes["ionium"] = {"greece": 2}
    state.triremes["aegaeum"] = {"egypt": 1}
    act(state, Sail("greece", "ionium", "aegaeum"))
    act(state, Sail("greece", "ionium", "aegaeum"))
    assert Sail("greece", "aegaeum", "pontus") in legal(state, "greece")
    act(state, Sail("greece", "aegaeum", "pontus"))
    # The one in the Pontus has made its two moves; the other fights, and stays.
    assert not any(isinstance(a, Sail) and a.source == "pontus" for a in legal(state, "greece"))
    dice([1], [1])
    act(state, Battle("greece", "aegaeum", "egypt"))
    assert not any(isinstance(a, Sail) for a in legal(state, "greece"))
    assert state.triremes["pontus"] == {"greece": 1}


def test_mc04_the_cards_held_at_the_start_give_their_entry_bonus() -> None:
    """C-58: «When the card enters play (bought, or taken in the predetermined start)»; C-29:
    «Hannibal's legion on africa; Périclès's trireme on achaea» — given once, by the set-up
    (the heroes' sub-state, made after it, gives nothing again)."""
    state = new(4)
    assert h.HANNIBAL in state.hw["carthage"] and h.PERICLES in state.hw["greece"]
    plain, _ = engine.new_game(list(state.players), {"ruleset": "2003"}, 1)
    sheet = {"africa": plain.legions.get("africa", {}).get("carthage", 0)}  # the 2003 sheet's
    assert state.legions["africa"]["carthage"] == sheet["africa"] + 1
    assert sub(state).docked["achaea"] == {"greece": 1}
    h._new(state)
    assert state.legions["africa"]["carthage"] == sheet["africa"] + 1
    assert sub(state).docked["achaea"] == {"greece": 1}
