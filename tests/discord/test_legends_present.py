"""The Legendary Cities in the bot's words (bot/adapters/mare_nostrum/present/legends.py):
the public status shows hand sizes and never a card of a hand; the viewer's page shows his
own cards with when they are played; the thread announces a played card by its name."""

from __future__ import annotations

from bot.adapters.mare_nostrum.present import MareNostrumPresenter
from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.modules.legends.actions import PlayEvent
from tests.engine.legends.scenario import LegendsScenario

NAMES = {"rome": "Rome", "greece": "Greece", "carthage": "Carthage"}


def test_status_public_hand_sizes_page_own_cards_only() -> None:
    s = LegendsScenario(("troia", "ierusalem")).give("rome", "troia.catapults")
    p = MareNostrumPresenter()
    for lang in ("en", "fr"):
        status = "\n".join(p.status_lines(engine.view(s.state, "greece"), lang, NAMES))
        assert "Rome 1" in status and "Catapult" not in status
        mine = "\n".join(p.page_lines(engine.view(s.state, "rome"), lang, NAMES))
        theirs = "\n".join(p.page_lines(engine.view(s.state, "greece"), lang, NAMES))
        assert "Catapult" in mine and "Catapult" not in theirs
    assert "Catapults (when you attack" in "\n".join(
        p.page_lines(engine.view(s.state, "rome"), "en", NAMES)
    )


def test_played_card_announced_by_name_and_labels() -> None:
    p = MareNostrumPresenter()
    data = {
        "player": "rome",
        "card": "ierusalem.poseidon",
        "target": "ionium:greece",
        "decoys": False,
        "discarded": ["ierusalem.poseidon"],
    }
    assert p.event_text("event_played", data, "en", NAMES) == "Rome plays Poseidon."
    assert p.event_text("event_played", data, "fr", NAMES) == "Rome joue Poséidon."
    label = p.action_label(
        PlayEvent("rome", "ierusalem.poseidon", "ionium:greece").to_dict(), "en", NAMES
    )
    assert label.startswith("Play Poseidon: Greece")
    pair = p.action_label(PlayEvent("rome", "troia.war_elephants", "", True).to_dict(), "fr", NAMES)
    assert pair == "Deux Leurres : Éléphants de guerre"
