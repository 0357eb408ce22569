"""Settings for the whole suite."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from bot.games.core import dispatch
from tests.pgserver import PostgresServer, ServerUnavailable

# `apply` trusts the actions `legal_actions` has just listed; in the tests it checks them in
# full as well and fails loudly if a listed action would not pass its own check.
dispatch.VERIFY_LISTED = True


# --- PostgreSQL: one throwaway server per test session (tests/pgserver.py) -------------------
@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A real PostgreSQL server, started once for the session (each xdist worker has its own).
    Never skipped in CI: there a server that cannot start fails the tests that need it."""
    # fsync off: the tests kill bot processes, never the server (the benchmarks keep it on).
    server = PostgresServer(fsync=False)
    try:
        server.start()
    except ServerUnavailable as exc:
        server.stop()
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"PostgreSQL server unavailable in CI: {exc}")
        pytest.skip(f"PostgreSQL server unavailable: {exc}")
    yield server
    server.stop()


@pytest.fixture
async def postgres_url(postgres_server: PostgresServer) -> str:
    """The URL of a new empty database on the session's server."""
    return await postgres_server.database()
