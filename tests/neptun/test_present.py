"""Neptun's presenter: every event, answer, status and screen of seeded games in English and
French from its part of the catalog, French without Neptun's English names, secrets only in
the owner's screen."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

from bot.adapters.neptun.present import PRESENTER, sail_cost
from bot.games.neptun import ENGINE, seats
from bot.games.neptun.state import NeptunState

LOCALES = Path(__file__).resolve().parents[2] / "bot" / "games" / "neptun" / "locales"


def _played(seed: int, n: int = 4) -> tuple[NeptunState, list[Any], list[tuple[Any, Any]]]:
    """A seeded random game to its end: its last state, its events, and every (view, legal
    action) met on the way."""
    state, events = ENGINE.new_game(seats(n), {}, seed=seed)
    rng = random.Random(seed)
    asked: list[tuple[Any, Any]] = []
    while not ENGINE.is_over(state):
        player = ENGINE.owed(state)[0].player
        legal = ENGINE.legal_actions(state, player)
        view = ENGINE.view(state, player)
        asked.extend((view, a.to_dict()) for a in legal)
        state, more = ENGINE.apply(state, rng.choice(legal))
        events += more
    return state, events, asked


def _english_only_words() -> set[str]:
    """Neptun's names whose English differs from the French (colours, goods, phases...)."""
    en = json.loads((LOCALES / "en.json").read_text("utf-8"))
    fr = json.loads((LOCALES / "fr.json").read_text("utf-8"))
    out = set()
    for key in en:
        if key.split(".")[0] in ("seat", "goods", "phase") and en[key] != fr[key]:
            out.add(en[key].lower())
    return out


def test_every_event_and_answer_is_worded_in_both_languages() -> None:
    english = _english_only_words()
    for seed in (1, 2):
        state, events, asked = _played(seed)
        names = {lang: PRESENTER.names(ENGINE.view(state), lang) for lang in ("en", "fr")}
        kinds = set()
        for e in events:
            kinds.add(e.kind)
            for lang in ("en", "fr"):
                text = PRESENTER.event_text(e.kind, e.data, lang, names[lang])
                assert text and "{" not in text and "neptun." not in text, (e.kind, text)
                if lang == "fr":
                    words = set(re.findall(r"[a-zà-ÿ]+", text.lower()))
                    assert not words & english, (text, words & english)
        assert {"contract_taken", "oars_revealed", "sailed", "delivered", "tile_won",
                "game_won"} <= kinds
        for view, action in asked[::7]:
            for lang in ("en", "fr"):
                label = PRESENTER.label(action, lang, names[lang], view)
                assert label and "{" not in label and len(label) <= 100, label


def test_names_come_from_the_catalog() -> None:
    state, _, _ = _played(3)
    names = PRESENTER.names(ENGINE.view(state), "fr")
    assert names == {"red": "Rouge", "green": "Vert", "purple": "Violet", "yellow": "Jaune"}
    sail = {"player": "red", "origin": "creta", "to": "tyros", "route": "creta-tyros",
            "miles": 6, "gold": 1, "range": 0}
    assert PRESENTER.event_text("sailed", sail, "fr", names) == (
        "Rouge navigue de Creta à Tyros : 6 milles, 1 or payé, 0 restant.")
    won = PRESENTER.event_text("tile_won", {"player": "green", "temple": "gold", "value": 2},
                               "fr", names)
    assert won == "Vert gagne 2 points dans le temple de l'or."


def test_the_hand_and_the_sealed_card_are_only_in_the_owners_screen() -> None:
    """Hidden: « les cartes Rames en main » and the card played until the reveal."""
    state, events = ENGINE.new_game(seats(3), {}, seed=5)
    while ENGINE.owed(state)[0].kind != "voyage_oar":
        p = ENGINE.owed(state)[0].player
        state, more = ENGINE.apply(state, ENGINE.legal_actions(state, p)[0])
        events += more
    red = ENGINE.view(state, "red")
    card = red["hand"][0]["card"]
    action = ENGINE.action_from_dict({"kind": "play_oar", "player": "red", "card": card})
    state, more = ENGINE.apply(state, action)
    public = [e for e in more if e.audience is None]
    private = [e for e in more if e.audience]
    assert [e.kind for e in private] == ["oar_chosen"] and private[0].audience == ("red",)
    assert all("card" not in e.data for e in public)
    mine = PRESENTER.screen_text(7, ENGINE.view(state, "red"), "en")
    assert "Your sealed oar card: oar" in mine and "Your oar cards: oar" in mine
    spectator = "\n".join(PRESENTER.status_lines(ENGINE.view(state), "en",
                                                 PRESENTER.names(ENGINE.view(state))))
    assert "sealed" not in spectator and "Your" not in spectator
    hidden = PRESENTER.action_label({"kind": "play_oar", "hidden": True}, "en", {})
    assert hidden == "A sealed oar card"


def test_a_sail_names_its_miles_and_the_gold_it_costs() -> None:
    view = {"viewer": "red", "ships": {"red": "creta"}, "markers": {"creta-tyros": 6},
            "my_prompts": [{"kind": "voyage_move", "data": {"range": 4}}]}
    assert sail_cost(view, "tyros") == (6, 2)
    label = PRESENTER.label({"kind": "sail", "to": "tyros"}, "en", {}, view)
    assert label == "Sail to Tyros (6 miles, 2 gold)"
    assert PRESENTER.label({"kind": "sail", "to": "tyros"}, "fr", {}, None) == (
        "Naviguer vers Tyros")


def test_the_help_topics_summarise_the_rules_in_both_languages() -> None:
    from bot.adapters.neptun.help import HELP

    topics = {topic.id: topic for topic in HELP.rules()}
    assert set(topics) == {"overview", "commands"}
    overview = topics["overview"]
    assert overview.name("fr") == "Neptun : aperçu"
    assert "three rounds A, B and C" in overview.text("en")
    assert "trois manches A, B et C" in overview.text("fr")
    assert "/neptun voyage sail to:" in topics["commands"].text("en")
    assert "/neptun voyage naviguer vers:" in topics["commands"].text("fr")
