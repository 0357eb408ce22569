"""Phase V — Claims (section 5) and the title levels; victory by the three titles (6.3)."""

from __future__ import annotations

import pytest

from bot.games.mare_nostrum.actions import AwardTitle
from bot.games.mare_nostrum.control import levels
from bot.games.mare_nostrum.errors import IllegalAction, NotYourTurn

from .builder import FIVE, Scenario


def bare(s: Scenario) -> Scenario:
    """No building on the board, so each test builds exactly what its example counts."""
    for built in s.state.built.values():
        built[:] = [False] * len(built)
    return s


def trade_example() -> Scenario:
    """Section 5's example: Rome 3 caravans + 2 markets, Greece 2 + 2, Babylon 3 + 1,
    Egypt and Carthage 2 + 1."""
    s = bare(Scenario(FIVE))
    for province, commodity in [("latium", "metal"), ("latium", "wine"), ("italia", "metal")]:
        s.building(province, "caravan", commodity=commodity)
    s.building("latium", "market")
    s.building("italia", "market")
    s.building("macedonia", "caravan", commodity="grain")
    s.building("macedonia", "caravan", commodity="wine")
    s.building("macedonia", "market")
    s.building("achaea", "market")
    s.building("babylonia", "caravan", commodity="grain")
    s.building("babylonia", "caravan", commodity="perfume")
    s.building("mesopotamia", "caravan", commodity="sheep")
    s.building("babylonia", "market")
    for empire, province in [("egypt", "aethiopia"), ("carthage", "numidia")]:
        s.building(province, "caravan", commodity="grain" if empire == "egypt" else "gold")
        s.building(province, "caravan", commodity="gold" if empire == "egypt" else "gladiator")
        s.building(province, "market")
    return s


def test_5_trade_track_example() -> None:
    """« le joueur romain contrôle 3 Caravanes et 2 Marchés. Son marqueur Niveau (rouge) est placé
    au niveau V de la piste Commerce. Le joueur grec contrôle 2 Caravanes et 2 Marchés ... niveau
    IV ... Les joueurs égyptien et carthaginois contrôlent chacun 2 Caravanes et 1 Marché ... niveau
    III ... Le joueur romain ... devient donc le Maître du Commerce ».
    The example's Babylonian (3 caravans + 1 market) is printed at III; the track counts caravans
    plus markets (« La piste Commerce comptabilise le nombre de Caravanes et Marchés »), so the
    engine puts him at IV — a slip of the printed example, which changes nothing to its outcome."""
    s = trade_example()
    got = {e: levels(s.state, e)["trade"] for e in FIVE}
    assert got == {"rome": 5, "greece": 4, "babylon": 4, "egypt": 3, "carthage": 3}
    s.enter("claims")
    assert s.state.titles["trade"] == "rome"
    assert any(e.kind == "title_changed" and e.data["new"] == "rome" for e in s.events)


def test_5_trade_title_change_gives_back_the_trade_tokens() -> None:
    """« Les jetons Commerce joués sont récupérés ... à chaque fois que le Titre de Maître du
    Commerce change de main. »"""
    s = trade_example()
    s.set(trade_tokens_used=["5/0", "2/1"])
    s.enter("claims")
    assert s.state.trade_tokens_used == []


def test_5_military_track_xv_plus_example() -> None:
    """« le joueur romain a 5 Forteresses, 5 Trirèmes et 4 Légions. Son marqueur Niveau est placé
    au niveau XIV (14) ... il achète 4 Légions augmentant son niveau Militaire à XVIII (18). »
    Levels are plain numbers past XV (XV+ III is 18)."""
    s = Scenario(FIVE)
    s.state.legions = {"latium": {"rome": 4}}
    s.state.fortresses = {p: ["rome"] for p in ["latium", "italia", "gallia", "dalmatia",
                                                  "germania"]}
    s.state.triremes = {"tyrrhenum": {"rome": 5}}
    assert levels(s.state, "rome")["military"] == 14
    s.legions("latium", "rome", 8)
    assert levels(s.state, "rome")["military"] == 18


def test_5_culture_track_counts_cities_capitals_legendary_and_temples() -> None:
    """« Leader Politique : le joueur qui contrôle le plus de Cités, Capitales, Cités Légendaires
    et Temples, plus les bonus Politique de HM. »"""
    s = bare(Scenario(FIVE))
    s.building("achaea", "capital")
    s.building("achaea", "city")
    s.building("achaea", "temple")
    s.influence("asia", "greece")
    s.building("asia", "legendary_city")
    assert levels(s.state, "greece")["culture"] == 4
    s.hw("greece", "pericles", "hercules")
    assert levels(s.state, "greece")["culture"] == 6  # HERCULE: Politique 2


def test_5_occupied_buildings_count_for_the_conqueror() -> None:
    """« Un Conquérant comptabilise sur la piste des Titres les Bâtiments occupés au détriment du
    joueur qui a la Province sous son Influence »: occupying a caravan and a market moves 2 trade
    levels (4.4's example)."""
    s = Scenario(FIVE)
    s.building("cyrenaica", "market")
    slots = s.state.board.provinces["cyrenaica"].slots
    rome, egypt = levels(s.state, "rome")["trade"], levels(s.state, "egypt")["trade"]
    s.legions("cyrenaica", "rome", 2)
    for i, sl in enumerate(slots):
        if sl.kind in ("caravan", "market"):
            s.occupy("cyrenaica", i, "rome")
    assert levels(s.state, "rome")["trade"] == rome + 2
    assert levels(s.state, "egypt")["trade"] == egypt - 2


def tie_on_trade(holder: str) -> Scenario:
    s = Scenario(FIVE)
    s.title("trade", holder)
    # Rome and Carthage both at VII; nobody else higher.
    assert levels(s.state, "rome")["trade"] == levels(s.state, "carthage")["trade"] == 7
    return s


@pytest.mark.parametrize("winner", ["rome", "carthage"])
def test_5_tie_holder_chooses_and_may_choose_himself(winner: str) -> None:
    """« S'il y a une égalité entre plusieurs joueurs pour la possession d'un Titre, le joueur
    qui possédait le Titre choisit qui l'emporte. Il peut se choisir s'il fait partie de
    l'égalité. »"""
    s = tie_on_trade("carthage")
    s.enter("claims")
    trade = [(p.player, p.data["tied"]) for p in s.state.prompts if p.data["title"] == "trade"]
    assert trade == [("carthage", ["rome", "carthage"])]
    legal = [a for a in s.legal("carthage") if isinstance(a, AwardTitle) and a.title == "trade"]
    assert {a.winner for a in legal if isinstance(a, AwardTitle)} == {"rome", "carthage"}
    s.act(AwardTitle("carthage", "trade", winner))
    assert s.state.titles["trade"] == winner


def test_5_tie_holder_outside_the_tie_still_chooses() -> None:
    """« le joueur qui possédait le Titre choisit qui l'emporte » — even when he is not tied."""
    s = tie_on_trade("egypt")
    s.enter("claims")
    trade = [(p.player, p.data["tied"]) for p in s.state.prompts if p.data["title"] == "trade"]
    assert trade == [("egypt", ["rome", "carthage"])]
    with pytest.raises(IllegalAction):
        s.act(AwardTitle("egypt", "trade", "egypt"))
    with pytest.raises(NotYourTurn):
        s.act(AwardTitle("babylon", "trade", "babylon"))
    s.act(AwardTitle("egypt", "trade", "rome"))
    assert s.state.titles["trade"] == "rome"


def test_6_3_three_titles_win_at_the_end_of_claims() -> None:
    """« Un joueur gagne s'il détient les 3 Titres (Maître du Commerce, Leader Politique et Chef
    Militaire) à la fin de la Phase Revendications. »"""
    s = Scenario(FIVE)
    s.hw("rome", "caesar", "hercules", "hamilcar", "perseus")  # +4 trade, +5 culture, +4 mil.
    s.building("latium", "temple")
    s.enter("claims")
    assert s.state.titles == {"trade": "rome", "culture": "rome", "military": "rome"}
    assert s.state.over and s.state.winners == ["rome"] and s.state.victory == "titles"
    assert s.kinds("game_won")


def test_5_claims_then_a_new_round_starts_with_production() -> None:
    """At set-up Rome and Carthage tie on trade (VII), Greece and Egypt on culture (IV), Rome and
    Greece on military (III): the holders choose; once every title is settled the next round
    begins."""
    from bot.games.mare_nostrum import engine

    s = Scenario(FIVE)
    s.enter("claims")
    assert sorted(p.data["title"] for p in s.state.prompts) == ["culture", "military", "trade"]
    while s.state.phase == "claims":
        s.act(engine.default_action(s.state, s.state.prompts[0]))
    assert s.state.titles == {"trade": "carthage", "culture": "egypt", "military": "rome"}
    assert s.state.round == 2
    assert any(e.kind == "phase_started" and e.data["phase"] == "production" for e in s.events)


@pytest.mark.parametrize("players", [3, 5])
def test_5_levels_one_empire_or_all_count_the_same(players: int) -> None:
    """'Important: the levels are always derived from the board' (5): one empire's levels
    (asked on every purchase) and every empire's (asked at the end of a Military turn and by
    the claims) are the same counts, at every moment of seeded games, occupations and lost
    units included."""
    import random

    from bot.games.mare_nostrum import engine
    from bot.games.mare_nostrum.control import all_levels, unit_counts
    from bot.games.mare_nostrum.setup import seat_order

    seats = list(seat_order())[:players]
    compared = occupied = 0
    for seed in range(3):
        rnd = random.Random(seed)
        state, _ = engine.new_game(seats, None, seed)
        while not state.over:
            everyone = all_levels(state)
            assert everyone == {e: levels(state, e) for e in state.players}
            assert unit_counts(state, state.players) == {
                e: unit_counts(state, [e])[e] for e in state.players}
            compared += 1
            occupied += any(map(any, state.occupant.values()))
            player = rnd.choice(sorted({p.player for p in engine.owed(state)}))
            engine.apply_in_place(state, rnd.choice(engine.legal_actions(state, player)))
    assert compared > 500 and occupied > 0
