"""Administration through Discord: pause, resume, replace, kick (autopilot), deadline —
by the creator, by a server manager, refused for anyone else; persisted across a restart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.discord.harness import Harness, Sent, UserArg
from tests.discord.test_flow import CREATOR, _ask, _started, _user

MANAGER, STRANGER, NEWCOMER = 50, 60, 70
MANAGE_GUILD = 1 << 5


def _thread_text(h: Harness, thread: int) -> str:
    return "\n".join(m.content for m in h.api.in_channel(thread))


def _page(h: Harness, user: int) -> Sent:
    return [m for m in h.api.dms(user) if m.custom_ids()][-1]


@pytest.mark.parametrize(("sub", "options"), [
    ("pause", {}), ("resume", {}), ("deadline", {"hours": 2}),
    ("kick", {"player": UserArg(CREATOR)}),
    ("replace", {"player": UserArg(CREATOR), "by": UserArg(NEWCOMER)}),
])
async def test_admin_commands_are_refused_to_a_stranger(h: Harness, sub: str,
                                                        options: dict[str, Any]) -> None:
    record, thread = await _started(h)
    before = (await h.bot.service.game(1)).version
    iid = await h.command(STRANGER, sub, channel=thread, **options)
    (refusal,) = h.api.responses(iid)
    assert refusal.ephemeral and "Manage Server" in refusal.content
    iid = await h.command(STRANGER, sub, channel=thread, locale="fr", **options)
    assert "Gérer le serveur" in h.api.responses(iid)[0].content
    # A player who is not the creator is refused too.
    other = next(s.user for s in record.players if s.user != CREATOR)
    iid = await h.command(other, sub, channel=thread, **options)
    assert "Manage Server" in h.api.responses(iid)[0].content
    assert (await h.bot.service.game(1)).version == before


async def test_pause_blocks_clicks_and_deadlines_resume_rearms(h: Harness) -> None:
    record, thread = await _started(h)
    rome = _user(record, "rome")
    await _ask(h, ["rome"])
    page = _page(h, rome)
    iid = await h.command(CREATOR, "pause", channel=thread)
    assert "paused" in h.api.responses(iid)[0].content
    assert "Game #1 is paused by <@1>" in _thread_text(h, thread)
    assert await h.bot.service.deadline_of(1) is None

    await h.click(rome, page, page.custom_ids()[0])  # drawn before the pause: refreshed
    assert "Out of date" in page.content
    iid = await h.click(rome, page, page.custom_ids()[0])
    (refusal,) = h.api.responses(iid)
    assert refusal.ephemeral and "paused" in refusal.content
    assert await h.bot.storage.actions(1) == []
    # Even a deadline row left due is not applied while paused.
    await h.bot.storage.set_deadline(1, (await h.bot.service.game(1)).version, 0.0)
    await h.cog().tick()
    assert await h.bot.storage.actions(1) == []
    iid = await h.command(CREATOR, "pause", channel=thread)
    assert "already paused" in h.api.responses(iid)[0].content

    iid = await h.command(MANAGER, "resume", channel=thread, permissions=MANAGE_GUILD)
    assert "resumes" in h.api.responses(iid)[0].content
    assert "Game #1 resumes (<@50>)" in _thread_text(h, thread)
    due = await h.bot.service.deadline_of(1)
    assert due is not None and due > h.bot.service.clock() + 3600
    await h.click(rome, page, page.custom_ids()[0])  # out of date: a fresh page
    await h.click(rome, page, page.custom_ids()[0])
    assert page.content.startswith("✓") and len(await h.bot.storage.actions(1)) == 1


async def test_pause_survives_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    async with Harness(db) as first:
        record, thread = await _started(first)
        rome = _user(record, "rome")
        await _ask(first, ["rome"])
        await first.command(MANAGER, "pause", channel=thread, permissions=MANAGE_GUILD)
        page, api = _page(first, rome), first.api
    async with Harness(db, api) as second:
        await second.click(rome, page, page.custom_ids()[0])  # refreshed (drawn before)
        iid = await second.click(rome, page, page.custom_ids()[0])
        assert "paused" in second.api.responses(iid)[0].content
        assert await second.bot.storage.actions(1) == []


async def test_replace_moves_the_seat_and_the_dms(h: Harness) -> None:
    record, thread = await _started(h)
    rome = _user(record, "rome")
    await _ask(h, ["rome"])
    h.api.closed_dms.add(NEWCOMER)
    iid = await h.command(CREATOR, "replace", channel=thread, player=UserArg(rome),
                          by=UserArg(NEWCOMER))
    assert "direct messages" in h.api.responses(iid)[0].content
    assert (await h.bot.service.game(1)).user_of("rome") == rome

    h.api.closed_dms.discard(NEWCOMER)
    iid = await h.command(CREATOR, "replace", channel=thread, player=UserArg(rome),
                          by=UserArg(NEWCOMER))
    assert "Done" in h.api.responses(iid)[0].content
    assert (await h.bot.service.game(1)).user_of("rome") == NEWCOMER
    assert f"gave Rome to <@{NEWCOMER}> (instead of <@{rome}>)" in _thread_text(h, thread)
    assert "You now play Rome in game #1" in h.api.dms(NEWCOMER)[0].content
    page = _page(h, NEWCOMER)  # his decision page came by DM
    await h.click(NEWCOMER, page, page.custom_ids()[0])
    assert page.content.startswith("✓")
    (action,) = await h.bot.storage.actions(1)
    assert (action.player, action.user_id) == ("rome", NEWCOMER)
    # The old player is out: his clicks are refused.
    iid = await h.command(rome, "play", channel=thread)
    assert "do not play" in h.api.responses(iid)[0].content
    iid = await h.command(CREATOR, "replace", channel=thread, player=UserArg(rome),
                          by=UserArg(NEWCOMER))
    assert "does not play" in h.api.responses(iid)[0].content


async def test_kick_puts_the_seat_on_autopilot(h: Harness) -> None:
    record, thread = await _started(h)
    rome, greece = _user(record, "rome"), _user(record, "greece")
    await _ask(h, ["rome", "greece"])
    iid = await h.command(MANAGER, "kick", channel=thread, permissions=MANAGE_GUILD,
                          player=UserArg(rome))
    assert "autopilot" in h.api.responses(iid)[0].content
    assert "put Rome (<@" in _thread_text(h, thread)
    (action,) = await h.bot.storage.actions(1)
    assert (action.player, action.user_id, action.action["choice"]) == ("rome", None, "coin")
    game = await h.bot.service.game(1)
    assert game.options["kicked"] == ["rome"]
    # From now on: every decision Rome owes is answered as soon as the game moves.
    await _ask(h, ["rome", "greece"])
    page = _page(h, greece)
    await h.click(greece, page, page.custom_ids()[0])
    assert [a.player for a in await h.bot.storage.actions(1)] == ["rome", "greece", "rome"]
    assert h.bot.service._engine_options(game) == {}  # the bot's flags stay out of the engine
    iid = await h.command(CREATOR, "kick", channel=thread, player=UserArg(rome))
    assert "already on autopilot" in h.api.responses(iid)[0].content


async def test_deadline_per_decision(h: Harness) -> None:
    _, thread = await _started(h)
    await _ask(h, ["rome"])
    await h.bot.service.storage.set_deadline(1, (await h.bot.service.game(1)).version,
                                             h.bot.service.clock() + 99 * 3600)
    iid = await h.command(CREATOR, "deadline", channel=thread, hours=2, locale="fr")
    assert "2 h" in h.api.responses(iid)[0].content and "Fait" in h.api.responses(iid)[0].content
    assert "set the time per decision of game #1 to 2 h" in _thread_text(h, thread)
    game = await h.bot.service.game(1)
    assert game.options["deadline_hours"] == 2.0
    due = await h.bot.service.deadline_of(1)
    assert due is not None and abs(due - (h.bot.service.clock() + 7200)) < 60


async def test_a_server_manager_may_replace_and_set_the_deadline(h: Harness) -> None:
    record, thread = await _started(h)
    rome = _user(record, "rome")
    iid = await h.command(MANAGER, "deadline", channel=thread, permissions=MANAGE_GUILD,
                          hours=48)
    assert "Done" in h.api.responses(iid)[0].content
    iid = await h.command(MANAGER, "replace", permissions=MANAGE_GUILD, game=1,
                          player=UserArg(rome), by=UserArg(NEWCOMER))
    assert "Done" in h.api.responses(iid)[0].content
    game = await h.bot.service.game(1)
    assert game.user_of("rome") == NEWCOMER and game.options["deadline_hours"] == 48.0
    text = _thread_text(h, thread)
    assert "<@50> set the time per decision of game #1 to 48 h" in text
    assert f"<@50> gave Rome to <@{NEWCOMER}>" in text


async def test_the_deadline_command_sets_the_play_windows_own_time(h: Harness) -> None:
    """Ruling 17's short window deadline, per game: `/mn deadline hours window`, said in the
    thread; never more than the time per decision."""
    _record, thread = await _started(h)
    iid = await h.command(CREATOR, "deadline", channel=thread, hours=10, window=20, locale="fr")
    assert "10 h" in h.api.responses(iid)[0].content and "Fait" in h.api.responses(iid)[0].content
    assert "and of its play windows to 10 h" in _thread_text(h, thread)
    game = await h.bot.service.game(1)
    assert game.options["window_hours"] == 20.0 and h.bot.service.window_hours(game) == 10.0
