"""Fixtures shared by the service tests: `svc`, a service with a clock the test moves, once on
each backend (a fresh SQLite file, then a new database on the session's PostgreSQL server)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import GameService
from bot.storage import PostgresStorage, SqliteStorage, Storage
from tests.helpers import Clock
from tests.pgserver import PostgresServer


@pytest.fixture(params=["sqlite", "postgresql"])
async def svc(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[GameService]:
    store: Storage
    if request.param == "sqlite":
        store = SqliteStorage(tmp_path / "g.sqlite3")
    else:
        server: PostgresServer = request.getfixturevalue("postgres_server")
        store = PostgresStorage(await server.database())
    await store.open()
    yield GameService(store, clock=Clock())
    await store.close()
