"""Each user's notification preferences (issue 13, `/settings`): how he is told of a decision
he owes (a thread ping, a DM, both, or a daily digest), his quiet hours and his time zone.

Stored as one JSON object per user (`user_settings`, migration 9), shared with `/away` (its
`away` key, only read here). The keys written here: `notify`, `digest_hour`, `quiet`
(`[start, end]` hours or absent) and `tz` (an IANA zone). Pure: no Discord, no database; the
clock is passed in (unix seconds)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache
from typing import Any, Literal, cast
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

Mode = Literal["both", "ping", "dm", "digest"]
MODES: tuple[Mode, ...] = ("both", "ping", "dm", "digest")
# Today's behaviour before /settings existed: the thread pings and a DM page per decision.
DEFAULT_MODE: Mode = "both"
DEFAULT_DIGEST_HOUR = 9
DEFAULT_ZONE = "UTC"
OWN_KEYS = ("notify", "digest_hour", "quiet", "tz")


class PrefsError(ValueError):
    """A setting refused: `code` names it in the catalog (`settings.error.<code>`)."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


@cache
def zone_names() -> tuple[str, ...]:
    """Every IANA zone this machine knows (tzdata), sorted: the autocomplete's list."""
    return tuple(sorted(available_timezones()))


def check_zone(name: str) -> str:
    """The zone's canonical spelling (case-insensitive match), or PrefsError."""
    wanted = name.strip().casefold()
    for known in zone_names():
        if known.casefold() == wanted:
            return known
    raise PrefsError("bad_timezone", name=name.strip()[:64])


def check_hour(hour: int) -> int:
    if not 0 <= hour <= 23:
        raise PrefsError("bad_hour", hour=hour)
    return hour


def matching_zones(typed: str, limit: int = 25) -> list[str]:
    """Autocomplete: the zones holding what was typed (a prefix match first)."""
    wanted = typed.strip().casefold().replace(" ", "_")
    names = zone_names()
    first = [z for z in names if z.casefold().startswith(wanted)]
    rest = [z for z in names if wanted in z.casefold() and z not in first]
    return (first + rest)[:limit]


@dataclass(frozen=True, slots=True)
class Prefs:
    notify: Mode = DEFAULT_MODE
    digest_hour: int = DEFAULT_DIGEST_HOUR
    quiet: tuple[int, int] | None = None  # (start, end) local hours, end excluded
    tz: str = DEFAULT_ZONE

    @property
    def zone(self) -> ZoneInfo:
        try:
            return ZoneInfo(self.tz)
        except (ZoneInfoNotFoundError, ValueError):
            return ZoneInfo(DEFAULT_ZONE)

    def local(self, now: float) -> datetime:
        return datetime.fromtimestamp(now, self.zone)

    def _at_hour(self, now: float, hour: int, *, after: bool) -> float:
        """The next (`after`) or the last moment at `hour`:00 local time, from `now`."""
        here = self.local(now)
        moment = here.replace(hour=hour, minute=0, second=0, microsecond=0)
        if after and moment.timestamp() <= now:
            moment = (here + timedelta(days=1)).replace(
                hour=hour, minute=0, second=0, microsecond=0
            )
        elif not after and moment.timestamp() > now:
            moment = (here - timedelta(days=1)).replace(
                hour=hour, minute=0, second=0, microsecond=0
            )
        return moment.timestamp()

    def in_quiet(self, now: float) -> bool:
        if self.quiet is None:
            return False
        start, end = self.quiet
        hour = self.local(now).hour
        return start <= hour < end if start < end else hour >= start or hour < end

    def quiet_end(self, now: float) -> float:
        """When the quiet hours around `now` end (`now` itself outside them)."""
        if self.quiet is None or not self.in_quiet(now):
            return now
        return self._at_hour(now, self.quiet[1], after=True)

    def quiet_start(self, now: float) -> float | None:
        """When the next quiet hours start (None: no quiet hours)."""
        return None if self.quiet is None else self._at_hour(now, self.quiet[0], after=True)

    def pings(self, now: float) -> bool:
        """May the thread ping him now for a decision?"""
        return self.notify in ("both", "ping") and not self.in_quiet(now)

    def dms(self, now: float) -> bool:
        """Does a decision page go to him by DM now?"""
        return self.notify in ("both", "dm") and not self.in_quiet(now)

    def digest_slot(self, now: float) -> float:
        """The last scheduled digest (his digest hour, local time) at or before `now`."""
        return self._at_hour(now, self.digest_hour, after=False)

    def next_digest(self, now: float) -> float:
        """When the next digest goes: his digest hour, after the quiet hours it falls in."""
        slot = self._at_hour(now, self.digest_hour, after=True)
        return self.quiet_end(slot)

    def hold_until(self, now: float) -> float | None:
        """Until when a private line for him waits: None to send it now; the end of his quiet
        hours; his next digest (digest mode)."""
        if self.notify == "digest":
            return self.next_digest(now)
        return self.quiet_end(now) if self.in_quiet(now) else None


def prefs_of(settings: dict[str, Any] | None) -> Prefs:
    """The preferences in a user's stored JSON; a value that does not read (edited by hand,
    an older shape) keeps its default."""
    data = settings or {}
    mode = data.get("notify")
    hour = data.get("digest_hour")
    quiet = data.get("quiet")
    tz = data.get("tz")
    ok_quiet = (
        isinstance(quiet, list)
        and len(quiet) == 2
        and all(isinstance(h, int) and 0 <= h <= 23 for h in quiet)
        and quiet[0] != quiet[1]
    )
    return Prefs(
        notify=cast("Mode", mode) if mode in MODES else DEFAULT_MODE,
        digest_hour=hour if isinstance(hour, int) and 0 <= hour <= 23 else DEFAULT_DIGEST_HOUR,
        quiet=(int(quiet[0]), int(quiet[1])) if ok_quiet and isinstance(quiet, list) else None,
        tz=tz if isinstance(tz, str) and tz in zone_names() else DEFAULT_ZONE,
    )


def with_quiet(settings: dict[str, Any], start: int, end: int) -> dict[str, Any]:
    if check_hour(start) == check_hour(end):
        raise PrefsError("empty_quiet", hour=start)
    return {**settings, "quiet": [start, end]}


@dataclass(frozen=True, slots=True)
class Away:
    """The `/away` engineer's key, as /settings show reads it."""

    until: datetime
    mode: str


def away_of(settings: dict[str, Any] | None) -> Away | None:
    raw = (settings or {}).get("away")
    if not isinstance(raw, dict):
        return None
    try:
        until = datetime.fromisoformat(str(raw["until"]))
    except (KeyError, ValueError):
        return None
    return Away(until, str(raw.get("mode", "")))
