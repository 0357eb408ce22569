"""The Offerings phase (004 l.211–220; aid §B.7, C-34; checklist D.2 MR-01, MG-01 … MG-04),
one test per clause, quoting the rulebook."""

from __future__ import annotations

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import CancelPurchase, ChooseNext, Pay
from bot.games.mare_nostrum.events import EventLog
from bot.games.mare_nostrum.modules.mythology import offerings
from bot.games.mare_nostrum.modules.mythology.gods.actions import (
    ChooseGod,
    PassOffering,
    TakeGod,
)
from bot.games.mare_nostrum.modules.mythology.gods.state import GODS
from bot.games.mare_nostrum.rules import rules_for
from tests.engine.mn2003.helpers import act, prompt_of

from .gods_helpers import OPTIONS, give, hold, part, refused, to_offerings


def test_mr01_the_offerings_phase_comes_between_trade_and_construction() -> None:
    """«Une phase supplémentaire est intercalée entre commerce et construction.»"""
    order = rules_for("2003", ("mythology",)).phase_order
    assert order.index("offerings") == order.index("trade") + 1
    assert order.index("construction") == order.index("offerings") + 1
    assert "offerings" not in rules_for("2003").phase_order


def test_mg01_the_high_priest_names_the_players_one_at_a_time_himself_included() -> None:
    """«Le Grand Prêtre détermine l'ordre dans lequel les joueurs invoquent (ou non) l'aide
    d'un dieu (et un seul).»"""
    state = to_offerings(priest="greece")
    order = prompt_of(state, "offering_order")
    assert order.player == "greece"
    assert order.data["remaining"] == ["rome", "greece", "carthage", "egypt"]
    act(state, ChooseNext("greece", "greece"))
    assert prompt_of(state, "offering").player == "greece"
    act(state, PassOffering("greece"))
    assert prompt_of(state, "offering_order").data["remaining"] == ["rome", "carthage", "egypt"]
    assert refused(state, ChooseNext("greece", "greece")) == "not_remaining"


def test_mg01_a_named_player_spends_a_combination_of_3_cards_for_one_god() -> None:
    """«Il faut dépenser (cela correspond à une offrande) une combinaison de 3 cartes pour
    invoquer l'aide d'un dieu. Le joueur pose la carte du dieu devant lui»."""
    state = to_offerings()
    act(state, ChooseNext("greece", "rome"))
    give(state, "rome", {"coin": 1, "wine": 1, "oil": 1, "grain": 1})
    act(state, ChooseGod("rome", "mars"))
    assert Pay("rome", ("grain", "oil", "wine")) in engine.legal_actions(state, "rome")
    events = act(state, Pay("rome", ("grain", "oil", "wine")))
    assert part(state).holders == {"mars": "rome"}
    assert state.hands["rome"] == {"coin": 1}
    assert any(e.kind == "god_invoked" and e.audience is None for e in events)
    paid = next(e for e in events if e.kind == "paid")
    assert paid.audience == ("rome",)  # which cards: his alone


def test_mg01_tax_cards_pay_an_offering_too() -> None:
    """«soit de cartes impôts, soit de cartes ressources différentes» (a combination)."""
    state = to_offerings()
    act(state, ChooseNext("greece", "rome"))
    give(state, "rome", {"coin": 3})
    act(state, ChooseGod("rome", "baal"))
    act(state, Pay("rome", ("coin", "coin", "coin")))
    assert part(state).holders == {"baal": "rome"}


def test_mg01_a_payment_that_is_no_combination_is_refused_and_changes_nothing() -> None:
    """«une combinaison de 3 cartes»: two alike and a third is not one."""
    state = to_offerings()
    act(state, ChooseNext("greece", "rome"))
    give(state, "rome", {"wine": 2, "oil": 1, "grain": 1, "coin": 1})
    act(state, ChooseGod("rome", "mars"))
    assert refused(state, Pay("rome", ("oil", "wine", "wine"))) == "bad_offering"
    assert refused(state, Pay("rome", ("coin", "oil", "wine"))) == "bad_offering"
    assert refused(state, Pay("rome", ("gold", "oil", "wine"))) == "resources_not_held"
    act(state, CancelPurchase("rome"))  # back to his choice
    assert prompt_of(state, "offering").player == "rome"


def test_mg01_a_named_player_may_pass() -> None:
    """«invoquent (ou non) l'aide d'un dieu»."""
    state = to_offerings()
    act(state, ChooseNext("greece", "egypt"))
    events = act(state, PassOffering("egypt"))
    assert any(e.kind == "offering_passed" for e in events)
    assert part(state).done == ["egypt"]
    assert part(state).holders == {}


def test_mg01_a_player_who_cannot_pay_3_cards_may_only_pass() -> None:
    state = to_offerings()
    act(state, ChooseNext("greece", "rome"))
    give(state, "rome", {"wine": 3})
    assert engine.legal_actions(state, "rome") == [PassOffering("rome")]
    assert refused(state, ChooseGod("rome", "mars")) == "cannot_afford_offering"


def test_mg02_each_god_is_taken_once_and_gods_are_public() -> None:
    """«Est-ce qu'un joueur peut avoir plusieurs dieux en même temps ? Non.» The gods are
    public and unique (l.522)."""
    state = to_offerings()
    hold(state, "carthage", "mars")
    act(state, ChooseNext("greece", "rome"))
    give(state, "rome", {"coin": 3})
    assert ChooseGod("rome", "mars") not in engine.legal_actions(state, "rome")
    assert refused(state, ChooseGod("rome", "mars")) == "god_taken"
    assert refused(state, ChooseGod("rome", "zeus")) == "unknown_god"
    seen = engine.view(state, "egypt")["substates"]["mythology.gods"]["holders"]
    assert seen == {"mars": "carthage"}


def test_mg02_the_phase_ends_when_everyone_had_his_turn() -> None:
    state = to_offerings()
    while state.phase == "offerings":
        p = state.prompts[0]
        if p.kind == "offering_order":
            act(state, ChooseNext(p.player, p.data["remaining"][0]))
        else:
            act(state, PassOffering(p.player))
    assert state.phase == "construction"
    assert sorted(part(state).done) == sorted(state.players)


def test_mg03_adonis_takes_a_god_nobody_chose_at_the_end_of_the_phase() -> None:
    """«le pouvoir d'Adonis s'applique forcément à la fin de la phase, une fois que tous les
    joueurs ont eu la possibilité de faire une offrande.» The hero answers the hook point
    `EXTRA_GOD_TAKERS`; the phase offers him the gods nobody chose, free."""
    state = to_offerings()
    hold(state, "rome", *GODS[1:])  # only Athéna is left
    ev = EventLog()
    offerings._offer_extra(state, ["egypt"], ev)  # what the phase does with the hook's takers
    extra = prompt_of(state, "extra_god")
    assert extra.player == "egypt"
    assert engine.legal_actions(state, "egypt") == [
        TakeGod("egypt", "athena"),
        PassOffering("egypt"),
    ]
    assert refused(state, TakeGod("egypt", "mars")) == "god_taken"
    hand = dict(state.hands["egypt"])
    act(state, TakeGod("egypt", "athena"))
    assert part(state).holders["athena"] == "egypt"
    assert state.hands["egypt"] == hand  # free


def test_mg04_every_god_returns_to_olympus_before_each_offerings_phase() -> None:
    """«Avant chaque nouvelle phase d'offrandes, toutes les cartes représentant les dieux
    retournent à l'Olympe (que leur pouvoir ait été utilisé ou non) et sont à nouveaux
    disponibles.»"""
    state = to_offerings()
    hold(state, "rome", "mars")
    hold(state, "egypt", "baal")
    part(state).used.append("baal")
    ev = EventLog()
    offerings.enter(state, ev)
    assert part(state).holders == {} and part(state).used == []
    assert any(e.kind == "gods_returned" for e in ev)
    assert offerings.available(state) == list(GODS)


def test_the_module_state_survives_a_snapshot() -> None:
    state = to_offerings()
    hold(state, "rome", "mars")
    again = engine.from_json(engine.to_json(state))
    assert part(again).holders == {"mars": "rome"}
    assert OPTIONS["modules"] == list(again.modules)
