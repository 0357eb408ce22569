"""Phase 2, voyages and deliveries (neptun.md §8 SAIL-*, DEL-*), with the rulebook's
examples (Tyros and Alexandria, Becca's 11 sea miles, the yellow temple, Pergame)."""

from __future__ import annotations

import pytest

from bot.games.core.errors import EngineError
from bot.games.neptun import ENGINE as E
from bot.games.neptun import Deliver, EndVoyage, ExtraTurn, NeptunState, PlayOar, Sail
from bot.games.neptun.voyages import temple_points

from .builder import (
    DATA,
    act,
    advance,
    contract,
    kinds,
    oar_card,
    prompt,
    sailing,
    voyages,
)


def route(a: str, b: str) -> str:
    return next(r.id for r in DATA.routes if {r.a, r.b} == {a, b})


def give(state: NeptunState, cards: dict[str, int]) -> None:
    """Put these oar cards in the players' hands (first), for the tests to play them."""
    for p, c in cards.items():
        for q in state.players:
            if c in state.hands[q]:
                state.hands[q].remove(c)
        state.hands[p].insert(0, c)


def play_oars(state: NeptunState, cards: dict[str, int] | None = None) -> list:  # type: ignore[type-arg]
    """Everyone owing an oar card plays the given one (else his first)."""
    events = []
    for p in [q.player for q in E.owed(state) if q.kind == "voyage_oar"]:
        card = (cards or {}).get(p, state.hands[p][0])
        events += act(state, PlayOar(p, card))
    return events


def stay_all(state: NeptunState) -> None:
    """Every sailor of the turn ends his move where he is."""
    while E.owed(state) and prompt(state).kind == "voyage_move":
        act(state, EndVoyage(prompt(state).player))


def test_sail_01_every_player_plays_one_card_secretly_revealed_at_once() -> None:
    """SAIL-01 « chacun des joueurs choisit l'une de ses cartes Rames qu'il place face cachée
    devant lui. Quand tous les joueurs ont procédé de la sorte, ils révèlent simultanément leurs
    cartes » (L328–331)."""
    state = voyages(4, 1)
    assert sorted(p.player for p in E.owed(state)) == sorted(state.players)
    first = state.players[0]
    card = state.hands[first][0]
    events = act(state, PlayOar(first, card))
    private = [e for e in events if e.kind == "oar_chosen"]
    assert private and private[0].audience == (first,)
    assert all(card != e.data.get("card") for e in events if e.audience is None)
    assert E.view(state, state.players[1]).get("chosen") is None
    assert E.view(state, first)["chosen"] == card
    assert "oars_revealed" not in kinds(events)
    events = play_oars(state)
    revealed = [e for e in events if e.kind == "oars_revealed"]
    assert len(revealed) == 1 and set(revealed[0].data["cards"]) == set(state.players)
    # « chacun des joueurs »: one with nothing left to deliver plays a card all the same.
    state.manifests[first] = [contract("roma", "fish", "temple", "done") for _ in range(5)]
    stay_all(state)
    assert first in [p.player for p in E.owed(state) if p.kind == "voyage_oar"]


def test_sail_02_forecast_is_the_sum_of_wind_values_clamped() -> None:
    """SAIL-02 « Additionnez les nombres figurant en haut de toutes les cartes Rame … Si le
    total est supérieur à +5 ou inférieur à -5, placez le marqueur sur le maximum/minimum »
    (L333–339); example: the forecast marker « posé sur la case +2 » (L357–358)."""
    state = voyages(4, 1)
    used: set[int] = set()
    cards = {}
    for p, (row, wind) in zip(state.players, [(1, 2), (2, 1), (4, 0), (5, -1)], strict=True):
        cards[p] = oar_card(row, wind, used)
        used.add(cards[p])
    give(state, cards)
    play_oars(state, cards)
    assert state.forecast == 2
    state = voyages(4, 1)
    cards = {}
    for p in state.players:
        cards[p] = oar_card(1, 2, used)
        used.add(cards[p])
    give(state, cards)
    play_oars(state, cards)
    assert state.forecast == 5  # 8, clamped


def test_sail_03_ships_sail_in_sequence_order() -> None:
    """SAIL-03 « Les joueurs vont désormais faire naviguer leurs bateaux dans l'ordre indiqué
    par la Séquence de jeu » (L341–342)."""
    state = voyages(4, 2)
    play_oars(state)
    sailors = []
    while prompt(state).kind == "voyage_move":
        sailors.append(prompt(state).player)
        act(state, EndVoyage(prompt(state).player))
    assert sailors == state.sequence


def test_sail_04_range_is_rowing_plus_current_wind() -> None:
    """SAIL-04 « il additionne la puissance (le nombre du bas) de sa carte Rames à la force du
    vent actuelle » (L344–347); example « Jenny (vert) peut parcourir jusqu'à 10 miles marins »
    (L360–361): rowing 5 with the starting wind 5."""
    state = voyages(3, 1)
    jenny = state.sequence[0]
    card = oar_card(5, -1)
    give(state, {jenny: card})
    play_oars(state, {jenny: card})
    assert prompt(state).player == jenny and prompt(state).data["range"] == 10


def test_sail_05_a_leg_costs_its_marker_and_gold_buys_sea_miles() -> None:
    """SAIL-05 « Un joueur peut passer d'une ville à l'autre si sa portée est supérieure ou
    égale à la distance qui les sépare … Le joueur peut accroître sa portée en dépensant des
    pièces d'or, à raison de 1 mille marin par pièce » (L373–378); example « pour voyager de Tyr
    à Alexandrie, un joueur doit dépenser 3 miles marins » (L363–368)."""
    state = voyages(3, 1)
    p = state.players[0]
    state.markers[route("tyros", "alexandria")] = 3
    sailing(state, p, 3, at="tyros")
    events = act(state, Sail(p, "alexandria"))
    assert state.ships[p] == "alexandria" and prompt(state).data["range"] == 0
    assert events[0].data["miles"] == 3 and events[0].data["gold"] == 0
    state.gold[p] = 1
    state.markers[route("alexandria", "leptis_magna")] = 3
    sailing(state, p, 1, at="alexandria")
    assert Sail(p, "leptis_magna") not in E.legal_actions(state, p)  # 1 + 1 gold < 3
    with pytest.raises(EngineError) as err:
        E.apply_in_place(state, Sail(p, "leptis_magna"))
    assert err.value.code == "out_of_reach"
    with pytest.raises(EngineError):
        E.apply_in_place(state, Sail(p, "roma"))  # no route


def test_sail_05_example_becca_pays_one_gold_for_the_missing_sea_mile() -> None:
    """Example « Becca (rouge) a 11 miles marins … Elle effectue d'abord le trajet de la Crète
    jusqu'à Tyr en dépensant 8 miles marins. Pour passer de Tyr à Alexandrie, il lui manque 1
    mile marin. Elle dépense 1 pièce d'or pour l'acheter et peut donc atteindre Alexandrie et
    remplir son contrat pendant ce tour » (L410–416)."""
    state = voyages(4, 1)
    becca = "red"
    state.markers[route("creta", "tyros")] = 8
    state.markers[route("tyros", "alexandria")] = 4
    state.manifests[becca] = [contract("alexandria", "grapes", "temple"), None, None, None, None]
    sailing(state, becca, 11)
    act(state, Sail(becca, "tyros"))
    assert prompt(state).data["range"] == 3
    gold = state.gold[becca]
    act(state, Sail(becca, "alexandria"))
    assert state.gold[becca] == gold - 1
    assert Deliver(becca, 0, False) in E.legal_actions(state, becca)


def test_sail_06_several_legs_then_leftover_range_is_lost() -> None:
    """SAIL-06 « L'excédent de portée est perdu » (L376): several legs while the range lasts;
    the move ends in a port."""
    state = voyages(3, 1)
    p = state.players[0]
    state.markers[route("creta", "athenae")] = 3
    state.markers[route("athenae", "corinthus")] = 4
    sailing(state, p, 9)
    act(state, Sail(p, "athenae"))
    act(state, Sail(p, "corinthus"))
    assert prompt(state).data["range"] == 2 and state.ships[p] == "corinthus"
    act(state, EndVoyage(p))
    assert state.ships[p] in DATA.ports


def test_sail_07_staying_put_and_ships_share_a_city() -> None:
    """SAIL-07 « Un joueur peut choisir de ne pas déplacer son bateau et de rester dans la ville
    où il se trouve : le nombre de bateaux que peut contenir une ville n'est pas limité »
    (L380–383)."""
    state = voyages(3, 1)
    play_oars(state)
    p = prompt(state).player
    assert EndVoyage(p) in E.legal_actions(state, p)
    stay_all(state)
    assert set(state.ships.values()) == {"creta"}


def test_sail_08_crete_can_be_crossed_and_nothing_is_delivered_there() -> None:
    """SAIL-08 (P10): Crete is an ordinary node; no city card names it."""
    assert all(c.city != "creta" for c in DATA.cities)
    state = voyages(3, 1)
    p = state.players[0]
    state.markers[route("athenae", "creta")] = 3
    state.markers[route("creta", "tyros")] = 3
    sailing(state, p, 9, at="athenae")
    act(state, Sail(p, "creta"))
    assert not [a for a in E.legal_actions(state, p) if isinstance(a, Deliver)]
    act(state, Sail(p, "tyros"))
    assert state.ships[p] == "tyros"


def test_sail_09_the_played_card_stays_face_down_in_front() -> None:
    """SAIL-09 « garde la carte Rames utilisée devant lui, face cachée : ceci permet de tenir
    le compte des tours » (L422–425)."""
    state = voyages(3, 1)
    cards = {p: state.hands[p][0] for p in state.players}
    play_oars(state, cards)
    stay_all(state)
    for p in state.players:
        assert state.played[p] == [cards[p]] and cards[p] not in state.hands[p]
    v = E.view(state, "red")
    assert v["played"] == [cards["red"]] and v["played_counts"]["green"] == 1


def test_sail_10_the_forecast_becomes_the_wind_five_plus_forecast() -> None:
    """SAIL-10 « Le marqueur de vent à venir descend dans l'échelle de vent actuel et devient
    le vent actuel » (L434–438), ruling P4 (rulings §21): wind = 5 + forecast."""
    state = voyages(3, 1)
    used: set[int] = set()
    cards = {}
    for p in state.players:
        cards[p] = oar_card(6, -2, used)
        used.add(cards[p])
    give(state, cards)
    play_oars(state, cards)
    assert state.forecast == -5
    stay_all(state)
    assert state.wind == 0 and state.turn == 2


def test_sail_11_no_wind_update_after_turn_five_nor_in_extra_turns() -> None:
    """SAIL-11 « Pendant ce ou ces tours supplémentaires, le marqueur de vent demeure sur la
    même position qu'au 5e tour » (L453–454), P5: no update after turn 5."""
    state = voyages(3, 1)
    advance(state, lambda s: s.turn == 5 and s.chosen == {} and prompt(s).kind == "voyage_oar")
    wind = state.wind
    play_oars(state)
    stay_all(state)
    assert state.wind == wind and state.forecast is None
    assert prompt(state).kind == "extra_turn"
    act(state, ExtraTurn(prompt(state).player, True))
    while prompt(state).kind == "extra_turn":
        act(state, ExtraTurn(prompt(state).player, False))
    play_oars(state)
    assert state.forecast is None and prompt(state).data["range"] == (
        DATA.oar(state.chosen[prompt(state).player])[0] + wind)
    stay_all(state)
    assert state.wind == wind


def _at_turn_five_end(seed: int = 1) -> NeptunState:
    """Round A, turn 5 revealed: the sailors only stay (so contracts remain unfulfilled)."""
    state = voyages(3, seed)
    advance(state, lambda s: s.turn == 5 and prompt(s).kind == "voyage_move")
    return state


def test_sail_12_extra_turn_offered_in_sequence_order_to_the_eligible() -> None:
    """SAIL-12 « Si un ou plusieurs joueurs ont encore des contrats non remplis (face visible),
    ils peuvent tenter de s'en acquitter … On demande aux joueurs concernés, dans l'ordre de la
    Séquence, s'ils veulent jouer des tours supplémentaires » (L444–451); P6: with an oar card."""
    state = _at_turn_five_end()
    done = state.sequence[0]
    for s in state.manifests[done]:
        assert s is not None
        s["status"] = "done"
    stay_all(state)
    asked = []
    while prompt(state).kind == "extra_turn":
        asked.append(prompt(state).player)
        act(state, ExtraTurn(prompt(state).player, True))
    assert asked == [p for p in state.sequence if p != done]


def test_sail_12_no_extra_turn_without_an_oar_card() -> None:
    """SAIL-12 (P6): a player with unfulfilled contracts but no oar card is not asked."""
    state = _at_turn_five_end()
    broke = state.sequence[0]
    stay_all(state)
    state.hands[broke] = []
    from bot.games.neptun.voyages import may_sail_extra

    assert not may_sail_extra(state, broke)


def _first_alone_in_the_extra_turn(state: NeptunState) -> str:
    """Turn 5 ends with everyone staying; the first asked accepts 5.I, the others decline."""
    stay_all(state)
    first = prompt(state).player
    act(state, ExtraTurn(first, True))
    while prompt(state).kind == "extra_turn":
        act(state, ExtraTurn(prompt(state).player, False))
    return first


def test_sail_13_extra_turn_players_play_sail_and_deliver() -> None:
    """SAIL-13 « Dans l'ordre de la Séquence, les joueurs concernés jouent une carte Rames,
    déplacent leur bateau et remplissent un contrat si possible » (L456–458)."""
    state = _at_turn_five_end()
    first = _first_alone_in_the_extra_turn(state)
    assert state.turn == 6 and [p.player for p in E.owed(state)] == [first]
    play_oars(state)
    assert prompt(state).kind == "voyage_move" and prompt(state).player == first
    assert E.view(state, None)["turn"] == "5.I"
    state.manifests[first][4] = contract("athenae", "honey", "gold")
    state.markers[route("creta", "athenae")] = 3
    act(state, Sail(first, "athenae"))
    events = act(state, Deliver(first, 4, False))
    delivered = [e.data for e in events if e.kind == "delivered"]
    assert delivered and delivered[0]["player"] == first and delivered[0]["port"] == "athenae"


def test_sail_14_second_extra_turn_offered_to_the_first_s_players() -> None:
    """SAIL-14 « Si nécessaire, on leur propose un second tour supplémentaire » (L458–459)."""
    state = _at_turn_five_end()
    first = _first_alone_in_the_extra_turn(state)
    play_oars(state)
    stay_all(state)
    assert prompt(state).kind == "extra_turn" and prompt(state).player == first
    assert prompt(state).data["turn"] == "5.II"
    act(state, ExtraTurn(first, True))
    play_oars(state)
    assert state.turn == 7
    stay_all(state)
    assert state.phase == "contracts" and state.round == 2  # scored, next round


def test_sail_15_unfulfilled_contracts_lost_after_5_ii_or_on_declining() -> None:
    """SAIL-15 « S'il reste des contrats non remplis après celui-ci, ils sont perdus et les
    cartes sont retournées face cachée » (L459–461)."""
    state = _at_turn_five_end()
    stay_all(state)
    p = prompt(state).player
    events = act(state, ExtraTurn(p, False))
    assert all(s is not None and s["status"] != "open" for s in state.manifests[p])
    assert "contracts_lost" in kinds(events)
    assert all(s == {"status": "lost"} or s["status"] == "done"
               for s in E.view(state, None)["manifests"][p])


def _at_delivery(good: str = "olives", kind: str = "temple", city: str = "saguntum",
                 slot: int = 0) -> tuple[NeptunState, str]:
    state = voyages(4, 1)
    p = "red"
    state.manifests[p] = [contract("roma", "salt", "gold"), None, None, None, None]
    state.manifests[p][slot] = contract(city, good, kind)
    sailing(state, p, 0, at=city)
    return state, p


def test_del_01_one_contract_where_the_move_ends_even_without_moving() -> None:
    """DEL-01 « Le joueur actif peut remplir un contrat dans la ville où il termine son
    déplacement, à condition qu'il dispose d'un contrat pour celle-ci » (L385–387), P7."""
    state, p = _at_delivery()
    delivers = [a for a in E.legal_actions(state, p) if isinstance(a, Deliver)]
    assert {a.slot for a in delivers} == {0}
    act(state, Deliver(p, 0, False))
    assert not any(q.player == p and q.kind == "voyage_move" for q in E.owed(state))
    state, p = _at_delivery(city="roma", good="grapes", kind="gold", slot=1)
    with pytest.raises(EngineError) as err:
        E.apply_in_place(state, Deliver(p, 2, False))
    assert err.value.code == "nothing_to_deliver"


def test_del_02_the_reward_is_fixed_by_the_card_gold_or_temple() -> None:
    """DEL-02 « Selon ce qui est indiqué sur la carte Ville du contrat et les Marchandises qu'il
    livre, il gagne de l'or ou des points de temple. Or : le joueur prend les pièces d'or dans la
    réserve générale » (L387–392)."""
    state, p = _at_delivery(city="roma", good="honey", kind="gold", slot=1)
    gold = state.gold[p]
    card = DATA.cities[state.manifests[p][1]["city"]]  # type: ignore[index]
    act(state, Deliver(p, 1, False))
    assert state.gold[p] == gold + card.gold["honey"]
    assert temple_points(state, "italia", p) == 0


def test_del_03_example_olives_to_saguntum_three_points_in_hispania() -> None:
    """DEL-03 « le joueur fait progresser son pion Temple du nombre de cases indiqué sur le
    temple de la région où il se trouve. Si son pion arrive sur une case occupée par un autre,
    le joueur le pose par-dessus » (L394–397); « Elle gagne 3 points en Hispanie » (L205)."""
    state, p = _at_delivery()
    other = "green"
    state.temples["hispania"] = [(other, 3), *[(q, 0) for q in state.players if q != other]]
    act(state, Deliver(p, 0, False))
    assert temple_points(state, "hispania", p) == 3
    assert state.temples["hispania"][-1] == (p, 3)  # on top of green's pawn


def test_del_03_example_grapes_to_alexandria_two_points_on_the_yellow_temple() -> None:
    """Example « Becca (rouge) remplit son contrat à Alexandrie et gagne donc 2 points de
    temple. Elle fait progresser son pion Temple de 2 cases sur le temple jaune » (L418–420)."""
    state, p = _at_delivery(city="alexandria", good="grapes")
    events = act(state, Deliver(p, 0, False))
    assert DATA.colours["africa"] == "yellow"
    assert temple_points(state, "africa", p) == 2
    delivered = next(e for e in events if e.kind == "delivered")
    assert delivered.data["region"] == "africa" and delivered.data["amount"] == 2


def test_del_04_one_temple_point_for_three_gold_per_contract() -> None:
    """DEL-04 « Une fois par contrat rempli, le joueur peut acheter 1 point de Temple
    supplémentaire dans cette région en payant 3 pièces d'or » (L399–401); P8: the gold just
    earned counts."""
    state, p = _at_delivery()
    gold = state.gold[p]
    act(state, Deliver(p, 0, True))
    assert temple_points(state, "hispania", p) == 4 and state.gold[p] == gold - 3
    state, p = _at_delivery()
    state.gold[p] = 2
    assert Deliver(p, 0, True) not in E.legal_actions(state, p)
    with pytest.raises(EngineError) as err:
        E.apply_in_place(state, Deliver(p, 0, True))
    assert err.value.code == "unaffordable"
    state, p = _at_delivery(city="roma", good="grain", kind="gold", slot=1)
    state.gold[p] = 0  # the gold earned (4 for grain at Roma) pays the point
    act(state, Deliver(p, 1, True))
    assert temple_points(state, "italia", p) == 1 and state.gold[p] == 1


def test_del_05_unfulfilled_contracts_to_the_left_are_lost() -> None:
    """DEL-05 « S'il y a un ou plusieurs contrats non remplis à gauche de celui qu'il vient de
    remplir sur son manifeste, le joueur doit retourner les cartes correspondantes et ne peut
    plus remplir ces contrats » (L403–407); example « si Becca navigue jusqu'à Pergame ensuite,
    son contrat avec Saguntum est perdu » (L427–430), P9: when she delivers there."""
    state = voyages(4, 1)
    becca = "red"
    state.manifests[becca] = [contract("saguntum", "olives", "temple"),
                              contract("pergamon", "salt", "gold"),
                              contract("roma", "fish", "gold"), None, None]
    sailing(state, becca, 0, at="pergamon")
    events = act(state, Deliver(becca, 1, False))
    slots = state.manifests[becca]
    assert [s["status"] for s in slots[:3]] == ["lost", "done", "open"]  # type: ignore[index]
    assert next(e for e in events if e.kind == "delivered").data["lost"] == [0]


def test_del_06_fulfilled_cards_go_to_their_discards() -> None:
    """DEL-06 « le joueur renvoie les cartes Ville et Marchandises dans les défausses
    correspondantes » (L409–422)."""
    state, p = _at_delivery()
    done = state.manifests[p][0]
    assert done is not None
    act(state, Deliver(p, 0, False))
    assert state.city_discard[-1] == done["city"] and state.goods_discard[-1] == done["goods"]


def test_one_delivery_per_turn_ends_the_move() -> None:
    """« Le joueur actif peut remplir un contrat » (L385): a delivery ends the player's move,
    so at most one per turn."""
    state, p = _at_delivery()
    state.manifests[p][1] = contract("saguntum", "honey", "temple")
    act(state, Deliver(p, 0, False))
    assert not any(q.player == p and q.kind == "voyage_move" for q in E.owed(state))
