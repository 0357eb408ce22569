"""SQLite storage: its pragmas and integrity (the contract both backends keep:
test_contract.py)."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from bot.storage import SqliteStorage
from bot.storage.sqlite import migrations
from tests.storage.records import lobby as _lobby


async def test_pragmas_and_schema_version(store: SqliteStorage) -> None:
    assert await store.schema_version() == migrations()[-1][0]
    mode = await store._fetchall("PRAGMA journal_mode")
    sync = await store._fetchall("PRAGMA synchronous")
    assert mode[0][0] == "wal"
    assert sync[0][0] == 2  # FULL


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
