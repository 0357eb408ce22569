"""Away mode (issue 13) through the fake-Discord harness: "away mode across all his games
(until a date: his decisions go to the AI autopilot or to the documented defaults, his
choice, and he is told what was played for him when he returns)"."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from bot.away_summary import grouped
from bot.service import effective_log
from tests.discord.harness import CHANNEL, Harness
from tests.discord.watch import start_game
from tests.helpers import Clock

CREATOR, ANA, BOB = 1, 2, 3
USERS = (CREATOR, ANA, BOB)
OTHER_CHANNEL = 2100


async def _two_games(h: Harness, **options: Any) -> tuple[int, int]:
    """Games #1 and #2 (in two channels) of the same three players: their threads."""
    await start_game(h, USERS, **options)
    iid = await h.command(CREATOR, "new", channel=OTHER_CHANNEL, players=3, **options)
    lobby = h.api.responses(iid)[0]
    for user in USERS[1:]:
        await h.click(user, lobby, "mn:2:lobby:join")
    await h.click(CREATOR, lobby, "mn:2:lobby:start")
    return h.api.thread_of(CHANNEL), h.api.thread_of(OTHER_CHANNEL)


async def _owed(h: Harness, game: int) -> list[str]:
    """The seats of a running game that have something to answer now."""
    service = h.bot.service
    record = await service.game(game)
    if record.status != "active":
        return []
    state = service.state_of(record)
    engine = service.game_of(record).engine
    return [
        p for p in sorted(service.owed_players(record, state)) if engine.legal_actions(state, p)
    ]


async def _others_play(h: Harness, game: int, away_seat: str) -> bool:
    """One answer of a player present (his documented default, like a quick player), told
    as a click's answer is (`notifier.publish`); False when nobody present owes one."""
    service = h.bot.service
    owed = [s for s in await _owed(h, game) if s != away_seat]
    if not owed:
        return False
    record = await service.game(game)
    state = service.state_of(record)
    engine = service.game_of(record).engine
    prompt = next(p for p in engine.owed(state) if p.player == owed[0])
    action = engine.default_action(state, prompt).to_dict()
    user = record.user_of(owed[0])
    assert user is not None
    outcome = await service.submit(game, user, action, record.version)
    await h.bot.notifier.publish(outcome, acted=owed[0])
    await h.settle()
    return True


async def _seat(h: Harness, game: int, user: int) -> str:
    record = await h.bot.service.game(game)
    mine = record.seat_of(user)
    assert mine is not None and mine.seat
    return mine.seat


def _real_clock(h: Harness) -> Clock:
    """The service's clock at the real time (the action log's times are real), movable."""
    clock = Clock(time.time())
    h.bot.service.clock = clock
    return clock


async def _labels(h: Harness, game: int, seat: str, lang: str = "en") -> list[str]:
    service = h.bot.service
    record = await service.game(game)
    hosted = service.game_of(record)
    names = hosted.words.names(hosted.engine.view(service.state_of(record), None), lang)
    return [
        hosted.words.action_label(a.action, lang, names)
        for a in effective_log(await h.bot.storage.actions(game))
        if a.player == seat
    ]


async def test_away_with_defaults_answers_at_once_in_both_games_and_tells_him_on_return(
    h: Harness,
) -> None:
    """ "his decisions go to … the documented defaults … and he is told what was played for
    him when he returns"."""
    clock = _real_clock(h)
    threads = await _two_games(h)
    seats = {g: await _seat(h, g, ANA) for g in (1, 2)}
    iid = await h.command(ANA, "/away on", until="3d", mode="defaults")
    (answer,) = h.api.responses(iid)
    assert answer.ephemeral and "You are away until" in answer.content
    assert "2 running game(s)" in answer.content
    settings = await h.bot.storage.user_settings(ANA)
    assert settings is not None and settings["away"]["mode"] == "defaults"
    assert settings["away"]["until"].endswith("+00:00")  # ISO-8601, UTC
    for _ in range(25):
        for game in (1, 2):
            assert seats[game] not in await _owed(h, game), "an away player never waits"
            await _others_play(h, game, seats[game])
    for game in (1, 2):
        mine = [a for a in await h.bot.storage.actions(game) if a.player == seats[game]]
        assert len([a for a in mine if a.user_id is None]) >= 2, "several decisions each"
        thread = "\n".join(m.text for m in h.api.in_channel(threads[game - 1]))
        assert "💤 Played for" in thread and "(away): the default answer." in thread
    # Back on his date: a DM per game of what was played for him, only to him.
    dms_before = {u: len(h.api.dms(u)) for u in USERS}
    clock.now += 3 * 86400 + 60
    await h.cog().tick()
    assert await h.bot.storage.user_settings(ANA) == {}
    # (His private lines held for his next page go too: their hour is past.)
    summary = [
        m.content for m in h.api.dms(ANA)[dms_before[ANA] :] if "Your away has ended" in m.content
    ]
    assert len(summary) == 2
    for game, text in zip((1, 2), summary, strict=True):
        assert f"**Game #{game} — Mare Nostrum: Empires**" in text
        # Every line is one of his own answers (grouped): nobody else's.
        his = grouped(await _labels(h, game, seats[game]))
        lines = [line.removeprefix("• ") for line in text.splitlines() if line.startswith("• ")]
        assert lines and set(lines) <= set(his)
    for user in (CREATOR, BOB):
        assert all("played for you" not in m.content for m in h.api.dms(user)[dms_before[user] :])
    assert all("played for you" not in m.text for t in threads for m in h.api.in_channel(t))


async def test_away_with_the_autopilot_plays_his_view_in_french(h: Harness) -> None:
    """ "his decisions go to the AI autopilot": the game's standard AI, under his seat; the
    thread says it was played for him (away), in the game's language."""
    _real_clock(h)
    threads = await _two_games(h, language="fr")
    seats = {g: await _seat(h, g, ANA) for g in (1, 2)}
    iid = await h.command(ANA, "/away on", until="2d", mode="ai", locale="fr")
    (answer,) = h.api.responses(iid)
    assert "Vous êtes absent jusqu'au" in answer.content and "pilote automatique" in answer.content
    for _ in range(20):
        for game in (1, 2):
            assert seats[game] not in await _owed(h, game)
            await _others_play(h, game, seats[game])
    for game in (1, 2):
        played = [a for a in await h.bot.storage.actions(game) if a.player == seats[game]]
        assert len(played) >= 2
        thread = "\n".join(m.text for m in h.api.in_channel(threads[game - 1]))
        assert "(absent, joué pour lui) :" in thread and "(IA)" not in thread.split("💤")[-1]
    # His sealed answers are told by their kind only (never their content).
    for game in (1, 2):
        record = await h.bot.service.game(game)
        hosted = h.bot.service.game_of(record)
        names = hosted.words.names(hosted.engine.view(h.bot.service.state_of(record), None), "fr")
        thread = "\n".join(m.text for m in h.api.in_channel(threads[game - 1]))
        for a in await h.bot.storage.actions(game):
            if a.player == seats[game] and a.action.get("kind") in hosted.secret_actions:
                hidden = hosted.words.action_label(
                    {"kind": a.action["kind"], "hidden": True}, "fr", names
                )
                full = hosted.words.action_label(a.action, "fr", names)
                assert full == hidden or full not in thread, full
    # /away status, then off: the summary here (ephemeral), in his language.
    iid = await h.command(ANA, "/away status", locale="fr")
    assert "Vous êtes absent jusqu'au" in h.api.responses(iid)[0].content
    iid = await h.command(ANA, "/away off", locale="fr")
    replies = h.api.responses(iid)
    assert all(r.ephemeral for r in replies)
    text = "\n".join(r.content for r in replies)
    assert "Bon retour !" in text and "**Partie n°1 — " in text and "**Partie n°2 — " in text
    assert await h.bot.storage.user_settings(ANA) == {}
    iid = await h.command(ANA, "/away off")
    assert h.api.responses(iid)[0].content == "You are not away."


async def test_a_bad_date_is_refused_and_nothing_is_saved(h: Harness) -> None:
    _real_clock(h)
    for typed, said in (
        ("tomorrow", "is not a date I can read"),
        ("2020-01-01", "is already past"),
        ("2026-02-30", "not a date"),
        ("4000d", "is not a date"),
        ("200d", "90 days at most"),
    ):
        iid = await h.command(ANA, "/away on", until=typed)
        (answer,) = h.api.responses(iid)
        assert answer.ephemeral and said in answer.content, (typed, answer.content)
        assert "Nothing was changed." in answer.content
    iid = await h.command(ANA, "/away on", until="demain", locale="fr")
    assert "« demain » n'est pas une date" in h.api.responses(iid)[0].content
    assert await h.bot.storage.user_settings(ANA) is None


async def test_away_ends_on_its_date_across_a_restart(tmp_path: Path) -> None:
    """Durable: a new bot on the same database ends it on its date and tells him."""
    db = tmp_path / "games.sqlite3"
    async with Harness(db) as h:
        clock = _real_clock(h)
        await start_game(h, USERS)
        seat = await _seat(h, 1, ANA)
        await h.command(ANA, "/away on", until="1d", mode="defaults")
        for _ in range(6):
            await _others_play(h, 1, seat)
        until = clock.now + 86400
    async with Harness(db) as h2:
        h2.bot.service.clock = Clock(until - 60)
        await h2.cog().tick()
        assert (await h2.bot.storage.user_settings(ANA) or {}).get("away")
        assert h2.bot.service.away.mode(ANA) == "defaults"
        h2.bot.service.clock = Clock(until + 60)
        await h2.cog().tick()
        assert "away" not in (await h2.bot.storage.user_settings(ANA) or {})
        (dm,) = [m for m in h2.api.dms(ANA) if "Your away has ended" in m.content]
        assert "**Game #1 —" in dm.content


async def test_status_shows_a_player_awaited_while_away(h: Harness) -> None:
    await start_game(h, USERS)
    record = await h.bot.service.game(1)
    seat = (await _owed(h, 1))[0]
    user = record.user_of(seat)
    assert user is not None
    until = h.bot.service.clock() + 86400
    # Away set without its sweep (as another process would have it): still awaited.
    await h.bot.service.away.start(user, until, "defaults")
    thread = h.api.thread_of(CHANNEL)
    iid = await h.command(CREATOR, "status", channel=thread)
    assert f"💤 away until <t:{int(until)}:R>" in h.api.responses(iid)[0].text
    # The thread's waiting line too, when next drawn.
    hosted = h.bot.service.game_of(record)
    names = hosted.words.names(hosted.engine.view(h.bot.service.state_of(record), None), "en")
    await h.bot.notifier.ask(record, [], record.seating(), names)
    waiting = [m for m in h.api.in_channel(thread) if "Waiting for" in m.content]
    assert f"<@{user}> (due " in waiting[-1].content
    assert f"💤 away until <t:{int(until)}:R>" in waiting[-1].content
    iid = await h.command(CREATOR, "status", channel=thread, locale="fr")
    assert f"💤 absent jusqu'à <t:{int(until)}:R>" in h.api.responses(iid)[0].text
    # Back: what he owes is his again, his decision page by DM.
    pages = len([m for m in h.api.dms(user) if m.custom_ids()])
    await h.command(user, "/away off")
    assert len([m for m in h.api.dms(user) if m.custom_ids()]) == pages + 1


async def test_with_closed_dms_the_summary_waits_for_his_next_command(h: Harness) -> None:
    """ "he is told what was played for him": by DM, or through the closed-DM queue, shown
    privately at his next command of that game."""
    clock = _real_clock(h)
    await start_game(h, USERS)
    seat = await _seat(h, 1, ANA)
    await h.command(ANA, "/away on", until="1d", mode="defaults")
    for _ in range(6):
        await _others_play(h, 1, seat)
    h.api.closed_dms.add(ANA)
    clock.now += 86400 + 60
    await h.cog().tick()
    assert not [m for m in h.api.dms(ANA) if "Your away has ended" in m.content]
    thread = h.api.thread_of(CHANNEL)
    iid = await h.command(ANA, "status", channel=thread)
    private = [r for r in h.api.responses(iid) if r.ephemeral]
    assert any("Your away has ended" in r.content and "**Game #1 —" in r.content for r in private)
    assert all("played for you" not in m.text for m in h.api.in_channel(thread))
