"""The Legendary City tiles in words: each answer, phase and tile of the three modules has its
words in English and French (no id shown), and the tiles' events read as sentences."""

from __future__ import annotations

import pytest

from bot.adapters.mare_nostrum.present import PRESENTER as MN
from bot.adapters.mare_nostrum.present.labels import action_label
from bot.catalog import catalog
from bot.games.mare_nostrum.rules import hw_tiles_of, rules_for
from bot.games.mare_nostrum.setup import initial_state

CITIES = ("troia", "ierusalem", "syracusae")


@pytest.mark.parametrize("modules", [(c,) for c in CITIES] + [CITIES, ("atlantis", *CITIES)])
def test_every_answer_phase_and_tile_of_the_cities_has_its_words(modules: tuple[str, ...]) -> None:
    rules = rules_for("empires", modules)
    for lang in ("en", "fr"):
        words = catalog(lang)
        missing = [
            f"{part}.{kind}"
            for kind in rules.actions
            for part in ("action", "group")
            if f"mn.{part}.{kind}" not in words
        ]
        missing += [f"phase.{p}" for p in rules.phase_order if f"mn.phase.{p}" not in words]
        missing += [f"hw.{t}" for t in rules.data["hw_tiles"] if f"mn.hw.{t}" not in words]
        missing += [f"prompt.{k}" for k in rules.handlers if f"mn.prompt.{k}" not in words]
        assert not missing, (lang, missing)


def test_the_tiles_events_read_in_both_languages() -> None:
    data = {"player": "rome", "to": "greece", "province": "macedonia"}
    assert MN.event_text("solomon_tribute", data, "en", {}) == (
        "Solomon: Rome gives Greece a coin for the battle in Macedonia."
    )
    fr = MN.event_text("mausoleum_placed", data, "fr", {})
    assert fr.startswith("Rome place le Mausolée d'Halicarnasse en ")
    assert " : " in fr


def test_the_mausoleum_answer_names_its_province() -> None:
    label = action_label({"kind": "place_mausoleum", "province": "latium"}, "fr", {})
    assert label == "Mausolée en Latium"


def test_tile_names_in_french() -> None:
    state = initial_state(["rome", "greece", "carthage"], {"modules": list(CITIES)}, 1)
    names = {t: catalog("fr")[f"mn.hw.{t}"] for t in hw_tiles_of(state)}
    assert names["aeneas"] == "Énée" and names["helen"] == "Hélène de Troie"
