"""Crash safety (issue 6): SIGKILL a child that plays and persists games at random moments;
after every kill the database is sound and no acknowledged action is lost."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from tests.pgserver import PostgresServer
from tests.torture.harness import Checker, Report, TortureError, final_check, torture

KILLS = 100


def test_100_kills_lose_no_acknowledged_action(tmp_path: Path) -> None:
    report = torture(tmp_path, KILLS, max_delay_ms=200, seed=6)
    assert report.kills == KILLS
    # The kills landed while games were being played, not only at start-up.
    assert report.acks_verified >= KILLS
    assert report.actions_verified >= report.acks_verified
    assert report.games >= 1
    # From scratch: every game's snapshot is the replay of its whole log.
    assert asyncio.run(final_check(tmp_path / "torture.sqlite3")) == report.games


def _played(tmp_path: Path) -> tuple[Checker, Report]:
    report = torture(tmp_path, 3, max_delay_ms=150, seed=1, early_kill_rate=0.0)
    assert report.acks_verified > 0
    return Checker(tmp_path / "torture.sqlite3", tmp_path / "acks.log"), report


def test_the_checker_sees_a_lost_acknowledged_action(tmp_path: Path) -> None:
    checker, report = _played(tmp_path)
    with (tmp_path / "acks.log").open("a") as f:
        f.write("1 99999 0123456789abcdef\n")
    with pytest.raises(TortureError, match="not in the database"):
        checker.check(report)


def test_the_checker_ignores_an_ack_torn_by_the_kill(tmp_path: Path) -> None:
    checker, report = _played(tmp_path)
    with (tmp_path / "acks.log").open("a") as f:
        f.write("1 99999 01234")  # no newline: never acknowledged
    checker.check(report)


def test_the_checker_sees_a_snapshot_that_is_not_the_replay(tmp_path: Path) -> None:
    _, report = _played(tmp_path)
    con = sqlite3.connect(tmp_path / "torture.sqlite3")
    gid, seq = con.execute("SELECT game_id, MAX(seq) FROM actions").fetchone()
    con.execute("DELETE FROM actions WHERE game_id = ? AND seq = ?", (gid, seq))
    con.execute("UPDATE games SET version = version + 1 WHERE id = ?", (gid,))
    con.commit()
    con.close()
    with pytest.raises(TortureError, match=r"differs from the replay|acknowledged"):
        Checker(tmp_path / "torture.sqlite3", tmp_path / "acks.log").check(report)


def test_100_kills_on_postgresql_lose_no_acknowledged_action(
        tmp_path: Path, postgres_server: PostgresServer) -> None:
    """The same torture with the child on a PostgreSQL database (issue 20): every
    acknowledged action is there after each kill, every game replays to its snapshot."""
    url = asyncio.run(postgres_server.database())
    report = torture(tmp_path, KILLS, max_delay_ms=200, seed=20, database=url)
    assert report.kills == KILLS
    assert report.acks_verified >= KILLS
    assert report.actions_verified >= report.acks_verified
    assert report.games >= 1
    assert asyncio.run(final_check(url)) == report.games
