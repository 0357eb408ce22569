"""2003 Trade phase (003 l.257–276, FAQ l.390–405; checklist D.1 T-01 … T-09)."""

from __future__ import annotations

import pytest

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import GiveCompensation, MakeOffer, TakeResource
from bot.games.mare_nostrum.errors import EngineError
from bot.games.mare_nostrum.rulesets.mn2003.trade import NameAmount, income

from .helpers import act, legal, part, prompt_of, started


def test_t01_income_one_tax_per_ville_one_resource_per_caravan_doubled_by_temple_market() -> None:
    """003 l.260–263: «1 carte impôt par ville (2 s'il y a un temple dans la province) - 1
    carte ressource par caravane (2 s'il y a un marché dans la province)»."""
    state = started(4)
    # Egypt: villes on ALEXANDRIA, the Ct and cyrenaica; caravans papyrus and (first
    # choice) grain in aethiopia.
    assert income(state, "egypt") == {"coin": 3, "papyrus": 1, "grain": 1}
    part(state).temples.append("aegyptus")
    part(state).markets.append("aegyptus")
    assert income(state, "egypt") == {"coin": 5, "papyrus": 2, "grain": 1}


def test_t01_round_1_income_is_the_first_cards() -> None:
    state = started(4)
    assert state.hands["egypt"] == {"coin": 3, "papyrus": 1, "grain": 1}
    assert prompt_of(state, "trade_amount").player == "carthage"


def test_t02_occupied_buildings_pay_the_occupier() -> None:
    """003 l.340–343: «il place ses légions sur les villes et/ou les caravanes et en percevra
    le revenu à la place du propriétaire … Placer une légion sur un temple ou un marché ne
    rapporte rien en soi, mais permet de doubler ce que rapporte les autres légions»."""
    state = started(4)
    rome = income(state, "rome")
    part(state).temples.append("aegyptus")
    part(state).occupied["aegyptus"] = "rome"
    state.legions["aegyptus"] = {"rome": 1}
    state.fortresses["aegyptus"] = []  # only the invader's units remain (A.7)
    # One legion covers the first ville: Rome collects 1, Egypt the other ville, doubled.
    assert income(state, "rome") == {**rome, "coin": rome["coin"] + 1}
    assert income(state, "egypt")["coin"] == 2 + 1
    state.legions["aegyptus"] = {"rome": 4}  # both villes, the caravan, the temple
    assert income(state, "rome") == {**rome, "coin": rome["coin"] + 4, "papyrus": 1}
    assert income(state, "egypt")["coin"] == 1  # cyrenaica's ville only
    # A.7.1: at war again (Egypt's legion came back), it produces for its lawful owner.
    state.legions["aegyptus"]["egypt"] = 1
    assert income(state, "rome") == rome and income(state, "egypt")["coin"] == 2 * 2 + 1


def test_t04_the_trade_leader_names_any_number_and_0_cancels_the_exchange() -> None:
    """003 l.396–397: «Est-ce que le Maître du commerce peut choisir de ne mettre aucune carte
    à l'échange ? Oui, il n'y a alors pas de phase de commerce ce tour-ci»."""
    state = started(4)
    most = max(sum(h.values()) for h in state.hands.values())
    assert legal(state, "carthage") == [NameAmount("carthage", n) for n in range(most + 1)]
    before = {p: dict(h) for p, h in state.hands.items()}
    with pytest.raises(EngineError) as err:
        engine.check(state, NameAmount("carthage", most + 1))
    assert err.value.code == "bad_trade_amount"
    act(state, NameAmount("carthage", 0))
    assert state.phase == "construction" and state.hands == before


def test_t05_players_with_fewer_cards_sit_out_and_taking_part_is_compulsory() -> None:
    """003 l.399–403: «Et si un joueur n'a pas assez de cartes ? Il ne participe pas» — «Puis-je
    passer volontairement ? Non, si on peut participer, on doit le faire»."""
    state = started(4)
    state.hands["rome"] = {"coin": 1}
    act(state, NameAmount("carthage", 3))
    offering = {p.player for p in state.prompts if p.kind == "trade_offer"}
    assert offering == {"greece", "carthage", "egypt"}
    assert all(isinstance(a, MakeOffer) for a in legal(state, "greece"))  # no "pass"


def test_t06_t07_t08_the_pick_chain_the_round_trip_and_the_give_back() -> None:
    """003 l.266–276: «Le Maître du commerce choisit 1 carte chez un autre joueur … C'est
    maintenant au joueur à qui il a pris 1 carte de choisir. (… pas plus d'un aller et retour
    consécutif entre 2 mêmes joueurs)»; «le joueur chez qui on a pris en dernier se retrouve
    avec une carte de moins. Le Maître du commerce doit lui en donner une»."""
    state = started(3)  # Greece, Carthage, Babylon
    state.hands = {"greece": {"wine": 1}, "carthage": {"oil": 1}, "babylon": {"grain": 1}}
    act(state, NameAmount("carthage", 1))
    for p, r in (("greece", "wine"), ("carthage", "oil"), ("babylon", "grain")):
        act(state, MakeOffer(p, (r,)))
    assert prompt_of(state, "trade_pick").player == "carthage"
    act(state, TakeResource("carthage", "greece", "wine"))
    act(state, TakeResource("greece", "carthage", "oil"))
    act(state, TakeResource("carthage", "babylon", "grain"))
    # Babylon was robbed last: Carthage gives him a card of his choice.
    assert prompt_of(state, "trade_compensation").player == "carthage"
    act(state, GiveCompensation("carthage", "wine"))
    assert state.hands == {"greece": {"oil": 1}, "carthage": {"grain": 1}, "babylon": {"wine": 1}}


def test_t06_no_second_round_trip_in_a_row_between_the_same_two() -> None:
    """004 l.202–203: «A prend chez B, B prend chez A, A ne peut reprendre chez B»."""
    state = started(3)
    state.hands = {
        "greece": {"wine": 1, "gold": 1},
        "carthage": {"oil": 1, "sheep": 1},
        "babylon": {"grain": 1, "metal": 1},
    }
    act(state, NameAmount("carthage", 2))
    for p, h in state.hands.items():
        act(state, MakeOffer(p, tuple(sorted(h))))
    act(state, TakeResource("carthage", "greece", "wine"))
    act(state, TakeResource("greece", "carthage", "oil"))
    with pytest.raises(EngineError) as err:
        engine.check(state, TakeResource("carthage", "greece", "gold"))
    assert err.value.code == "round_trip"
    assert all(a.source == "babylon" for a in legal(state, "carthage"))  # type: ignore[attr-defined]


def test_t09_a_trade_leader_who_sits_out_the_next_participant_starts() -> None:
    """C-18: «The first participant after him in seat order starts the picks»."""
    state = started(3)
    state.hands = {"greece": {"wine": 1}, "carthage": {}, "babylon": {"grain": 1}}
    act(state, NameAmount("carthage", 1))
    act(state, MakeOffer("greece", ("wine",)))
    act(state, MakeOffer("babylon", ("grain",)))
    assert prompt_of(state, "trade_pick").player == "babylon"


def test_r06_hand_sizes_are_public_their_contents_secret() -> None:
    """004 l.198–199: «Le nombre de cartes de chaque joueur doit-il être connu ? Oui»."""
    state = started(4)
    spectator = engine.view(state, None)
    assert spectator["hand"] is None
    sizes = spectator["substates"]["mn2003.public"]["hand_sizes"]
    assert sizes["egypt"] == 5
    assert engine.view(state, "rome")["hand"] == state.hands["rome"]
