"""Persistence behind a small protocol: `Storage`; `SqliteStorage` (the default, one process)
and `PostgresStorage` (several processes on one database, docs/scaling.md) implement it."""

from pathlib import Path

from .base import ActionRecord, Deadline, GameRecord, Seat, Storage, VersionConflict
from .postgres import PostgresStorage
from .sqlite import SqliteStorage

__all__ = ["ActionRecord", "Deadline", "GameRecord", "PostgresStorage", "Seat", "SqliteStorage",
           "Storage", "VersionConflict", "storage_for"]


def storage_for(database_url: str | None, database_path: Path, *,
                pool_size: int = 10) -> Storage:
    """PostgreSQL when a `postgresql://` URL is given, else the SQLite file at `database_path`."""
    if database_url:
        return PostgresStorage(database_url, pool_size=pool_size)
    return SqliteStorage(database_path)
