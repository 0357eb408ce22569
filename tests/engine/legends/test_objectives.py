"""The nine objective tiles (sections 3.2, 4.2, 5.3), checked after every resolved action for
every player (B1); « Chaque Objectif ne peut être accompli qu'une seule fois et par un seul
joueur. Le premier joueur à accomplir un de ces objectifs prend la tuile correspondante »."""

from __future__ import annotations

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.board import COMMODITIES
from bot.games.mare_nostrum.control import controlled_buildings
from bot.games.mare_nostrum.events import EventLog
from bot.games.mare_nostrum.modules.legends import objectives as obj

from .scenario import LegendsScenario


def _five_provinces_with_units(s: LegendsScenario, player: str, provinces: list[str]) -> None:
    for p in provinces:
        s.influence(p, player).legions(p, player, 1)


def test_3_2_1_alexander_dream_five_provinces_each_with_a_unit() -> None:
    """« Être le premier joueur à avoir 5 Provinces sous son Influence. Chaque Province doit
    contenir au moins une Unité du joueur. Rappel : les Unités comprennent les Légions,
    Forteresses et Unités spéciales. »"""
    s = LegendsScenario()
    ev = EventLog()
    # rome: latium, gallia with legions; italia without; add two more, one with a fortress.
    s.influence("sicilia", "rome").legions("sicilia", "rome", 1)
    s.influence("corsica", "rome").fortress("corsica", "rome")
    assert not obj.alexander_dream(s.state, "rome", ev)  # 4: italia holds no unit
    s.legions("italia", "rome", 1)
    assert obj.alexander_dream(s.state, "rome", ev)
    s.legions("italia", "rome", 0).legions("italia", "greece", 2)
    assert not obj.alexander_dream(s.state, "rome", ev)  # an enemy's unit is not his


def test_3_2_2_poseidon_legacy_four_seas_without_enemy_triremes() -> None:
    """« Être le premier joueur à avoir des Trirèmes dans 4 Mers différentes, sans que des
    Trirèmes adverses ne soient présentes. »"""
    s = LegendsScenario()
    for sea in ("tyrrhenum", "hadriaticum", "ionium", "sardum"):
        s.triremes(sea, "rome", 1)
    assert obj.poseidon_legacy(s.state, "rome", EventLog())
    s.triremes("ionium", "greece", 1)
    assert not obj.poseidon_legacy(s.state, "rome", EventLog())


def test_3_2_3_ares_favour_three_battles_won() -> None:
    """« Être le premier joueur à remporter 3 Batailles. » (victory markers, B12)"""
    s = LegendsScenario()
    s.leg.wins["rome"] = 2
    assert not obj.ares_favour(s.state, "rome", EventLog())
    s.leg.wins["rome"] = 3
    assert obj.ares_favour(s.state, "rome", EventLog())


def test_4_2_1_minos_power_two_titles() -> None:
    """« Être le premier joueur à posséder 2 Titres parmi ceux de Maître du Commerce, Leader
    Politique et Chef Militaire »."""
    s = LegendsScenario(("ierusalem",))
    s.title("trade", "rome").title("culture", "greece").title("military", "carthage")
    assert not obj.minos_power(s.state, "rome", EventLog())
    s.title("military", "rome")
    assert obj.minos_power(s.state, "rome", EventLog())


def test_4_2_2_solomon_wisdom_a_temple_placed_in_a_legendary_city_province() -> None:
    """« Être le premier joueur à placer un Temple dans la Province d'une Cité Légendaire. »"""
    s = LegendsScenario(("ierusalem",))
    ev = EventLog()
    ev.public("placed", player="rome", item="temple", target="italia", slot=0, cost=6)
    assert not obj.solomon_wisdom(s.state, "rome", ev)
    ev.public("placed", player="rome", item="temple", target="sicilia", slot=0, cost=6)
    assert obj.solomon_wisdom(s.state, "rome", ev)
    assert not obj.solomon_wisdom(s.state, "greece", ev)


def test_4_2_3_joshua_conquest_an_enemy_province_converted() -> None:
    """« Être le premier joueur à convertir une Province ennemie. »"""
    s = LegendsScenario(("ierusalem",))
    ev = EventLog()
    ev.public("converted", player="rome", province="achaea", previous="greece")
    assert obj.joshua_conquest(s.state, "rome", ev)
    assert not obj.joshua_conquest(s.state, "greece", ev)


def test_5_3_horn_of_plenty_eight_commodities_or_nine_coins_revealed() -> None:
    """« posséder et dévoiler 8 jetons Bien différents ou 9 jetons Impôt lors de la Phase
    Achats. Note : les pouvoirs d'HANNIBAL et de CLÉOPÂTRE ne fonctionnent pas »."""
    s = LegendsScenario(("syracusae",))
    s.hand("rome", coin=8, grain=2)
    assert not obj.can_reveal_plenty(s.state, "rome")
    s.hand("rome", coin=9)
    assert obj.can_reveal_plenty(s.state, "rome")
    seven = dict.fromkeys(sorted(COMMODITIES)[:7], 1)
    s.hand("rome", **seven, **{sorted(COMMODITIES)[0] + "_l": 1})  # legendary: same type
    assert not obj.can_reveal_plenty(s.state, "rome")
    s.hand("rome", **dict.fromkeys(sorted(COMMODITIES)[:8], 1))
    assert obj.can_reveal_plenty(s.state, "rome")
    assert not obj.horn_of_plenty(s.state, "rome", EventLog())  # met by the reveal only
    s.leg.revealed.append("rome")
    assert obj.horn_of_plenty(s.state, "rome", EventLog())


def _build_all(s: LegendsScenario, province: str, kinds: tuple[str, ...]) -> None:
    for i, slot in enumerate(s.state.board.provinces[province].slots):
        if slot.kind in kinds:
            s.state.built[province][i] = True


def test_5_3_1_daedalus_plans_twelve_buildings_occupied_included() -> None:
    """« Être le premier joueur à contrôler 12 Bâtiments. Rappel: les Bâtiments que vous
    occupez comptent parmi les Bâtiments contrôlés (MN 4.3.2). »"""
    s = LegendsScenario(("syracusae",))
    everything = ("caravan", "market", "temple", "city", "capital")
    for prov in ("latium", "gallia", "italia"):
        _build_all(s, prov, everything)
    assert len(controlled_buildings(s.state, "rome")) == 11
    assert not obj.daedalus_plans(s.state, "rome", EventLog())
    s.occupy("macedonia", 0, "rome")  # one of Greece's caravans, occupied by Rome
    assert obj.daedalus_plans(s.state, "rome", EventLog())
    assert not obj.daedalus_plans(s.state, "greece", EventLog())


def test_5_3_2_hermes_disciples_three_markets_and_temples_occupied_included() -> None:
    """« Être le premier joueur à contrôler un total de 3 Marchés et Temples. Rappel: les
    Bâtiments que vous occupez comptent parmi les Bâtiments contrôlés (MN 4.3.2). »"""
    s = LegendsScenario(("syracusae",))
    _build_all(s, "latium", ("temple",))  # with latium's market: 2
    assert not obj.hermes_disciples(s.state, "rome", EventLog())
    i = s.building("thracia", "temple")
    s.occupy("thracia", i, "rome")
    assert obj.hermes_disciples(s.state, "rome", EventLog())


def test_2_1_first_to_meet_takes_the_tile_checked_after_any_action() -> None:
    """« Le premier joueur à accomplir un de ces objectifs prend la tuile correspondante pour
    indiquer que cet Objectif n'est plus disponible. » (checked after every action: B1)"""
    s = LegendsScenario(keep_prompts=True)
    s.leg.wins["greece"] = 3
    events = s.act(s.first_legal("carthage"))  # any action: here Trade's token
    assert [e.data for e in events if e.kind == "objective_met"] == [
        {"player": "greece", "objective": "obj_ares_favour"}
    ]
    assert s.leg.taken == {"obj_ares_favour": "greece"}
    s.leg.wins["rome"] = 5  # « qu'une seule fois et par un seul joueur »
    s.act(s.first_legal("greece"))
    assert s.leg.taken == {"obj_ares_favour": "greece"}


def test_b1_conflict_order_active_player_first_then_seat_order() -> None:
    """« c'est le joueur actif qui résout ses effets le premier » (B1, B7): two players meet
    one objective through one action — the active player (here the Trade Leader, Carthage,
    who plays the trade token) first, then seat order after him: Rome before Greece."""
    s = LegendsScenario(keep_prompts=True)
    s.leg.wins.update(rome=3, greece=3)
    s.act(s.first_legal("carthage"))
    assert s.leg.taken["obj_ares_favour"] == "rome"
    s2 = LegendsScenario(keep_prompts=True)
    s2.leg.wins.update(rome=3, carthage=3)
    s2.act(s2.first_legal("carthage"))
    assert s2.leg.taken["obj_ares_favour"] == "carthage"


def test_b1_one_player_several_objectives_each_in_tile_order() -> None:
    s = LegendsScenario(keep_prompts=True)
    s.leg.wins["greece"] = 3
    for sea in ("tyrrhenum", "hadriaticum", "ionium", "sardum"):
        s.triremes(sea, "greece", 1)
    events = s.act(s.first_legal("carthage"))
    assert [e.data["objective"] for e in events if e.kind == "objective_met"] == [
        "obj_poseidon_legacy",
        "obj_ares_favour",
    ]
    assert s.leg.queue == [["greece", "obj_poseidon_legacy"], ["greece", "obj_ares_favour"]]


def test_base_game_digest_pays_nothing() -> None:
    """A game without the modules has no objective check (the kit's hook point is empty)."""
    from bot.games.core.dispatch import ACTION_RESOLVED
    from bot.games.mare_nostrum.rules import rules_for

    assert rules_for().on[ACTION_RESOLVED] == ()
    s, _ = engine.new_game(["rome", "greece", "carthage"], {"modules": ["troia"]}, 1)
    assert len(s.rules.on[ACTION_RESOLVED]) == 2  # waiting plays, then objectives
    s3, _ = engine.new_game(
        ["rome", "greece", "carthage"], {"modules": ["troia", "ierusalem", "syracusae"]}, 1
    )
    # Installed once for three cities; Syracusae adds its Greek-fire check (Archimède).
    assert len(s3.rules.on[ACTION_RESOLVED]) == 3


def test_e6_building_counts_agree_with_controlled_buildings() -> None:
    """The objectives' one-pass count is `control.controlled_buildings`, for every player,
    all along a seeded game."""
    import random

    from ..test_playouts import choose

    state, _ = engine.new_game(
        ["rome", "greece", "carthage", "egypt", "babylon"], {"modules": ["syracusae"]}, 7
    )
    rnd = random.Random(7)
    for n in range(1500):
        if state.over:
            break
        if n % 25 == 0:
            counts = obj.building_counts(state)
            for p in state.players:
                mine = controlled_buildings(state, p)
                assert counts[p] == (
                    len(mine),
                    sum(1 for *_, k in mine if k in ("market", "temple")),
                )
        player = rnd.choice(sorted({p.player for p in engine.owed(state)}))
        engine.apply_in_place(state, choose(rnd, engine.legal_actions(state, player)))
