"""Issue 13: « notification preferences per user (`/settings`): thread ping, DM, both, or a
daily digest; quiet hours in the user's time zone » — the pure part (bot/notify_prefs.py)."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.notify_prefs import (
    DEFAULT_MODE,
    PrefsError,
    away_of,
    check_zone,
    matching_zones,
    prefs_of,
    with_quiet,
)


def at(zone: str, year: int, month: int, day: int, hour: int, minute: int) -> float:
    return datetime(year, month, day, hour, minute, tzinfo=ZoneInfo(zone)).timestamp()


def test_the_default_is_todays_behaviour_both_a_ping_and_a_dm() -> None:
    prefs = prefs_of(None)
    assert DEFAULT_MODE == "both" and prefs.notify == "both"
    assert prefs.pings(0.0) and prefs.dms(0.0) and prefs.hold_until(0.0) is None


@pytest.mark.parametrize(
    ("mode", "ping", "dm"),
    [
        ("both", True, True),
        ("ping", True, False),
        ("dm", False, True),
        ("digest", False, False),
    ],
)
def test_thread_ping_dm_both_or_a_daily_digest(mode: str, ping: bool, dm: bool) -> None:
    prefs = prefs_of({"notify": mode})
    assert (prefs.pings(0.0), prefs.dms(0.0)) == (ping, dm)


def test_quiet_hours_in_the_users_time_zone_across_midnight() -> None:
    """22:00 to 07:00 in Tokyo (UTC+9): quiet at 23:30 and 06:59 there, not at 07:00."""
    prefs = prefs_of({"quiet": [22, 7], "tz": "Asia/Tokyo"})
    night = at("Asia/Tokyo", 2026, 3, 10, 23, 30)
    assert prefs.in_quiet(night) and not prefs.pings(night) and not prefs.dms(night)
    assert prefs.in_quiet(at("Asia/Tokyo", 2026, 3, 11, 6, 59))
    assert not prefs.in_quiet(at("Asia/Tokyo", 2026, 3, 11, 7, 0))
    assert prefs.quiet_end(night) == at("Asia/Tokyo", 2026, 3, 11, 7, 0)
    assert prefs.hold_until(night) == at("Asia/Tokyo", 2026, 3, 11, 7, 0)
    # The same instant is 15:30 in Paris: not quiet for a Parisian with the same hours.
    assert not prefs_of({"quiet": [22, 7], "tz": "Europe/Paris"}).in_quiet(night)


def test_quiet_hours_within_a_day_and_across_a_change_of_summer_time() -> None:
    prefs = prefs_of({"quiet": [1, 5], "tz": "Europe/Paris"})
    # The night summer time starts in Paris (29 March 2026, 02:00 → 03:00).
    night = at("Europe/Paris", 2026, 3, 29, 1, 30)
    assert prefs.in_quiet(night)
    assert prefs.quiet_end(night) == at("Europe/Paris", 2026, 3, 29, 5, 0)
    assert not prefs.in_quiet(at("Europe/Paris", 2026, 3, 29, 12, 0))


def test_the_digest_comes_at_its_hour_and_after_quiet_hours() -> None:
    prefs = prefs_of({"notify": "digest", "digest_hour": 8, "tz": "America/New_York"})
    morning = at("America/New_York", 2026, 6, 1, 9, 15)
    assert prefs.digest_slot(morning) == at("America/New_York", 2026, 6, 1, 8, 0)
    assert prefs.digest_slot(at("America/New_York", 2026, 6, 1, 7, 0)) == at(
        "America/New_York", 2026, 5, 31, 8, 0
    )
    assert prefs.next_digest(morning) == at("America/New_York", 2026, 6, 2, 8, 0)
    late = prefs_of(
        {"notify": "digest", "digest_hour": 23, "quiet": [22, 7], "tz": "America/New_York"}
    )
    assert late.next_digest(morning) == at("America/New_York", 2026, 6, 2, 7, 0)


def test_a_bad_time_zone_is_refused_with_a_stable_code() -> None:
    assert check_zone("europe/paris") == "Europe/Paris"
    with pytest.raises(PrefsError) as refused:
        check_zone("Mars/Olympus_Mons")
    assert refused.value.code == "bad_timezone"
    assert matching_zones("Europe/Pa")[0] == "Europe/Paris"
    assert len(matching_zones("")) == 25


def test_empty_quiet_hours_are_refused() -> None:
    with pytest.raises(PrefsError) as refused:
        with_quiet({}, 5, 5)
    assert refused.value.code == "empty_quiet"
    assert with_quiet({"away": {"x": 1}}, 22, 7) == {"away": {"x": 1}, "quiet": [22, 7]}


def test_stored_values_that_do_not_read_keep_their_defaults() -> None:
    prefs = prefs_of({"notify": "loud", "digest_hour": 31, "quiet": [3, 3], "tz": "Nowhere"})
    assert (prefs.notify, prefs.digest_hour, prefs.quiet, prefs.tz) == ("both", 9, None, "UTC")


def test_the_away_key_of_slash_away_is_read() -> None:
    away = away_of(
        {
            "away": {
                "until": "2026-06-01T12:00:00+00:00",
                "mode": "ai",
                "since": "2026-05-20T12:00:00+00:00",
            }
        }
    )
    assert away is not None and away.mode == "ai" and away.until.year == 2026
    assert away_of({"away": {"until": "soon"}}) is None and away_of(None) is None
