"""`python -m bot migrate-db --to postgresql://...`: copy a SQLite database into an empty
PostgreSQL database, then check the copy: every game record and action log equal to the
original, and every game's log replayed from its seed equal to its snapshot
(`GameService.verify`). The SQLite file is migrated to the latest schema first, and left as it
is otherwise: stop the bot before, start it on DATABASE_URL after."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .postgres import PostgresStorage
from .sqlite import SqliteStorage

# Copied in this order (foreign keys), every column. AI claims are not copied: a claim belongs
# to a running process, and the bot is stopped.
TABLES = {
    "games": ("id", "guild_id", "channel_id", "thread_id", "lobby_message_id", "creator_id",
              "game", "players", "options", "seed", "status", "version", "snapshot",
              "created_at", "updated_at"),
    "actions": ("game_id", "seq", "player", "user_id", "action", "created_at", "version"),
    "deadlines": ("game_id", "version", "due_at", "reminded"),
    "unpublished": ("game_id", "after_seq"),
    "dm_status": ("user_id", "ok", "checked_at"),
    "reminders": ("game_id", "seat", "due_at"),
    "dm_queue": ("id", "user_id", "game_id", "content", "created_at", "hold_until"),
    "dm_warnings": ("user_id", "game_id", "warned_at"),
    "user_settings": ("user_id", "settings", "updated_at"),
    "notify_marks": ("user_id", "kind", "mark"),
    "seat_notes": ("game_id", "seat", "note", "updated_at"),
}
# JSON: a BLOB in SQLite (as the bot writes it)
TEXT = {"players", "options", "action", "settings", "note"}


class MoveError(Exception):
    """The copy cannot be made, or does not match the original (the message says why)."""


@dataclass
class Moved:
    rows: dict[str, int] = field(default_factory=dict)
    games_replayed: int = 0


def _value(column: str, value: Any) -> Any:
    if column in TEXT and isinstance(value, bytes):
        return value.decode()
    return value


async def move(source: Path, url: str) -> Moved:
    if not source.exists():
        raise MoveError(f"{source}: no such SQLite database")
    src, dst = SqliteStorage(source), PostgresStorage(url)
    await src.open()
    try:
        await dst.open()
        try:
            return await _copy_and_check(src, dst)
        finally:
            await dst.close()
    finally:
        await src.close()


async def _copy_and_check(src: SqliteStorage, dst: PostgresStorage) -> Moved:
    from ..service import GameService

    moved = Moved()
    async with dst.pool.acquire() as con, con.transaction():
        if await con.fetchval("SELECT EXISTS (SELECT 1 FROM games)"):
            raise MoveError("the PostgreSQL database already holds games: give an empty one")
        for table, columns in TABLES.items():
            rows = await src._fetchall(f"SELECT {', '.join(columns)} FROM {table}")
            records = [tuple(_value(c, v) for c, v in zip(columns, row, strict=True))
                       for row in rows]
            await con.copy_records_to_table(table, records=records, columns=columns)
            moved.rows[table] = len(records)
        # New games are numbered after the copied ones.
        for table in ("games", "dm_queue"):
            await con.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                              f"GREATEST((SELECT MAX(id) FROM {table}), 1))")
    service = GameService(dst)
    for game in await src.games(("lobby", "active", "over", "abandoned")):
        copied = await dst.get_game(game.id)
        if copied != game:
            raise MoveError(f"game {game.id}: the copy differs from the original")
        if await dst.actions(game.id) != await src.actions(game.id):
            raise MoveError(f"game {game.id}: the copied action log differs")
        if not await service.verify(game.id):
            raise MoveError(f"game {game.id}: its action log does not replay to its snapshot")
        moved.games_replayed += 1
    return moved


def main(argv: Sequence[str]) -> int:
    import asyncio

    parser = argparse.ArgumentParser(prog="python -m bot migrate-db", description=__doc__)
    parser.add_argument("--to", required=True, metavar="postgresql://...",
                        help="the PostgreSQL database to fill (empty)")
    parser.add_argument("--from", dest="source", type=Path,
                        default=Path("./data/mare_nostrum.sqlite3"), metavar="PATH",
                        help="the SQLite database (default: %(default)s, DATABASE_PATH's "
                             "default)")
    args = parser.parse_args(list(argv))
    if not args.to.startswith(("postgresql://", "postgres://")):
        parser.error("--to must be a postgresql://... URL")
    try:
        moved = asyncio.run(move(args.source, args.to))
    except MoveError as exc:
        print(f"error: {exc}")
        return 1
    rows = ", ".join(f"{n} {table}" for table, n in moved.rows.items())
    print(f"copied {rows}; {moved.games_replayed} games checked and replayed: identical")
    return 0
