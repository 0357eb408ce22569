"""SQLite storage (aiosqlite): WAL journal, synchronous=FULL, numbered migrations."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any

import aiosqlite
import orjson

from .base import ActionRecord, Deadline, GameRecord, Seat, VersionConflict

_MIGRATION = re.compile(r"^(\d{4})_[\w-]+\.sql$")
_GAME_COLUMNS = (
    "id, guild_id, channel_id, thread_id, lobby_message_id, creator_id, ruleset, players, "
    "options, seed, status, version, snapshot"
)

_SET_DEADLINE = (
    "INSERT INTO deadlines (game_id, version, due_at, reminded) VALUES (?, ?, ?, 0) "
    "ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, "
    "due_at = excluded.due_at, reminded = 0")
_CLEAR_DEADLINE = "DELETE FROM deadlines WHERE game_id = ?"


def migrations() -> list[tuple[int, str]]:
    """(number, SQL) of every file in bot/storage/migrations, in order."""
    out = []
    for entry in resources.files("bot.storage").joinpath("migrations").iterdir():
        m = _MIGRATION.match(entry.name)
        if m:
            out.append((int(m.group(1)), entry.read_text(encoding="utf-8")))
    return sorted(out)


def _row_to_game(row: aiosqlite.Row) -> GameRecord:
    return GameRecord(
        id=row["id"], guild_id=row["guild_id"], channel_id=row["channel_id"],
        thread_id=row["thread_id"], lobby_message_id=row["lobby_message_id"],
        creator_id=row["creator_id"], ruleset=row["ruleset"],
        players=[Seat(p["user"], p.get("empire")) for p in orjson.loads(row["players"])],
        options=orjson.loads(row["options"]), seed=row["seed"], status=row["status"],
        version=row["version"], snapshot=row["snapshot"],
    )


def _players_json(record: GameRecord) -> bytes:
    return orjson.dumps([{"user": s.user, "empire": s.empire} for s in record.players])


class SqliteStorage:
    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._db: aiosqlite.Connection | None = None
        # One connection: transactions of different games must not interleave on it.
        self._lock = asyncio.Lock()

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("storage is not open")
        return self._db

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            db = self.db
            await db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                await db.execute("ROLLBACK")
                raise
            await db.execute("COMMIT")

    async def _fetchall(self, sql: str, params: tuple[Any, ...] = ()) -> list[aiosqlite.Row]:
        async with self._lock, self.db.execute(sql, params) as cur:
            return list(await cur.fetchall())

    async def open(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # isolation_level=None: we issue BEGIN/COMMIT ourselves (one transaction per action).
        self._db = await aiosqlite.connect(self.path, isolation_level=None)
        self._db.row_factory = aiosqlite.Row
        for pragma in ("journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON",
                       "busy_timeout=5000"):
            await self._db.execute(f"PRAGMA {pragma}")
        await self.migrate()

    async def close(self) -> None:
        if self._db is not None:
            await self._db.close()
            self._db = None

    async def migrate(self) -> int:
        """Apply the migrations not yet applied; return the schema version."""
        db = self.db
        await db.execute("CREATE TABLE IF NOT EXISTS schema_version "
                         "(version INTEGER PRIMARY KEY, applied_at REAL NOT NULL)")
        current = await self.schema_version()
        for number, sql in migrations():
            if number <= current:
                continue
            async with self._tx() as tx:
                for statement in sql.split(";"):
                    if statement.strip():
                        await tx.execute(statement)
                await tx.execute("INSERT INTO schema_version VALUES (?, ?)", (number, time.time()))
            current = number
        return current

    async def schema_version(self) -> int:
        rows = await self._fetchall("SELECT MAX(version) FROM schema_version")
        return int(rows[0][0]) if rows and rows[0][0] is not None else 0

    # --- games ---------------------------------------------------------------------------
    async def create_game(self, record: GameRecord) -> GameRecord:
        now = time.time()
        async with self._tx() as tx:
            cur = await tx.execute(
                "INSERT INTO games (guild_id, channel_id, thread_id, lobby_message_id, "
                "creator_id, ruleset, players, options, seed, status, version, snapshot, "
                "created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (record.guild_id, record.channel_id, record.thread_id, record.lobby_message_id,
                 record.creator_id, record.ruleset, _players_json(record),
                 orjson.dumps(record.options), record.seed, record.status, record.version,
                 record.snapshot, now, now),
            )
        assert cur.lastrowid is not None
        created = await self.get_game(cur.lastrowid)
        assert created is not None
        return created

    async def get_game(self, game_id: int) -> GameRecord | None:
        rows = await self._fetchall(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?",
                                    (game_id,))
        return _row_to_game(rows[0]) if rows else None

    async def games(self, statuses: tuple[str, ...]) -> list[GameRecord]:
        marks = ", ".join("?" for _ in statuses)
        rows = await self._fetchall(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE status IN ({marks}) ORDER BY id", statuses)
        return [_row_to_game(r) for r in rows]

    async def save_game(
        self, record: GameRecord, expected_version: int,
        action: tuple[str, int | None, dict[str, Any]] | None = None,
        *, deadline: float | None = None, clear_deadline: bool = False,
    ) -> GameRecord:
        now = time.time()
        async with self._tx() as db:
            cur = await db.execute(
                "UPDATE games SET thread_id = ?, lobby_message_id = ?, players = ?, options = ?, "
                "seed = ?, status = ?, snapshot = ?, version = version + 1, updated_at = ? "
                "WHERE id = ? AND version = ?",
                (record.thread_id, record.lobby_message_id, _players_json(record),
                 orjson.dumps(record.options), record.seed, record.status, record.snapshot,
                 now, record.id, expected_version),
            )
            if cur.rowcount != 1:
                raise VersionConflict(f"game {record.id} is no longer at v{expected_version}")
            if action is not None:
                player, user_id, data = action
                await db.execute(
                    "INSERT INTO actions (game_id, seq, player, user_id, action, created_at) "
                    "SELECT ?, COALESCE(MAX(seq), 0) + 1, ?, ?, ?, ? FROM actions "
                    "WHERE game_id = ?",
                    (record.id, player, user_id, orjson.dumps(data).decode(), now, record.id),
                )
            if deadline is not None:
                await db.execute(_SET_DEADLINE, (record.id, expected_version + 1, deadline))
            elif clear_deadline:
                await db.execute(_CLEAR_DEADLINE, (record.id,))
        record.version = expected_version + 1
        return record

    async def actions(self, game_id: int) -> list[ActionRecord]:
        rows = await self._fetchall(
            "SELECT game_id, seq, player, user_id, action, created_at FROM actions "
            "WHERE game_id = ? ORDER BY seq", (game_id,))
        return [ActionRecord(r["game_id"], r["seq"], r["player"], r["user_id"],
                             orjson.loads(r["action"]), r["created_at"]) for r in rows]

    # --- deadlines -----------------------------------------------------------------------
    async def _write(self, sql: str, params: tuple[Any, ...]) -> None:
        async with self._tx() as db:
            await db.execute(sql, params)

    async def set_deadline(self, game_id: int, version: int, due_at: float) -> None:
        await self._write(_SET_DEADLINE, (game_id, version, due_at))

    async def clear_deadline(self, game_id: int) -> None:
        await self._write(_CLEAR_DEADLINE, (game_id,))

    async def _deadlines(self, where: str, params: tuple[Any, ...]) -> list[Deadline]:
        rows = await self._fetchall(
            f"SELECT game_id, version, due_at, reminded FROM deadlines {where} ORDER BY due_at",
            params)
        return [Deadline(r[0], r[1], r[2], bool(r[3])) for r in rows]

    async def due_deadlines(self, now: float) -> list[Deadline]:
        return await self._deadlines("WHERE due_at <= ?", (now,))

    async def deadlines(self) -> list[Deadline]:
        return await self._deadlines("", ())

    async def mark_reminded(self, game_id: int, version: int) -> None:
        await self._write("UPDATE deadlines SET reminded = 1 WHERE game_id = ? AND version = ?",
                          (game_id, version))

    # --- DMs -----------------------------------------------------------------------------
    async def set_dm_status(self, user_id: int, ok: bool) -> None:
        await self._write(
            "INSERT INTO dm_status (user_id, ok, checked_at) VALUES (?, ?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET ok = excluded.ok, "
            "checked_at = excluded.checked_at", (user_id, int(ok), time.time()))

    async def dm_status(self, user_id: int) -> bool | None:
        rows = await self._fetchall("SELECT ok FROM dm_status WHERE user_id = ?", (user_id,))
        return bool(rows[0][0]) if rows else None
