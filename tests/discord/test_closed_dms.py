"""Issue 13: « Players with closed DMs silently lose private information (production draws,
payments, reminders); the warning is kept in memory, once per process. » Now the private
messages that could not be sent wait in the database and are shown, ephemeral, at the
player's next command or button of that game; the warning is stored, once per player and
game."""

from __future__ import annotations

from pathlib import Path

from tests.discord.harness import CHANNEL, Harness
from tests.discord.watch import start_game
from tests.helpers import give_choices

CREATOR, ANA, BOB = 1, 2, 3


async def _started(h: Harness) -> int:
    """Game #1 opened, joined and started (watch.start_game): its thread."""
    await start_game(h, (CREATOR, ANA, BOB))
    return h.api.thread_of(CHANNEL)


async def _bob_owes_a_choice(h: Harness) -> str:
    record = await h.bot.service.game(1)
    seat = next(s.seat for s in record.players if s.user == BOB)
    assert seat is not None
    await give_choices(h.bot.service, 1, [seat])
    record = await h.bot.service.game(1)
    await h.bot.notifier.ask(record, [seat], record.seating(), {seat: seat.title()})
    return seat


def _warnings(h: Harness, thread: int) -> int:
    return sum(1 for m in h.api.in_channel(thread)
               if f"<@{BOB}>" in m.content and "direct messages" in m.content)


async def test_undelivered_private_messages_wait_for_the_next_command(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    async with Harness(db) as h:
        h.api.closed_dms.add(BOB)
        thread = await _started(h)
        await _bob_owes_a_choice(h)
        # His decision times out: its default gives him a private "You receive …".
        await h.bot.storage.set_deadline(1, (await h.bot.service.game(1)).version, 0.0)
        await h.cog().tick()
        assert h.api.dms(BOB) == []
        assert _warnings(h, thread) == 1
        await _bob_owes_a_choice(h)
        assert _warnings(h, thread) == 1  # once per player and game

    async with Harness(db) as h:  # a restart: the queue and the warning are in the database
        h.api.closed_dms.add(BOB)
        await _bob_owes_a_choice(h)
        assert _warnings(h, thread) == 0
        iid = await h.command(BOB, "status", channel=thread)
        answer, *kept = h.api.responses(iid)
        assert not answer.ephemeral and "You receive" not in answer.text
        assert kept and all(m.ephemeral for m in kept)
        shown = "\n".join(m.content for m in kept)
        assert "could not send you" in shown and "You receive" in shown
        iid = await h.command(BOB, "status", channel=thread)
        assert len(h.api.responses(iid)) == 1  # shown once
        # Nobody else sees them.
        iid = await h.command(ANA, "status", channel=thread)
        assert "You receive" not in "\n".join(m.content for m in h.api.responses(iid))


async def test_a_button_shows_them_too(h: Harness) -> None:
    h.api.closed_dms.add(BOB)
    thread = await _started(h)
    await _bob_owes_a_choice(h)
    await h.bot.storage.set_deadline(1, (await h.bot.service.game(1)).version, 0.0)
    await h.cog().tick()
    button = next(m for m in reversed(h.api.in_channel(thread))
                  if m.custom_ids() == ["mn:1:turn"])
    iid = await h.click(BOB, button, "mn:1:turn", locale="fr")
    shown = "\n".join(m.content for m in h.api.responses(iid) if m.ephemeral)
    assert "vos MP sont fermés" in shown and "You receive" in shown


async def test_private_lines_of_others_moves_wait_for_the_next_page_or_an_hour(
        h: Harness) -> None:
    """Issue 13: « extra DMs repeating what the edited page already says » — a private line
    no page shows now is held for the player's next decision page, by DM after an hour."""
    from cogs.notify import FOLD_SECONDS
    from tests.helpers import Clock

    await _started(h)
    await h.bot.storage.queue_dm(BOB, 1, "You receive: 2× coin.",
                                 h.bot.service.clock() + FOLD_SECONDS)
    before = len(h.api.dms(BOB))
    await h.cog().tick()
    assert len(h.api.dms(BOB)) == before  # not yet
    await _bob_owes_a_choice(h)
    page = h.api.dms(BOB)[-1]
    assert "You receive: 2× coin." in page.content and page.custom_ids()
    await h.bot.storage.queue_dm(BOB, 1, "Compensation: x.", h.bot.service.clock() + FOLD_SECONDS)
    h.bot.service.clock = Clock(h.bot.service.clock() + FOLD_SECONDS + 1)
    before = len(h.api.dms(BOB))
    await h.cog().tick()
    assert [m.content for m in h.api.dms(BOB)[before:]] == ["Compensation: x."]
