"""The Mythology's Offerings phase and gods in words (issue 18): every answer, decision,
phase, event and refusal of theirs reads in English and French, and the gods are shown
publicly with their holders."""

from __future__ import annotations

import re
from pathlib import Path

from bot.adapters.mare_nostrum.present import PRESENTER as MN
from bot.catalog import catalog
from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.modules.mythology.gods.state import GODS
from bot.games.mare_nostrum.rules import rules_for

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "bot/games/mare_nostrum/modules/mythology"
MINE = [PACKAGE / "offerings.py", *sorted((PACKAGE / "gods").glob("*.py"))]
EMITTED = re.compile(r"ev\.(?:public|private)\(\s*\"([a-z_]+)\"")
CODES = re.compile(r"code=\"([a-z_]+)\"")


def _kinds(pattern: re.Pattern[str]) -> set[str]:
    return {k for path in MINE for k in pattern.findall(path.read_text("utf-8"))}


def test_every_answer_decision_phase_event_and_refusal_of_the_gods_has_its_words() -> None:
    rules = rules_for("2003", ("mythology",))
    base = rules_for("2003")
    actions = [k for k in rules.actions if k not in base.actions]
    prompts = [k for k in rules.handlers if k not in base.handlers]
    for lang in ("en", "fr"):
        words = catalog(lang)
        missing = [f"action.{k}" for k in actions if f"mn.action.{k}" not in words]
        missing += [f"group.{k}" for k in actions if f"mn.group.{k}" not in words]
        missing += [f"prompt.{k}" for k in prompts if f"mn.prompt.{k}" not in words]
        missing += [f"phase.{p}" for p in ("offerings", "athena") if f"mn.phase.{p}" not in words]
        missing += [f"event.{k}" for k in _kinds(EMITTED) if f"mn.event.{k}" not in words]
        missing += [f"error.{k}" for k in _kinds(CODES) if f"mn.error.{k}" not in words]
        missing += [f"value.{g}" for g in GODS if f"mn.value.{g}" not in words]
        assert not missing, (lang, missing)


def test_the_gods_are_shown_publicly_with_their_holders() -> None:
    """«Le joueur pose la carte du dieu devant lui»: public, on the status and every
    screen; a god used is shown turned over."""
    state, _ = engine.new_game(
        ["rome", "greece", "carthage", "egypt"], {"ruleset": "2003", "modules": ["mythology"]}, 1
    )
    part = state.substates["mythology.gods"]
    part.holders.update({"mars": "rome", "poseidon": "greece"})  # type: ignore[attr-defined]
    part.used.append("poseidon")  # type: ignore[attr-defined]
    view = engine.view(state, "egypt")
    names = MN.names(view, "en")
    assert "Gods: Mars (Rome); Poseidon (Greece, used)" in MN.status_lines(view, "en", names)
    assert MN.screen_text(1, view, "fr").endswith("Dieux : Mars (Rome) ; Poséidon (Grèce, utilisé)")


def test_a_god_answer_reads_as_a_sentence() -> None:
    label = MN.action_label({"kind": "choose_god", "player": "rome", "god": "vulcan"}, "fr", {})
    assert label == "Invoquer Vulcain"
    text = MN.event_text("god_invoked", {"player": "rome", "god": "poseidon"}, "en", {})
    assert text == "Rome makes an offering to Poseidon."


def test_a_gods_target_is_named_by_its_place_and_what_it_hits() -> None:
    baal = {"kind": "use_god", "player": "rome", "god": "baal", "target": "achaea:0"}
    assert MN.action_label(baal, "en", {}) == "Use Baal Achaea (city)"
    sunk = {"player": "rome", "god": "poseidon", "target": "tyrrhenum:greece"}
    assert (
        MN.event_text("god_destroyed", sunk, "fr", {}) == "Poséidon détruit Mare Tyrrhenum (Grèce)."
    )


def test_the_gods_windows_say_their_moment() -> None:
    from bot.adapters.mare_nostrum.present.text import window_lines
    from bot.games.mare_nostrum.modules.mythology.gods import battle, convoy

    for point in (battle.AFTER_DICE, battle.BEFORE_SEA_DICE, convoy.CONVOY):
        view = {"my_prompts": [{"kind": "window", "data": {"window": point.name, "ctx": {}}}]}
        for lang in ("en", "fr"):
            (line,) = window_lines(view, lang, {})
            assert "mythology" not in line.lower(), line
