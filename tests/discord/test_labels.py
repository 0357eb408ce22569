"""Issue 13, "Labels": « unique, human labels from the engine's data (slot kinds and
commodities, hero names, phase-specific "End my Build turn") ». Seeded games of every hosted
game, in both languages: no decision page offers two answers that read the same, and no
label holds a raw number or an engine id where a name exists."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.adapters.mare_nostrum.present import PRESENTER as MN
from bot.adapters.mare_nostrum.present.labels import action_label
from bot.ai import make_player
from bot.catalog import catalog
from bot.games.mare_nostrum.board import hw_tiles
from bot.games.mare_nostrum.rules import rules_for
from bot.presenters import Page, SelectSpec, pretty
from bot.registry import game, load_games

load_games()

# (game, players, options, seed)
GAMES = [
    ("mare_nostrum", 3, {}, 1),
    ("mare_nostrum", 4, {}, 2),
    ("mare_nostrum", 5, {}, 3),
    ("mare_nostrum", 4, {"modules": ["atlantis"]}, 4),
    ("neptun", 3, {}, 5),
    ("neptun", 4, {}, 6),
]


def labels_of(page: Page) -> list[str]:
    out: list[str] = []
    for row in page.rows:
        if isinstance(row, SelectSpec):
            out += [label for label, _ in row.options]
        else:
            out += [b.label for b in row]
    return out


def pages(
    game_id: str, players: int, options: dict[str, Any], seed: int, lang: str
) -> Iterator[tuple[list[dict[str, Any]], list[str]]]:
    """Every decision page of a seeded game between standard AIs: (answers, labels)."""
    hosted = game(game_id)
    engine, words = hosted.engine, hosted.words
    order = hosted.seats(options, players)
    state, _ = engine.new_game(order, options, seed)
    ais = {e: make_player("standard", i, game_id) for i, e in enumerate(order)}
    for _ in range(5000):
        if engine.is_over(state):
            return
        owed = {p.player for p in engine.owed(state)}
        player = next(e for e in order if e in owed)
        legal = engine.legal_actions(state, player)
        seen = engine.view(state, player)
        names = words.names(seen, lang)
        answers = [a.to_dict() for a in legal]
        page = words.decision_page(1, 1, answers, 0, lang, names, "", seen)
        yield answers, labels_of(page)
        engine.apply_in_place(state, hosted_choice(ais[player], seen, legal))


def hosted_choice(ai: Any, seen: Any, legal: Any) -> Any:
    return ai.choose(seen, legal)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(("game_id", "players", "options", "seed"), GAMES)
def test_no_decision_offers_two_answers_that_read_the_same(
    game_id: str,
    players: int,
    options: dict[str, Any],
    seed: int,
    lang: str,
) -> None:
    """« "Buy caravan Dacia" twice in one menu (slot dropped) »: never again."""
    checked = 0
    for _, labels in pages(game_id, players, options, seed, lang):
        twice = [label for label, n in Counter(labels).items() if n > 1]
        assert not twice, twice
        checked += 1
    assert checked > 100


# The ids made readable ("Castor pollux"), where the catalog names them otherwise.
HW_IDS = {pretty(tile) for tile in hw_tiles() if "_" in tile}
RAW = re.compile(
    r"(occupy|pillage|occuper|piller) \d|\b[a-z]+_[a-z_]+\b|End turn / step|"
    r"Finir le tour / l'étape"
)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(
    ("game_id", "players", "options", "seed"), [g for g in GAMES if g[0] == "mare_nostrum"]
)
def test_labels_name_things_not_numbers(
    game_id: str,
    players: int,
    options: dict[str, Any],
    seed: int,
    lang: str,
) -> None:
    """« conquest choices as raw slot numbers ("occupy 0, 1") », « "Castor pollux" beside
    "Castor & Pollux" », « "End turn / step" »: buildings, conquests and purchases carry no
    number, heroes their catalog names, and the end button says what it ends."""
    kinds: Counter[str] = Counter()
    for answers, labels in pages(game_id, players, options, seed, lang):
        for label in labels:
            assert not RAW.search(label), label
            assert not any(raw in label for raw in HW_IDS), label
        for action in answers:
            label = MN.action_label(action, lang, {})
            assert not RAW.search(label), label
            assert not any(raw in label for raw in HW_IDS), label
            if action["kind"] in ("buy", "conquer"):
                kinds[action["kind"]] += 1
                assert not re.search(r"\d", label), label
    assert kinds["buy"] and kinds["conquer"]


def test_a_caravan_space_is_named_by_its_commodity() -> None:
    label = MN.action_label(
        {"kind": "buy", "item": "caravan", "target": "dacia", "slot": 0}, "en", {}
    )
    assert label == "Buy: caravan in Dacia (wine)"
    french = MN.action_label(
        {"kind": "buy", "item": "caravan", "target": "dacia", "slot": 1}, "fr", {}
    )
    assert french == "Acheter : caravane en Dacia (marbre)"


def test_a_conquest_is_named_by_the_buildings_it_takes() -> None:
    """« "occupy 0, 1" → "Occupy the city and the market" » (Thracia: city, temple, caravan
    of marble, market)."""
    occupy = {"kind": "conquer", "province": "thracia", "option": "occupy", "slots": [0, 3]}
    assert MN.action_label(occupy, "en", {}) == "Thracia: occupy the city and the market"
    assert MN.action_label(occupy, "fr", {}) == "Thracia : occuper la cité et le marché"
    pillage = {
        "kind": "conquer",
        "province": "sicilia",
        "option": "pillage",
        "slots": [0],
        "reward": "legendary",
    }
    assert MN.action_label(pillage, "en", {}) == (
        "Sicilia: pillage the legendary city (Syracusae) for a legendary commodity"
    )


def test_end_buttons_say_which_turn_they_end() -> None:
    """« phase-specific "End my Build turn" »."""
    end = {"kind": "end_turn"}
    build = {"phase": "build", "build": {"current": "rome"}}
    assert action_label(end, "en", {}, build) == "End my Build turn"
    assert action_label(end, "fr", {}, build) == "Finir mon tour d'Achats"
    sea = {"phase": "military", "military": {"step": "sea_moves"}}
    assert action_label(end, "en", {}, sea) == "Done moving triremes"
    assert action_label(end, "en", {}) == "End my turn"


def test_trade_ends_in_words() -> None:
    """« "Trade ends (Done)" »."""
    assert MN.event_text("trade_finished", {"reason": "done"}, "en", {}) == "Trading is done."


ROOT = Path(__file__).resolve().parents[2]
EMITTED = re.compile(r"ev\.(?:public|private)\(\s*\"([a-z_]+)\"")


@pytest.mark.parametrize("modules", [(), ("atlantis",), ("punic_wars",)])
def test_every_answer_and_phase_has_its_words(modules: tuple[str, ...]) -> None:
    """« every name from one source per language »: each kind of answer (its label and its
    menu's name) and each phase of every module has its words in both languages, so none
    falls back to its id ("Phase: Atlantis.reveal", "Place free influence")."""
    rules = rules_for("empires", modules)
    for lang in ("en", "fr"):
        words = catalog(lang)
        missing = [f"{part}.{kind}" for kind in rules.actions for part in ("action", "group")
                   if f"mn.{part}.{kind}" not in words]
        missing += [f"phase.{p}" for p in rules.phase_order if f"mn.phase.{p}" not in words]
        assert not missing, (lang, missing)


@pytest.mark.parametrize(("package", "namespace"),
                         [("mare_nostrum", "mn"), ("neptun", "neptun")])
def test_every_event_an_engine_emits_has_its_words(package: str, namespace: str) -> None:
    kinds = {kind for path in (ROOT / "bot" / "games" / package).rglob("*.py")
             for kind in EMITTED.findall(path.read_text("utf-8"))}
    assert len(kinds) > 20
    for lang in ("en", "fr"):
        missing = sorted(k for k in kinds if f"{namespace}.event.{k}" not in catalog(lang))
        assert not missing, (lang, missing)


def test_french_elides_before_a_name() -> None:
    """« correct grammar (agreement, elision) »: "de Égypte" is "d'Égypte"."""
    names = {"egypt": "Égypte", "atlantis": "Atlantide"}
    assert MN.event_text("military_turn_started", {"player": "egypt"}, "fr", names) == (
        "Tour militaire d'Égypte.")
    assert MN.event_text("military_turn_started", {"player": "rome"}, "fr", {}) == (
        "Tour militaire de Rome.")


def test_french_agrees_after_a_number() -> None:
    """« correct grammar (agreement) »: no "(s)" left after a number in French."""
    one = MN.event_text("casualties", {"player": "rome", "lost": 1, "unit": "legion",
                                       "area": "gallia"}, "fr", {"rome": "Rome"})
    three = MN.event_text("casualties", {"player": "rome", "lost": 3, "unit": "trireme",
                                         "area": "ionium"}, "fr", {"rome": "Rome"})
    assert one == "Rome perd 1 légion en Gallia."
    assert three == "Rome perd 3 trirèmes en Mare Ionium."
