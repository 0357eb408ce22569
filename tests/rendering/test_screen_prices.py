"""The player screen's set lines follow the viewer's own prices (Atlas, ruling A7)."""

from __future__ import annotations

from bot.games.mare_nostrum.view import view
from rendering.core.text import recording
from rendering.mare_nostrum import render_screen
from rendering.mare_nostrum.screen import set_items
from tests.engine.atlantis.scenario import SIX, AtlasScenario


def _texts(v: object, lang: str) -> list[str]:
    with recording() as texts:
        render_screen(v, lang=lang)  # type: ignore[arg-type]
    return list(texts)


def test_atlas_sets_of_3_no_longer_buy_his_triremes() -> None:
    """ATLAS (L114, ruling A7): « les Trirèmes vous coûtent une combinaison de 2 ressources
    au lieu de 3 ». His screen's "Sets of 3" line no longer lists the trireme (his "Sets of 2"
    line does); another empire's screen keeps the printed list."""
    s = AtlasScenario(SIX).hw("atlantis", "atlas").hand("atlantis", coin=3, grain=1, wine=1)
    cases = [
        ("en", "Sets of 3", "trireme", "legion"),
        ("fr", "Combinaisons de 3", "trirème", "légion"),
    ]
    for lang, sets3, trireme, legion in cases:
        atlas = [t for t in _texts(view(s.state, "atlantis"), lang) if t.startswith(sets3)]
        rome = [t for t in _texts(view(s.state, "rome"), lang) if t.startswith(sets3)]
        assert len(atlas) == 1 and trireme not in atlas[0] and legion in atlas[0]
        assert len(rome) == 1 and trireme in rome[0]


def test_set_items_keep_the_printed_list_without_a_power() -> None:
    assert set_items(3, set(), "en") == "influence, city, caravan, legion, trireme, fortress"
    assert "trireme" not in set_items(3, {"trireme"}, "en")
    assert set_items(6, {"trireme"}, "fr") == "marché, temple"
