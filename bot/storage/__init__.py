"""Persistence behind a small protocol: `Storage`; `SqliteStorage` implements it."""

from .base import ActionRecord, Deadline, GameRecord, Seat, Storage, VersionConflict
from .sqlite import SqliteStorage

__all__ = ["ActionRecord", "Deadline", "GameRecord", "Seat", "SqliteStorage", "Storage",
           "VersionConflict"]
