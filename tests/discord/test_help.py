"""Help for everyone: /mn rules and /mn hw (autocomplete, en and fr, nothing secret), and
/mn status with titles, levels and heroes/wonders."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bot.adapters.mare_nostrum.help import powers, topics
from bot.games.mare_nostrum.board import hw_tiles
from tests.discord.harness import Harness
from tests.discord.test_flow import _started

SPECTATOR = 77
ROOT = Path(__file__).resolve().parents[2]


async def test_rules_topics_autocomplete_and_answers(h: Harness) -> None:
    choices = await h.autocomplete(SPECTATOR, "rules", "topic", "")
    assert 1 <= len(choices) <= 25
    assert {c["value"] for c in choices} >= {"production", "trade", "build", "military",
                                             "claims", "victory", "heroes"}
    fr = await h.autocomplete(SPECTATOR, "rules", "topic", "vict", locale="fr")
    assert fr == [{"name": "Victoire", "value": "victory"}]
    iid = await h.command(SPECTATOR, "rules", topic="victory")
    (answer,) = h.api.responses(iid)
    assert answer.ephemeral and "Pyramids" in answer.content and len(answer.content) <= 2000
    iid = await h.command(SPECTATOR, "rules", topic="trade", locale="fr")
    assert "Maître du Commerce" in h.api.responses(iid)[0].content
    iid = await h.command(SPECTATOR, "rules", topic="cooking")
    assert "No rules topic" in h.api.responses(iid)[0].content


async def test_hw_autocomplete_and_answers(h: Harness) -> None:
    everything = await h.autocomplete(SPECTATOR, "hw", "name", "")
    assert len(everything) <= 25 and len(hw_tiles()) == 23 == len(everything)
    assert {"name": "Ramsès II", "value": "ramesses"} in await h.autocomplete(
        SPECTATOR, "hw", "name", "ramses", locale="fr")
    iid = await h.command(SPECTATOR, "hw", name="hamilcar")
    (answer,) = h.api.responses(iid)
    assert answer.ephemeral and "pillages yield double" in answer.content
    assert "Trade Leader +1, Culture Leader +1, Military Leader +1" in answer.content
    iid = await h.command(SPECTATOR, "hw", name="zeus", locale="fr")
    text = h.api.responses(iid)[0].content
    assert "Statue de Zeus" in text and "Merveille" in text and "paix" in text
    iid = await h.command(SPECTATOR, "hw", name="Nobody")
    assert "No hero or wonder" in h.api.responses(iid)[0].content


def test_every_tile_has_its_power_in_both_languages() -> None:
    assert set(powers()) == set(hw_tiles())
    for tile_id, texts in powers().items():
        assert texts["en"] and texts["fr"] and texts["name_fr"], tile_id
    for key, topic in topics().items():
        assert len(topic["en"]) < 1900 and len(topic["fr"]) < 1900, key
    data = ROOT / "bot" / "games" / "mare_nostrum" / "locales"
    raw = json.loads((data / "hw_powers.json").read_text("utf-8"))
    assert "section 8" in raw["_source"]


async def test_help_reveals_no_secret(h: Harness) -> None:
    """The answers come from public data only: the same for a player and a spectator, and
    with no hand, seed or sealed offer in them."""
    record, thread = await _started(h)
    player = record.players[0].user
    texts = []
    for user in (player, SPECTATOR):
        asked: list[tuple[str, dict[str, Any]]] = [
            ("rules", {"topic": "production"}), ("hw", {"name": "caesar"})]
        for sub, options in asked:
            iid = await h.command(user, sub, channel=thread, **options)
            texts.append((sub, h.api.responses(iid)[0].content))
    assert texts[:2] == texts[2:]
    seed = str(record.seed)
    assert all(seed not in text and "hand" not in text.lower() for _, text in texts)
    assert all(m.ephemeral for m in h.api.messages.values() if m.where == "interaction"
               and m.content in {text for _, text in texts})


async def test_status_shows_titles_levels_and_hw(h: Harness) -> None:
    _, thread = await _started(h)
    iid = await h.command(SPECTATOR, "status", channel=thread)
    (status,) = h.api.responses(iid)
    text = status.text
    assert "phase" in text and "Waiting for" in text and "Titles:" in text
    assert "trade" in text and "culture" in text and "military" in text and "HW:" in text
    assert "Caesar" in text or "Pericles" in text or "Hannibal" in text
    assert len(text) <= 2000
    iid = await h.command(SPECTATOR, "status", channel=thread, locale="fr")
    text = h.api.responses(iid)[0].text
    assert "Titres" in text and "HM" in text and "politique" in text


def test_status_text_says_paused_and_autopilot() -> None:
    from bot.adapters.mare_nostrum.present import status_text

    view = {"players": ["rome"], "empires": {"rome": {"name": "Rome"}}, "round": 1,
            "phase": "trade", "pending": [], "titles": {"trade": "rome"},
            "levels": {"rome": {"trade": 2, "culture": 1, "military": 3}},
            "hw": {"rome": ["caesar", "zeus"]}}
    text = status_text(1, view, {"rome": 5}, "fr", paused=True, autopilot=["rome"])
    assert "Titres : Maître du Commerce : Rome" in text  # issue 13: French typography
    assert "Rome : commerce 2 · politique 1 · militaire 3 — HM : César, Statue de Zeus" in text
    assert "En pause" in text and "En pilote automatique : Rome" in text
