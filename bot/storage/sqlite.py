"""SQLite storage (aiosqlite): WAL journal, synchronous=FULL, numbered migrations.

Saves are group-committed: concurrent `save_game` calls share one transaction (one flush of the
WAL), and game records are cached in memory (this process is the database's only writer)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite
import orjson

from . import schema
from .base import (
    ActionRecord,
    Deadline,
    GameRecord,
    VersionConflict,
    players_json,
    record_from_row,
)

_GAME_COLUMNS = (
    "id, guild_id, channel_id, thread_id, lobby_message_id, creator_id, game, players, "
    "options, seed, status, version, snapshot"
)

_SET_DEADLINE = (
    "INSERT INTO deadlines (game_id, version, due_at, reminded) VALUES (?, ?, ?, 0) "
    "ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, "
    "due_at = excluded.due_at, reminded = 0, claimed_until = NULL")
_CLEAR_DEADLINE = "DELETE FROM deadlines WHERE game_id = ?"
# The scanner's claim (migration 6): due, and not held by a scan (of a process alive).
_CLAIM_DEADLINES = (
    "UPDATE deadlines SET claimed_until = ? WHERE due_at <= ? "
    "AND (claimed_until IS NULL OR claimed_until <= ?) "
    "RETURNING game_id, version, due_at, reminded")
_CLAIM_AI = (
    "INSERT INTO ai_claims (game_id, version, claimed_until) "
    "SELECT id, version, ? FROM games WHERE id = ? AND version = ? "
    "ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, "
    "claimed_until = excluded.claimed_until "
    "WHERE ai_claims.version < excluded.version OR ai_claims.claimed_until <= ?")
# The columns a save rewrites, in _UPDATE_GAME's order (the others never change).
_SAVED_COLUMNS = ("thread_id", "lobby_message_id", "players", "options", "seed", "status",
                  "snapshot")
_UPDATE_GAME = (
    "UPDATE games SET thread_id = ?, lobby_message_id = ?, players = ?, options = ?, seed = ?, "
    "status = ?, snapshot = ?, version = version + 1, updated_at = ? WHERE id = ? AND version = ?")
_LOG_ACTION = (
    "INSERT INTO actions (game_id, seq, player, user_id, action, created_at, version) "
    "SELECT ?, COALESCE(MAX(seq), 0) + 1, ?, ?, ?, ?, ? FROM actions WHERE game_id = ?")
# A game keeps its earliest mark: everything after it is still to be published.
_MARK_UNPUBLISHED = (
    "INSERT INTO unpublished (game_id, after_seq) VALUES (?, ?) ON CONFLICT (game_id) "
    "DO UPDATE SET after_seq = MIN(after_seq, excluded.after_seq)")


# A seat's note for the notifier (migration 11), written over.
_SET_NOTE = (
    "INSERT INTO seat_notes (game_id, seat, note, updated_at) VALUES (?, ?, ?, ?) "
    "ON CONFLICT (game_id, seat) DO UPDATE SET note = excluded.note, "
    "updated_at = excluded.updated_at")


def _note_json(note: dict[str, Any]) -> str:
    """A note as JSON: an event's data may hold tuples (lists then) or odd values (text)."""
    return orjson.dumps(note, default=str).decode()


# A seat's reminder, marked once per due time (migration 7).
_MARK_SEAT_REMINDER = (
    "INSERT INTO reminders (game_id, seat, due_at) VALUES (?, ?, ?) "
    "ON CONFLICT (game_id, seat) DO UPDATE SET due_at = excluded.due_at "
    "WHERE reminders.due_at <> excluded.due_at")
_ADVANCE_MARK = (
    "INSERT INTO notify_marks (user_id, kind, mark) VALUES (?, ?, ?) "
    "ON CONFLICT (user_id, kind) DO UPDATE SET mark = excluded.mark "
    "WHERE notify_marks.mark < excluded.mark")
_SET_SETTINGS = (
    "INSERT INTO user_settings (user_id, settings, updated_at) VALUES (?, ?, ?) "
    "ON CONFLICT (user_id) DO UPDATE SET settings = excluded.settings, "
    "updated_at = excluded.updated_at")


def migrations() -> list[tuple[int, str]]:
    """(number, SQL script) of every migration of bot/storage/schema.py, in SQLite's words."""
    return [(number, ";\n".join(statements))
            for number, statements in schema.migrations("sqlite")]


@dataclass(slots=True, eq=False)
class _Save:
    """One queued `save_game` call; its values are taken when it is called, so the caller's
    record may change afterwards without changing what is written."""

    game_id: int
    expected_version: int
    columns: dict[str, Any]  # _SAVED_COLUMNS -> value, as stored
    now: float
    action: tuple[Any, ...] | None  # _LOG_ACTION's parameters
    deadline: float | None
    clear_deadline: bool
    unpublished_after: int | None
    done: asyncio.Future[None]

    def update(self) -> tuple[Any, ...]:
        return (*self.columns.values(), self.now, self.game_id, self.expected_version)

    def conflict(self) -> VersionConflict:
        return VersionConflict(f"game {self.game_id} is no longer at v{self.expected_version}")


def _resolve(save: _Save, error: BaseException | None) -> None:
    if save.done.done():  # its caller was cancelled
        return
    if error is None:
        save.done.set_result(None)
    else:
        save.done.set_exception(error)


class SqliteStorage:
    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._db: aiosqlite.Connection | None = None
        # One connection: transactions of different games must not interleave on it.
        self._lock = asyncio.Lock()
        # Group commit: saves wait here; one writer task commits them a batch at a time.
        self._pending: list[_Save] = []
        self._writer: asyncio.Task[None] | None = None
        self._closing = False
        self.save_commits = 0  # transactions committed by save_game batches (for tests)
        # Game rows (column -> value) as committed. This process is the database's only
        # writer, so a known game is read from here; every write to `games` updates it.
        self._rows: dict[int, dict[str, Any]] = {}
        # Each game's action count (= its last seq), for the games asked about; kept by the
        # commits, dropped (read again) whenever a commit of that game fails.
        self._counts: dict[int, int] = {}

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
        self._rows.clear()  # another process may have written the file since
        self._counts.clear()
        self._closing = False
        self._db = await aiosqlite.connect(self.path, isolation_level=None)
        self._db.row_factory = aiosqlite.Row
        for pragma in ("journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON",
                       "busy_timeout=5000"):
            await self._db.execute(f"PRAGMA {pragma}")
        await self.migrate()

    async def close(self) -> None:
        """Commit the saves already queued (their callers get the outcome), then close."""
        self._closing = True
        if self._writer is not None:
            # asyncio.wait: a cancelled close() must not cancel the writer mid-batch.
            await asyncio.wait([self._writer])
        for save in self._pending:  # only if the writer was cancelled: nothing written
            _resolve(save, RuntimeError("storage closed before this save was written"))
        self._pending = []
        if self._db is not None:
            async with self._lock:  # let a transaction in progress finish
                await self._db.close()
                self._db = None
        self._rows.clear()
        self._counts.clear()

    async def migrate(self) -> int:
        """Apply the migrations not yet applied; return the schema version. Each is looked up
        by its number, not against the highest one applied: a migration numbered below one
        already applied (0002 came after 0003) is applied too."""
        db = self.db
        await db.execute("CREATE TABLE IF NOT EXISTS schema_version "
                         "(version INTEGER PRIMARY KEY, applied_at REAL NOT NULL)")
        applied = {int(r[0]) for r in await self._fetchall("SELECT version FROM schema_version")}
        for number, sql in migrations():
            if number in applied:
                continue
            async with self._tx() as tx:
                for statement in sql.split(";\n"):
                    await tx.execute(statement)
                await tx.execute("INSERT INTO schema_version VALUES (?, ?)", (number, time.time()))
        return await self.schema_version()

    async def schema_version(self) -> int:
        rows = await self._fetchall("SELECT MAX(version) FROM schema_version")
        return int(rows[0][0]) if rows and rows[0][0] is not None else 0

    # --- games ---------------------------------------------------------------------------
    async def create_game(self, record: GameRecord) -> GameRecord:
        now = time.time()
        async with self._tx() as tx:
            cur = await tx.execute(
                "INSERT INTO games (guild_id, channel_id, thread_id, lobby_message_id, "
                "creator_id, game, players, options, seed, status, version, snapshot, "
                "created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (record.guild_id, record.channel_id, record.thread_id, record.lobby_message_id,
                 record.creator_id, record.game, players_json(record),
                 orjson.dumps(record.options), record.seed, record.status, record.version,
                 record.snapshot, now, now),
            )
        assert cur.lastrowid is not None
        created = await self.get_game(cur.lastrowid)  # read back: cached from now on
        assert created is not None
        return created

    def _remember(self, row: aiosqlite.Row) -> dict[str, Any]:
        """Cache a row read from the database, unless the cache already holds a newer version
        (a save committed since that read); return the newest."""
        fresh = dict(zip(row.keys(), row, strict=True))
        cached = self._rows.get(fresh["id"])
        if cached is not None and cached["version"] > fresh["version"]:
            return cached
        self._rows[fresh["id"]] = fresh
        return fresh

    async def get_game(self, game_id: int) -> GameRecord | None:
        """A new record each call (callers mutate them): from the cache when it holds the
        game, else read from the database and cached."""
        row = self._rows.get(game_id)
        if row is None:
            rows = await self._fetchall(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?",
                                        (game_id,))
            if not rows:
                return None
            row = self._remember(rows[0])
        return record_from_row(row)

    async def games(self, statuses: tuple[str, ...]) -> list[GameRecord]:
        marks = ", ".join("?" for _ in statuses)
        rows = await self._fetchall(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE status IN ({marks}) ORDER BY id", statuses)
        return [record_from_row(self._remember(r)) for r in rows]

    async def save_game(
        self, record: GameRecord, expected_version: int,
        action: tuple[str, int | None, dict[str, Any]] | None = None,
        *, deadline: float | None = None, clear_deadline: bool = False,
        unpublished_after: int | None = None,
    ) -> GameRecord:
        """Returns once the save is committed (durable), possibly in one transaction with the
        other saves queued at the same time (group commit: one flush for all of them)."""
        if self._closing:
            raise RuntimeError("storage is closing")
        self.db  # noqa: B018 -- raises now if the storage is not open
        now = time.time()
        values = (record.thread_id, record.lobby_message_id, players_json(record),
                  orjson.dumps(record.options), record.seed, record.status, record.snapshot)
        logged = None
        if action is not None:
            player, user_id, data = action
            logged = (record.id, player, user_id, orjson.dumps(data).decode(), now,
                      expected_version + 1, record.id)
        save = _Save(record.id, expected_version, dict(zip(_SAVED_COLUMNS, values, strict=True)),
                     now, logged, deadline, clear_deadline, unpublished_after,
                     asyncio.get_running_loop().create_future())
        self._pending.append(save)
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_pending())
        await save.done
        record.version = expected_version + 1
        return record

    async def _write_pending(self) -> None:
        """The writer: commits the queued saves a batch at a time until none is left. Saves
        queued while a batch commits form the next batch."""
        while self._pending:
            async with self._lock:  # no other transaction inside a batch's
                # A save whose caller was cancelled before its batch began is not written.
                batch = [s for s in self._pending if not s.done.done()]
                self._pending = []
                if batch:
                    await self._commit(batch)

    async def _commit(self, batch: list[_Save]) -> None:
        """One transaction for the batch; each save's future gets its own outcome."""
        db = self.db
        try:
            await db.execute("BEGIN IMMEDIATE")
            errors = await self._write_batch(db, batch)
            await db.execute("COMMIT")
        except BaseException as exc:  # COMMIT (or BEGIN, ROLLBACK...) failed: all fail
            with contextlib.suppress(aiosqlite.Error):
                await db.execute("ROLLBACK")
            # A cancelled writer (loop shutting down) must not look like the callers' own
            # cancellation.
            failure = exc if isinstance(exc, Exception) else RuntimeError(
                "the storage's writer was interrupted: save not acknowledged")
            for save in batch:
                self._rows.pop(save.game_id, None)  # re-read: never trust a guess
                self._counts.pop(save.game_id, None)
                _resolve(save, failure)
            if not isinstance(exc, Exception):
                raise  # cancelled: let the writer task end
            return
        self.save_commits += 1
        for save, error in zip(batch, errors, strict=True):
            if error is None:
                cached = self._rows.get(save.game_id)
                if cached is not None:
                    cached.update(save.columns, version=save.expected_version + 1)
                if save.action is not None and save.game_id in self._counts:
                    self._counts[save.game_id] += 1
            else:
                # A conflict means the row moved without us (another process on the file, say):
                # read it again next time rather than serve a stale version for ever.
                self._rows.pop(save.game_id, None)
                self._counts.pop(save.game_id, None)
            _resolve(save, error)

    async def _write_batch(self, db: aiosqlite.Connection,
                           batch: list[_Save]) -> list[Exception | None]:
        """Write every save of the batch (the transaction is open); return each one's error.
        First all at once (a handful of round trips to aiosqlite's thread, whatever the batch
        size); on a version conflict or any failure, roll back and write them one at a time,
        each in a savepoint, so that only the faulty saves fail."""
        try:
            if await self._write_all(db, batch):
                return [None] * len(batch)
        except Exception:
            pass  # found again below, as the error of the save that causes it
        await db.execute("ROLLBACK")
        await db.execute("BEGIN IMMEDIATE")
        return [await self._write_one(db, save) for save in batch]

    @staticmethod
    async def _write_all(db: aiosqlite.Connection, batch: list[_Save]) -> bool:
        """All saves, one executemany per statement (in call order: same-game saves chain
        their versions). False if some compare-and-set failed."""
        cur = await db.executemany(_UPDATE_GAME, [s.update() for s in batch])
        if cur.rowcount != len(batch):  # each UPDATE matches one row (by id) or none
            return False
        logged = [s.action for s in batch if s.action is not None]
        if logged:
            await db.executemany(_LOG_ACTION, logged)
        marks = [(s.game_id, s.unpublished_after) for s in batch
                 if s.unpublished_after is not None]
        if marks:
            await db.executemany(_MARK_UNPUBLISHED, marks)
        # A game has one deadline row: only the last change of each game in the batch counts.
        last: dict[int, tuple[int, int, float] | None] = {}
        for s in batch:
            if s.deadline is not None:
                last[s.game_id] = (s.game_id, s.expected_version + 1, s.deadline)
            elif s.clear_deadline:
                last[s.game_id] = None
        sets = [params for params in last.values() if params is not None]
        clears = [(game_id,) for game_id, params in last.items() if params is None]
        if sets:
            await db.executemany(_SET_DEADLINE, sets)
        if clears:
            await db.executemany(_CLEAR_DEADLINE, clears)
        return True

    @staticmethod
    async def _write_one(db: aiosqlite.Connection, save: _Save) -> Exception | None:
        """One save in a savepoint: on a conflict or an error, nothing of it stays."""
        await db.execute("SAVEPOINT save")
        try:
            cur = await db.execute(_UPDATE_GAME, save.update())
            if cur.rowcount != 1:
                raise save.conflict()
            if save.action is not None:
                await db.execute(_LOG_ACTION, save.action)
            if save.unpublished_after is not None:
                await db.execute(_MARK_UNPUBLISHED, (save.game_id, save.unpublished_after))
            if save.deadline is not None:
                await db.execute(_SET_DEADLINE,
                                 (save.game_id, save.expected_version + 1, save.deadline))
            elif save.clear_deadline:
                await db.execute(_CLEAR_DEADLINE, (save.game_id,))
        except Exception as exc:
            await db.execute("ROLLBACK TO save")
            await db.execute("RELEASE save")
            return exc
        await db.execute("RELEASE save")
        return None

    async def actions(self, game_id: int) -> list[ActionRecord]:
        rows = await self._fetchall(
            "SELECT game_id, seq, player, user_id, action, created_at, version FROM actions "
            "WHERE game_id = ? ORDER BY seq", (game_id,))
        return [ActionRecord(r["game_id"], r["seq"], r["player"], r["user_id"],
                             orjson.loads(r["action"]), r["created_at"], r["version"])
                for r in rows]

    async def action_count(self, game_id: int) -> int:
        """From the cache when it holds the game (no query per action), else read (by the
        primary key: the last seq) and cached."""
        count = self._counts.get(game_id)
        if count is None:
            # Read and cached under the lock: no commit of this game can come in between.
            async with self._lock, self.db.execute(
                    "SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = ?",
                    (game_id,)) as cur:
                row = await cur.fetchone()
                count = self._counts[game_id] = int(row[0]) if row else 0
        return count

    # --- publishing ----------------------------------------------------------------------
    async def unpublished(self) -> list[tuple[int, int]]:
        rows = await self._fetchall("SELECT game_id, after_seq FROM unpublished ORDER BY game_id")
        return [(int(r[0]), int(r[1])) for r in rows]

    async def published(self, game_id: int, through_version: int | None = None) -> None:
        sql = "DELETE FROM unpublished WHERE game_id = ?"
        params: tuple[int, ...] = (game_id,)
        if through_version is not None:
            # Checked in the DELETE's own transaction: an action committed after the
            # publishing began keeps the mark (actions' versions grow with their seq; NULL:
            # logged before migration 0003, older than anything published now).
            sql += (" AND COALESCE((SELECT version FROM actions WHERE game_id = ? "
                    "ORDER BY seq DESC LIMIT 1), 0) <= ?")
            params = (game_id, game_id, through_version)
        # One per publication: a power cut may lose it, which only publishes that action again.
        await self._write_unsynced(sql, params)

    async def _write_unsynced(self, sql: str, params: tuple[Any, ...]) -> int:
        """One statement in a transaction with no fsync of its own (the next save's flushes
        it): for writes whose loss in a power cut is harmless (a killed process loses nothing:
        WAL, the OS has the write). Returns the rows changed."""
        async with self._lock:
            db = self.db
            async with db.execute("PRAGMA synchronous") as cur:
                row = await cur.fetchone()
            await db.execute("PRAGMA synchronous=NORMAL")
            try:
                await db.execute("BEGIN IMMEDIATE")
                try:
                    cur = await db.execute(sql, params)
                except BaseException:
                    await db.execute("ROLLBACK")
                    raise
                await db.execute("COMMIT")
                return cur.rowcount
            finally:
                await db.execute(f"PRAGMA synchronous={int(row[0]) if row else 2}")

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

    async def mark_reminded(self, game_id: int, version: int) -> bool:
        async with self._tx() as db:
            cur = await db.execute("UPDATE deadlines SET reminded = 1 WHERE game_id = ? AND "
                                   "version = ? AND reminded = 0", (game_id, version))
        return cur.rowcount == 1

    async def claim_deadlines(self, now: float, until: float) -> list[Deadline]:
        async with self._tx() as db, db.execute(_CLAIM_DEADLINES, (until, now, now)) as cur:
            rows = await cur.fetchall()
        return sorted((Deadline(r[0], r[1], r[2], bool(r[3])) for r in rows),
                      key=lambda d: d.due_at)

    async def claim_ai_turn(self, game_id: int, version: int, now: float, until: float) -> bool:
        # Lost in a power cut, a claim only lets the move be claimed again (the version's
        # compare-and-set still plays it once): no fsync of its own.
        return await self._write_unsynced(_CLAIM_AI, (until, game_id, version, now)) == 1

    # --- DMs -----------------------------------------------------------------------------
    async def set_dm_status(self, user_id: int, ok: bool) -> None:
        await self._write(
            "INSERT INTO dm_status (user_id, ok, checked_at) VALUES (?, ?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET ok = excluded.ok, "
            "checked_at = excluded.checked_at", (user_id, int(ok), time.time()))

    async def dm_status(self, user_id: int) -> bool | None:
        rows = await self._fetchall("SELECT ok FROM dm_status WHERE user_id = ?", (user_id,))
        return bool(rows[0][0]) if rows else None

    # --- per-seat reminders, the DM queue, user settings (migrations 7-9) ----------------
    async def mark_seat_reminders(self, game_id: int, dues: dict[str, float]) -> list[str]:
        marked = []
        async with self._tx() as db:
            for seat, due in sorted(dues.items()):
                cur = await db.execute(_MARK_SEAT_REMINDER, (game_id, seat, due))
                if cur.rowcount == 1:
                    marked.append(seat)
        return marked

    async def queue_dm(self, user_id: int, game_id: int, content: str,
                       hold_until: float | None = None) -> None:
        await self._write("INSERT INTO dm_queue (user_id, game_id, content, created_at, "
                          "hold_until) VALUES (?, ?, ?, ?, ?)",
                          (user_id, game_id, content, time.time(), hold_until))

    async def take_undelivered(self, user_id: int, game_id: int, *,
                               held: bool = False) -> list[str]:
        which = "" if held else " AND hold_until IS NULL"
        # Asked at every command and click: a read first, no write (no fsync) when empty.
        if not await self._fetchall("SELECT 1 FROM dm_queue WHERE user_id = ? AND game_id = ?"
                                    f"{which} LIMIT 1", (user_id, game_id)):
            return []
        async with self._tx() as db, db.execute(
                f"DELETE FROM dm_queue WHERE user_id = ? AND game_id = ?{which} "
                "RETURNING id, content", (user_id, game_id)) as cur:
            rows = await cur.fetchall()
        return [r[1] for r in sorted(rows, key=lambda r: r[0])]

    async def take_held(self, now: float) -> list[tuple[int, int, str]]:
        async with self._tx() as db, db.execute(
                "DELETE FROM dm_queue WHERE hold_until IS NOT NULL AND hold_until <= ? "
                "RETURNING id, user_id, game_id, content", (now,)) as cur:
            rows = await cur.fetchall()
        return [(r[1], r[2], r[3]) for r in sorted(rows, key=lambda r: r[0])]

    async def warn_once(self, user_id: int, game_id: int) -> bool:
        async with self._tx() as db:
            cur = await db.execute(
                "INSERT INTO dm_warnings (user_id, game_id, warned_at) VALUES (?, ?, ?) "
                "ON CONFLICT DO NOTHING", (user_id, game_id, time.time()))
        return cur.rowcount == 1

    async def user_settings(self, user_id: int) -> dict[str, Any] | None:
        rows = await self._fetchall("SELECT settings FROM user_settings WHERE user_id = ?",
                                    (user_id,))
        return dict(orjson.loads(rows[0][0])) if rows else None

    async def set_user_settings(self, user_id: int, settings: dict[str, Any]) -> None:
        await self._write(_SET_SETTINGS, (user_id, orjson.dumps(settings).decode(),
                                          time.time()))

    async def all_user_settings(self) -> dict[int, dict[str, Any]]:
        rows = await self._fetchall("SELECT user_id, settings FROM user_settings")
        return {int(r[0]): dict(orjson.loads(r[1])) for r in rows}

    async def advance_mark(self, user_id: int, kind: str, mark: float) -> bool:
        async with self._tx() as db:
            cur = await db.execute(_ADVANCE_MARK, (user_id, kind, mark))
            return bool(cur.rowcount == 1)

    async def seat_notes(self, game_id: int) -> dict[str, dict[str, Any]]:
        rows = await self._fetchall("SELECT seat, note FROM seat_notes WHERE game_id = ?",
                                    (game_id,))
        return {str(r[0]): dict(orjson.loads(r[1])) for r in rows}

    async def set_seat_notes(self, game_id: int,
                             notes: dict[str, dict[str, Any] | None]) -> None:
        now = time.time()
        async with self._tx() as db:
            for seat, note in notes.items():
                if note is None:
                    await db.execute("DELETE FROM seat_notes WHERE game_id = ? AND seat = ?",
                                     (game_id, seat))
                else:
                    await db.execute(_SET_NOTE, (game_id, seat, _note_json(note), now))

