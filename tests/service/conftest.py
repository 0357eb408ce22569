"""Fixtures shared by the service tests."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import GameService
from bot.storage import SqliteStorage
from tests.helpers import Clock


@pytest.fixture
async def svc(tmp_path: Path) -> AsyncIterator[GameService]:
    """A service on a fresh SQLite file, with a clock the test moves."""
    store = SqliteStorage(tmp_path / "g.sqlite3")
    await store.open()
    yield GameService(store, clock=Clock())
    await store.close()
