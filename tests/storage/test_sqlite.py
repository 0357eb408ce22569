"""SQLite storage: round trip, compare-and-set, reopening, migrations and integrity."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from bot.storage import Seat, SqliteStorage, VersionConflict
from bot.storage.sqlite import migrations
from tests.storage.records import lobby as _lobby


async def test_pragmas_and_schema_version(store: SqliteStorage) -> None:
    assert await store.schema_version() == migrations()[-1][0]
    mode = await store._fetchall("PRAGMA journal_mode")
    sync = await store._fetchall("PRAGMA synchronous")
    assert mode[0][0] == "wal"
    assert sync[0][0] == 2  # FULL


async def test_round_trip(store: SqliteStorage) -> None:
    game = await store.create_game(_lobby())
    assert game.id > 0 and game.version == 0
    game.players.append(Seat(4, None))
    game.snapshot = b'{"x": 1}'
    saved = await store.save_game(game, 0, ("rome", 4, {"kind": "end_turn", "player": "rome"}))
    assert saved.version == 1
    again = await store.get_game(game.id)
    assert again == saved
    actions = await store.actions(game.id)
    assert [(a.seq, a.player, a.user_id, a.action["kind"]) for a in actions] == [
        (1, "rome", 4, "end_turn")]


async def test_version_conflict_changes_nothing(store: SqliteStorage) -> None:
    game = await store.create_game(_lobby())
    await store.save_game(game, 0, ("rome", 3, {"kind": "a"}))
    stale = await store.get_game(game.id)
    assert stale is not None
    stale.status = "abandoned"
    with pytest.raises(VersionConflict):
        await store.save_game(stale, 0, ("rome", 3, {"kind": "b"}))
    now = await store.get_game(game.id)
    assert now is not None and now.status == "lobby" and now.version == 1
    assert [a.action["kind"] for a in await store.actions(game.id)] == ["a"]


async def test_reopen_after_close(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    first = SqliteStorage(path)
    await first.open()
    game = await first.create_game(_lobby())
    await first.save_game(game, 0, ("rome", 3, {"kind": "a"}))
    await first.set_deadline(game.id, 1, 123.0)
    await first.set_dm_status(3, False)
    await first.close()
    second = SqliteStorage(path)
    await second.open()  # migrations are not applied twice
    try:
        assert (await second.get_game(game.id)) == game
        assert len(await second.actions(game.id)) == 1
        assert [d.due_at for d in await second.due_deadlines(200.0)] == [123.0]
        assert await second.dm_status(3) is False
        assert await second.dm_status(99) is None
    finally:
        await second.close()


async def test_deadlines(store: SqliteStorage) -> None:
    game = await store.create_game(_lobby())
    await store.set_deadline(game.id, 0, 100.0)
    assert await store.due_deadlines(99.0) == []
    await store.mark_reminded(game.id, 0)
    assert (await store.deadlines())[0].reminded
    await store.set_deadline(game.id, 1, 50.0)  # a new version resets the reminder
    (d,) = await store.due_deadlines(60.0)
    assert (d.version, d.reminded) == (1, False)
    await store.clear_deadline(game.id)
    assert await store.deadlines() == []


async def test_integrity(store: SqliteStorage, tmp_path: Path) -> None:
    game = await store.create_game(_lobby())
    for v in range(5):
        await store.save_game(game, v, ("rome", 3, {"kind": "k", "n": v}))
    assert (await store._fetchall("PRAGMA integrity_check"))[0][0] == "ok"
    assert await store._fetchall("PRAGMA foreign_key_check") == []
    assert [a.seq for a in await store.actions(game.id)] == [1, 2, 3, 4, 5]
    # An action for an unknown game violates the foreign key.
    with pytest.raises(aiosqlite.IntegrityError):
        async with store._tx() as db:
            await db.execute("INSERT INTO actions (game_id, seq, player, user_id, action, "
                             "created_at) VALUES (999, 1, 'rome', NULL, '{}', 0)")
    # A bad status is refused by the schema.
    bad = await store.get_game(game.id)
    assert bad is not None
    bad.status = "paused"
    with pytest.raises(aiosqlite.IntegrityError):
        await store.save_game(bad, bad.version)
    assert (await store.get_game(game.id)) == game


async def test_save_game_sets_or_clears_the_deadline_in_the_same_transaction(
        store: SqliteStorage) -> None:
    game = await store.create_game(_lobby())
    await store.save_game(game, 0, ("rome", 3, {"kind": "a"}), deadline=123.0)
    (d,) = await store.deadlines()
    assert (d.game_id, d.version, d.due_at, d.reminded) == (game.id, 1, 123.0, False)
    await store.save_game(game, 1, ("rome", 3, {"kind": "b"}), clear_deadline=True)
    assert await store.deadlines() == []
    await store.set_deadline(game.id, 2, 50.0)
    # A refused compare-and-set changes nothing, the deadline included.
    stale = await store.get_game(game.id)
    assert stale is not None
    with pytest.raises(VersionConflict):
        await store.save_game(stale, 0, deadline=999.0)
    (d,) = await store.deadlines()
    assert (d.version, d.due_at) == (2, 50.0)
    await store.save_game(game, 2)  # neither: the deadline stays
    assert len(await store.deadlines()) == 1
