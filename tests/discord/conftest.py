from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.discord.harness import Harness


@pytest.fixture
async def h(tmp_path: Path) -> AsyncIterator[Harness]:
    async with Harness(tmp_path / "games.sqlite3") as harness:
        yield harness
