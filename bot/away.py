"""Away mode (issue 13): a player away until a date has every decision he owes, in all his
games, answered at once — by the game's `standard` AI seeing only his view ("ai"), or by the
deadline's documented default ("defaults"). Kept in his `user_settings` under `away`:
`{"until": ISO-8601 UTC, "mode": "ai"|"defaults", "since": ISO-8601 UTC}`; the `tz` key (his
time zone, set by `/settings`) is read, never written here. Nothing Discord here."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from .storage import Storage

AWAY = "away"
MODES = ("ai", "defaults")
MAX_DAYS = 90  # a longer absence is a seat to give away (`/mn replace`), not a holiday
_RELATIVE = re.compile(r"^\s*(\d{1,3})\s*([hdw])\s*$", re.IGNORECASE)
_DATE = re.compile(r"^\s*(\d{4})-(\d{2})-(\d{2})\s*$")
_UNIT_HOURS = {"h": 1, "d": 24, "w": 24 * 7}


class AwayError(Exception):
    """A refused `/away` (its `code` is an `error.*` key); nothing is saved."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


def zone(name: Any) -> ZoneInfo | None:
    """The user's time zone (`tz` of his settings), None when unset or unknown."""
    if not isinstance(name, str) or not name:
        return None
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return None


def parse_until(text: str, now: float, tz: Any = None) -> float:
    """When an away ends, from what the user typed: "3d" (also "12h", "2w") from now, or a
    date "YYYY-MM-DD" — away through that whole day, in his time zone (`tz`) if he set one,
    else UTC: he is back at the next midnight. Refused: anything else, a time already past,
    more than MAX_DAYS ahead."""
    relative = _RELATIVE.match(text or "")
    if relative:
        hours = int(relative[1]) * _UNIT_HOURS[relative[2].lower()]
        until = now + hours * 3600
    else:
        day = _DATE.match(text or "")
        if day is None:
            raise AwayError("away_bad_date", text=(text or "")[:40])
        try:
            start = datetime(int(day[1]), int(day[2]), int(day[3]), tzinfo=zone(tz) or UTC)
        except ValueError:
            raise AwayError("away_bad_date", text=text.strip()[:40]) from None
        until = (start + timedelta(days=1)).timestamp()
    if until <= now:
        raise AwayError("away_past_date", text=text.strip()[:40])
    if until > now + MAX_DAYS * 86400:
        raise AwayError("away_too_far", days=MAX_DAYS)
    return until


def iso(when: float) -> str:
    return datetime.fromtimestamp(when, UTC).isoformat(timespec="seconds")


def seconds(stamp: str) -> float:
    return datetime.fromisoformat(stamp).timestamp()


class AwayBook:
    """Who is away, cached from `user_settings` (loaded at start and at every scan, so that
    another process's `/away` is seen within a minute), written through on each change."""

    def __init__(self, storage: Storage, clock: Callable[[], float]) -> None:
        self.storage = storage
        self.clock = clock
        self._away: dict[int, dict[str, Any]] = {}

    async def load(self) -> None:
        every = await self.storage.all_user_settings()
        self._away = {
            user: dict(s[AWAY]) for user, s in every.items() if isinstance(s.get(AWAY), dict)
        }

    def entry(self, user: int) -> dict[str, Any] | None:
        """His away, while it lasts (its `until` still ahead)."""
        found = self._away.get(user)
        if found is None or seconds(found["until"]) <= self.clock():
            return None
        return found

    def mode(self, user: int | None) -> str | None:
        found = self.entry(user) if user is not None else None
        return str(found["mode"]) if found else None

    def until(self, user: int | None) -> float | None:
        found = self.entry(user) if user is not None else None
        return seconds(found["until"]) if found else None

    async def tz(self, user: int) -> Any:
        return ((await self.storage.user_settings(user)) or {}).get("tz")

    async def start(self, user: int, until: float, mode: str) -> dict[str, Any]:
        """Away from now until `until`; a new `/away on` replaces the dates and mode but
        keeps the first `since` (what was played for him since then is still to tell)."""
        if mode not in MODES:
            raise AwayError("away_bad_mode", mode=mode)
        settings = dict((await self.storage.user_settings(user)) or {})
        kept = settings.get(AWAY) if isinstance(settings.get(AWAY), dict) else None
        since = (
            kept["since"] if kept and seconds(kept["until"]) > self.clock() else iso(self.clock())
        )
        entry = {"until": iso(until), "mode": mode, "since": since}
        settings[AWAY] = entry
        await self.storage.set_user_settings(user, settings)
        self._away[user] = entry
        return entry

    async def end(self, user: int) -> dict[str, Any] | None:
        """Back: his away removed (None: he was not away)."""
        settings = dict((await self.storage.user_settings(user)) or {})
        entry = settings.pop(AWAY, None)
        self._away.pop(user, None)
        if not isinstance(entry, dict):
            return None
        await self.storage.set_user_settings(user, settings)
        return entry

    async def expired(self) -> list[tuple[int, dict[str, Any]]]:
        """The aways whose `until` has come, each now ended: (user, its entry). Read from the
        database, so that a restart or another process never loses one."""
        await self.load()
        now = self.clock()
        done = []
        for user, entry in list(self._away.items()):
            if seconds(entry["until"]) <= now and await self.end(user) is not None:
                done.append((user, entry))
        return done
