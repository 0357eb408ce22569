"""Every event the 2003 engine and its Mythology module emit in seeded games is worded from
its catalog template with its real parameters, in English and French: no template names a key
the event lacks (issue 17: the construction's `paid` said «You paid {resources} for {item}.»),
no empty value leaves a stray « .», every kind has a template, every victory is named."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from bot.adapters.mare_nostrum.present import PRESENTER
from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.events import Event
from bot.i18n import has
from tests.engine.mn2003.helpers import civs as civs_2003
from tests.engine.mn2003.test_playouts import choose
from tests.engine.mythology.setup_helpers import civs as civs_myth

MYTH = {"ruleset": "2003", "modules": ["mythology"]}
# Short seeded games that between them emit every kind of both starts, the gods and the
# three victories (seeds picked for their length: about 6,000 actions in all).
GAMES: list[tuple[list[str], dict[str, Any], int]] = [
    (civs_2003(3), {"ruleset": "2003"}, 0),
    (civs_2003(4), {"ruleset": "2003", "start": "free"}, 1),
    (civs_myth(6), dict(MYTH), 0),
    (civs_myth(3), {**MYTH, "start": "free"}, 0),
    (civs_myth(5), {**MYTH, "long_game": True}, 2),
]
_PLACEHOLDER = re.compile(r"\{\w+\}")
# An empty value between two words of a template (French puts a space before : ; ! ?);
# an id shown as it is ("City:0").
_STRAY = re.compile(r" [.,](?!\.)|: \.|\(\)|\b[A-Z]\w*:\d")


def _events(players: list[str], options: dict[str, Any], seed: int) -> Iterator[Event]:
    rnd = random.Random(seed)
    state, events = engine.new_game(players, options, seed)
    yield from events
    while not state.over:
        player = rnd.choice(sorted({p.player for p in engine.owed(state)}))
        yield from engine.apply_in_place(state, choose(rnd, engine.legal_actions(state, player)))


def _shape(e: Event) -> tuple[Any, ...]:
    """What can change an event's wording: its keys, which are empty, the values naming a
    variant (the reason, the item) or a victory."""
    empty = tuple(sorted(k for k, v in e.data.items() if v in ("", [], {}, ())))
    named = tuple(str(e.data.get(k)) for k in ("reason", "item", "condition", "option"))
    return e.kind, tuple(sorted(e.data)), empty, named


def _seen() -> dict[tuple[Any, ...], tuple[Event, Mapping[str, Any]]]:
    seen: dict[tuple[Any, ...], tuple[Event, Mapping[str, Any]]] = {}
    for players, options, seed in GAMES:
        view = engine.view(engine.new_game(players, options, seed)[0], None)
        for e in _events(players, options, seed):
            seen.setdefault(_shape(e), (e, view))
    return seen


@pytest.fixture(scope="module")
def seen() -> dict[tuple[Any, ...], tuple[Event, Mapping[str, Any]]]:
    return _seen()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_2003_and_mythology_event_is_worded_with_its_real_parameters(
    seen: dict[tuple[Any, ...], tuple[Event, Mapping[str, Any]]], lang: str
) -> None:
    bad = []
    for e, view in seen.values():
        text = PRESENTER.event_text(e.kind, e.data, lang, PRESENTER.names(view, lang))
        if _PLACEHOLDER.search(text) or _STRAY.search(text):
            bad.append(f"{e.kind} {dict(e.data)}: {text}")
    assert not bad, "\n".join(bad)


def test_every_emitted_kind_has_a_template_and_the_games_cover_the_module(
    seen: dict[tuple[Any, ...], tuple[Event, Mapping[str, Any]]],
) -> None:
    kinds = {e.kind for e, _ in seen.values()}
    missing = sorted(k for k in kinds if not has(f"mn.event.{k}"))
    assert not missing, missing
    assert {"paid", "free_start", "god_invoked", "god_used", "heroes_set_aside"} <= kinds
    conditions = {e.data["condition"] for e, _ in seen.values() if e.kind == "game_won"}
    assert {"heroes_wonders", "four_roles"} <= conditions
    assert all(has(f"mn.value.{c}") and has(f"mn.victory.{c}") for c in conditions)


def test_bd02_the_construction_payment_names_the_cards_and_the_purchase() -> None:
    """003 l.284: «Pour construire, il suffit de défausser le nombre de cartes correspondant
    au coût» — the payer's own message says what he paid and for what, in his language."""
    data = {"player": "rome", "item": "mn2003.artemis", "resources": ["coin", "coin", "coin"]}
    view = engine.view(engine.new_game(civs_2003(3), {"ruleset": "2003"}, 0)[0], None)
    en = PRESENTER.event_text("paid", data, "en", PRESENTER.names(view, "en"))
    fr = PRESENTER.event_text("paid", data, "fr", PRESENTER.names(view, "fr"))
    assert en == "You paid 3× coin for Temple of Artemis."
    assert "Temple d'Artémis" in fr and "{" not in fr


def test_isis_card_given_to_oneself_is_worded_as_such() -> None:
    """004 l.481–482: «le joueur se donne à lui-même une ressource qu'il ne produit pas» —
    Isis gives a card to every player, himself included: his own card reads "gives itself",
    never "Rome gives Rome"; another player's reads as a gift."""
    view = engine.view(engine.new_game(civs_myth(6), MYTH, 0)[0], None)
    en, fr = PRESENTER.names(view, "en"), PRESENTER.names(view, "fr")
    own = {"player": "rome", "recipient": "rome"}
    other = {"player": "rome", "recipient": "greece"}
    assert PRESENTER.event_text("isis_gave", own, "en", en) == "Isis: Rome gives itself a card."
    assert PRESENTER.event_text("isis_gave", own, "fr", fr) == "Isis : Rome se donne une carte."
    assert PRESENTER.event_text("isis_gave", other, "en", en) == (
        "Isis: Rome gives Greece a card."
    )
