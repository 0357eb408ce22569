"""Settings from the environment, or from a `.env` file (KEY=value lines) for what is unset."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path


class SettingsError(ValueError):
    """A setting is missing or malformed; the message says what to set."""


@dataclass(frozen=True, slots=True)
class Settings:
    discord_token: str
    database_path: Path = Path("./data/mare_nostrum.sqlite3")
    default_deadline_hours: float = 24.0
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    default_language: str = "en"
    # Pause between two AI moves, so humans can follow them in the thread (0: no pause).
    ai_pause_seconds: float = 2.0


def parse_dotenv(text: str) -> dict[str, str]:
    """`KEY=value` lines; `#` comments, `export ` prefixes and surrounding quotes allowed."""
    out: dict[str, str] = {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.removeprefix("export ").partition("=")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        elif " #" in value:
            value = value.split(" #", 1)[0].rstrip()
        out[key.strip()] = value
    return out


def load_settings(
    env: Mapping[str, str] | None = None, dotenv: Path | None = Path(".env")
) -> Settings:
    """The process environment wins over the `.env` file."""
    merged: dict[str, str] = {}
    if dotenv is not None and dotenv.is_file():
        merged.update(parse_dotenv(dotenv.read_text(encoding="utf-8")))
    merged.update({k: v for k, v in (os.environ if env is None else env).items() if v != ""})
    token = merged.get("DISCORD_TOKEN", "").strip()
    if not token:
        raise SettingsError(
            "DISCORD_TOKEN is not set: put your bot token in the environment or in .env "
            "(see .env.example)"
        )
    try:
        hours = float(merged.get("DEFAULT_DEADLINE_HOURS", "24"))
        ai_pause = max(0.0, float(merged.get("AI_PAUSE_SECONDS", "2")))
        guild = merged.get("DEV_GUILD_ID", "").strip()
        dev_guild = int(guild) if guild else None
    except ValueError as exc:
        raise SettingsError(f"bad number in settings: {exc}") from exc
    if hours <= 0:
        raise SettingsError("DEFAULT_DEADLINE_HOURS must be positive")
    language = merged.get("DEFAULT_LANGUAGE", "en").strip().lower() or "en"
    if language not in ("en", "fr"):
        raise SettingsError("DEFAULT_LANGUAGE must be 'en' or 'fr'")
    return Settings(
        discord_token=token,
        database_path=Path(merged.get("DATABASE_PATH", "./data/mare_nostrum.sqlite3")),
        default_deadline_hours=hours,
        dev_guild_id=dev_guild,
        log_level=merged.get("LOG_LEVEL", "INFO").strip().upper() or "INFO",
        default_language=language,
        ai_pause_seconds=ai_pause,
    )
