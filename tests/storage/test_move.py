"""`python -m bot migrate-db --to postgresql://...`: a SQLite database of the previous schema
(a lobby, a running game with AI seats, a deadline and an unpublished mark, a finished game)
moves to PostgreSQL whole, every game replayed; the games play on there; a database that
already holds games is refused."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.service import GameService
from bot.storage import PostgresStorage, SqliteStorage
from tests.helpers import Clock
from tests.pgserver import PostgresServer
from tests.storage.test_seats_migration import NOW, PLAYED, _old_database, _play_to_the_end


async def test_migrate_db_moves_every_game_and_they_play_on(
        tmp_path: Path, postgres_server: PostgresServer,
        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "old.sqlite3"
    ids = _old_database(path)
    url = await postgres_server.database()
    command = ["migrate-db", "--from", str(path), "--to", url]
    assert await asyncio.to_thread(main, command) == 0
    out = capsys.readouterr().out
    assert f"copied 3 games, {PLAYED + len_finished(path)} actions, 1 deadlines, 1 unpublished" \
        in out and "3 games checked and replayed: identical" in out
    src, dst = SqliteStorage(path), PostgresStorage(url)
    await src.open()
    await dst.open()
    try:
        for game_id in ids.values():
            assert await dst.get_game(game_id) == await src.get_game(game_id)
            assert await dst.actions(game_id) == await src.actions(game_id)
        assert await dst.deadlines() == await src.deadlines()
        assert await dst.unpublished() == await src.unpublished()
        svc = GameService(dst, clock=Clock(NOW))
        await _play_to_the_end(svc, ids["running"])
        assert await svc.verify(ids["running"])
        new = await svc.create_lobby(1, 2, 3, seats=3)  # numbered after the copied games
        assert new.id == max(ids.values()) + 1
    finally:
        await src.close()
        await dst.close()
    # Again into the same database: refused, nothing changed.
    assert await asyncio.to_thread(main, command) == 1
    assert "already holds games" in capsys.readouterr().out


def len_finished(path: Path) -> int:
    import sqlite3

    con = sqlite3.connect(path)
    try:
        (count,) = con.execute("SELECT COUNT(*) FROM actions a JOIN games g ON g.id = a.game_id "
                               "WHERE g.status = 'over'").fetchone()
        return int(count)
    finally:
        con.close()


def test_migrate_db_wants_a_postgresql_url(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["migrate-db", "--to", "sqlite:///x"])
    assert "--to must be a postgresql://" in capsys.readouterr().err
