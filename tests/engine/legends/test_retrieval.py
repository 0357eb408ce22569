"""AJAX, ADONIS, MINOS (L276–278, L358–362, L500–508; B10): « Une fois par tour, lors de la
Phase Revendications, récupérez une carte Événement […] à choisir dans la pile Défausse de ces
cartes. » Tested on Ajax's tile id owned (the tiles themselves are the cities' data)."""

from __future__ import annotations

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.modules.legends.actions import RetrieveCard
from bot.games.mare_nostrum.modules.legends.retrieval import KIND

from ..builder import rejected
from .scenario import LegendsScenario


def _claims_over(s: LegendsScenario) -> None:
    """Open the step that follows Claims."""
    s.enter("legends.retrieval")


def test_ajax_once_per_turn_a_chosen_martial_card_from_the_discard() -> None:
    """B10: at the end of Claims, a card of his choice from the Martial discard, public."""
    s = LegendsScenario()
    s.hw("greece", "ajax")
    s.leg.discards["troia"] = ["troia.decoy", "troia.catapults", "troia.war_elephants"]
    _claims_over(s)
    assert [(p.kind, p.player) for p in engine.owed(s.state)] == [(KIND, "greece")]
    assert s.legal("greece") == [
        RetrieveCard("greece", "troia.catapults"),
        RetrieveCard("greece", "troia.war_elephants"),
        RetrieveCard("greece", "troia.decoy"),
        RetrieveCard("greece", ""),
    ]
    rejected(s, RetrieveCard("greece", "troia.quinqueremes"), "not_in_discard")
    s.act(RetrieveCard("greece", "troia.war_elephants"))
    assert s.leg.hands["greece"] == ["troia.war_elephants"]
    assert s.leg.discards["troia"] == ["troia.decoy", "troia.catapults"]
    assert [e.data for e in s.kinds("event_retrieved")] == [
        {"player": "greece", "card": "troia.war_elephants"}
    ]
    assert s.state.phase != "legends.retrieval"  # once: the game turn goes on


def test_b10_an_empty_discard_gives_nothing() -> None:
    s = LegendsScenario()
    s.hw("greece", "ajax")
    _claims_over(s)
    assert not any(p.kind == KIND for p in s.state.prompts)
    assert s.state.phase != "legends.retrieval"


def test_b10_without_the_power_nothing() -> None:
    s = LegendsScenario()
    s.leg.discards["troia"] = ["troia.catapults"]
    _claims_over(s)
    assert not any(p.kind == KIND for p in s.state.prompts)
