"""Settings from the environment, or from a `.env` file for what the environment leaves unset.

A pydantic-settings model: every variable is typed and checked when the bot starts, and a bad
value is refused with a line naming the variable and why (`SettingsError.problems`).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    Field,
    StringConstraints,
    ValidationError,
    ValidationInfo,
    field_validator,
)
from pydantic_core import ErrorDetails
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

NO_TOKEN = ("DISCORD_TOKEN is not set: put your bot token in the environment or in .env "
            "(see .env.example)")


class SettingsError(ValueError):
    """A setting is missing or malformed; each line of the message says what to set."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


class Settings(BaseSettings):
    """One field per variable: `DISCORD_TOKEN` is `discord_token`, and so on."""

    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8",
        env_ignore_empty=True,  # `DEV_GUILD_ID=` is unset, and never hides a value of .env
        extra="ignore",  # other variables of the environment or .env are not ours
        frozen=True,
    )

    discord_token: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1)] = (
        Field(repr=False))
    database_path: Path = Path("./data/mare_nostrum.sqlite3")
    default_deadline_hours: float = Field(default=24.0, gt=0, allow_inf_nan=False)
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    default_language: Literal["en", "fr"] = "en"
    # Pause between two AI moves, so humans can follow them in the thread (0: no pause).
    ai_pause_seconds: float = Field(default=2.0, allow_inf_nan=False)
    # Scaling out (docs/scaling.md). A PostgreSQL database instead of the SQLite file, which
    # several bot processes can share: postgresql://user:password@host:port/database.
    database_url: str | None = Field(default=None, repr=False)  # may hold a password
    database_pool_size: int = Field(default=10, gt=0)  # connections of each process
    # Discord shards: SHARD_COUNT in all, this process running SHARD_IDS ("0,1" or "0-3")
    # of them. Unset: one process runs every shard, as many as Discord recommends.
    shard_count: int | None = Field(default=None, gt=0)
    shard_ids: Annotated[list[int] | None, NoDecode] = None

    @field_validator("database_path", "default_deadline_hours", "dev_guild_id", "log_level",
                     "default_language", "ai_pause_seconds", "database_url",
                     "database_pool_size", "shard_count", "shard_ids", mode="before")
    @classmethod
    def _blank_is_default(cls, value: Any, info: ValidationInfo) -> Any:
        """Whitespace around a value is dropped; a blank value is no value: the default."""
        if not isinstance(value, str):
            return value
        value = value.strip()
        if not value:
            return cls.model_fields[str(info.field_name)].default
        return value

    @field_validator("default_language", mode="before")
    @classmethod
    def _lower(cls, value: Any) -> Any:
        return value.lower() if isinstance(value, str) else value

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        value = value.upper()
        if value not in logging.getLevelNamesMapping():
            raise ValueError("must be DEBUG, INFO, WARNING, ERROR or CRITICAL")
        return value

    @field_validator("database_url")
    @classmethod
    def _postgresql(cls, value: str | None) -> str | None:
        if value is not None and not value.startswith(("postgresql://", "postgres://")):
            raise ValueError("must be a postgresql://... URL (unset: the SQLite file of "
                             "DATABASE_PATH)")
        return value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _shard_list(cls, value: Any) -> Any:
        """ "0,1,4" or "0-3" (both ends included), or a mix: "0-3,8"."""
        if not isinstance(value, str):
            return value
        if not value.strip():
            return None  # blank: unset
        ids: list[int] = []
        for part in value.split(","):
            low, dash, high = part.strip().partition("-")
            if not (low.isdigit() and (not dash or high.isdigit())):
                raise ValueError("must be shard numbers: 0,1,2 or 0-3")
            ids.extend(range(int(low), int(high or low) + 1))
        return ids

    @field_validator("shard_ids")
    @classmethod
    def _shards_in_range(cls, value: list[int] | None,
                         info: ValidationInfo) -> list[int] | None:
        if value is None:
            return None
        count = info.data.get("shard_count")
        if count is None:
            raise ValueError("needs SHARD_COUNT, the number of shards of all processes")
        if not value or any(not 0 <= i < count for i in value) or len(set(value)) < len(value):
            raise ValueError(f"must be distinct shard numbers from 0 to {count - 1}")
        if len(value) < count and not info.data.get("database_url"):
            # The other shards run in other processes, which cannot share a SQLite file.
            raise ValueError("runs some of the shards only: every process needs the same "
                             "database, set DATABASE_URL=postgresql://...")
        return sorted(value)

    @field_validator("ai_pause_seconds")
    @classmethod
    def _no_negative_pause(cls, value: float) -> float:
        return max(0.0, value)


# Why a value is refused, by pydantic error type, when pydantic's own words are not the clearest.
_REASONS = {
    "float_parsing": "is not a number",
    "int_parsing": "is not a whole number (a server id)",
    "finite_number": "must be a finite number",
    "greater_than": "must be positive",
    "literal_error": "must be 'en' or 'fr'",
}


def _problem(error: ErrorDetails) -> str:
    """`NAME='value' why`: the variable as it is spelt in the environment and .env."""
    field = str(error["loc"][0]) if error["loc"] else ""
    if field == "discord_token":
        return NO_TOKEN  # missing or blank; a token is never echoed
    if field == "database_url":  # may hold a password: never echoed
        return f"DATABASE_URL {error['msg'].removeprefix('Value error, ')}"
    reason = _REASONS.get(error["type"]) or error["msg"].removeprefix("Value error, ")
    return f"{field.upper()}={error['input']!r} {reason}"


def load_settings(dotenv: Path | None = Path(".env")) -> Settings:
    """The process environment wins over the `.env` file (None: no file is read).

    Raises SettingsError with one line per bad or missing value."""
    try:
        return Settings(_env_file=dotenv)
    except ValidationError as exc:
        raise SettingsError([_problem(e) for e in exc.errors()]) from None
