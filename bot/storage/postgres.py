"""PostgreSQL storage (asyncpg, a connection pool), for several bot processes on one database
(docs/scaling.md).

Same guarantees as SqliteStorage: a save is one transaction (game row compare-and-set, action
log, unpublished mark, deadline), here one statement, so one round trip and one commit. Nothing
is cached: another process may have changed any game since, and the version's compare-and-set
is what keeps two processes from applying an action to the same game version. Due work is
claimed with row locks (`FOR UPDATE SKIP LOCKED`): each deadline and each AI move goes to one
process."""

from __future__ import annotations

import time
from typing import Any

import asyncpg
import orjson

from . import schema
from .base import ActionRecord, Deadline, GameRecord, VersionConflict, players_json, record_from_row

# Any number: the key of the advisory lock under which one process at a time migrates.
_MIGRATION_LOCK = 0x6D6E_6D69_6772
_GAME_COLUMNS = (
    "id, guild_id, channel_id, thread_id, lobby_message_id, creator_id, game, players, "
    "options, seed, status, version, snapshot")
_SET_DEADLINE = (
    "INSERT INTO deadlines (game_id, version, due_at, reminded) VALUES ($1, $2, $3, 0) "
    "ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, "
    "due_at = excluded.due_at, reminded = 0, claimed_until = NULL")
# The whole save in one statement (one round trip, its own transaction). `g` is the game row
# if its compare-and-set passed, else nothing, and every other part writes only with it. The
# UPDATE locks the row until the commit: a concurrent save of the game waits, then finds the
# version moved. A deadline and its clearing never come together (save_game).
_SAVE = """
WITH g AS (
    UPDATE games SET thread_id = $3::bigint, lobby_message_id = $4::bigint,
        players = $5::text, options = $6::text, seed = $7::bigint, status = $8::text,
        snapshot = $9::bytea, version = version + 1, updated_at = $10::float8
    WHERE id = $1::bigint AND version = $2::bigint
    RETURNING id, version
), logged AS (
    INSERT INTO actions (game_id, seq, player, user_id, action, created_at, version)
    SELECT g.id, (SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE game_id = g.id),
        $11::text, $12::bigint, $13::text, $10::float8, g.version
    FROM g WHERE $11::text IS NOT NULL
), marked AS (
    INSERT INTO unpublished (game_id, after_seq) SELECT g.id, $14::bigint FROM g
    WHERE $14::bigint IS NOT NULL
    ON CONFLICT (game_id) DO UPDATE SET after_seq = LEAST(unpublished.after_seq,
                                                          excluded.after_seq)
), due AS (
    INSERT INTO deadlines (game_id, version, due_at, reminded)
    SELECT g.id, g.version, $15::float8, 0 FROM g WHERE $15::float8 IS NOT NULL
    ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, due_at = excluded.due_at,
        reminded = 0, claimed_until = NULL
), cleared AS (
    DELETE FROM deadlines WHERE $16::boolean AND game_id IN (SELECT id FROM g)
)
SELECT count(*) FROM g
"""
# Due, not held by a live scan, and not locked by another scanner's claim right now.
_CLAIM_DEADLINES = """
UPDATE deadlines SET claimed_until = $2 WHERE game_id IN (
    SELECT game_id FROM deadlines
    WHERE due_at <= $1 AND (claimed_until IS NULL OR claimed_until <= $1)
    ORDER BY due_at LIMIT $3 FOR UPDATE SKIP LOCKED)
RETURNING game_id, version, due_at, reminded
"""
# The game row is locked while claiming (a save of the game or another claim holding it: skip,
# that process is on it); the claim row says who played, or plays, that version.
_CLAIM_AI = """
INSERT INTO ai_claims AS c (game_id, version, claimed_until)
SELECT id, version, $3 FROM games WHERE id = $1 AND version = $2 FOR UPDATE SKIP LOCKED
ON CONFLICT (game_id) DO UPDATE SET version = excluded.version,
    claimed_until = excluded.claimed_until
WHERE c.version < excluded.version OR c.claimed_until <= $4
RETURNING c.game_id
"""
CLAIM_BATCH = 100  # deadlines claimed by one scan, at most (the next scan takes the rest)


class PostgresStorage:
    def __init__(self, url: str, *, pool_size: int = 10) -> None:
        self.url = url
        self.pool_size = pool_size
        self._pool: asyncpg.Pool | None = None

    @property
    def pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise RuntimeError("storage is not open")
        return self._pool

    async def open(self) -> None:
        self._pool = await asyncpg.create_pool(self.url, min_size=min(2, self.pool_size),
                                               max_size=self.pool_size)
        await self.migrate()

    async def close(self) -> None:
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await pool.close()

    async def migrate(self) -> int:
        """Apply the migrations not yet applied (bot/storage/schema.py), each in its own
        transaction; processes starting together take turns (an advisory lock)."""
        async with self.pool.acquire() as con:
            await con.execute("SELECT pg_advisory_lock($1)", _MIGRATION_LOCK)
            try:
                await con.execute("CREATE TABLE IF NOT EXISTS schema_version "
                                  "(version BIGINT PRIMARY KEY, applied_at DOUBLE PRECISION "
                                  "NOT NULL)")
                applied = {r[0] for r in await con.fetch("SELECT version FROM schema_version")}
                for number, statements in schema.migrations("postgresql"):
                    if number in applied:
                        continue
                    async with con.transaction():
                        for statement in statements:
                            await con.execute(statement)
                        await con.execute("INSERT INTO schema_version VALUES ($1, $2)",
                                          number, time.time())
            finally:
                await con.execute("SELECT pg_advisory_unlock($1)", _MIGRATION_LOCK)
        return await self.schema_version()

    async def schema_version(self) -> int:
        version = await self.pool.fetchval("SELECT MAX(version) FROM schema_version")
        return int(version or 0)

    # --- games ---------------------------------------------------------------------------
    async def create_game(self, record: GameRecord) -> GameRecord:
        now = time.time()
        row = await self.pool.fetchrow(
            "INSERT INTO games (guild_id, channel_id, thread_id, lobby_message_id, creator_id, "
            "game, players, options, seed, status, version, snapshot, created_at, updated_at) "
            "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13) "
            f"RETURNING {_GAME_COLUMNS}",
            record.guild_id, record.channel_id, record.thread_id, record.lobby_message_id,
            record.creator_id, record.game, players_json(record).decode(),
            orjson.dumps(record.options).decode(), record.seed, record.status, record.version,
            record.snapshot, now)
        assert row is not None
        return record_from_row(row)

    async def get_game(self, game_id: int) -> GameRecord | None:
        row = await self.pool.fetchrow(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = $1",
                                       game_id)
        return record_from_row(row) if row is not None else None

    async def games(self, statuses: tuple[str, ...]) -> list[GameRecord]:
        rows = await self.pool.fetch(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE status = ANY($1::text[]) ORDER BY id",
            list(statuses))
        return [record_from_row(r) for r in rows]

    async def save_game(
        self, record: GameRecord, expected_version: int,
        action: tuple[str, int | None, dict[str, Any]] | None = None,
        *, deadline: float | None = None, clear_deadline: bool = False,
        unpublished_after: int | None = None,
    ) -> GameRecord:
        player, user_id, data = action if action is not None else (None, None, None)
        saved = await self.pool.fetchval(
            _SAVE, record.id, expected_version, record.thread_id, record.lobby_message_id,
            players_json(record).decode(), orjson.dumps(record.options).decode(), record.seed,
            record.status, record.snapshot, time.time(), player, user_id,
            orjson.dumps(data).decode() if action is not None else None, unpublished_after,
            deadline, clear_deadline and deadline is None)
        if saved != 1:
            raise VersionConflict(f"game {record.id} is no longer at v{expected_version}")
        record.version = expected_version + 1
        return record

    async def actions(self, game_id: int) -> list[ActionRecord]:
        rows = await self.pool.fetch(
            "SELECT game_id, seq, player, user_id, action, created_at, version FROM actions "
            "WHERE game_id = $1 ORDER BY seq", game_id)
        return [ActionRecord(r["game_id"], r["seq"], r["player"], r["user_id"],
                             orjson.loads(r["action"]), r["created_at"], r["version"])
                for r in rows]

    async def action_count(self, game_id: int) -> int:
        count = await self.pool.fetchval(
            "SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = $1", game_id)
        return int(count)

    # --- publishing ----------------------------------------------------------------------
    async def unpublished(self) -> list[tuple[int, int]]:
        rows = await self.pool.fetch(
            "SELECT game_id, after_seq FROM unpublished ORDER BY game_id")
        return [(int(r[0]), int(r[1])) for r in rows]

    async def published(self, game_id: int, through_version: int | None = None) -> None:
        if through_version is None:
            await self.pool.execute("DELETE FROM unpublished WHERE game_id = $1", game_id)
            return
        # Checked in the DELETE's own transaction: an action committed after the publishing
        # began keeps the mark (NULL: logged before migration 3, older than any publishing).
        await self.pool.execute(
            "DELETE FROM unpublished WHERE game_id = $1 AND COALESCE((SELECT version FROM "
            "actions WHERE game_id = $1 ORDER BY seq DESC LIMIT 1), 0) <= $2",
            game_id, through_version)

    # --- deadlines -----------------------------------------------------------------------
    async def set_deadline(self, game_id: int, version: int, due_at: float) -> None:
        await self.pool.execute(_SET_DEADLINE, game_id, version, due_at)

    async def clear_deadline(self, game_id: int) -> None:
        await self.pool.execute("DELETE FROM deadlines WHERE game_id = $1", game_id)

    @staticmethod
    def _deadlines_of(rows: list[asyncpg.Record]) -> list[Deadline]:
        return sorted((Deadline(r[0], r[1], r[2], bool(r[3])) for r in rows),
                      key=lambda d: d.due_at)

    async def due_deadlines(self, now: float) -> list[Deadline]:
        return self._deadlines_of(await self.pool.fetch(
            "SELECT game_id, version, due_at, reminded FROM deadlines WHERE due_at <= $1",
            now))

    async def deadlines(self) -> list[Deadline]:
        return self._deadlines_of(await self.pool.fetch(
            "SELECT game_id, version, due_at, reminded FROM deadlines"))

    async def claim_deadlines(self, now: float, until: float) -> list[Deadline]:
        return self._deadlines_of(await self.pool.fetch(_CLAIM_DEADLINES, now, until,
                                                        CLAIM_BATCH))

    async def claim_ai_turn(self, game_id: int, version: int, now: float, until: float) -> bool:
        return await self.pool.fetchval(_CLAIM_AI, game_id, version, until, now) is not None

    async def mark_reminded(self, game_id: int, version: int) -> bool:
        status = await self.pool.execute(
            "UPDATE deadlines SET reminded = 1 WHERE game_id = $1 AND version = $2 "
            "AND reminded = 0", game_id, version)
        return bool(status == "UPDATE 1")

    # --- DMs -----------------------------------------------------------------------------
    async def set_dm_status(self, user_id: int, ok: bool) -> None:
        await self.pool.execute(
            "INSERT INTO dm_status (user_id, ok, checked_at) VALUES ($1, $2, $3) "
            "ON CONFLICT (user_id) DO UPDATE SET ok = excluded.ok, "
            "checked_at = excluded.checked_at", user_id, int(ok), time.time())

    async def dm_status(self, user_id: int) -> bool | None:
        ok = await self.pool.fetchval("SELECT ok FROM dm_status WHERE user_id = $1", user_id)
        return None if ok is None else bool(ok)

    # --- per-seat reminders, the DM queue, user settings (migrations 7-9) ----------------
    async def mark_seat_reminders(self, game_id: int, dues: dict[str, float]) -> list[str]:
        rows = await self.pool.fetch(
            "INSERT INTO reminders AS r (game_id, seat, due_at) "
            "SELECT $1, seat, due FROM unnest($2::text[], $3::float8[]) AS d (seat, due) "
            "ON CONFLICT (game_id, seat) DO UPDATE SET due_at = excluded.due_at "
            "WHERE r.due_at <> excluded.due_at RETURNING r.seat",
            game_id, list(dues), list(dues.values()))
        return sorted(str(r[0]) for r in rows)

    async def queue_dm(self, user_id: int, game_id: int, content: str,
                       hold_until: float | None = None) -> None:
        await self.pool.execute(
            "INSERT INTO dm_queue (user_id, game_id, content, created_at, hold_until) "
            "VALUES ($1, $2, $3, $4, $5)", user_id, game_id, content, time.time(), hold_until)

    async def take_undelivered(self, user_id: int, game_id: int, *,
                               held: bool = False) -> list[str]:
        which = "" if held else " AND hold_until IS NULL"
        rows = await self.pool.fetch(
            f"DELETE FROM dm_queue WHERE user_id = $1 AND game_id = $2{which} "
            "RETURNING id, content", user_id, game_id)
        return [r[1] for r in sorted(rows, key=lambda r: r[0])]

    async def take_held(self, now: float) -> list[tuple[int, int, str]]:
        rows = await self.pool.fetch(
            "DELETE FROM dm_queue WHERE hold_until IS NOT NULL AND hold_until <= $1 "
            "RETURNING id, user_id, game_id, content", now)
        return [(r[1], r[2], r[3]) for r in sorted(rows, key=lambda r: r[0])]

    async def warn_once(self, user_id: int, game_id: int) -> bool:
        status = await self.pool.execute(
            "INSERT INTO dm_warnings (user_id, game_id, warned_at) VALUES ($1, $2, $3) "
            "ON CONFLICT DO NOTHING", user_id, game_id, time.time())
        return bool(status == "INSERT 0 1")

    async def user_settings(self, user_id: int) -> dict[str, Any] | None:
        raw = await self.pool.fetchval("SELECT settings FROM user_settings WHERE user_id = $1",
                                       user_id)
        return None if raw is None else dict(orjson.loads(raw))

    async def set_user_settings(self, user_id: int, settings: dict[str, Any]) -> None:
        await self.pool.execute(
            "INSERT INTO user_settings (user_id, settings, updated_at) VALUES ($1, $2, $3) "
            "ON CONFLICT (user_id) DO UPDATE SET settings = excluded.settings, "
            "updated_at = excluded.updated_at",
            user_id, orjson.dumps(settings).decode(), time.time())

    async def all_user_settings(self) -> dict[int, dict[str, Any]]:
        rows = await self.pool.fetch("SELECT user_id, settings FROM user_settings")
        return {int(r[0]): dict(orjson.loads(r[1])) for r in rows}

    async def advance_mark(self, user_id: int, kind: str, mark: float) -> bool:
        status = await self.pool.execute(
            "INSERT INTO notify_marks AS m (user_id, kind, mark) VALUES ($1, $2, $3) "
            "ON CONFLICT (user_id, kind) DO UPDATE SET mark = excluded.mark "
            "WHERE m.mark < excluded.mark", user_id, kind, mark)
        return bool(status == "INSERT 0 1")

    async def seat_notes(self, game_id: int) -> dict[str, dict[str, Any]]:
        rows = await self.pool.fetch("SELECT seat, note FROM seat_notes WHERE game_id = $1",
                                     game_id)
        return {str(r[0]): dict(orjson.loads(r[1])) for r in rows}

    async def set_seat_notes(self, game_id: int,
                             notes: dict[str, dict[str, Any] | None]) -> None:
        now = time.time()
        async with self.pool.acquire() as con, con.transaction():
            for seat, note in notes.items():
                if note is None:
                    await con.execute("DELETE FROM seat_notes WHERE game_id = $1 AND seat = $2",
                                      game_id, seat)
                else:
                    await con.execute(
                        "INSERT INTO seat_notes (game_id, seat, note, updated_at) "
                        "VALUES ($1, $2, $3, $4) ON CONFLICT (game_id, seat) DO UPDATE SET "
                        "note = excluded.note, updated_at = excluded.updated_at",
                        game_id, seat, orjson.dumps(note, default=str).decode(), now)

