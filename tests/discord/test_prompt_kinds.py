"""Every prompt kind the engine can raise renders as a decision page with all its legal
options, each label translated in English and French (kinds from the rules' handlers)."""

from __future__ import annotations

from typing import Any

import pytest

import bot.games.mare_nostrum as engine
from bot.adapters.mare_nostrum.present import empire_names
from bot.ai.play import play_game
from bot.games.mare_nostrum import from_json, to_json
from bot.games.mare_nostrum.actions import Action
from bot.games.mare_nostrum.events import Event
from bot.games.mare_nostrum.rules import rules_for
from bot.games.mare_nostrum.state import GameState
from bot.i18n import has
from bot.presenters import SelectSpec, decision_page, prompt_context

FIVE = ("rome", "greece", "carthage", "egypt", "babylon")
_found: dict[str, bytes] = {}


def _states() -> dict[str, bytes]:
    """A snapshot where each prompt kind is owed with legal answers (seeded AI games, until
    every kind was seen)."""
    if _found:
        return _found

    def observe(state: GameState, action: Action, events: list[Event]) -> None:
        for p in state.prompts:
            if p.kind not in _found and engine.legal_actions(state, p.player):
                _found[p.kind] = to_json(state)

    for seed in range(4):
        for level in ("standard", "random"):
            play_game(dict.fromkeys(FIVE, level), seed, check=False, observer=observe)
            if set(rules_for().handlers) <= set(_found):
                return _found
    for kind, arrange in RARE.items():  # kinds seeded games may not raise: arranged by hand
        _found.setdefault(kind, arrange())
    return _found


def _circe_caravans() -> bytes:
    """Circé's owner with one legion and two empty caravan slots: he chooses (section 8)."""
    from tests.engine.builder import Scenario

    s = Scenario(list(FIVE))
    s.hw("rome", "caesar", "circe").legions("dalmatia", "rome", 1)
    s.enter("production")
    assert any(p.kind == "circe_caravans" for p in s.state.prompts)
    return to_json(s.state)


def _window() -> bytes:
    """A play window (rulings 17–18): no base participant, so an Atlas game where Méduse's
    owner is attacked (A9 a)."""
    from tests.engine.atlantis.test_petrify_window import rome_attacks_gadira

    s = rome_attacks_gadira()
    assert any(p.kind == "window" for p in s.state.prompts)
    return to_json(s.state)


RARE = {"circe_caravans": _circe_caravans, "window": _window}


def _labels(page_of: Any, n: int) -> list[str]:
    labels: list[str] = []
    first = page_of(0)
    for i in range(first.pages):
        for row in page_of(i).rows:
            if isinstance(row, SelectSpec):
                labels += [label for label, _ in row.options]
            else:
                labels += [b.label for b in row if ":p" not in b.custom_id]
    return labels


@pytest.mark.parametrize("kind", sorted(rules_for().handlers))
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_prompt_kind_renders_translated(kind: str, lang: str) -> None:
    snapshot = _states().get(kind)
    assert snapshot is not None, f"no seeded game raised {kind}"
    state = from_json(snapshot)
    prompt = next(p for p in state.prompts if p.kind == kind
                  and engine.legal_actions(state, p.player))
    legal = [a.to_dict() for a in engine.legal_actions(state, prompt.player)]
    seen = engine.view(state, prompt.player)
    names = empire_names(seen)
    assert has(f"mn.prompt.{kind}", lang)
    labels = _labels(lambda i: decision_page(1, 1, legal, i, lang, names, "x"), len(legal))
    assert len(labels) == len(legal)
    for action in legal:
        k = str(action["kind"])
        assert has(f"mn.action.{k}", lang) or has(f"mn.action.{k}.none", lang), k
    for label in labels:
        assert label and "_" not in label and "=" not in label, (kind, label)
    for line in prompt_context(seen.get("my_prompts", []), lang, names):
        assert "_" not in line.split("—", 1)[-1] or "★" in line, line
