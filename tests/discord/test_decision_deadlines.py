"""Issue 13, per-decision deadlines through Discord: each awaited player's own deadline as a
Discord timestamp in the thread's waiting line, in `/mn status` and on his DM page; the
reminder carries the button that opens his decisions; a restart keeps them."""

from __future__ import annotations

from pathlib import Path

from tests.discord.harness import CHANNEL, Harness
from tests.discord.watch import start_game
from tests.helpers import Clock

CREATOR, ANA, BOB = 1, 2, 3


async def _started(h: Harness) -> int:
    """Game #1 opened, joined and started (watch.start_game): its thread."""
    await start_game(h, (CREATOR, ANA, BOB))
    return h.api.thread_of(CHANNEL)


def _stamp(due: float) -> str:
    return f"<t:{int(due)}:R>"


async def _awaited(h: Harness) -> tuple[str, int, float]:
    record = await h.bot.service.game(1)
    ((seat, due),) = h.bot.service.dues_of(record).items()
    user = record.user_of(seat)
    assert user is not None
    return seat, user, due


async def test_the_deadline_is_shown_in_the_thread_status_and_dm(h: Harness) -> None:
    thread = await _started(h)
    _, user, due = await _awaited(h)
    waiting = [m for m in h.api.in_channel(thread) if "Waiting for" in m.content]
    assert waiting and f"<@{user}> (due {_stamp(due)})" in waiting[-1].content
    page = h.api.dms(user)[-1]
    assert f"Deadline: {_stamp(due)}" in page.content
    iid = await h.command(CREATOR, "status", channel=thread)
    assert f"(due {_stamp(due)})" in h.api.responses(iid)[0].text  # an embed
    iid = await h.command(CREATOR, "status", channel=thread, locale="fr")
    assert f"(échéance {_stamp(due)})" in h.api.responses(iid)[0].text


async def test_the_reminder_carries_the_button_to_act(h: Harness) -> None:
    await _started(h)
    _seat, user, due = await _awaited(h)
    clock = Clock(due - 3600)  # in the last quarter of the decision's time
    h.bot.service.clock = clock
    before = len(h.api.dms(user))
    await h.cog().tick()
    (reminder,) = h.api.dms(user)[before:]
    assert "Reminder" in reminder.content and _stamp(due) in reminder.content
    assert reminder.custom_ids() == ["mn:1:turn"]
    iid = await h.click(user, reminder, "mn:1:turn")
    (page,) = h.api.responses(iid)
    assert page.ephemeral and "your decision" in page.content
    await h.cog().tick()
    assert len(h.api.dms(user)) == before + 1  # once


async def test_a_deadline_passes_in_a_new_process(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    async with Harness(db) as first:
        thread = await _started(first)
        seat, _user, due = await _awaited(first)
    async with Harness(db) as second:
        second.bot.service.clock = Clock(due + 1)
        await second.cog().tick()
        (action,) = await second.bot.storage.actions(1)
        assert (action.player, action.user_id) == (seat, None)
        assert "Time is up" in "\n".join(m.content for m in second.api.in_channel(thread))
