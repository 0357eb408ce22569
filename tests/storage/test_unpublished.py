"""The unpublished marks (migration 0002): written in the transaction of the save that creates
something to publish, the earliest kept, cleared once published; the action count the service
marks with; the migration of databases written before it."""

from __future__ import annotations

import asyncio
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from bot.storage import SqliteStorage, VersionConflict
from bot.storage.sqlite import migrations
from tests.storage.records import lobby as _lobby


def _marks(path: Path) -> list[tuple[int, int]]:
    """The marks as a second connection sees them (committed)."""
    con = sqlite3.connect(path)
    try:
        return [(game_id, after_seq) for game_id, after_seq in con.execute(
            "SELECT game_id, after_seq FROM unpublished ORDER BY game_id")]
    finally:
        con.close()


async def test_the_mark_is_written_with_the_save_and_not_without(store: SqliteStorage) -> None:
    game = await store.create_game(_lobby())
    await store.save_game(game, 0)  # no mark asked: none written
    assert await store.unpublished() == []
    await store.save_game(game, 1, ("rome", 3, {"kind": "a"}), unpublished_after=0)
    assert await store.unpublished() == [(game.id, 0)] == _marks(store.path)
    # A refused compare-and-set writes no mark (and nothing else).
    other = await store.create_game(_lobby())
    await store.save_game(other, 0)
    stale = replace(other, status="active")
    with pytest.raises(VersionConflict):
        await store.save_game(stale, 0, ("rome", 3, {"kind": "b"}), unpublished_after=0)
    assert await store.unpublished() == [(game.id, 0)] == _marks(store.path)
    assert await store.actions(other.id) == []


async def test_a_conflict_in_a_batch_writes_no_mark_for_that_save(store: SqliteStorage) -> None:
    a = await store.create_game(_lobby())
    b = await store.create_game(_lobby())
    results = await asyncio.gather(
        store.save_game(a, 0, ("rome", 3, {"kind": "a"}), unpublished_after=0),
        store.save_game(b, 5, ("rome", 3, {"kind": "b"}), unpublished_after=0),  # stale
        return_exceptions=True)
    assert isinstance(results[1], VersionConflict)
    assert _marks(store.path) == [(a.id, 0)]


async def test_the_earliest_mark_is_kept_and_published_clears_it(store: SqliteStorage) -> None:
    game = await store.create_game(_lobby())
    await store.save_game(game, 0, unpublished_after=-1)  # a start: set-up events too
    await store.save_game(game, 1, ("rome", 3, {"kind": "a"}), unpublished_after=0)
    # Saves of one game in one batch (group commit): the first one's mark counts.
    await asyncio.gather(
        store.save_game(replace(game), 2, ("rome", 3, {"kind": "b"}), unpublished_after=1),
        store.save_game(replace(game), 3, ("rome", 3, {"kind": "c"}), unpublished_after=2))
    assert _marks(store.path) == [(game.id, -1)]
    await store.published(game.id)
    assert _marks(store.path) == [] and await store.unpublished() == []
    # The delete goes without an fsync of its own; the saves keep theirs.
    assert (await store._fetchall("PRAGMA synchronous"))[0][0] == 2  # FULL
    await store.save_game(game, 4, ("rome", 3, {"kind": "d"}), unpublished_after=3)
    await store.save_game(game, 5, ("rome", 3, {"kind": "e"}), unpublished_after=4)
    assert _marks(store.path) == [(game.id, 3)]


async def test_published_through_a_version_keeps_a_later_action(store: SqliteStorage) -> None:
    """A publication ending at version v clears the mark only if no action went past v: one
    committed while it ran is still to be published."""
    game = await store.create_game(_lobby())
    await store.save_game(game, 0, ("rome", 3, {"kind": "a"}), unpublished_after=0)  # v1
    await store.save_game(game, 1, ("rome", 3, {"kind": "b"}), unpublished_after=1)  # v2
    await store.published(game.id, 1)
    assert _marks(store.path) == [(game.id, 0)]
    await store.save_game(game, 2)  # v3: no action (an administrative change)
    await store.published(game.id, 2)
    assert _marks(store.path) == []


async def test_marks_go_with_their_game(store: SqliteStorage) -> None:
    game = await store.create_game(_lobby())
    await store.save_game(game, 0, unpublished_after=-1)
    async with store._tx() as db:
        await db.execute("DELETE FROM games WHERE id = ?", (game.id,))
    assert await store.unpublished() == []


async def test_action_count_follows_the_commits(store: SqliteStorage, tmp_path: Path) -> None:
    game = await store.create_game(_lobby())
    assert await store.action_count(game.id) == 0
    for n in range(3):
        await store.save_game(game, game.version, ("rome", 3, {"kind": f"k{n}"}))
    await store.save_game(game, game.version)  # no action: no count
    assert await store.action_count(game.id) == 3
    with pytest.raises(VersionConflict):
        await store.save_game(replace(game), 0, ("rome", 3, {"kind": "x"}))
    assert await store.action_count(game.id) == 3
    assert [a.seq for a in await store.actions(game.id)] == [1, 2, 3]
    await store.close()
    again = SqliteStorage(store.path)
    await again.open()
    try:
        assert await again.action_count(game.id) == 3  # read from the log
    finally:
        await again.close()
    await store.open()  # for the fixture's close


def _old_database(path: Path, numbers: set[int]) -> None:
    """A database as an older bot left it: only the migrations `numbers` applied, one game
    with one logged action."""
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE schema_version (version INTEGER PRIMARY KEY, "
                "applied_at REAL NOT NULL)")
    for number, sql in migrations():
        if number in numbers:
            con.executescript(sql)
            con.execute("INSERT INTO schema_version VALUES (?, 0)", (number,))
    con.execute("INSERT INTO games (guild_id, channel_id, creator_id, ruleset, status, "
                "created_at, updated_at) VALUES (1, 2, 3, 'mare_nostrum', 'lobby', 0, 0)")
    con.execute("INSERT INTO actions (game_id, seq, player, user_id, action, created_at) "
                "VALUES (1, 1, 'rome', 3, '{\"kind\": \"a\"}', 0)")
    con.commit()
    con.close()


@pytest.mark.parametrize("applied", [{1}, {1, 3}], ids=["0001 only", "0001 and 0003"])
async def test_an_older_database_migrates(tmp_path: Path, applied: set[int]) -> None:
    """0002 was numbered after 0003 had shipped: a database at 0003 gets it too."""
    path = tmp_path / "old.sqlite3"
    _old_database(path, applied)
    store = SqliteStorage(path)
    await store.open()
    try:
        assert await store.schema_version() == migrations()[-1][0]
        done = await store._fetchall("SELECT version FROM schema_version ORDER BY version")
        assert [r[0] for r in done] == [n for n, _ in migrations()]
        (action,) = await store.actions(1)
        assert (action.seq, action.version) == (1, None)
        assert await store.action_count(1) == 1
        game = await store.get_game(1)
        assert game is not None
        await store.save_game(game, 0, ("rome", 3, {"kind": "b"}), unpublished_after=1)
        assert await store.unpublished() == [(1, 1)]
        await store.published(1, 1)
        assert await store.unpublished() == []
    finally:
        await store.close()
    again = SqliteStorage(path)
    await again.open()  # nothing applied twice
    await again.close()
