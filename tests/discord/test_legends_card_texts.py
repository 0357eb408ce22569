"""The event cards' own texts (issue 15: « the event hand in the DM screen (names, effects,
when each can be played) … cards played announced in the thread with their effect »): every
card of the three decks has its effect in English and French, shown on its holder's page
only, and under its announcement in the thread."""

from __future__ import annotations

import re

import pytest

from bot.adapters.mare_nostrum.present import MareNostrumPresenter
from bot.adapters.mare_nostrum.present.legends import effect_text
from bot.games.core.events import Event
from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.modules.legends import data
from tests.engine.legends.scenario import CITIES, LegendsScenario

NAMES = {"rome": "Rome", "greece": "Greece", "carthage": "Carthage"}
ALL_CARDS = sorted({c for city in CITIES for c in data.deck(city)})


def test_the_45_cards_are_21_kinds_and_three_decoys() -> None:
    assert sum(len(data.deck(city)) for city in CITIES) == 45
    assert len(ALL_CARDS) == 24


@pytest.mark.parametrize("card", ALL_CARDS)
def test_every_card_has_its_effect_in_both_languages(card: str) -> None:
    en, fr = effect_text(card, "en"), effect_text(card, "fr")
    assert en and fr and en != fr
    assert not re.search(r"\S[;:!?]", fr), fr  # French typography: a space before them


def test_the_page_shows_name_timing_and_effect_of_his_cards_only() -> None:
    """« Hands are secret »: his own cards with what they do; another player's page shows
    none of them."""
    s = LegendsScenario(CITIES).give("rome", "ierusalem.vulcan", "ierusalem.vulcan", "troia.decoy")
    p = MareNostrumPresenter()
    for lang in ("en", "fr"):
        mine = "\n".join(p.page_lines(engine.view(s.state, "rome"), lang, NAMES))
        theirs = "\n".join(p.page_lines(engine.view(s.state, "greece"), lang, NAMES))
        assert effect_text("ierusalem.vulcan", lang) in mine
        assert effect_text("troia.decoy", lang) in mine
        assert "×2" in mine
        assert effect_text("ierusalem.vulcan", lang) not in theirs
    mine = "\n".join(p.page_lines(engine.view(s.state, "rome"), "en", NAMES))
    assert "• Vulcan ×2 (at any time): Destroy a caravan" in mine


def test_a_played_card_is_announced_with_its_effect() -> None:
    p = MareNostrumPresenter()
    played = Event(
        "event_played",
        {
            "player": "rome",
            "card": "ierusalem.poseidon",
            "target": "ionium:greece",
            "decoys": False,
            "discarded": ["ierusalem.poseidon"],
        },
    )
    lines = p.thread_lines([played], "en", NAMES)
    assert lines == [
        "Rome plays Poseidon.",
        "↳ Poseidon: " + effect_text("ierusalem.poseidon", "en"),
    ]
    pair = Event(
        "event_played",
        {
            "player": "rome",
            "card": "troia.war_elephants",
            "target": "",
            "decoys": True,
            "discarded": ["troia.decoy", "troia.decoy"],
        },
    )
    fr = p.thread_lines([pair], "fr", NAMES)
    assert fr[-1] == "↳ Éléphants de guerre : " + effect_text("troia.war_elephants", "fr")
