"""The 2003 player screen and its Mythology variant (issues 17 and 18; docs/rendering.md "The
2003 screen"): `/mn screen` draws it for a 2003 game, chosen by the view's ruleset in one place
(`rendering.mare_nostrum.SCREENS`), the Empires screen unchanged."""

from __future__ import annotations

from typing import Any

import pytest

from bot.adapters.mare_nostrum import Pictures
from bot.games.mare_nostrum.view import view
from rendering.core.text import recording
from rendering.mare_nostrum import SCREENS, render_screen, screen, screen2003
from tests.rendering.mn2003_states import late
from tests.rendering.mythology_states import midgame, with_creatures, without_creatures
from tests.rendering.states import midgame_five


@pytest.fixture(scope="module")
def mid() -> Any:
    return midgame()


def _words(v: Any, lang: str = "en") -> list[str]:
    with recording() as texts:
        render_screen(v, lang=lang)
    return list(texts)


def test_the_screen_is_chosen_by_the_views_ruleset() -> None:
    """A 2003 game's `/mn screen` (the registry's pictures) is the 2003 screen; an Empires
    game's is the Empires screen, as before."""
    state = late()
    v = view(state, state.players[0])
    pictures = Pictures()
    assert SCREENS["2003"] is screen2003.render_screen
    assert pictures.screen(v) == screen2003.render_screen(v) != screen.render_screen(v)
    empires = view(midgame_five().state, "rome")
    assert pictures.screen(empires) == screen.render_screen(empires)


def test_the_2003_screen_shows_the_hand_the_roles_and_the_2003_costs() -> None:
    """003 l.813–830 (the summary sheet): one combination of 3, 6, 9 (hero or wonder) or 12
    (the Pyramids); the hand by its 2003 names, tax cards apart; the role cards he holds and
    his count now (C-28); his cards against the 4 that win."""
    state = late()
    me = state.players[0]
    v = view(state, me)
    words = _words(v)
    assert "Tax cards  × 2" in words and "Grain  × 2" in words
    assert "Hero or wonder (9): no" in words and "Pyramids (12): no" in words
    assert any(w.startswith("Combinations of 3: ") and "conversion" in w for w in words)
    held = [r for r, holder in v["titles"].items() if holder == me]
    assert words.count("yours") == len(held)
    assert f"Heroes & Wonders ({len(v['hw'][me])} of 4 to win)" in words
    french = _words(v, "fr")
    assert "Cartes impôt  × 2" in french and "Héros ou merveille (9) : non" in french
    assert any("ville" in w for w in french)


def test_the_screen_never_shows_another_players_hand() -> None:
    """Drawn from the viewer's own view: another player's cards change nothing."""
    state = late()
    me, other = state.players[0], state.players[1]
    before = render_screen(view(state, me))
    state.hands[other] = {"marble": 4, "coin": 3}
    assert render_screen(view(state, me)) == before
    state.hands[me] = {"marble": 1}
    assert render_screen(view(state, me)) != before


def test_a_spectator_has_no_hand_on_the_2003_screen() -> None:
    words = _words(view(late(), None))
    assert "spectator view: no hand" in words


def test_b8_the_mythology_screen_prices_offerings_and_creatures(mid: Any) -> None:
    """004 (ruling 19): «une combinaison de 3 cartes» for an offering, 6 for a creature."""
    words = _words(with_creatures(mid, mid.players[0]))
    sets3 = next(w for w in words if w.startswith("Combinations of 3: "))
    sets6 = next(w for w in words if w.startswith("Combinations of 6: "))
    assert "offering" in sets3 and "creature" in sets6
    assert "Ceramic  × 2" in words


def test_c60_the_mythology_screen_lists_the_gods_held_used_ones_marked(mid: Any) -> None:
    """«Le joueur pose la carte du dieu devant lui» and turns it over once used."""
    holders = {"poseidon": mid.players[0], "hermes": mid.players[3]}
    assert all(mid.substates["mythology.gods"].holders[g] == p for g, p in holders.items())
    assert "Poseidon" in _words(with_creatures(mid, mid.players[0]))
    assert "Hermes (used)" in _words(with_creatures(mid, mid.players[3]))
    assert "Hermès (utilisé)" in _words(with_creatures(mid, mid.players[3]), "fr")


def test_b10_the_mythology_screen_counts_the_creatures_left(mid: Any) -> None:
    """«elles sont limitées à 3 par joueur»: on the board, on their card (a diving kraken,
    C-43), and still to build."""
    words = _words(with_creatures(mid, "atlantis"))
    assert "Creatures: Kraken" in words
    assert "on the board: 2 · on their card: 1 · still to build: 0 (of 3)" in words
    french = _words(with_creatures(mid, "atlantis"), "fr")
    assert "sur le plateau : 2 · sur leur carte : 1 · encore à bâtir : 0 (sur 3)" in french


def test_the_mythology_screen_works_without_the_creatures_part(mid: Any) -> None:
    words = _words(without_creatures(mid, mid.players[0]))
    assert not any(w.startswith("Creatures") for w in words)
    assert "Poseidon" in words
