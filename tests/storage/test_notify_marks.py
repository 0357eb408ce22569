"""Migration 10's `notify_marks` on both backends: a user's digest slot is marked once — the
mark only moves forward, and only the call that moved it is told so (issue 13, « one DM per
day … no double send »)."""

from __future__ import annotations

from bot.storage import Storage
from tests.helpers import reopened


async def test_a_mark_moves_forward_once(any_store: Storage) -> None:
    assert await any_store.advance_mark(5, "digest", 100.0)
    assert not await any_store.advance_mark(5, "digest", 100.0)  # a second process, a retry
    assert not await any_store.advance_mark(5, "digest", 50.0)  # never backwards
    assert await any_store.advance_mark(6, "digest", 100.0)  # per user
    assert await any_store.advance_mark(5, "digest", 200.0)  # the next day


async def test_a_mark_survives_a_restart(any_store: Storage) -> None:
    assert await any_store.advance_mark(5, "digest", 100.0)
    store = reopened(any_store)
    await store.open()
    try:
        assert not await store.advance_mark(5, "digest", 100.0)
    finally:
        await store.close()
