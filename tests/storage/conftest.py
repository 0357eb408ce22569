"""The storage tests' databases: a fresh SQLite file in a folder the storage creates (`store`),
and `any_store`, once per backend: that SQLite file, then a new database on the session's
PostgreSQL server."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import PostgresStorage, SqliteStorage, Storage
from tests.pgserver import PostgresServer


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SqliteStorage]:
    s = SqliteStorage(tmp_path / "db" / "games.sqlite3")
    await s.open()
    yield s
    await s.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
async def any_store(backend: str, tmp_path: Path,
                    request: pytest.FixtureRequest) -> AsyncIterator[Storage]:
    s: Storage
    if backend == "sqlite":
        s = SqliteStorage(tmp_path / "db" / "games.sqlite3")
    else:
        # Asked for here only: the SQLite runs need no server.
        server: PostgresServer = request.getfixturevalue("postgres_server")
        s = PostgresStorage(await server.database())
    await s.open()
    yield s
    await s.close()
