"""The cards the Mythology leaves as they were keep their 2003 powers inside a Mythology game
(checklist D.2 MH-05, MW-05; 004 l.364–367, l.436–437, l.452–453): the same ids and powers
as the plain 2003 game, now with the western board, six players and ceramic."""

from __future__ import annotations

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import PlaceFreeInfluence
from bot.games.mare_nostrum.rulesets.mn2003 import cards as c
from bot.games.mare_nostrum.rulesets.mn2003.powers import ChooseResource, SwapCard
from bot.games.mare_nostrum.rulesets.mn2003.trade import income

from .setup_helpers import act, construction_turn, give, started


def test_mh05_cleopatra_changes_one_card_with_the_bank_ceramic_included() -> None:
    """004 l.364–365: «Cléopâtre – Égypte: à chaque phase de construction, permet de changer
    1 carte ressource en impôt ou inversement»."""
    state = started(6)
    assert c.CLEOPATRA in state.hw["egypt"]
    construction_turn(state, "egypt")
    state.hands["egypt"] = {"ceramic": 1}
    act(state, SwapCard("egypt", "ceramic", "coin"))
    assert state.hands["egypt"] == {"coin": 1}
    assert not any(isinstance(a, SwapCard) for a in engine.legal_actions(state, "egypt"))


def test_mh05_hammurabi_places_one_free_influence_a_round() -> None:
    """004 l.366–367: «Hammourabi – Babylone: permet de poser gratuitement un pion influence
    par tour»."""
    state = started(6)
    assert c.HAMMURABI in state.hw["babylon"]
    construction_turn(state, "babylon")
    state.hands["babylon"] = {}
    free = [a for a in engine.legal_actions(state, "babylon") if isinstance(a, PlaceFreeInfluence)]
    assert free
    act(state, free[0])
    assert state.influence[free[0].target] == "babylon"
    assert not any(
        isinstance(a, PlaceFreeInfluence) for a in engine.legal_actions(state, "babylon")
    )


def test_mw05_the_colossus_and_the_temple_of_artemis_add_to_the_income() -> None:
    """004 l.436–437: «Colosse: rapporte 1 carte impôts supplémentaire lors de la collecte des
    revenus»; l.452–453: «Temple d'Artémis: rapporte 1 carte ressource supplémentaire» — of
    his choice (C-17), ceramic among them (C-11)."""
    state = started(6)
    give(state, "greece", c.COLOSSUS, c.ARTEMIS)
    first = state.round
    while not (state.round > first and any(p.kind == "artemis_choice" for p in state.prompts)):
        act(state, engine.default_action(state, state.prompts[0]))
    gained = income(state, "greece")
    assert state.hands["greece"].get("coin", 0) >= gained.get("coin", 0) + 1
    assert ChooseResource("greece", "ceramic") in engine.legal_actions(state, "greece")
    before = state.hands["greece"].get("ceramic", 0)
    events = act(state, ChooseResource("greece", "ceramic"))
    assert any(e.kind == "resource_chosen" and e.audience == ("greece",) for e in events)
    assert state.hands["greece"].get("ceramic", 0) == before + 1
