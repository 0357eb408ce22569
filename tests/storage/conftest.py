"""The storage tests' database: a fresh SQLite file in a folder the storage creates."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import SqliteStorage


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SqliteStorage]:
    s = SqliteStorage(tmp_path / "db" / "games.sqlite3")
    await s.open()
    yield s
    await s.close()
