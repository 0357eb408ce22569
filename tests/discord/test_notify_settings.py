"""Issue 13 through the fake Discord: « notification preferences per user (`/settings`):
thread ping, DM, both, or a daily digest; quiet hours in the user's time zone » — the command,
and who is pinged and who gets DMs in each mode, in quiet hours, and in the digest."""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from bot.ai import make_player
from tests.discord.harness import CHANNEL, Harness, Sent
from tests.discord.test_full_game import _play_one
from tests.discord.watch import start_game
from tests.helpers import Clock

CREATOR, ANA, BOB = 1, 2, 3
USERS = (CREATOR, ANA, BOB)
MENTION = re.compile(r"<@(\d+)>")


def at(zone: str, year: int, month: int, day: int, hour: int, minute: int) -> float:
    return datetime(year, month, day, hour, minute, tzinfo=ZoneInfo(zone)).timestamp()


def pinged(h: Harness, channel: int, since: int = 0) -> set[int]:
    """The users notified by the bot's new messages in a channel (Discord pings a mention on
    a new message only, when its allowed_mentions let it)."""
    out: set[int] = set()
    for method, path, payload in h.api.log[since:]:
        if method != "POST" or path != f"/channels/{channel}/messages":
            continue
        allowed = (payload or {}).get("allowed_mentions") or {"parse": ["users"]}
        mentioned = {int(m) for m in MENTION.findall(payload.get("content") or "")}
        if "users" in allowed.get("parse", []):
            out |= mentioned
        else:
            out |= mentioned & {int(u) for u in allowed.get("users", [])}
    return out


async def settle_settings(h: Harness, user: int, **commands: dict[str, Any]) -> None:
    for sub, options in commands.items():
        iid = await h.command(user, f"/settings {sub.replace('_', ' ')}", **options)
        (answer,) = h.api.responses(iid)
        assert answer.ephemeral and "✅" in answer.content, answer.content


async def owed_user(h: Harness) -> int:
    record = await h.bot.service.game(1)
    (seat,) = h.bot.service.dues_of(record)
    user = record.user_of(seat)
    assert user is not None
    return user


def decision_pages(h: Harness, user: int, since: int) -> list[Sent]:
    return [m for m in h.api.dms(user)[since:] if m.custom_ids()]


# --- the command ------------------------------------------------------------------------
async def test_settings_show_is_private_and_names_the_default(h: Harness) -> None:
    iid = await h.command(ANA, "/settings show")
    (answer,) = h.api.responses(iid)
    assert (
        answer.ephemeral
        and "Both: a ping in the game's thread and a direct message" in answer.text
        and "UTC" in answer.text
    )
    iid = await h.command(ANA, "/settings show", locale="fr")
    assert "Les deux" in h.api.responses(iid)[0].text


async def test_settings_show_reads_the_away_key_of_slash_away(h: Harness) -> None:
    until = h.bot.service.clock() + 86400
    await h.bot.storage.set_user_settings(
        ANA,
        {
            "away": {
                "until": datetime.fromtimestamp(until, ZoneInfo("UTC")).isoformat(),
                "mode": "ai",
                "since": "2026-01-01T00:00:00+00:00",
            }
        },
    )
    iid = await h.command(ANA, "/settings show")
    text = h.api.responses(iid)[0].text
    assert "Away" in text and f"<t:{int(until)}:f>" in text and "the AI plays for you" in text


async def test_settings_work_in_direct_messages_too(h: Harness) -> None:
    """« Settings apply across all his games and servers »: nothing ties them to a server."""
    await settle_settings(h, ANA, notify={"mode": "dm"})
    iid = await h.command(ANA, "/settings show", dm=True)
    (answer,) = h.api.responses(iid)
    assert "A direct message (your name in the thread does not ping you)" in answer.text


async def test_each_setting_is_saved_and_keeps_the_others(h: Harness) -> None:
    away = {"until": "2030-01-01T00:00:00+00:00", "mode": "defaults"}
    await h.bot.storage.set_user_settings(ANA, {"away": away})
    await settle_settings(
        h,
        ANA,
        notify={"mode": "dm"},
        digest={"hour": 7},
        quiet_hours={"start": 22, "end": 7},
        timezone={"name": "europe/paris"},
    )
    assert await h.bot.storage.user_settings(ANA) == {
        "away": away,
        "notify": "dm",
        "digest_hour": 7,
        "quiet": [22, 7],
        "tz": "Europe/Paris",
    }
    await settle_settings(h, ANA, quiet_off={})
    assert "quiet" not in (await h.bot.storage.user_settings(ANA) or {})


async def test_a_bad_time_zone_is_refused_in_the_users_language_and_nothing_saved(
    h: Harness,
) -> None:
    await settle_settings(h, ANA, notify={"mode": "ping"})
    before = await h.bot.storage.user_settings(ANA)
    iid = await h.command(ANA, "/settings timezone", name="Mars/Olympus")
    (answer,) = h.api.responses(iid)
    assert answer.ephemeral and "“Mars/Olympus” is not a time zone" in answer.content
    iid = await h.command(ANA, "/settings timezone", locale="fr", name="Paris")
    (answer,) = h.api.responses(iid)
    assert answer.ephemeral and "« Paris » n'est pas un fuseau horaire" in answer.content
    iid = await h.command(ANA, "/settings quiet hours", start=6, end=6)
    assert "would be empty" in h.api.responses(iid)[0].content
    assert await h.bot.storage.user_settings(ANA) == before


async def test_the_time_zone_is_autocompleted_from_the_iana_list(h: Harness) -> None:
    choices = await h.autocomplete(ANA, "/settings timezone", "name", "America/New")
    assert choices[0]["value"] == "America/New_York" and len(choices) <= 25


# --- delivery -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("mode", "ping", "dm"),
    [
        ("both", True, True),
        ("ping", True, False),
        ("dm", False, True),
        ("digest", False, False),
    ],
)
async def test_each_mode_decides_who_is_pinged_and_who_gets_the_dm(
    h: Harness, mode: str, ping: bool, dm: bool
) -> None:
    """« ping → the thread waiting line mentions him, no DM …; dm → DM page, no @-mention in
    the thread; both → today's; digest → neither per decision »."""
    for user in USERS:
        await settle_settings(h, user, notify={"mode": mode})
    dms = {user: len(h.api.dms(user)) for user in USERS}
    since = len(h.api.log)
    await start_game(h, USERS)
    thread = h.api.thread_of(CHANNEL)
    user = await owed_user(h)
    waiting = [m for m in h.api.in_channel(thread) if "Waiting for" in m.content]
    assert waiting and f"<@{user}>" in waiting[-1].content  # his name is always there
    assert (user in pinged(h, thread, since)) == ping
    assert bool(decision_pages(h, user, dms[user])) == dm
    if not dm:  # his page is still one click away
        button = next(
            m for m in reversed(h.api.in_channel(thread)) if "mn:1:turn" in m.custom_ids()
        )
        iid = await h.click(user, button, "mn:1:turn")
        assert any(r.ephemeral and r.custom_ids() for r in h.api.responses(iid))


async def test_quiet_hours_in_tokyo_hold_pings_and_dms_until_they_end(tmp_path: Path) -> None:
    """« Quiet hours: no ping and no DM to him inside them (reminders included); what would
    have been sent is delivered once, grouped, when they end (durable across restarts) »."""
    db = tmp_path / "games.sqlite3"
    night = at("Asia/Tokyo", 2026, 3, 10, 23, 30)
    async with Harness(db) as first:
        first.bot.service.clock = Clock(night)
        for user in USERS:
            await settle_settings(
                first, user, timezone={"name": "Asia/Tokyo"}, quiet_hours={"start": 22, "end": 7}
            )
        dms = {user: len(first.api.dms(user)) for user in USERS}
        since = len(first.api.log)
        await start_game(first, USERS)
        thread = first.api.thread_of(CHANNEL)
        user = await owed_user(first)
        assert user not in pinged(first, thread, since)
        assert not decision_pages(first, user, dms[user])
        kept = len(first.api.dms(user))
        await first.cog().tick()  # still night: nothing goes
        assert len(first.api.dms(user)) == kept
    async with Harness(db) as second:  # a restart before the morning
        second.bot.service.clock = Clock(at("Asia/Tokyo", 2026, 3, 11, 7, 1))
        await second.cog().tick()
        (grouped,) = second.api.dms(user)
        assert "quiet hours are over" in grouped.content and "Game #1" in grouped.content
        assert f"/{thread}" in grouped.content and "mn:1:turn" in grouped.custom_ids()
        await second.cog().tick()
        assert len(second.api.dms(user)) == 1  # once


async def _owed_due(h: Harness, quiet: tuple[float, int]) -> tuple[int, float]:
    """Game #1 started; its awaited player given quiet hours in Tokyo from the hour of the
    instant `quiet[0]` (seconds before his deadline) for `quiet[1]` hours: (user, deadline)."""
    await start_game(h, USERS)
    user = await owed_user(h)
    record = await h.bot.service.game(1)
    (due,) = h.bot.service.dues_of(record).values()
    start = datetime.fromtimestamp(due - quiet[0], ZoneInfo("Asia/Tokyo")).hour
    await settle_settings(
        h,
        user,
        timezone={"name": "Asia/Tokyo"},
        quiet_hours={"start": start, "end": (start + quiet[1]) % 24},
    )
    return user, due


async def test_a_reminder_due_in_quiet_hours_waits_for_their_end(h: Harness) -> None:
    """The deadline passes after the quiet hours: the reminder comes when they end, with the
    deadline and the button."""
    user, due = await _owed_due(h, (5 * 3600, 2))
    h.bot.service.clock = Clock(due - 5 * 3600)  # a quarter of the time left, at night
    before = len(h.api.dms(user))
    await h.cog().tick()
    assert len(h.api.dms(user)) == before  # held
    h.bot.service.clock = Clock(due - 3 * 3600)  # the quiet hours are over
    await h.cog().tick()
    (told,) = h.api.dms(user)[before:]
    assert f"<t:{int(due)}:R>" in told.content and "mn:1:turn" in told.custom_ids()
    await h.cog().tick()
    assert len(h.api.dms(user)) == before + 1


async def test_a_reminder_whose_deadline_passes_in_quiet_hours_comes_before_them(
    h: Harness,
) -> None:
    """The reminder's moment and the deadline both fall in the quiet hours: it is brought
    forward to just before they start (after them would be too late), once."""
    user, due = await _owed_due(h, (7 * 3600, 8))
    record = await h.bot.service.game(1)
    prefs = await h.bot.notifier.prefs.of(user)
    start = prefs.quiet_start(due - 8 * 3600)
    assert start is not None and start <= due - 6 * 3600 and prefs.quiet_end(start) >= due
    h.bot.service.clock = Clock(start - 600)
    before = len(h.api.dms(user))
    await h.cog().tick()
    (reminder,) = h.api.dms(user)[before:]
    assert "Reminder" in reminder.content and f"<t:{int(due)}:R>" in reminder.content
    h.bot.service.clock = Clock(due - 6 * 3600 + 60)  # the reminder's own moment
    await h.cog().tick()
    assert len(h.api.dms(user)) == before + 1 and record.id == 1


async def test_digest_once_a_day_across_a_restart(tmp_path: Path) -> None:
    """« digest → … one DM per day at his digest hour listing his games awaiting him (links,
    deadlines), sent durably (survives a restart: persisted schedule/last-sent, no double
    send) »."""
    db = tmp_path / "games.sqlite3"
    zone = "America/New_York"
    async with Harness(db) as first:
        first.bot.service.clock = Clock(at(zone, 2026, 6, 1, 7, 0))
        for user in USERS:
            await settle_settings(
                first, user, timezone={"name": zone}, digest={"hour": 8}, notify={"mode": "digest"}
            )
        iid = await first.command(ANA, "/settings show")
        eight = int(at(zone, 2026, 6, 1, 8, 0))
        assert f"08:00 (next: <t:{eight}:R>)" in first.api.responses(iid)[0].text
        await start_game(first, USERS)
        user = await owed_user(first)
        dms = {user: len(first.api.dms(user)) for user in USERS}
        assert not decision_pages(first, user, 0)
        await first.cog().tick()  # 07:00: not yet
        assert {u: len(first.api.dms(u)) for u in USERS} == dms
        prefs = await first.bot.notifier.prefs.of(user)
        await first.bot.notifier.private_line(user, 1, "You receive: 2× coin.")
        assert len(first.api.dms(user)) == dms[user]  # held for the digest
        first.bot.service.clock = Clock(at(zone, 2026, 6, 1, 8, 2))
        assert prefs.next_digest(at(zone, 2026, 6, 1, 7, 0)) <= first.bot.service.clock()
        await first.cog().tick()
        (digest,) = first.api.dms(user)[dms[user] :]
        assert "daily digest" in digest.content and "Game #1" in digest.content
        assert "You receive: 2× coin." in digest.content
        record = await first.bot.service.game(1)
        due = first.bot.service.dues_of(record)[str(record.seat_of(user).seat)]  # type: ignore[union-attr]
        assert f"<t:{int(due)}:R>" in digest.content and "mn:1:turn" in digest.custom_ids()
        others = [u for u in USERS if u != user]
        assert all(len(first.api.dms(u)) == dms[u] for u in others)  # nothing awaits them
        await first.cog().tick()
        assert len(first.api.dms(user)) == dms[user] + 1
    async with Harness(db) as second:
        second.bot.service.clock = Clock(at(zone, 2026, 6, 1, 8, 30))
        await second.cog().tick()
        assert not second.api.dms(user)  # sent already, by the first process


async def test_ping_mode_pings_each_new_decision_and_its_reminder_in_the_thread(
    h: Harness,
) -> None:
    """« ping → the thread waiting line mentions him, no DM notification for a new decision »:
    a decision owed on a page that is only edited (an edit pings nobody) gets a ping line of
    its own; the reminder is a ping too, never a DM."""
    for user in USERS:
        await settle_settings(h, user, notify={"mode": "ping"})
    await start_game(h, USERS)
    thread = h.api.thread_of(CHANNEL)
    first = await owed_user(h)
    record = await h.bot.service.game(1)
    ais = {str(s.seat): make_player("standard", i) for i, s in enumerate(record.players)}
    dms = {user: len(h.api.dms(user)) for user in USERS}
    since = len(h.api.log)
    await _play_one(h, ais)
    record = await h.bot.service.game(1)
    dues = h.bot.service.dues_of(record)
    newly = {record.user_of(seat) for seat in dues} - {first}
    assert newly and newly <= pinged(h, thread, since)
    assert all(not decision_pages(h, user, dms[user]) for user in USERS)
    seat, due = min(dues.items(), key=lambda item: item[1])
    reminded = record.user_of(seat)
    h.bot.service.clock = Clock(due - 3600)
    since = len(h.api.log)
    await h.cog().tick()
    assert reminded in pinged(h, thread, since)
    assert any("Reminder" in m.content for m in h.api.in_channel(thread))
    assert all(not decision_pages(h, u, dms[u]) for u in USERS)
    assert all("Reminder" not in m.content for u in USERS for m in h.api.dms(u))


async def test_ping_mode_private_lines_wait_for_his_next_command(h: Harness) -> None:
    """« his private information still reachable … private lines wait for it as closed-DM
    lines do »: no DM, shown privately after his next command in that game."""
    await start_game(h, USERS)
    thread = h.api.thread_of(CHANNEL)
    await settle_settings(h, BOB, notify={"mode": "ping"})
    before = len(h.api.dms(BOB))
    await h.bot.notifier.private_line(BOB, 1, "You receive: 2× coin.")
    assert len(h.api.dms(BOB)) == before
    iid = await h.command(BOB, "status", channel=thread)
    shown = "\n".join(m.content for m in h.api.responses(iid) if m.ephemeral)
    assert "You receive: 2× coin." in shown
