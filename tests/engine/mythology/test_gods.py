"""The 8 gods (004 l.477–503, card texts l.31–39; aid §B.7, C-35 … C-38, C-60; checklist
D.2 MG-05, MG-10 … MG-17), one test per god and clause, quoting the rulebook."""

from __future__ import annotations

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.events import EventLog
from bot.games.mare_nostrum.modules.mythology.gods.actions import (
    HermesTake,
    IsisGive,
    KeepGod,
    UseGod,
)
from bot.games.mare_nostrum.rulesets.mn2003 import trade as mn_trade
from bot.games.mare_nostrum.rulesets.mn2003.pieces import buildings_left
from bot.games.mare_nostrum.rulesets.mn2003.substate import sub
from bot.games.mare_nostrum.state import GameState
from tests.engine.mn2003.helpers import act, prompt_of

from .gods_helpers import hold, new, part, refused


def _income_again(state: GameState) -> list[object]:
    """Round 1's Trade opened again with the gods now held (income, then the trade gods)."""
    state.prompts = []
    ev = EventLog()
    mn_trade.enter(state, ev)
    return list(ev)


# --- Hermès, Isis (trade) ------------------------------------------------------------------


def test_mg12_hermes_gives_3_resource_cards_of_types_he_produces() -> None:
    """«Hermès produit 3 cartes ressources supplémentaires parmi des ressources que le joueur
    produit (utilise son pouvoir pendant la phase de commerce, après la production mais avant
    Isis).»"""
    state = new()
    hold(state, "rome", "hermes")
    _income_again(state)
    assert prompt_of(state, "hermes").player == "rome"
    listed = engine.legal_actions(state, "rome")
    assert HermesTake("rome", ("metal", "metal", "wine")) in listed
    assert KeepGod("rome", "hermes") in listed
    assert refused(state, HermesTake("rome", ("gold", "metal", "wine"))) == "hermes_not_produced"
    before = dict(state.hands["rome"])
    events = act(state, HermesTake("rome", ("metal", "metal", "wine")))
    assert state.hands["rome"]["metal"] == before["metal"] + 2
    assert state.hands["rome"]["wine"] == before["wine"] + 1
    secret = next(e for e in events if e.kind == "hermes_cards")
    assert secret.audience == ("rome",)
    assert "hermes" in part(state).used
    assert prompt_of(state, "trade_amount")  # then the exchange


def test_mt01_hermes_acts_before_isis_and_both_before_the_exchange() -> None:
    """«c'est Hermès qui utilise son pouvoir avant Isis»; Isis «après production, après
    Hermès et avant échange»."""
    state = new()
    hold(state, "rome", "hermes")
    hold(state, "greece", "isis")
    _income_again(state)
    assert [p.kind for p in state.prompts] == ["hermes"]
    act(state, KeepGod("rome", "hermes"))
    assert [p.kind for p in state.prompts] == ["isis"]
    act(state, KeepGod("greece", "isis"))
    assert [p.kind for p in state.prompts] == ["trade_amount"]
    assert "hermes" not in part(state).used  # kept, not used


def test_mg14_isis_gives_one_reserve_card_to_every_player_secretly() -> None:
    """«Isis donne de la réserve secrètement 1 carte ressource à chaque joueur (y compris
    soi-même)»."""
    state = new()
    hold(state, "greece", "isis")
    _income_again(state)
    before = {p: dict(h) for p, h in state.hands.items()}
    assert IsisGive("greece", "greece", "gold") in engine.legal_actions(state, "greece")
    assert refused(state, IsisGive("greece", "rome", "gold")) == "isis_wrong_recipient"
    assert refused(state, IsisGive("greece", "greece", "coin")) == "isis_not_resource"
    gifts = {"greece": "gold", "carthage": "wine", "egypt": "metal", "rome": "oil"}
    events = []
    for recipient, card in gifts.items():
        events += act(state, IsisGive("greece", recipient, card))
    for p, card in gifts.items():
        assert state.hands[p][card] == before[p].get(card, 0) + 1
    for e in events:
        if e.kind == "isis_gift":
            assert e.audience == tuple(sorted({"greece", e.data["recipient"]}))
        else:
            assert "card" not in e.data
    assert refused(state, KeepGod("greece", "isis")) == "not_your_turn"
    assert prompt_of(state, "trade_amount")


# --- Athéna (roles) ------------------------------------------------------------------------


def test_mg10_athena_adds_2_to_the_count_of_one_role() -> None:
    """«Athéna ajoute +2 pour le décompte d'un titre.» Used at the role count (C-60)."""
    from bot.games.mare_nostrum.modules.mythology.gods import athena
    from bot.games.mare_nostrum.rulesets.mn2003 import roles

    state = new()
    hold(state, "egypt", "athena")
    state.prompts, state.phase = [], "athena"
    athena.enter(state, EventLog())
    assert prompt_of(state, "athena").player == "egypt"
    assert refused(state, UseGod("egypt", "athena", "navy")) == "athena_not_role"
    plain = roles.counts(state, "egypt")["military"]
    act(state, UseGod("egypt", "athena", "military"))
    assert sub(state).counts["egypt"]["military"] == plain + 2  # the count that followed
    assert "athena" in part(state).used


# --- Baal, Vulcain, Poséidon (at any time) ---------------------------------------------------


def test_mg11_baal_destroys_an_opponents_ville_its_marker_back_in_the_supply() -> None:
    """«Baal peut détruire une ville adverse.» (C-38)"""
    state = new()
    hold(state, "rome", "baal")
    left = buildings_left(state, "city")
    assert UseGod("rome", "baal", "achaea:0") in engine.legal_actions(state, "rome")
    events = act(state, UseGod("rome", "baal", "achaea:0"))
    assert not state.built["achaea"][0]
    assert buildings_left(state, "city") == left + 1
    assert any(e.kind == "god_destroyed" and e.audience is None for e in events)
    assert refused(state, UseGod("rome", "baal", "aegyptus:0")) == "god_not_held"  # once


def test_mg11_baal_never_aims_at_his_own_ville() -> None:
    state = new()
    hold(state, "rome", "baal")
    assert refused(state, UseGod("rome", "baal", "latium:0")) == "bad_god_target"
    assert refused(state, UseGod("greece", "baal", "latium:0")) == "god_not_held"


def test_mg17_vulcain_destroys_an_opponents_caravan() -> None:
    """«Vulcain peut détruire une caravane.» (another player's: C-38)"""
    state = new()
    hold(state, "greece", "vulcan")
    assert refused(state, UseGod("greece", "vulcan", "achaea:3")) == "bad_god_target"
    act(state, UseGod("greece", "vulcan", "latium:2"))
    assert not state.built["latium"][2]


def test_mg16_poseidon_destroys_an_enemy_trireme() -> None:
    """«Poséidon peut détruire une trirème adverse»."""
    state = new()
    state.triremes["mare_tyrrhenum"] = {"rome": 2}
    hold(state, "carthage", "poseidon")
    act(state, UseGod("carthage", "poseidon", "mare_tyrrhenum:rome"))
    assert state.triremes["mare_tyrrhenum"] == {"rome": 1}
    assert refused(state, UseGod("carthage", "poseidon", "mare_tyrrhenum:rome")) == ("god_not_held")


def test_mg05_a_use_at_any_time_waits_while_a_decision_is_resolved() -> None:
    """Ruling 17 a: «applied at once if no decision is being resolved, otherwise at the next
    moment where none is»."""
    state = new()
    hold(state, "rome", "baal")
    hold(state, "greece", "hermes")
    _income_again(state)
    assert prompt_of(state, "hermes")
    events = act(state, UseGod("rome", "baal", "achaea:0"))
    assert any(e.kind == "god_use_waits" for e in events)
    assert state.built["achaea"][0] and part(state).pending
    events = act(state, KeepGod("greece", "hermes"))
    assert not state.built["achaea"][0] and not part(state).pending


def test_mg05_a_waiting_use_made_void_spends_nothing() -> None:
    state = new()
    hold(state, "rome", "baal")
    hold(state, "egypt", "vulcan")
    hold(state, "greece", "hermes")
    _income_again(state)
    act(state, UseGod("rome", "baal", "achaea:0"))
    state.built["achaea"][0] = False  # gone before his turn comes
    events = act(state, KeepGod("greece", "hermes"))
    assert any(e.kind == "god_use_void" for e in events)
    assert "baal" not in part(state).used


# --- Ishtar (a reaction) -------------------------------------------------------------------


def test_mg13_ishtar_protects_its_holder_from_another_gods_power() -> None:
    """«Ishtar protège du pouvoir d'un autre dieu (utilisable que si l'on est la cible).»
    C-36: the other god is spent all the same."""
    state = new()
    hold(state, "rome", "baal")
    hold(state, "greece", "ishtar")
    act(state, UseGod("rome", "baal", "achaea:0"))
    assert prompt_of(state, "ishtar").player == "greece"
    events = act(state, UseGod("greece", "ishtar"))
    assert state.built["achaea"][0]
    assert {"baal", "ishtar"} <= set(part(state).used)
    assert any(e.kind == "god_cancelled" for e in events)


def test_mg13_ishtar_kept_lets_the_other_god_act() -> None:
    state = new()
    hold(state, "rome", "baal")
    hold(state, "greece", "ishtar")
    act(state, UseGod("rome", "baal", "achaea:0"))
    act(state, KeepGod("greece", "ishtar"))
    assert not state.built["achaea"][0]
    assert "ishtar" not in part(state).used


def test_mg13_ishtar_is_not_asked_when_someone_else_is_aimed_at() -> None:
    state = new()
    hold(state, "rome", "baal")
    hold(state, "greece", "ishtar")
    act(state, UseGod("rome", "baal", "aegyptus:0"))
    assert not state.built["aegyptus"][0]
    assert not any(p.kind == "ishtar" for p in state.prompts)


def test_mg04_a_god_is_held_until_the_next_offerings_whatever_happens() -> None:
    """«Le joueur pose la carte du dieu devant lui et la garde, quoi qu'il arrive, jusqu'à la
    phase d'offrandes suivante»: a god used stays his, turned over."""
    state = new()
    hold(state, "rome", "baal")
    act(state, UseGod("rome", "baal", "achaea:0"))
    assert part(state).holders["baal"] == "rome"
    assert "baal" in engine.view(state, "egypt")["substates"]["mythology.gods"]["used"]
