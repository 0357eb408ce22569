"""Each game's presenter through the registry (issue 12: "its presenter (events, prompts and
statuses → text and component specs)"): the default one from the catalog's common keys, and
Mare Nostrum's, whose composed answers are its phase commands' answers."""

from __future__ import annotations

from dataclasses import replace

from bot import registry
from bot.adapters.mare_nostrum.present import PRESENTER
from bot.presenters import ButtonSpec, CatalogPresenter, Composed
from cogs.mare_nostrum import composed


def test_a_game_without_a_presenter_gets_the_catalogs() -> None:
    bare = replace(registry.game("mare_nostrum"), presenter=None)
    words = bare.words
    assert isinstance(words, CatalogPresenter)
    view = {"players": ["rome", "greece"], "viewer": "rome",
            "pending": [{"player": "rome", "kind": "build_turn"}]}
    assert words.names(view) == {"rome": "Rome", "greece": "Greece"}
    assert words.seat_name("egypt", "fr") == "Égypte"
    assert words.status_lines(view, "en", {}) == [] and words.page_lines(view, "en", {}) == []
    assert words.screen_text(4, view, "en").startswith("#4 — Rome")
    assert words.compose(view, [], ["coin.1"]) is None  # no composition: not understood
    page = words.decision_page(4, 2, [{"kind": "end_turn", "player": "rome"}], 0, "en", {},
                               "head", view)
    (row,) = page.rows
    assert isinstance(row, list) and isinstance(row[0], ButtonSpec)
    assert row[0].style == "primary" and row[0].custom_id.startswith("mn:4:v2:a0.")


def test_mare_nostrum_is_registered_with_its_presenter() -> None:
    assert registry.game("mare_nostrum").words is PRESENTER
    page = PRESENTER.decision_page(1, 1, [{"kind": "end_turn", "player": "rome"}], 0, "en",
                                   {}, "", {"hand": {}})
    (row,) = page.rows
    assert isinstance(row, list) and row[0].style == "secondary"  # ending a turn: grey


def test_a_composed_answer_is_the_phase_commands_answer() -> None:
    """The decision page's composition makes exactly what `/mn trade offer` and `/mn build
    pay` make from the same tokens."""
    for phase, kind in (("trade", "make_offer"), ("build", "pay")):
        got = PRESENTER.compose({"hand": {"coin": 2, "grain": 1}}, [{"kind": kind}],
                                ["grain.1", "coin.2", "coin.1"])
        assert got == Composed(composed(phase, kind, ["coin", "coin", "grain"]))  # sorted
    # An offer's first step names kinds: the page narrows to those held.
    narrowed = PRESENTER.compose({"hand": {"oil": 2, "wine*": 1}}, [{"kind": "make_offer"}],
                                 ["wine", "gold", "oil"])
    assert narrowed == Composed(only=("wine", "oil"))
    assert PRESENTER.compose({"hand": {}}, [], ["oil", "oil.1"]) is None  # mixed: altered
    # No offer or payment owed any more: no answer (the page is redrawn as stale).
    assert PRESENTER.compose({"hand": {}}, [{"kind": "end_turn"}], ["coin.1"]) == Composed()


def test_window_page_names_the_battle_and_the_answers() -> None:
    """Rulings 17–18: a battle's window, on its owner's decision page: « A battle is about to
    start in X: play a power or pass », with the answers' labels, in English and French."""
    from bot.adapters.mare_nostrum.present import PRESENTER
    from bot.games.mare_nostrum import engine as mn
    from bot.presenters import action_label
    from tests.engine.atlantis.test_petrify_window import rome_attacks_gadira

    s = rome_attacks_gadira()
    seen = mn.view(s.state, "atlantis")
    names = PRESENTER.names(seen, "en")
    assert PRESENTER.page_lines(seen, "en", names)[0] == (
        "A battle is about to start in Gadira (Rome against Atlantis): play a power or pass.")
    fr = PRESENTER.page_lines(seen, "fr", PRESENTER.names(seen, "fr"))[0]
    assert fr.startswith("Une bataille va commencer en Gadira") and " : " in fr
    labels = [action_label(a.to_dict(), "en", names) for a in mn.legal_actions(s.state, "atlantis")]
    assert labels == ["Petrify Rome's units in Gadira", "Pass"]
    # Rome, who owes nothing, sees no window line (the window is Atlantis's decision).
    assert not PRESENTER.page_lines(mn.view(s.state, "rome"), "en", names)[0].startswith("A battle")
