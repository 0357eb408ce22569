"""`/away on until:` (bot/away.py): "until a date, in his time zone if set, else UTC; accept
YYYY-MM-DD and relative "3d"" (issue 13)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.away import MAX_DAYS, AwayError, parse_until

NOW = datetime(2026, 11, 27, 9, 30, tzinfo=UTC).timestamp()


def test_a_relative_duration_counts_from_now() -> None:
    assert parse_until("3d", NOW) == NOW + 3 * 86400
    assert parse_until(" 12H ", NOW) == NOW + 12 * 3600
    assert parse_until("2w", NOW) == NOW + 14 * 86400


def test_a_date_is_that_whole_day_in_utc_without_a_time_zone() -> None:
    assert parse_until("2026-12-05", NOW) == datetime(2026, 12, 6, tzinfo=UTC).timestamp()


def test_a_date_is_that_whole_day_in_his_time_zone() -> None:
    # Paris is UTC+1 in December: his midnight is 23:00 UTC the day before.
    expected = datetime(2026, 12, 5, 23, tzinfo=UTC).timestamp()
    assert parse_until("2026-12-05", NOW, "Europe/Paris") == expected
    # An unknown zone is no zone: UTC.
    assert (
        parse_until("2026-12-05", NOW, "Mars/Olympus")
        == datetime(2026, 12, 6, tzinfo=UTC).timestamp()
    )


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("tomorrow", "away_bad_date"),
        ("", "away_bad_date"),
        ("2026-13-01", "away_bad_date"),
        ("0d", "away_past_date"),
        ("2026-11-26", "away_past_date"),
        (f"{MAX_DAYS + 1}d", "away_too_far"),
        ("2027-12-31", "away_too_far"),
    ],
)
def test_a_bad_date_is_refused_with_a_stable_code(typed: str, code: str) -> None:
    with pytest.raises(AwayError) as refused:
        parse_until(typed, NOW)
    assert refused.value.code == code
