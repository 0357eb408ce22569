"""Group commit and the record cache of SqliteStorage: concurrent saves share one transaction,
each returns only once durable, a faulty save fails alone, and the cache never goes stale."""

from __future__ import annotations

import asyncio
import sqlite3
from dataclasses import replace
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

from bot.storage import GameRecord, Seat, SqliteStorage, VersionConflict
from tests.storage.records import lobby as _lobby


def _committed(store: SqliteStorage, game_id: int) -> tuple[int, list[str], Any]:
    """(version, logged action kinds, deadline row) as a second connection sees them."""
    con = sqlite3.connect(store.path)
    try:
        (version,) = con.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()
        kinds = [r[0] for r in con.execute(
            "SELECT json_extract(action, '$.kind') FROM actions WHERE game_id = ? ORDER BY seq",
            (game_id,))]
        deadline = con.execute("SELECT version, due_at FROM deadlines WHERE game_id = ?",
                               (game_id,)).fetchone()
        return version, kinds, deadline
    finally:
        con.close()


async def _games(store: SqliteStorage, count: int) -> list[GameRecord]:
    return [await store.create_game(_lobby()) for _ in range(count)]


async def test_concurrent_saves_share_one_commit_and_return_once_durable(
        store: SqliteStorage) -> None:
    games = await _games(store, 20)
    seen: list[tuple[int, int, list[str], Any]] = []

    async def save(game: GameRecord, n: int) -> None:
        game.snapshot = b"%d" % n
        await store.save_game(game, game.version, ("rome", 3, {"kind": f"k{n}"}),
                              deadline=100.0 + n)
        # Acknowledged: another connection already reads it.
        seen.append((game.id, *_committed(store, game.id)))

    before = store.save_commits
    await asyncio.gather(*(save(g, n) for n, g in enumerate(games)))
    assert store.save_commits == before + 1  # 20 saves, one transaction (one flush)
    assert sorted(seen) == [(g.id, 1, [f"k{n}"], (1, 100.0 + n)) for n, g in enumerate(games)]
    # Saves queued while a batch commits wait for the next one.
    first = [asyncio.create_task(save(g, 20 + n)) for n, g in enumerate(games[:10])]
    await asyncio.sleep(0)
    await asyncio.sleep(0)  # the writer has taken the first ten
    second = [asyncio.create_task(save(g, 30 + n)) for n, g in enumerate(games[10:])]
    await asyncio.gather(*first, *second)
    assert store.save_commits == before + 3
    assert all(g.version == 2 for g in games)
    assert [await store.get_game(g.id) for g in games] == games


async def test_a_conflicting_save_fails_alone(store: SqliteStorage) -> None:
    a, b, c = await _games(store, 3)
    await store.set_deadline(b.id, 0, 50.0)
    before = store.save_commits
    results = await asyncio.gather(
        store.save_game(a, 0, ("rome", 3, {"kind": "a"}), deadline=1.0),
        store.save_game(b, 7, ("rome", 3, {"kind": "b"}), clear_deadline=True),  # stale
        store.save_game(c, 0, ("rome", 3, {"kind": "c"})),
        return_exceptions=True)
    assert isinstance(results[1], VersionConflict)
    assert results[0] is a and results[2] is c
    assert store.save_commits == before + 1
    assert _committed(store, a.id) == (1, ["a"], (1, 1.0))
    assert _committed(store, b.id) == (0, [], (0, 50.0))  # nothing of it written
    assert _committed(store, c.id) == (1, ["c"], None)
    assert (await store.get_game(b.id)) == b and b.version == 0


async def test_an_error_in_one_save_does_not_fail_the_others(store: SqliteStorage) -> None:
    a, b, c = await _games(store, 3)
    bad = replace(b, status="paused")  # refused by the schema's CHECK
    before = store.save_commits
    results = await asyncio.gather(
        store.save_game(a, 0, ("rome", 3, {"kind": "a"})),
        store.save_game(bad, 0, ("rome", 3, {"kind": "b"}), deadline=5.0),
        store.save_game(c, 0, ("rome", 3, {"kind": "c"})),
        return_exceptions=True)
    assert isinstance(results[1], aiosqlite.IntegrityError)
    assert store.save_commits == before + 1
    assert _committed(store, a.id) == (1, ["a"], None)
    assert _committed(store, b.id) == (0, [], None)
    assert _committed(store, c.id) == (1, ["c"], None)
    assert (await store.get_game(b.id)) == b


async def test_saves_of_one_game_in_a_batch_apply_in_call_order(store: SqliteStorage) -> None:
    (game,) = await _games(store, 1)
    before = store.save_commits
    await asyncio.gather(
        store.save_game(replace(game, snapshot=b"1"), 0, ("rome", 3, {"kind": "a"}),
                        deadline=10.0),
        store.save_game(replace(game, snapshot=b"2"), 1, ("rome", 3, {"kind": "b"}),
                        clear_deadline=True),
        store.save_game(replace(game, snapshot=b"3"), 2, ("rome", 3, {"kind": "c"}),
                        deadline=30.0))
    assert store.save_commits == before + 1
    assert _committed(store, game.id) == (3, ["a", "b", "c"], (3, 30.0))
    cached = await store.get_game(game.id)
    assert cached is not None and (cached.version, cached.snapshot) == (3, b"3")
    # Two saves from the same version: the first wins, the second conflicts (slow path).
    results = await asyncio.gather(
        store.save_game(replace(cached, snapshot=b"4"), 3, clear_deadline=True),
        store.save_game(replace(cached, snapshot=b"x"), 3, ("rome", 3, {"kind": "x"})),
        return_exceptions=True)
    assert isinstance(results[1], VersionConflict)
    assert _committed(store, game.id) == (4, ["a", "b", "c"], None)
    cached = await store.get_game(game.id)
    assert cached is not None and (cached.version, cached.snapshot) == (4, b"4")


async def test_a_failed_commit_fails_every_save_of_the_batch(
        store: SqliteStorage, monkeypatch: pytest.MonkeyPatch) -> None:
    a, b = await _games(store, 2)
    real = store.db.execute

    def execute(sql: str, *args: Any) -> Any:
        if sql == "COMMIT":
            raise aiosqlite.OperationalError("disk I/O error")
        return real(sql, *args)

    monkeypatch.setattr(store.db, "execute", execute)
    results = await asyncio.gather(store.save_game(a, 0), store.save_game(b, 0),
                                   return_exceptions=True)
    assert all(isinstance(r, aiosqlite.OperationalError) for r in results)
    monkeypatch.undo()
    assert _committed(store, a.id)[0] == 0 and _committed(store, b.id)[0] == 0
    assert a.version == 0 and (await store.get_game(a.id)) == a
    await store.save_game(a, 0)  # the storage still works
    assert _committed(store, a.id)[0] == 1


async def test_close_commits_the_queued_saves(tmp_path: Path) -> None:
    store = SqliteStorage(tmp_path / "g.sqlite3")
    await store.open()
    games = await _games(store, 5)
    tasks = [asyncio.create_task(store.save_game(g, 0, ("rome", 3, {"kind": "k"})))
             for g in games]
    await asyncio.sleep(0)  # queued, not yet committed
    await store.close()
    assert all(t.result().version == 1 for t in tasks)
    with pytest.raises(RuntimeError):
        await store.save_game(games[0], 1)
    assert [_committed(store, g.id)[:2] for g in games] == [(1, ["k"])] * 5


async def test_the_cache_returns_copies_and_reflects_every_write(
        store: SqliteStorage, monkeypatch: pytest.MonkeyPatch) -> None:
    created = await store.create_game(_lobby())
    first = await store.get_game(created.id)
    assert first == created and first is not created
    # Callers mutate their records: the cache does not see it.
    assert first is not None
    first.players.append(Seat(9, "rome"))
    first.options["seats"] = 5
    first.status = "active"
    again = await store.get_game(created.id)
    assert again == created
    # A save is reflected once committed, and later changes to the saved record are not.
    assert again is not None
    again.players.append(Seat(4, "carthage"))
    again.options["langs"] = {"4": "en"}
    again.thread_id, again.lobby_message_id, again.seed = 11, 12, 13
    again.status, again.snapshot = "active", b"{}"
    saved = await store.save_game(again, 0)
    expected = replace(saved, players=list(saved.players), options=dict(saved.options))
    saved.options["language"] = "de"
    saved.players.clear()
    # A known game is not read from the database any more.

    async def no_read(*args: Any) -> Any:
        raise AssertionError("read from the database")

    monkeypatch.setattr(store, "_fetchall", no_read)
    assert (await store.get_game(created.id)) == expected
    monkeypatch.undo()
    # What the cache says is what a fresh storage reads from the file.
    fresh = SqliteStorage(store.path)
    await fresh.open()
    try:
        assert (await fresh.get_game(created.id)) == expected
        assert (await fresh.games(("active",))) == [expected]
    finally:
        await fresh.close()
    assert (await store.games(("active",))) == [expected]
    assert (await store.get_game(created.id)) == expected
    assert (await store.get_game(999)) is None


async def test_a_row_changed_by_another_process_is_read_again_after_the_conflict(
        store: SqliteStorage) -> None:
    """Two bots on one file is a mistake, but it must not leave a game stuck: the conflict
    drops the cached row, and the next read sees the file's version."""
    [game] = await _games(store, 1)
    other = SqliteStorage(store.path)
    await other.open()
    try:
        mine = await other.get_game(game.id)
        assert mine is not None
        await other.save_game(mine, 0)  # the other process moves the game to v1
    finally:
        await other.close()
    stale = await store.get_game(game.id)
    assert stale is not None and stale.version == 0  # cached before the other's save
    with pytest.raises(VersionConflict):
        await store.save_game(stale, 0)
    fresh = await store.get_game(game.id)
    assert fresh is not None and fresh.version == 1
    await store.save_game(fresh, 1)
    assert _committed(store, game.id)[0] == 2
