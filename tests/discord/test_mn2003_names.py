"""X-02 (ruling C-11): a 2003 game shows its commodities with the 2003 names — «3 impôts,
2 céréales, 1 parfum, 1 bétail, 1 or et 1 esclave» (003 l.408) — on the Empires ids; an
Empires game keeps its own names."""

from __future__ import annotations

from typing import Any

from bot.adapters.mare_nostrum.present import PRESENTER, screen_text
from bot.games.mare_nostrum import ENGINE
from bot.games.mare_nostrum.setup import empires_for

HAND = {"sheep": 1, "gladiator": 2, "diamond": 1, "oil": 1, "wood": 1}


def _view(ruleset: str | None) -> dict[str, Any]:
    options = {"ruleset": ruleset} if ruleset else {}
    seats = empires_for(3, ruleset or "empires", ())
    state, _ = ENGINE.new_game(seats, options, 7)
    state.hands[seats[0]] = dict(HAND)
    return dict(ENGINE.view(state, seats[0]))


def test_x02_the_2003_hand_says_the_2003_names_in_english_and_french() -> None:
    view = _view("2003")
    names = PRESENTER.names(view, "en")
    en = "\n".join(PRESENTER.page_lines(view, "en", names))
    assert "1× livestock" in en and "2× slave" in en and "1× gems" in en
    assert "1× olive oil" in en and "1× wood" in en  # wood keeps its name (C-11)
    fr = "\n".join(PRESENTER.page_lines(view, "fr", PRESENTER.names(view, "fr")))
    assert "1× bétail" in fr and "2× esclave" in fr and "1× gemmes" in fr
    assert "2× esclave" in screen_text(1, view, "fr")


def test_x02_empires_keeps_its_own_names() -> None:
    view = _view(None)
    en = "\n".join(PRESENTER.page_lines(view, "en", PRESENTER.names(view, "en")))
    assert "1× sheep" in en and "2× gladiator" in en and "livestock" not in en
    assert "sheep" not in PRESENTER.names(view, "en")


def test_x02_events_and_answers_say_the_2003_names_in_the_readers_language() -> None:
    view = _view("2003")
    names_en = PRESENTER.names(view, "en")  # made in English, read in French
    text = PRESENTER.action_label(
        {"kind": "choose_icon", "province": "sicilia", "commodity": "sheep"}, "fr", names_en
    )
    assert "bétail" in text and "mouton" not in text
