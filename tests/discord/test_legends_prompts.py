"""The Legendary City tiles' own decisions render as DM decision pages with all their legal
options, each label translated (Halicarnasse's Mausoleum, Ptolémée's trireme, Agamemnon's
marker)."""

from __future__ import annotations

from typing import Any

import pytest

import bot.games.mare_nostrum as engine
from bot.adapters.mare_nostrum.present import empire_names
from bot.games.mare_nostrum.prompts import add_prompt
from bot.i18n import has
from bot.presenters import SelectSpec, decision_page
from tests.engine.legends.scenario import CityScenario


def _mausoleum() -> CityScenario:
    s = CityScenario(("ierusalem",))
    s.hw("rome", "caesar", "halicarnassus")
    add_prompt(s.state, "mausoleum_place", "rome")
    return s


def _ptolemy() -> CityScenario:
    s = CityScenario(("syracusae",))
    s.hw("rome", "caesar", "ptolemy")
    add_prompt(s.state, "ptolemy_trireme", "rome")
    return s


def _agamemnon() -> CityScenario:
    s = CityScenario(("troia",))
    s.hw("rome", "caesar", "agamemnon")
    add_prompt(s.state, "agamemnon_move", "rome", building="market")
    return s


@pytest.mark.parametrize("arrange", [_mausoleum, _ptolemy, _agamemnon])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_tile_prompt_renders_translated(arrange: Any, lang: str) -> None:
    s = arrange()
    prompt = s.state.prompts[-1]
    legal = [a.to_dict() for a in engine.legal_actions(s.state, "rome")]
    assert len(legal) > 1
    names = empire_names(engine.view(s.state, "rome"))
    assert has(f"mn.prompt.{prompt.kind}", lang)
    labels: list[str] = []
    first = decision_page(1, 1, legal, 0, lang, names, "x")
    for i in range(first.pages):
        for row in decision_page(1, 1, legal, i, lang, names, "x").rows:
            if isinstance(row, SelectSpec):
                labels += [label for label, _ in row.options]
            else:
                labels += [b.label for b in row if ":p" not in b.custom_id]
    assert len(labels) == len(legal)
    for label in labels:
        assert label and "_" not in label and "=" not in label and "{" not in label, label
