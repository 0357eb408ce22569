"""Section 8 — the HW powers that act in Production, Trade and Build, and the title bonuses."""

from __future__ import annotations

import pytest

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import (
    Buy,
    ChooseNext,
    ChooseProduction,
    EndTurn,
    MakeOffer,
    Pay,
    PlaceFreeInfluence,
    PlayTradeToken,
)
from bot.games.mare_nostrum.board import COMMODITIES
from bot.games.mare_nostrum.control import has_power, levels, supply_left
from bot.games.mare_nostrum.phases.production import production_of
from bot.games.mare_nostrum.powers import (
    ChooseCommodity,
    CirceCaravans,
    CopyPower,
    KeepCommodities,
    PlaceFreeLegions,
)

from .builder import FIVE, Scenario
from .builder import rejected as rejects

# --- helpers ----------------------------------------------------------------------------------


def start(s: Scenario, player: str) -> None:
    """Open the Build phase and have the Culture Leader (Egypt) name `player` first."""
    s.enter("build")
    s.act(ChooseNext(s.state.titles["culture"], player))
    assert s.state.build is not None and s.state.build.current == player


def buy(s: Scenario, player: str, item: str, target: str = "",
        pay: tuple[str, ...] | None = None) -> None:
    s.act(Buy(player, item, target))
    if pay is None:
        pay = next(a.resources for a in s.legal(player) if isinstance(a, Pay))
    s.act(Pay(player, pay))



def legal_pass_check(s: Scenario) -> None:
    """Every legal action of every player passes the engine's check."""
    for p in s.state.players:
        for a in s.legal(p):
            engine.check(s.state, a)


def pays(s: Scenario, player: str) -> set[tuple[str, ...]]:
    return {a.resources for a in s.legal(player) if isinstance(a, Pay)}


def isolate(s: Scenario, player: str) -> Scenario:
    """Leave `player` with his capital's province only (so his production is small)."""
    cap = {"rome": "latium", "greece": "achaea", "carthage": "africa", "egypt": "aegyptus",
           "babylon": "babylonia"}[player]
    for p, e in list(s.state.influence.items()):
        if e == player and p != cap:
            s.influence(p, None)
    return s


# --- Phase I: Circé, Colosse, Temple d'Artémis ------------------------------------------------


def test_8_circe_legions_as_caravans_on_neutral_or_own_provinces() -> None:
    """CIRCÉ : « Vous pouvez placer vos Légions sur des emplacements Caravane sans Caravane pour
    les utiliser en tant que telles. Vous ne pouvez le faire que sur vos Provinces ou des
    Provinces neutres et il ne doit pas y avoir d'Unités adverses. »"""
    s = isolate(Scenario(FIVE), "rome")
    base = dict(production_of(s.state)["rome"])
    s.hw("rome", "caesar", "circe")
    s.legions("dalmatia", "rome", 3)  # neutral; wood and gladiator slots empty: one each
    got = production_of(s.state)["rome"]
    assert got.get("wood", 0) == base.get("wood", 0) + 1
    assert got.get("gladiator", 0) == base.get("gladiator", 0) + 1
    s.legions("dalmatia", "greece", 1)  # an enemy unit: nothing
    assert production_of(s.state)["rome"] == base
    s.legions("dalmatia", "greece", 0).influence("dalmatia", "greece")  # another's province
    assert production_of(s.state)["rome"] == base
    s.influence("dalmatia", None).hw("rome", "caesar")
    assert production_of(s.state)["rome"] == base  # without the power


def test_8_circe_chooses_the_slots_when_legions_are_fewer() -> None:
    """CIRCÉ : « Vous pouvez placer vos Légions sur des emplacements Caravane sans Caravane » —
    avec moins de Légions que d'emplacements vides, il choisit lesquels (défaut : les premiers
    dans l'ordre imprimé)."""
    s = isolate(Scenario(FIVE), "rome")
    s.hw("rome", "caesar", "circe").legions("dalmatia", "rome", 1).hand("rome")
    s.enter("production")
    assert [(p.kind, p.player) for p in engine.owed(s.state)] == [("circe_caravans", "rome")]
    assert s.legal("rome") == [CirceCaravans("rome", "dalmatia", ("gladiator",)),
                               CirceCaravans("rome", "dalmatia", ("wood",))]
    legal_pass_check(s)
    [prompt] = engine.owed(s.state)
    assert engine.default_action(s.state, prompt) == CirceCaravans("rome", "dalmatia",
                                                                   ("wood",))
    rejects(s, CirceCaravans("rome", "dalmatia", ("grain",)), "bad_caravans")
    rejects(s, CirceCaravans("rome", "dalmatia", ("gladiator", "wood")), "bad_caravans")
    rejects(s, CirceCaravans("rome", "dacia", ("wine",)), "wrong_province")
    gladiators = s.state.hands["rome"].get("gladiator", 0)
    s.act(CirceCaravans("rome", "dalmatia", ("gladiator",)))
    assert s.state.hands["rome"]["gladiator"] == gladiators + 1
    assert s.state.phase == "trade"


def test_8_circe_only_empty_slots_and_market_doubles_if_his() -> None:
    """CIRCÉ : « sur des emplacements Caravane sans Caravane » ; le Marché double la production
    de ces Légions seulement s'il le contrôle (notre décision)."""
    s = isolate(Scenario(FIVE), "rome")
    base = production_of(s.state)["rome"]
    wine, marble = base.get("wine", 0), base.get("marble", 0)
    s.hw("rome", "caesar", "circe").influence("dacia", "rome").legions("dacia", "rome", 2)
    s.building("dacia", "caravan", commodity="wine")  # a real caravan: Rome controls it
    got = production_of(s.state)["rome"]
    # The caravan, then one legion on the empty marble slot (the other has no slot).
    assert (got["wine"], got["marble"]) == (wine + 1, marble + 1)
    s.building("dacia", "market")
    got = production_of(s.state)["rome"]
    assert (got["wine"], got["marble"]) == (wine + 2, marble + 2)
    s.occupy("dacia", 2, "greece").legions("dacia", "greece", 0)  # market not his
    got = production_of(s.state)["rome"]
    assert got["marble"] == marble + 1
    # Played through the phase: the legion's commodity lands in his hand.
    s.occupy("dacia", 2, None).hand("rome")
    s.enter("production")
    assert s.state.hands["rome"]["marble"] == marble + 2


def test_8_circe_copied_by_castor_and_pollux_works() -> None:
    """CASTOR & POLLUX : « copier définitivement le pouvoir d'un Héros » — Circé copiée agit."""
    s = isolate(Scenario(FIVE), "rome")
    base = dict(production_of(s.state)["rome"])
    s.hw("rome", "caesar", "castor_pollux").set(copied={"rome": "circe"})
    s.legions("germania", "rome", 1)
    assert production_of(s.state)["rome"].get("diamond", 0) == base.get("diamond", 0) + 1


def test_8_artemis_one_more_coin() -> None:
    """TEMPLE D'ARTÉMIS : « À chaque Phase Production, vous pouvez prendre 1 jeton Impôt
    supplémentaire. »"""
    s = Scenario(FIVE)
    before = production_of(s.state)["greece"].get("coin", 0)
    s.hw("greece", "pericles", "artemis")
    assert production_of(s.state)["greece"]["coin"] == before + 1


def test_8_colossus_one_commodity_after_everyone_collected_announced() -> None:
    """COLOSSE : « À chaque Phase Production, vous pouvez prendre 1 jeton Bien de votre choix
    après que tous les joueurs ont collecté leurs Ressources. Vous devez annoncer le Bien
    choisi. »"""
    s = Scenario(FIVE)
    s.hw("greece", "pericles", "colossus")
    s.enter("production")
    assert s.state.phase == "production"
    assert [(p.kind, p.player) for p in engine.owed(s.state)] == [("colossus_choice", "greece")]
    assert s.legal("greece") == [ChooseCommodity("greece", c) for c in COMMODITIES]
    legal_pass_check(s)
    rejects(s, ChooseCommodity("greece", "coin"), "unknown_commodity")
    rejects(s, ChooseCommodity("rome", "gold"), "not_your_turn")
    gold = s.state.hands["greece"].get("gold", 0)
    s.act(ChooseCommodity("greece", "gold"))
    assert s.state.hands["greece"]["gold"] == gold + 1
    [taken] = s.kinds("colossus_taken")
    assert taken.audience is None and taken.data["commodity"] == "gold"
    assert s.state.phase == "trade"


def test_8_colossus_waits_for_the_sealed_production_choices() -> None:
    """COLOSSE : « après que tous les joueurs ont collecté leurs Ressources » — après les
    choix Cité Légendaire + Temple."""
    s = Scenario(FIVE)
    s.hw("greece", "pericles", "colossus")
    s.influence("sicilia", "rome")
    s.building("sicilia", "legendary_city")
    s.building("sicilia", "temple")
    s.enter("production")
    assert [p.kind for p in engine.owed(s.state)] == ["production_choice"]
    s.act(ChooseProduction("rome", "sicilia", "coin"))
    assert [(p.kind, p.player) for p in engine.owed(s.state)] == [("colossus_choice", "greece")]


def test_8_colossus_waits_for_circe_choices() -> None:
    """COLOSSE : « après que tous les joueurs ont collecté leurs Ressources » — après les
    choix de Circé."""
    s = isolate(Scenario(FIVE), "rome")
    s.hw("rome", "caesar", "circe").legions("dalmatia", "rome", 1)
    s.hw("greece", "pericles", "colossus")
    s.enter("production")
    assert [p.kind for p in engine.owed(s.state)] == ["circe_caravans"]
    s.act(CirceCaravans("rome", "dalmatia", ("wood",)))
    assert [(p.kind, p.player) for p in engine.owed(s.state)] == [("colossus_choice", "greece")]


def test_rulings_12_colossus_default_first_commodity_not_held() -> None:
    """Défaut à l'échéance : le premier Bien, dans l'ordre fixe, qu'il n'a pas."""
    s = Scenario(FIVE)
    s.hw("greece", "pericles", "colossus")
    s.enter("production")
    s.hand("greece", ceramic=1, coin=2)
    [prompt] = engine.owed(s.state)
    assert engine.default_action(s.state, prompt) == ChooseCommodity("greece", "diamond")


# --- Phase II: Antigone -----------------------------------------------------------------------


def test_8_antigone_offers_0_to_5_tokens_of_her_choice() -> None:
    """ANTIGONE : « Après que le Maître du Commerce a joué le jeton Commerce, vous pouvez
    participer à l'échange avec le nombre de jetons Ressource de votre choix (0 à 5
    jetons). »"""
    s = Scenario(FIVE)
    s.hw("rome", "caesar", "antigone")
    s.hand("rome", coin=3, grain=2, wood=2)  # 7 tokens
    s.enter("trade")
    s.act(PlayTradeToken("carthage", "2/1", 2))
    sizes = {len(a.resources) for a in s.legal("rome") if isinstance(a, MakeOffer)}
    assert sizes == {0, 1, 2, 3, 4, 5}
    others = {len(a.resources) for a in s.legal("greece") if isinstance(a, MakeOffer)}
    assert others == {2}
    legal_pass_check(s)
    rejects(s, MakeOffer("rome", ("coin", "coin", "coin", "grain", "grain", "wood")),
            "bad_offer_size")
    rejects(s, MakeOffer("greece", ("coin",)), "bad_offer_size")
    s.act(MakeOffer("rome", ("coin", "coin", "coin", "grain", "wood")))
    assert s.state.trade is not None and len(s.state.trade.offers["rome"]) == 5


def test_8_antigone_takes_part_with_fewer_tokens_than_the_face() -> None:
    """ANTIGONE : « avec le nombre de jetons Ressource de votre choix » — même moins que la
    valeur jouée ; une offre de 0 jeton ne peut pas être prise."""
    s = Scenario(FIVE)
    s.hw("rome", "caesar", "antigone")
    s.hand("rome", coin=1)
    s.enter("trade")
    s.act(PlayTradeToken("carthage", "4/3", 4))
    assert s.state.trade is not None and "rome" in s.state.trade.participants
    assert {a.resources for a in s.legal_as("rome", MakeOffer)} == {(), ("coin",)}
    s.act(MakeOffer("rome", ()))
    while engine.owed(s.state):
        if s.state.phase != "trade":
            break
        [prompt] = engine.owed(s.state)[:1]
        action = engine.default_action(s.state, prompt)
        assert getattr(action, "source", None) != "rome"
        s.act(action)
    assert s.state.phase == "build"


def test_8_antigone_copied_and_default_offer() -> None:
    """Copiée par Castor & Pollux, Antigone agit ; défaut à l'échéance : les N premières
    Ressources dans l'ordre fixe (ou toutes s'il en a moins)."""
    s = Scenario(FIVE)
    s.hw("rome", "caesar", "castor_pollux").set(copied={"rome": "antigone"})
    s.hand("rome", coin=1, grain=1)
    s.enter("trade")
    s.act(PlayTradeToken("carthage", "4/3", 4))
    prompt = next(p for p in engine.owed(s.state) if p.player == "rome")
    assert engine.default_action(s.state, prompt) == MakeOffer("rome", ("coin", "grain"))


# --- Phase III: Spartacus, Gilgamesh, Phare ---------------------------------------------------


@pytest.mark.parametrize(("tile", "item", "target", "good"), [
    ("spartacus", "legion", "latium", "gladiator"),
    ("gilgamesh", "fortress", "italia", "marble"),
    ("pharos", "trireme", "tyrrhenum", "wood"),
])
def test_8_once_a_turn_unit_for_one_token(tile: str, item: str, target: str, good: str) -> None:
    """SPARTACUS / GILGAMESH / PHARE : « Une fois par tour, vous pouvez construire une Légion
    (Forteresse, Trirème) pour : 1 jeton Gladiateur (Pierre, Bois), ou 1 jeton Impôt. »"""
    s = Scenario(FIVE)
    s.hw("rome", "caesar", tile)
    s.hand("rome", coin=4, **{good: 1})
    start(s, "rome")
    s.act(Buy("rome", item, target))
    assert {("coin",), (good,)} <= pays(s, "rome")
    legal_pass_check(s)
    rejects(s, Pay("rome", ("papyrus",)), "bad_payment")
    s.act(Pay("rome", (good,)))
    assert s.state.hands["rome"] == {"coin": 4}
    assert s.state.build is not None and tile in s.state.build.used_powers
    target2 = "gallia" if item == "fortress" else target
    s.act(Buy("rome", item, target2))
    assert pays(s, "rome") == {("coin",) * 3}
    rejects(s, Pay("rome", ("coin",)), "power_used")
    s.act(Pay("rome", ("coin",) * 3))
    assert s.state.hands["rome"] == {"coin": 1}
    assert not [a for a in s.legal("rome") if isinstance(a, Buy) and a.item == item]
    if item != "fortress":
        rejects(s, Buy("rome", item, target), "unaffordable")


def test_8_unit_power_alone_makes_the_unit_affordable() -> None:
    """SPARTACUS : avec 1 Gladiateur seulement, la Légion peut être achetée ; sans le pouvoir,
    non."""
    s = Scenario(FIVE)
    s.hw("rome", "caesar", "spartacus")
    s.hand("rome", gladiator=1)
    start(s, "rome")
    assert Buy("rome", "legion", "latium") in s.legal("rome")
    buy(s, "rome", "legion", "latium", pay=("gladiator",))
    assert s.state.legions["latium"]["rome"] == 2
    s.act(EndTurn("rome"))
    s.act(ChooseNext("egypt", "greece"))
    s.hand("greece", gladiator=1)
    assert Buy("greece", "legion", "achaea") not in s.legal("greece")
    rejects(s, Buy("greece", "legion", "achaea"), "unaffordable")


def test_8_unit_power_without_power_is_a_bad_payment() -> None:
    """« Une fois par tour, vous pouvez construire une Légion pour 1 jeton Impôt » : seulement
    avec SPARTACUS."""
    s = Scenario(FIVE)
    s.hand("rome", coin=3)
    start(s, "rome")
    s.act(Buy("rome", "legion", "latium"))
    rejects(s, Pay("rome", ("coin",)), "bad_payment")


# --- Phase III: Penthésilée -------------------------------------------------------------------


def test_8_penthesilea_free_legion_per_province_with_enemy_units() -> None:
    """PENTHÉSILÉE : « Vous pouvez placer gratuitement une nouvelle Légion dans votre Province
    Capitale pour chacune de vos Provinces dans laquelle il y a au moins une Unité adverse. »"""
    s = Scenario(FIVE)
    s.hw("rome", "caesar", "penthesilea")
    s.hand("rome")
    s.legions("italia", "greece", 1).fortress("gallia", "carthage")
    start(s, "rome")
    assert PlaceFreeLegions("rome") in s.legal("rome")
    legal_pass_check(s)
    s.act(PlaceFreeLegions("rome"))
    assert s.state.legions["latium"]["rome"] == 3
    [placed] = s.kinds("placed")
    assert placed.data["count"] == 2 and placed.data["power"] == "penthesilea"
    assert PlaceFreeLegions("rome") not in s.legal("rome")
    rejects(s, PlaceFreeLegions("rome"), "power_used")
    s.act(EndTurn("rome"))
    s.act(ChooseNext("egypt", "greece"))
    rejects(s, PlaceFreeLegions("greece"), "no_power")


def test_8_penthesilea_needs_enemy_units_and_supply() -> None:
    """PENTHÉSILÉE : « pour chacune de vos Provinces dans laquelle il y a au moins une Unité
    adverse » ; autant que sa réserve le permet (notre décision)."""
    s = Scenario(FIVE)
    s.hw("rome", "caesar", "penthesilea")
    start(s, "rome")
    assert PlaceFreeLegions("rome") not in s.legal("rome")
    rejects(s, PlaceFreeLegions("rome"), "no_enemy_units")
    s2 = Scenario(FIVE)
    s2.hw("rome", "caesar", "penthesilea")
    s2.legions("italia", "greece", 1).legions("gallia", "carthage", 1)
    s2.legions("latium", "rome", 1 + supply_left(s2.state, "rome", "legion") - 1)
    start(s2, "rome")
    s2.act(PlaceFreeLegions("rome"))
    assert supply_left(s2.state, "rome", "legion") == 0
    assert s2.kinds("placed")[0].data["count"] == 1
    s3 = Scenario(FIVE)
    s3.hw("rome", "caesar", "penthesilea")
    s3.legions("italia", "greece", 1)
    s3.legions("latium", "rome", 1 + supply_left(s3.state, "rome", "legion"))
    start(s3, "rome")
    rejects(s3, PlaceFreeLegions("rome"), "no_supply")


# --- Phase III: Jardins Suspendus -------------------------------------------------------------


def test_8_hanging_gardens_keep_two_different_commodities() -> None:
    """JARDINS SUSPENDUS : « Vous pouvez conserver jusqu'à 2 jetons Bien différents que vous
    n'avez pas utilisés ce tour (en plus des 2 jetons Impôt). »"""
    s = Scenario(FIVE)
    s.hw("rome", "caesar", "hanging_gardens")
    s.hand("rome", coin=3, grain=2, wood=1, gold=1)
    start(s, "rome")
    s.act(EndTurn("rome"))
    assert [p.kind for p in engine.owed(s.state)] == ["gardens_keep"]
    options = {a.resources for a in s.legal_as("rome", KeepCommodities)}
    assert ("gold", "grain") in options and () in options and ("grain",) in options
    assert all(len(o) <= 2 and len(set(o)) == len(o) for o in options)
    legal_pass_check(s)
    rejects(s, KeepCommodities("rome", ("grain", "grain")), "bad_keep")
    rejects(s, KeepCommodities("rome", ("gold", "grain", "wood")), "bad_keep")
    rejects(s, KeepCommodities("rome", ("coin",)), "bad_keep")
    rejects(s, KeepCommodities("rome", ("oil",)), "not_held")
    s.act(KeepCommodities("rome", ("gold", "grain")))
    assert s.state.hands["rome"] == {"coin": 2, "gold": 1, "grain": 1}
    assert s.state.build is not None and "rome" in s.state.build.done


def test_8_hanging_gardens_default_and_no_prompt_without_commodities() -> None:
    """Défaut à l'échéance : les 2 premiers Biens détenus dans l'ordre fixe ; sans Bien, pas de
    question."""
    s = Scenario(FIVE)
    s.hw("rome", "caesar", "hanging_gardens")
    s.hand("rome", coin=3, grain=2, wood=1, gold=1)
    start(s, "rome")
    s.act(EndTurn("rome"))
    [prompt] = engine.owed(s.state)
    assert engine.default_action(s.state, prompt) == KeepCommodities("rome", ("gold", "wood"))
    s2 = Scenario(FIVE)
    s2.hw("rome", "caesar", "hanging_gardens")
    s2.hand("rome", coin=3)
    start(s2, "rome")
    s2.act(EndTurn("rome"))
    assert s2.state.hands["rome"] == {"coin": 2}
    assert [p.kind for p in engine.owed(s2.state)] == ["build_order"]


# --- Phase III: Castor & Pollux ---------------------------------------------------------------


def castor_scenario() -> Scenario:
    s = Scenario(FIVE)
    s.set(hw_market=["castor_pollux", "hercules"])
    s.hw("greece", "pericles", "antigone", "artemis")  # a hero and a wonder
    s.hw("carthage", "hannibal", "perseus")
    s.hw("babylon", "hammurabi", "spartacus")
    s.hand("rome", coin=7, gladiator=1)
    return s


def test_8_castor_pollux_copy_a_hero_of_another_player() -> None:
    """CASTOR & POLLUX : « Lors du recrutement de ces Héros, vous devez copier définitivement le
    pouvoir d'un Héros contrôlé par un autre joueur. Il ne peut pas s'agir d'un Héros de
    départ, d'une Merveille, ni de Persée. Vous ne bénéficiez pas des éventuels bonus aux
    Titres du Héros copié. »"""
    s = castor_scenario()
    start(s, "rome")
    before = levels(s.state, "rome")
    buy(s, "rome", "hw", "castor_pollux", pay=("coin",) * 7)
    assert [p.kind for p in engine.owed(s.state)] == ["castor_copy"]
    assert s.legal("rome") == [CopyPower("rome", "antigone"), CopyPower("rome", "spartacus")]
    legal_pass_check(s)
    for bad in ("perseus", "artemis", "pericles", "hercules", "caesar"):
        rejects(s, CopyPower("rome", bad), "bad_copy")
    s.act(CopyPower("rome", "spartacus"))
    assert s.state.copied == {"rome": "spartacus"}
    assert has_power(s.state, "rome", "spartacus")
    [copied] = s.kinds("power_copied")
    assert copied.audience is None
    assert levels(s.state, "rome") == before
    # The copied Build power works in the same turn.
    buy(s, "rome", "legion", "latium", pay=("gladiator",))
    assert s.state.legions["latium"]["rome"] == 2


def test_8_castor_pollux_copy_gives_no_title_bonus() -> None:
    """CASTOR & POLLUX : « Vous ne bénéficiez pas des éventuels bonus aux Titres du Héros
    copié. »"""
    s = castor_scenario()
    start(s, "rome")
    before = levels(s.state, "rome")
    buy(s, "rome", "hw", "castor_pollux", pay=("coin",) * 7)
    s.act(CopyPower("rome", "antigone"))
    assert levels(s.state, "rome") == before  # Antigone's T2 C2 not given
    assert has_power(s.state, "rome", "antigone")


def test_8_castor_pollux_nothing_to_copy_and_default() -> None:
    """Sans Héros copiable chez les autres, la copie est perdue (notre décision) ; défaut à
    l'échéance : le premier Héros copiable dans l'ordre des tuiles."""
    s = Scenario(FIVE)
    s.set(hw_market=["castor_pollux"])
    s.hw("carthage", "hannibal", "perseus")
    s.hand("rome", coin=7)
    start(s, "rome")
    buy(s, "rome", "hw", "castor_pollux")
    assert s.kinds("copy_impossible") and s.state.copied == {}
    assert [p.kind for p in engine.owed(s.state)] == ["build_turn"]
    s2 = castor_scenario()
    start(s2, "rome")
    buy(s2, "rome", "hw", "castor_pollux", pay=("coin",) * 7)
    [prompt] = engine.owed(s2.state)
    assert engine.default_action(s2.state, prompt) == CopyPower("rome", "antigone")


# --- Phase III: Persée ------------------------------------------------------------------------


def test_8_perseus_plays_first_and_wins_alone_against_the_culture_leader() -> None:
    """PERSÉE : « Vous pouvez jouer en premier lors de la Phase Achats pour construire votre
    cinquième HM ou Les Pyramides et être l'unique vainqueur ! » — même si le Leader Politique
    pourrait aussi gagner."""
    s = Scenario(FIVE)
    s.hw("rome", "caesar", "perseus")
    s.hand("rome", coin=12).hand("egypt", coin=12)
    s.enter("build")
    assert s.kinds("perseus_plays_first")
    assert [(p.kind, p.player) for p in engine.owed(s.state)] == [("build_turn", "rome")]
    buy(s, "rome", "pyramids", pay=("coin",) * 12)
    assert s.state.over and s.state.winners == ["rome"] and s.state.victory == "pyramids"


def test_8_perseus_declines_then_the_phase_goes_on() -> None:
    """PERSÉE : « Vous pouvez jouer en premier » — s'il ne gagne pas, son tour d'Achats est
    joué et la phase suit son cours (6.1) pour les autres (notre décision)."""
    s = Scenario(FIVE)
    s.hw("rome", "caesar", "perseus")
    s.hand("rome", coin=12).hand("egypt", coin=12)
    s.enter("build")
    s.act(EndTurn("rome"))
    assert [(p.kind, p.player) for p in engine.owed(s.state)] == [("build_order", "egypt")]
    assert ChooseNext("egypt", "rome") not in s.legal("egypt")
    s.act(ChooseNext("egypt", "egypt"))
    buy(s, "egypt", "pyramids", pay=("coin",) * 12)
    assert s.state.winners == ["egypt"]


def test_8_perseus_declines_and_the_others_win_together() -> None:
    """6.1 « Si plusieurs joueurs peuvent construire les Pyramides, ils gagnent à égalité » :
    après le tour de Persée sans victoire, les autres candidats (sans le Leader Politique)
    gagnent ensemble."""
    s = Scenario(FIVE)
    s.hw("rome", "caesar", "perseus")
    s.hand("rome", coin=12).hand("greece", coin=12).hand("babylon", coin=12)
    s.enter("build")
    assert not s.state.over
    s.act(EndTurn("rome"))
    assert s.state.over and s.state.winners == ["greece", "babylon"]


def test_8_perseus_unable_to_win_has_no_precedence() -> None:
    """PERSÉE : jouer en premier « pour construire votre cinquième HM ou Les Pyramides » —
    seulement s'il le peut."""
    s = Scenario(FIVE)
    s.hw("rome", "caesar", "perseus")
    s.hand("rome", coin=3)
    s.enter("build")
    assert [(p.kind, p.player) for p in engine.owed(s.state)] == [("build_order", "egypt")]


# --- title bonuses ----------------------------------------------------------------------------

BONUSES = {
    "antigone": {"trade": 2, "culture": 2, "military": 0},
    "circe": {"trade": 1, "culture": 0, "military": 1},
    "hamilcar": {"trade": 1, "culture": 1, "military": 1},
    "hercules": {"trade": 2, "culture": 2, "military": 2},
    "penthesilea": {"trade": 0, "culture": 2, "military": 2},
    "perseus": {"trade": 1, "culture": 2, "military": 1},
    "sheba": {"trade": 0, "culture": 1, "military": 1},
    "hanging_gardens": {"trade": 2, "culture": 0, "military": 0},
}


@pytest.mark.parametrize("tile", sorted(BONUSES))
def test_8_title_bonus_as_printed(tile: str) -> None:
    """« BONUS TITRES » (section 8) : ANTIGONE Commerce 2, Politique 2 ; CIRCÉ Commerce 1,
    Militaire 1 ; HAMILCAR 1/1/1 ; HERCULE 2/2/2 ; PENTHÉSILÉE Politique 2, Militaire 2 ;
    PERSÉE Commerce 1, Politique 2, Militaire 1 ; REINE DE SABA Politique 1, Militaire 1 ;
    JARDINS SUSPENDUS Commerce 2 — effective dès l'achat."""
    s = Scenario(FIVE)
    s.set(hw_market=[tile])
    s.hand("rome", coin=7)
    start(s, "rome")
    before = levels(s.state, "rome")
    buy(s, "rome", "hw", tile)
    after = levels(s.state, "rome")
    assert {k: after[k] - before[k] for k in after} == BONUSES[tile]


# --- starting heroes re-checked ---------------------------------------------------------------


def test_8_cleopatra_sets() -> None:
    """CLÉOPÂTRE : « inclure un jeton Impôt dans chaque combinaison de Biens, et inclure un
    jeton Bien dans chaque combinaison d'Impôts. »"""
    s = Scenario(FIVE)
    s.hand("egypt", coin=2, grain=1, wood=1)
    start(s, "egypt")
    s.act(Buy("egypt", "legion", "aegyptus"))
    assert {("coin", "coin", "grain"), ("coin", "grain", "wood")} <= pays(s, "egypt")
    s.act(Pay("egypt", ("coin", "grain", "wood")))
    assert s.state.hands["egypt"] == {"coin": 1}


def test_8_hannibal_pair_of_same_commodity() -> None:
    """HANNIBAL : « Vous pouvez utiliser 2 jetons Bien du même type dans chacune de vos
    combinaisons de Biens. Exemple : Métal, Métal et Bois. »"""
    s = Scenario(FIVE)
    s.hand("carthage", metal=2, wood=1).hand("rome", metal=2, wood=1)
    start(s, "carthage")
    s.act(Buy("carthage", "legion", "africa"))
    assert ("metal", "metal", "wood") in pays(s, "carthage")
    s.act(Pay("carthage", ("metal", "metal", "wood")))
    s.act(EndTurn("carthage"))
    s.act(ChooseNext("egypt", "rome"))
    rejects(s, Buy("rome", "legion", "latium"), "unaffordable")


def test_8_hammurabi_once_a_turn_free_influence() -> None:
    """HAMMOURABI : « Une fois par tour, vous pouvez placer gratuitement un marqueur Influence
    en respectant les règles de placement. » — à nouveau au tour suivant."""
    for _round in range(2):
        s = Scenario(FIVE)
        s.hand("babylon")
        start(s, "babylon")
        s.act(PlaceFreeInfluence("babylon", "assyria"))
        rejects(s, PlaceFreeInfluence("babylon", "arabia"), "power_used")


def test_8_hercules_has_no_power() -> None:
    """HERCULE : « Ce Héros n'a pas de pouvoir particulier. » — il n'ouvre aucune action."""
    s = Scenario(FIVE)
    s.hand("rome", coin=3)
    start(s, "rome")
    without = s.legal("rome")
    s.hw("rome", "caesar", "hercules")
    assert s.legal("rome") == without


def test_new_actions_round_trip_through_their_dict_form() -> None:
    """The new action kinds are registered: stored and parsed like the others."""
    from bot.games.mare_nostrum.actions import action_from_dict

    for action in (ChooseCommodity("rome", "gold"), PlaceFreeLegions("rome"),
                   CirceCaravans("rome", "dalmatia", ("wood",)),
                   KeepCommodities("rome", ("gold", "grain")), CopyPower("rome", "antigone")):
        assert action_from_dict(action.to_dict()) == action
