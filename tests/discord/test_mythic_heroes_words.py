"""The 21 mythological heroes in words (issue 18): each hero's card text, and every answer,
event and refusal of theirs, read in English and French."""

from __future__ import annotations

import re
from pathlib import Path

from bot.adapters.mare_nostrum.present import PRESENTER as MN
from bot.catalog import catalog
from bot.games.mare_nostrum.modules.mythology.mythic_heroes.ids import MYTHIC
from bot.games.mare_nostrum.rules import rules_for

ROOT = Path(__file__).resolve().parents[2]
MINE = sorted((ROOT / "bot/games/mare_nostrum/modules/mythology/mythic_heroes").glob("*.py"))
EMITTED = re.compile(r"ev\.(?:public|private)\(\s*\"([a-z_]+)\"")
CODES = re.compile(r"code=\"([a-z_]+)\"")
PROMPTS = re.compile(r"kind=\"([a-z_]+)\"")
ACTIONS = re.compile(r"kind: ClassVar\[str\] = \"([a-z_]+)\"")


def _kinds(pattern: re.Pattern[str]) -> set[str]:
    return {k for path in MINE for k in pattern.findall(path.read_text("utf-8"))}


def test_every_answer_event_refusal_and_card_text_of_the_heroes_has_its_words() -> None:
    rules = rules_for("2003", ("mythology",))
    actions = _kinds(ACTIONS)
    assert actions <= set(rules.actions)
    for lang in ("en", "fr"):
        words = catalog(lang)
        missing = [f"action.{k}" for k in actions if f"mn.action.{k}" not in words]
        missing += [f"group.{k}" for k in actions if f"mn.group.{k}" not in words]
        missing += [f"event.{k}" for k in _kinds(EMITTED) if f"mn.event.{k}" not in words]
        missing += [f"error.{k}" for k in _kinds(CODES) if f"mn.error.{k}" not in words]
        missing += [f"prompt.{k}" for k in _kinds(PROMPTS) if f"mn.prompt.{k}" not in words]
        missing += [f"hwtext.{c}" for c in MYTHIC if f"mn.hwtext.{c}" not in words]
        missing += [f"value.{c}" for c in MYTHIC if f"mn.value.{c}" not in words]
        assert not missing, (lang, missing)


def test_a_heroes_answer_reads_as_a_sentence() -> None:
    label = MN.action_label(
        {"kind": "spartacus_legion", "player": "rome", "target": "latium"}, "fr", {}
    )
    assert label == "Spartacus : une légion en Latium pour une carte esclave"
    text = MN.event_text(
        "caravan_captured",
        {"player": "rome", "source": "africa", "target": "gallia", "card": "mythology.jason"},
        "en",
        {},
    )
    assert text == "Rome captures a caravan in Africa and places it in Gallia (Jason)."


def test_a_heroes_purchase_names_the_hero_the_item_and_the_place() -> None:
    buy = {"kind": "hero_buy", "player": "rome", "card": "mythology.minos", "item": "legion"}
    label = MN.action_label({**buy, "target": "sicilia", "slot": -1}, "fr", {})
    assert label == "Minos : acheter légion en Sicilia"


def test_his_decision_page_gives_his_mythological_heroes_powers() -> None:
    """The card texts of the heroes he holds, or copied, on his page (not another's)."""
    from bot.games.mare_nostrum import engine

    state, _ = engine.new_game(
        ["rome", "greece", "carthage", "egypt"], {"ruleset": "2003", "modules": ["mythology"]}, 1
    )
    state.hw["rome"].append("mythology.spartacus")
    state.copied["rome"] = "mythology.minos"
    lines = MN.page_lines(engine.view(state, "rome"), "fr", {})
    assert any(line.startswith("Spartacus : Une fois par tour") for line in lines)
    assert any(line.startswith("Minos (copié par Castor & Pollux) :") for line in lines)
    assert not any(
        "Spartacus" in line for line in MN.page_lines(engine.view(state, "greece"), "en", {})
    )
