"""Issue 13: "check that a forced answer's announcement (a decision with one legal answer,
applied at once) reads well in both languages and has a test asserting its wording"."""

from __future__ import annotations

from bot.service import Outcome
from tests.discord.harness import CHANNEL, Harness
from tests.discord.watch import start_game

USERS = (1, 2, 3)


async def _forced_line(h: Harness) -> str:
    record = await h.bot.service.game(1)
    seat = next(iter(record.seating()))
    await h.bot.notifier.publish(Outcome(record, [], forced=[seat]))
    hosted = h.bot.service.game_of(record)
    lang = str(record.options.get("language"))
    names = hosted.words.names(hosted.engine.view(h.bot.service.state_of(record), None), lang)
    thread = h.api.in_channel(h.api.thread_of(CHANNEL))
    page = thread[-1].content
    return next(line for line in page.splitlines() if names[seat] in line and "⏩" in line)


async def test_a_forced_answer_is_announced_in_english(h: Harness) -> None:
    await start_game(h, USERS)
    line = await _forced_line(h)
    assert line.startswith("⏩ Only one possible answer for ")
    assert line.endswith(": applied at once.")


async def test_a_forced_answer_is_announced_in_french(h: Harness) -> None:
    await start_game(h, USERS, language="fr")
    line = await _forced_line(h)
    assert line.startswith("⏩ Une seule réponse possible pour ")
    assert line.endswith(" : appliquée d'office.")  # French space before the colon
