"""Atlas 7.2 « Phase Commerce » and the External Market (rulings G4)."""

from __future__ import annotations

import pytest

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import TakeResource
from bot.games.mare_nostrum.errors import EngineError
from bot.games.mare_nostrum.events import EventLog
from bot.games.mare_nostrum.flow import enter_phase
from bot.games.mare_nostrum.modules.punic_wars.actions import DiscardOffered
from bot.games.mare_nostrum.modules.punic_wars.state import punic
from bot.games.mare_nostrum.resources import is_legendary, total

from .scenario import act, new, offers_revealed, owes


def test_premiere_phase_commerce_piochez_3_biens_legendaires() -> None:
    """« Lors de la première Phase Commerce, piochez 3 jetons Bien Légendaire et placez-les face
    visible à côté du plateau de jeu. »"""
    state = new(4)
    market = punic(state).market
    assert len(market) == 3 and all(is_legendary(t) for t in market)
    assert len(state.legendary_pile) == 10
    assert engine.view(state, None)["substates"]["punic_wars"]["market"] == market


def test_le_maitre_du_commerce_choisit_chez_son_adversaire_ou_au_marche() -> None:
    """« le Maître du Commerce choisit une Ressource parmi celles proposées par son adversaire
    ou présentes sur le Marché Extérieur. »"""
    state = offers_revealed(new(5), "2/1", 2)
    assert owes(state, "carthage", "trade_pick") and not owes(state, "rome", "trade_pick")
    legal = engine.legal_actions(state, "carthage")
    assert state.trade is not None
    assert {a.token for a in legal if isinstance(a, TakeResource) and a.source == "rome"} \
        == set(state.trade.offers["rome"])
    assert {a.token for a in legal if isinstance(a, TakeResource) and a.source == "market"} \
        == set(punic(state).market)
    with pytest.raises(EngineError) as err:
        engine.apply(state, TakeResource("carthage", "market", "coin"))
    assert err.value.code == "not_in_market"


def test_prendre_au_marche_fait_defausser_une_ressource_a_l_adversaire() -> None:
    """« Lorsqu'un joueur prend un bien sur le Marché Extérieur, son adversaire doit défausser
    immédiatement une des ressources qu'il propose à l'échange. Puis c'est à son tour de
    choisir une Ressource. »"""
    state = offers_revealed(new(6), "2/1", 2)
    token = punic(state).market[0]
    state = act(state, TakeResource("carthage", "market", token))
    assert token not in punic(state).market
    assert owes(state, "rome", "punic_discard") and not owes(state, "rome", "trade_pick")
    assert state.trade is not None
    offered = list(state.trade.offers["rome"])
    state = act(state, DiscardOffered("rome", offered[0]))
    assert state.trade is not None
    assert len(state.trade.offers["rome"]) == len(offered) - 1
    assert owes(state, "rome", "trade_pick")  # then it is his turn to choose
    with pytest.raises(EngineError) as err:
        engine.apply(state, DiscardOffered("rome", "gladiator"))
    assert err.value.code == "wrong_decision"  # one discard per market take


def test_la_limite_d_un_aller_retour_ne_s_applique_plus() -> None:
    """« Dans ce module pour deux joueurs, la limite d'un aller-retour entre deux mêmes joueurs
    ne s'applique plus. »"""
    state = offers_revealed(new(7), "4/3", 4)
    for picker, source in (("carthage", "rome"), ("rome", "carthage"), ("carthage", "rome")):
        assert state.trade is not None
        token = state.trade.offers[source][0]
        state = act(state, TakeResource(picker, source, token))
    assert owes(state, "rome", "trade_pick")


def test_le_commerce_continue_jusqu_a_ce_qu_il_n_y_ait_plus_de_ressources_proposees() -> None:
    """« La Phase Commerce continue jusqu'à ce qu'il n'y ait plus de Ressources proposées par
    les joueurs. » No compensation (G4): each receives as many as he offered."""
    state = offers_revealed(new(8), "2/1", 2)
    before = {p: total(state.hands[p]) for p in state.players}
    picks = 0
    while state.phase == "trade":
        player = engine.owed(state)[0].player
        state = act(state, engine.legal_actions(state, player)[0])  # from the offer first
        picks += 1
    assert picks == 4  # two each, alternating
    assert {p: total(state.hands[p]) for p in state.players} == {p: n + 2 for p, n in
                                                                  before.items()}


def test_les_biens_subsistant_restent_et_sont_completes_a_3() -> None:
    """« Les biens subsistant sur le Marché Extérieur restent en place et sont complétés à 3 au
    tour suivant. »"""
    state = new(9)
    market = punic(state).market
    kept = market[0]
    for token in market[1:]:
        state.legendary_pile.append(token.rstrip("*"))
    del market[1:]
    enter_phase(state, "trade", EventLog())
    assert len(punic(state).market) == 3 and punic(state).market[0] == kept
