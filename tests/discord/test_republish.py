"""What a committed action means for the players is published even when publishing fails or
the bot dies between the commit and the publishing: the save marks the game unpublished (in
its transaction), a publication that went out clears the mark, and the deadline loop's scan
publishes again what a mark still covers."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.storage import GameRecord
from tests.discord.harness import Harness, Sent, _http_error
from tests.discord.test_flow import _ask, _lobby, _started, _user

ANA, BOB = 2, 3


def _fail_thread_once(h: Harness, monkeypatch: pytest.MonkeyPatch, thread: int,
                      status: int = 500) -> list[int]:
    """The next post in the game thread fails (Discord answers `status`); returns a list that
    gets the thread id when it has."""
    failed: list[int] = []
    post = h.api._channel_message

    def flaky(payload: Any, files: list[str], channel: str) -> Any:
        if int(channel) == thread and not failed:
            failed.append(thread)
            raise _http_error(status, 0, "Internal Server Error")
        return post(payload, files, channel)

    monkeypatch.setattr(h.api, "_channel_message", flaky)
    edit = h.api._channel_edit

    def flaky_edit(payload: Any, files: list[str], channel: str, message: str) -> Any:
        # Issue 13: the thread's page is edited as the step goes on.
        if int(channel) == thread and not failed:
            failed.append(thread)
            raise _http_error(status, 0, "Internal Server Error")
        return edit(payload, files, channel, message)

    monkeypatch.setattr(h.api, "_channel_edit", flaky_edit)
    return failed


def _leader(h: Harness, record: GameRecord) -> tuple[str, int, Sent]:
    """The Trade Leader (the one decision owed after the start), his user, his DM page."""
    (empire,) = h.bot.service.owed_players(record, h.bot.service.state_of(record))
    user = _user(record, empire)
    page = [m for m in h.api.dms(user) if m.custom_ids()][-1]
    return empire, user, page


def _pages(h: Harness, record: GameRecord, empire: str) -> list[Sent]:
    return [m for m in h.api.dms(_user(record, empire)) if m.custom_ids()]


def _thread_text(h: Harness, thread: int, since: int = 0) -> str:
    return "\n".join(m.content for m in h.api.in_channel(thread)[since:])


async def test_a_failed_thread_post_is_published_by_the_next_scan(
        h: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    record, thread = await _started(h)
    leader, user, page = _leader(h, record)
    others = [s.seat for s in record.players if s.seat and s.seat != leader]
    posted = len(h.api.in_channel(thread))
    asked = {e: len(_pages(h, record, e)) for e in others}
    failed = _fail_thread_once(h, monkeypatch, thread)

    iid = await h.click(user, page, page.custom_ids()[0])
    assert failed, "the thread post failed"
    # Saved, and the player is told so; the failure is not his answer's.
    assert len(await h.bot.storage.actions(1)) == 1
    assert page.content.startswith("✓")
    assert not any("did not work" in m.content for m in h.api.responses(iid))
    # The publication stopped at the failure and its mark stays.
    assert len(h.api.in_channel(thread)) == posted
    assert all(len(_pages(h, record, e)) == asked[e] for e in others)
    assert await h.bot.storage.unpublished() == [(1, 0)]

    assert "plays trade token" not in _thread_text(h, thread)
    await h.cog().tick()
    # Issue 13: told on the step's thread page, edited; its board picture came when the page
    # opened (a new picture only on the next page, if the board changed).
    told = _thread_text(h, thread)
    assert "plays trade token" in told and "Waiting for" in told
    assert any(m.files == ["mare-nostrum-1.png"] for m in h.api.in_channel(thread))
    for empire in others:  # the next players get their decision pages
        assert len(_pages(h, record, empire)) == asked[empire] + 1
        assert "sealed offer" in _pages(h, record, empire)[-1].content
    assert await h.bot.storage.unpublished() == []
    await h.cog().tick()  # told once: nothing more
    assert _thread_text(h, thread) == told


async def test_a_refused_post_is_not_retried(h: Harness,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """A refusal (403: say, the bot lost its rights in the thread) would fail again: it is
    logged and skipped, the rest goes out, nothing is left to retry."""
    record, thread = await _started(h)
    leader, user, page = _leader(h, record)
    other = next(s.seat for s in record.players if s.seat and s.seat != leader)
    asked = len(_pages(h, record, other))
    _fail_thread_once(h, monkeypatch, thread, status=403)
    await h.click(user, page, page.custom_ids()[0])
    assert len(_pages(h, record, other)) == asked + 1
    assert await h.bot.storage.unpublished() == []


async def test_a_crash_between_commit_and_publishing(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    async with Harness(db) as first:
        record, thread = await _started(first)
        leader, user, _ = _leader(first, record)
        _, _, legal = await first.bot.service.legal_for(1, user)
        # Committed; the process dies before anything is published.
        await first.bot.service.submit(1, user, legal[0].to_dict(), record.version)
        assert await first.bot.storage.unpublished() == [(1, 0)]
        api = first.api
    posted = len(api.in_channel(thread))
    others = [s.seat for s in record.players if s.seat and s.seat != leader]
    async with Harness(db, api) as second:  # a new process on the same file
        assert len(api.in_channel(thread)) == posted
        await second.cog().tick()  # its first scan
        assert "plays trade token" in _thread_text(second, thread, posted)
        for empire in others:
            assert "sealed offer" in _pages(second, record, empire)[-1].content
        assert await second.bot.storage.unpublished() == []


async def test_a_crash_after_the_start_publishes_the_set_up(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    async with Harness(db) as first:
        lobby, thread = await _lobby(first)
        await first.click(ANA, lobby, "mn:1:lobby:join")
        await first.click(BOB, lobby, "mn:1:lobby:join")
        record = await first.bot.service.game(1)
        await first.bot.service.start(1, record.creator_id)  # not published
        assert await first.bot.storage.unpublished() == [(1, -1)]
        api = first.api
    posted = len(api.in_channel(thread))
    async with Harness(db, api) as second:
        await second.cog().tick()
        record = await second.bot.service.game(1)
        _, _, page = _leader(second, record)
        assert "The game starts" in _thread_text(second, thread, posted)
        assert "trade token" in page.content
        assert await second.bot.storage.unpublished() == []


async def test_a_normal_click_leaves_no_mark(h: Harness,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    record, _ = await _started(h)
    assert await h.bot.storage.unpublished() == []  # the start's mark, cleared
    _, user, page = _leader(h, record)
    notifier = h.bot.notifier
    during: list[Any] = []
    publish = notifier._publish

    async def watched(*args: Any, **kwargs: Any) -> None:
        during.append(await h.bot.storage.unpublished())
        await publish(*args, **kwargs)

    monkeypatch.setattr(notifier, "_publish", watched)
    await h.click(user, page, page.custom_ids()[0])
    assert during == [[(1, 0)]]  # marked while it was being published
    assert await h.bot.storage.unpublished() == []


async def test_a_scan_leaves_a_publication_about_to_start(h: Harness) -> None:
    """Between the commit and the publishing (a click's page is redrawn first) a mark is new:
    the scan takes it only if the previous scan saw it too, so as not to tell it twice."""
    record, thread = await _started(h)
    cog = h.cog()
    await cog.tick()  # the process's first scan: nothing to do
    _, user, _ = _leader(h, record)
    _, _, legal = await h.bot.service.legal_for(1, user)
    await h.bot.service.submit(1, user, legal[0].to_dict(), record.version)
    posted = len(h.api.in_channel(thread))
    assert await h.bot.notifier.republish_missing() == 0
    assert len(h.api.in_channel(thread)) == posted
    # Issue 13: told on the thread's page, edited (not in a new post).
    assert "plays trade token" not in _thread_text(h, thread)
    assert await h.bot.notifier.republish_missing() == 1  # still there: lost, told now
    assert "plays trade token" in _thread_text(h, thread)
    assert await h.bot.storage.unpublished() == []


async def test_a_log_that_does_not_replay_still_asks_for_the_decisions(h: Harness) -> None:
    """A position edited by hand (a test's, or a repaired game's) is not the replay of its log:
    no events are told (they would be another game's), only what each player owes now."""
    record, _ = await _started(h)
    record = await _ask(h, ["rome", "greece"])
    rome = _user(record, "rome")
    _, _, legal = await h.bot.service.legal_for(1, rome)
    await h.bot.service.submit(1, rome, legal[0].to_dict(), record.version)
    outcome = await h.bot.service.republish_outcome(1, 0)
    assert outcome is not None and outcome.events == []
    now = h.bot.service.owed_players(outcome.game, h.bot.service.state_of(outcome.game))
    assert "greece" in now and outcome.newly_owed == now
    asked = len(_pages(h, record, "greece"))
    assert await h.bot.notifier.republish_missing() == 1
    assert len(_pages(h, record, "greece")) == asked + 1
    assert await h.bot.storage.unpublished() == []
