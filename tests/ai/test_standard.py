"""The standard player's heuristics, one decision at a time: its view comes from a Scenario and
the legal answers are given by hand (the player only picks among them)."""

from __future__ import annotations

from bot.games.mare_nostrum.actions import (
    Action,
    Buy,
    CancelPurchase,
    ChooseCasualties,
    EndTurn,
    GiveCompensation,
    MakeOffer,
    Move,
    Pay,
    TakeResource,
)
from bot.games.mare_nostrum.ai.standard import StandardPlayer
from bot.games.mare_nostrum.view import view
from tests.engine.builder import THREE, Scenario


def pick(s: Scenario, me: str, legal: list[Action]) -> Action:
    return StandardPlayer(1).choose(view(s.state, me), legal)


def test_goes_for_the_pyramids() -> None:
    s = Scenario(THREE)
    legal: list[Action] = [Buy("rome", "market", "italia", 2), Buy("rome", "pyramids"),
                           EndTurn("rome")]
    assert pick(s, "rome", legal) == Buy("rome", "pyramids")


def test_buys_the_fifth_hw_before_anything_else() -> None:
    s = Scenario(THREE).hw("rome", "caesar", "circe", "hercules", "antigone")
    tile = s.state.hw_market[0]
    legal: list[Action] = [Buy("rome", "market", "italia", 2), Buy("rome", "hw", tile),
                           EndTurn("rome")]
    assert pick(s, "rome", legal) == Buy("rome", "hw", tile)


def test_spends_rather_than_ending_the_turn() -> None:
    s = Scenario(THREE)
    legal: list[Action] = [EndTurn("rome"), Buy("rome", "caravan", "italia", 1)]
    s.state.phase = "build"
    assert pick(s, "rome", legal) == Buy("rome", "caravan", "italia", 1)


def test_influence_goes_where_buildings_stand() -> None:
    s = Scenario(THREE)
    s.building("dalmatia", "caravan")
    s.building("dalmatia", "market")
    s.influence("dalmatia", None).influence("germania", None)
    legal: list[Action] = [Buy("rome", "influence", "germania"),
                           Buy("rome", "influence", "dalmatia"), EndTurn("rome")]
    assert pick(s, "rome", legal) == Buy("rome", "influence", "dalmatia")


def test_defends_where_enemies_stand_next_door() -> None:
    s = Scenario(THREE).legions("germania", "greece", 3)
    legal: list[Action] = [Buy("rome", "legion", "italia"), Buy("rome", "legion", "gallia"),
                           EndTurn("rome")]
    assert pick(s, "rome", legal) == Buy("rome", "legion", "gallia")


def test_pays_with_the_set_that_keeps_the_most_flexibility() -> None:
    s = Scenario(THREE).hand("rome", coin=3, grain=2, wine=1, oil=1, metal=1)
    coins = Pay("rome", ("coin", "coin", "coin"))
    goods = Pay("rome", ("grain", "oil", "wine"))
    # Coins leave 4 different commodities (a set of 4); the goods would leave a set of 3.
    assert pick(s, "rome", [goods, coins, CancelPurchase("rome")]) == coins


def test_offers_what_it_has_most_of() -> None:
    s = Scenario(THREE).hand("rome", grain=3, wine=1, oil=1)
    legal: list[Action] = [MakeOffer("rome", ("grain", "wine")),
                           MakeOffer("rome", ("grain", "grain")),
                           MakeOffer("rome", ("oil", "wine"))]
    assert pick(s, "rome", legal) == MakeOffer("rome", ("grain", "grain"))


def test_takes_what_completes_its_sets() -> None:
    s = Scenario(THREE).hand("rome", grain=2, wine=1)
    legal: list[Action] = [TakeResource("rome", "greece", "grain"),
                           TakeResource("rome", "carthage", "marble"),
                           TakeResource("rome", "greece", "wine")]
    assert pick(s, "rome", legal) == TakeResource("rome", "carthage", "marble")


def test_compensation_gives_a_duplicate() -> None:
    s = Scenario(THREE).hand("rome", coin=2, grain=3, wine=1)
    legal: list[Action] = [GiveCompensation("rome", r) for r in ("coin", "grain", "wine")]
    assert pick(s, "rome", legal) == GiveCompensation("rome", "grain")


def test_attacks_when_the_odds_are_good() -> None:
    """4 legions (14 expected) against 1 legion (3.5): attack."""
    s = Scenario(THREE).legions("gallia", "rome", 4).legions("dalmatia", "greece", 1)
    s.influence("dalmatia", "greece")
    legal: list[Action] = [Move("rome", "legion", "gallia", "dalmatia"),
                           Move("rome", "legion", "gallia", "germania"), EndTurn("rome")]
    assert pick(s, "rome", legal) == Move("rome", "legion", "gallia", "dalmatia")


def test_stays_home_when_the_odds_are_bad() -> None:
    """2 legions (7) against 2 legions and a fortress (12): no attack."""
    s = Scenario(THREE).legions("gallia", "rome", 2).legions("dalmatia", "greece", 2)
    s.influence("dalmatia", "greece").fortress("dalmatia", "greece")
    legal: list[Action] = [Move("rome", "legion", "gallia", "dalmatia"), EndTurn("rome")]
    assert pick(s, "rome", legal) == EndTurn("rome")


def test_keeps_its_fortress_while_legions_can_take_the_hits() -> None:
    s = Scenario(THREE)
    legal: list[Action] = [ChooseCasualties("rome", 2, False), ChooseCasualties("rome", 1, True)]
    assert pick(s, "rome", legal) == ChooseCasualties("rome", 2, False)
