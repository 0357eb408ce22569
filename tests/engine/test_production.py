"""Phase I — Production (section 1)."""

from __future__ import annotations

import pytest

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import ChooseProduction
from bot.games.mare_nostrum.errors import IllegalAction, NotYourTurn
from bot.games.mare_nostrum.kinds import ProductionChoice
from bot.games.mare_nostrum.phases.production import production_of
from bot.games.mare_nostrum.resources import PaymentRules, is_valid_set

from .builder import FIVE, Scenario


def only(s: Scenario, empire: str, province: str) -> Scenario:
    """Leave `empire` with influence in `province` alone, so its production is isolated."""
    for p, e in list(s.state.influence.items()):
        if e == empire and p != province:
            s.influence(p, None)
    return s


def test_1_1_example_1_aethiopia_two_caravans() -> None:
    """« Frank a un marqueur Influence dans la Province d'AETHIOPIA qui compte 2 marqueurs
    Caravane. Frank contrôle donc les 2 Caravanes » — « Frank collectera un jeton Céréale et un
    jeton Or lors de la Phase Production grâce à la Province d'AETHIOPIA. »"""
    s = only(Scenario(FIVE), "egypt", "aethiopia")
    assert production_of(s.state)["egypt"] == {"grain": 1, "gold": 1}


def test_1_1_example_2_macedonia_one_caravan_occupied() -> None:
    """« Thierry a un marqueur Influence dans la Province de MACEDONIA qui compte 2 marqueurs
    Caravane mais dont l'un est occupé par Serge. Thierry ne contrôle donc qu'une Caravane. »"""
    s = only(Scenario(FIVE), "greece", "macedonia")
    grain_slot = next(i for i, sl in enumerate(s.state.board.provinces["macedonia"].slots)
                      if sl.commodity == "grain")
    rome_grain = production_of(s.state)["rome"]["grain"]
    s.legions("macedonia", "rome", 1).occupy("macedonia", grain_slot, "rome")
    produced = production_of(s.state)
    assert produced["greece"] == {"wine": 1}
    assert produced["rome"]["grain"] == rome_grain + 1  # the occupier collects it


def test_1_2_city_one_coin_two_with_a_temple() -> None:
    """« 1 Impôt pour chaque Cité qu'il contrôle ou 2 Impôts s'il contrôle aussi un Temple dans
    la même Province. »"""
    s = only(Scenario(FIVE), "greece", "thracia")
    s.building("thracia", "caravan", present=False)
    assert production_of(s.state)["greece"] == {"coin": 1}
    s.building("thracia", "temple")
    assert production_of(s.state)["greece"] == {"coin": 2}


def test_1_2_caravan_doubled_by_a_market() -> None:
    """« 1 Bien du type de l'icône associée pour chaque Caravane qu'il contrôle ou 2 fois ce Bien
    s'il contrôle aussi un Marché dans la même Province. »"""
    s = only(Scenario(FIVE), "greece", "macedonia")
    assert production_of(s.state)["greece"] == {"grain": 1, "wine": 1}
    s.building("macedonia", "market")
    assert production_of(s.state)["greece"] == {"grain": 2, "wine": 2}


def test_1_2_legendary_city_coin_and_legendary_commodity() -> None:
    """« 1 Impôt + 1 Bien Légendaire (pioché au hasard dans la pile des Biens Légendaires) pour
    chaque Cité Légendaire qu'il contrôle. »"""
    s = Scenario(FIVE)
    s.influence("asia", "greece")
    s.building("asia", "legendary_city")
    before = dict(s.state.hands["greece"])
    s.enter("production")
    hand = s.state.hands["greece"]
    legendary = [t for t in hand if t.endswith("*")]
    assert len(legendary) == 1
    assert len(s.state.legendary_pile) == 12
    drawn = next(e for e in s.events if e.kind == "produced" and e.data["player"] == "greece")
    assert drawn.audience == ("greece",) and legendary[0] in drawn.data["resources"]
    assert hand.get("coin", 0) >= before.get("coin", 0) + 1


@pytest.mark.parametrize("choice", ["coin", "legendary"])
def test_1_2_legendary_city_with_temple_extra_coin_or_legendary(
        choice: ProductionChoice) -> None:
    """« Il collecte un Impôt ou un Bien Légendaire supplémentaire s'il contrôle aussi un Temple
    dans la même province. » — the player's choice is a prompt, sealed until all have chosen."""
    s = Scenario(FIVE)
    s.influence("asia", "greece")
    s.building("asia", "legendary_city")
    s.building("asia", "temple")
    s.enter("production")
    assert s.state.phase == "production"
    assert [p.kind for p in engine.owed(s.state)] == ["production_choice"]
    coins = s.state.hands["greece"].get("coin", 0)
    legends = sum(n for t, n in s.state.hands["greece"].items() if t.endswith("*"))
    with pytest.raises(NotYourTurn):
        s.act(ChooseProduction("rome", "asia", choice))
    s.act(ChooseProduction("greece", "asia", choice))
    hand = s.state.hands["greece"]
    if choice == "coin":
        assert hand.get("coin", 0) == coins + 1
    else:
        assert sum(n for t, n in hand.items() if t.endswith("*")) == legends + 1
    assert s.state.phase != "production"


def test_1_2_production_choice_must_name_the_province() -> None:
    s = Scenario(FIVE)
    s.influence("asia", "greece")
    s.building("asia", "legendary_city")
    s.building("asia", "temple")
    s.enter("production")
    with pytest.raises(IllegalAction):
        s.act(ChooseProduction("greece", "judaea", "coin"))


def test_1_4_legendary_counts_as_its_ordinary_type() -> None:
    """« un jeton Mouton Légendaire compte comme un jeton Mouton, les deux ne peuvent donc pas
    être joués dans une même combinaison lors de la Phase Achats »."""
    from bot.games.mare_nostrum.resources import token_type

    assert token_type("sheep*") == "sheep"
    # Payments name types: a legendary sheep and a sheep are two "sheep" in one set.
    assert not is_valid_set(("grain", "sheep", "sheep"), 3, PaymentRules())


def test_1_4_discard_reshuffled_when_the_pile_is_empty() -> None:
    """« Lorsque tous les jetons Bien Légendaire ont été piochés, on mélange la pile de défausse
    Légendaire pour reformer une pioche des Biens Légendaires, face cachée. »"""
    s = Scenario(FIVE)
    s.influence("asia", "greece")
    s.building("asia", "legendary_city")
    s.set(legendary_pile=[], legendary_discard=["wine", "gold"])
    s.enter("production")
    assert s.kinds("legendary_reshuffled")
    assert len(s.state.legendary_pile) == 1 and s.state.legendary_discard == []


def test_4_3_2_temple_doubles_only_with_the_cities_it_occupies() -> None:
    """« Placer une Unité sur un Temple permet de doubler les Impôts collectés grâce aux Cités de
    la Province si et seulement si le joueur les occupe également. »"""
    s = only(Scenario(FIVE), "egypt", "cyrenaica")
    s.building("cyrenaica", "temple")
    slots = s.state.board.provinces["cyrenaica"].slots
    temple = next(i for i, sl in enumerate(slots) if sl.kind == "temple")
    city = next(i for i, sl in enumerate(slots) if sl.kind == "city")
    s.legions("cyrenaica", "rome", 2).occupy("cyrenaica", temple, "rome")
    produced = production_of(s.state)
    assert produced["egypt"].get("coin") == 1  # his city, without the temple he lost
    assert produced["rome"]["coin"] == 1  # ROMA only: the temple doubles no city of his
    s.occupy("cyrenaica", city, "rome")
    produced = production_of(s.state)
    assert "coin" not in produced["egypt"]
    assert produced["rome"]["coin"] == 1 + 2  # ROMA + the doubled city of CYRENAICA
