"""Issue 21, tried as a hostile user would: through the real CommandTree and dynamic items, from
another server, from DMs, with forged custom_ids and values, hostile options and bursts of
simultaneous answers. Every case asserts a clean private reply, the game unchanged by a refusal,
and nothing hidden in what the attacker sees."""

from __future__ import annotations

import dataclasses
import logging
from typing import Any

import pytest

from bot.storage import GameRecord
from tests.discord.harness import Harness, Sent, UserArg
from tests.discord.test_compose import _compose_id, _game_at, _offer_scenario
from tests.discord.test_flow import ANA, BOB, CREATOR, _ask, _lobby, _started, _user

OTHER_GUILD, OTHER_CHANNEL = 9000, 9100
MANAGE_GUILD = 1 << 5
STRANGER, NEWCOMER = 60, 70
NOT_HERE = "There is no game #1 here."


async def _state(h: Harness) -> tuple[Any, ...]:
    """What a refusal must leave as it was: the record, its seats and options, the log."""
    record = await h.bot.service.game(1)
    return (record.version, record.status, [(s.user, s.seat) for s in record.players],
            dict(record.options), len(await h.bot.storage.actions(1)))


def _only_reply(h: Harness, iid: int) -> Sent:
    """The one answer to an interaction: private, and never a bug report."""
    (answer,) = h.api.responses(iid)
    assert answer.ephemeral, answer
    assert "did not work" not in answer.content
    return answer


def _elsewhere(h: Harness) -> Sent:
    """A message of the bot's in a channel of another server, to click forged ids on."""
    message = Sent(900_001, OTHER_CHANNEL, "channel")
    h.api.messages[message.id] = message
    return message


def _hands(h: Harness, record: GameRecord) -> list[str]:
    """Words only a player's own screen shows (the hand line of his private pages)."""
    return ["Your resources", *(m.content for s in record.players for m in h.api.dms(s.user)
                                if "Your resources" in m.content)]


# --- 1. games belong to their server ------------------------------------------------------
ADMIN_COMMANDS: list[tuple[str, dict[str, Any]]] = [
    ("pause", {}), ("resume", {}), ("deadline", {"hours": 2}),
    ("kick", {"player": UserArg(ANA)}),
    ("replace", {"player": UserArg(ANA), "by": UserArg(NEWCOMER)}),
    ("autopilot", {"player": UserArg(ANA), "on": True}),
    ("abandon", {}),
]


@pytest.mark.parametrize(("sub", "options"), ADMIN_COMMANDS)
async def test_a_manager_of_another_server_cannot_administer_the_game(
        h: Harness, sub: str, options: dict[str, Any]) -> None:
    """Finding 1: Manage Server on another server gave Rome's seat, pause, kick, abandon."""
    await _started(h)
    before = await _state(h)
    dms_before = len(h.api.dms(NEWCOMER))
    for user in (STRANGER, CREATOR):  # even the game's creator, from another server
        iid = await h.command(user, sub, guild=OTHER_GUILD, channel=OTHER_CHANNEL,
                              permissions=MANAGE_GUILD, game=1, **options)
        assert _only_reply(h, iid).content == NOT_HERE
    assert await _state(h) == before
    assert len(h.api.dms(NEWCOMER)) == dms_before  # no welcome to Rome's seat, no hand
    assert not h.api.in_channel(OTHER_CHANNEL)


@pytest.mark.parametrize("sub", ["status", "log", "board", "screen", "play"])
async def test_another_servers_game_cannot_be_read(h: Harness, sub: str) -> None:
    """Finding 2: /mn status, log, board from server 1 posted server 2's game publicly."""
    record, _ = await _started(h)
    player = _user(record, "rome")
    iid = await h.command(player, sub, guild=OTHER_GUILD, channel=OTHER_CHANNEL, game=1)
    answer = _only_reply(h, iid)
    assert answer.content == NOT_HERE and not answer.files
    # Without a number, his only running game is not found from another server either.
    iid = await h.command(player, sub, guild=OTHER_GUILD, channel=OTHER_CHANNEL)
    assert _only_reply(h, iid).content == "No game here: give its number."
    assert not h.api.in_channel(OTHER_CHANNEL)
    assert all(word not in answer.content for word in _hands(h, record))


async def test_the_same_commands_work_on_the_games_own_server(h: Harness) -> None:
    record, _ = await _started(h)
    player = _user(record, "rome")
    iid = await h.command(player, "status", game=1)  # its server, another channel
    (status,) = h.api.responses(iid)
    assert not status.ephemeral and "Game #1" in status.text
    iid = await h.command(STRANGER, "pause", game=1, permissions=MANAGE_GUILD)
    assert "paused" in _only_reply(h, iid).content  # a manager of the game's own server


async def test_components_of_a_game_are_refused_from_another_server(h: Harness) -> None:
    """Forged lobby, turn and decision ids clicked on another server's message."""
    lobby, _ = await _lobby(h)
    before = await _state(h)
    elsewhere = _elsewhere(h)
    for custom_id, values in [("mn:1:lobby:join", None), ("mn:1:lobby:start", None),
                              ("mn:1:lobby:seat", ["rome"]),
                              ("mn:1:lobby:empire", ["rome"]),  # a lobby posted before seats
                              ("mn:1:turn", None)]:
        iid = await h.click(CREATOR, elsewhere, custom_id, values, guild=OTHER_GUILD,
                            permissions=MANAGE_GUILD, forged=True)
        assert _only_reply(h, iid).content == NOT_HERE
    assert await _state(h) == before
    await h.click(ANA, lobby, "mn:1:lobby:join")  # from its own server: fine
    assert (await _state(h))[2] != before[2]


async def test_a_decision_is_answered_from_dms_or_its_server_only(h: Harness) -> None:
    record, _ = await _started(h)
    rome = _user(record, "rome")
    await _ask(h, ["rome"])
    (page,) = [m for m in h.api.dms(rome) if m.custom_ids()]
    cid = page.custom_ids()[0]
    before = await _state(h)
    iid = await h.click(rome, _elsewhere(h), cid, guild=OTHER_GUILD, forged=True)
    assert _only_reply(h, iid).content == NOT_HERE
    # In DMs, only his own seat's decisions: another user's forged click finds no game.
    iid = await h.click(STRANGER, page, cid)
    assert _only_reply(h, iid).content == NOT_HERE
    assert await _state(h) == before
    await h.click(rome, page, cid)  # his own page, in his DMs
    assert page.content.startswith("✓") and (await _state(h))[4] == 1


async def test_a_slash_command_in_dms_is_refused(h: Harness) -> None:
    record, _ = await _started(h)
    before = await _state(h)
    iid = await h.command(_user(record, "rome"), "status", dm=True, game=1)
    assert _only_reply(h, iid).content == "Use this command in a server channel."
    assert await _state(h) == before


# --- 3. simultaneous sealed answers --------------------------------------------------------
async def _five_players(h: Harness) -> GameRecord:
    iid = await h.command(CREATOR, "new", players=5)
    lobby = h.api.responses(iid)[0]
    for user in (ANA, BOB, 4, 5):
        await h.click(user, lobby, "mn:1:lobby:join")
    await h.click(CREATOR, lobby, "mn:1:lobby:start")
    return await h.bot.service.game(1)


async def _five_sealed_pages(
        h: Harness) -> tuple[list[str], dict[str, Sent], list[tuple[int, Sent, str, Any]]]:
    """A 5-player game where everyone owes a sealed answer: (empires, each one's DM page, the
    click of each page's first answer)."""
    record = await _five_players(h)
    empires = [str(s.seat) for s in record.players]
    await _ask(h, empires)
    pages = {e: [m for m in h.api.dms(_user(record, e)) if m.custom_ids()][-1] for e in empires}
    clicks = [(_user(record, e), pages[e], pages[e].custom_ids()[0], None) for e in empires]
    return empires, pages, clicks


async def test_a_burst_of_five_sealed_answers_is_all_accepted(h: Harness) -> None:
    """Finding 3: only the first of simultaneous sealed answers was saved."""
    empires, pages, clicks = await _five_sealed_pages(h)
    await h.burst(clicks)
    log = await h.bot.storage.actions(1)
    assert sorted(a.player for a in log) == sorted(empires)
    for e in empires:
        assert pages[e].content.startswith("✓"), pages[e].content
        assert "Out of date" not in pages[e].content


async def test_a_burst_of_double_clicks_applies_each_answer_once(h: Harness) -> None:
    empires, pages, clicks = await _five_sealed_pages(h)
    iids = await h.burst(clicks + clicks)  # everyone clicks twice in the same instant
    log = await h.bot.storage.actions(1)
    assert sorted(a.player for a in log) == sorted(empires)
    for iid in iids:
        assert all("did not work" not in m.content for m in h.api.responses(iid))
    for e in empires:
        assert pages[e].content.startswith("✓"), pages[e].content


# --- 6. a re-click confirms -------------------------------------------------------------------
async def test_a_reclick_after_a_crash_confirms_the_saved_answer(h: Harness) -> None:
    """Finding 6: the answer was committed but the page never said so (a crash right after
    the commit); clicking it again said only "Out of date"."""
    record, _ = await _started(h)
    rome = _user(record, "rome")
    await _ask(h, ["rome", "greece"])
    (page,) = [m for m in h.api.dms(rome) if m.custom_ids()]
    version = (await h.bot.service.game(1)).version
    first = (await h.bot.service.legal_for(1, rome))[2][0].to_dict()  # the page's 1st button
    await h.bot.service.submit(1, rome, first, version)  # saved; the page was never updated
    saved = await _state(h)
    await h.click(rome, page, page.custom_ids()[0])
    assert page.content.startswith("✓ Already saved:"), page.content
    assert "Out of date" not in page.content and await _state(h) == saved


async def test_a_different_button_of_an_answered_page_is_not_applied(h: Harness) -> None:
    record, _ = await _started(h)
    rome = _user(record, "rome")
    await _ask(h, ["rome", "greece"])
    (page,) = [m for m in h.api.dms(rome) if m.custom_ids()]
    # The same page as it was before his answer, open on another device.
    old = dataclasses.replace(page, id=900_002, components=list(page.components))
    h.api.messages[old.id] = old
    first, second = page.custom_ids()[:2]
    await h.click(rome, page, first)
    saved = await _state(h)
    await h.click(rome, old, second)
    assert "already saved" in old.content and "not applied" in old.content
    assert await _state(h) == saved


# --- 7. no side effect before a refusal ---------------------------------------------------------
@pytest.mark.parametrize("status", ["abandoned", "over"])
async def test_replace_on_an_ended_game_tells_the_newcomer_nothing(h: Harness,
                                                                   status: str) -> None:
    record, thread = await _started(h)
    record.status = status
    await h.bot.storage.save_game(record, record.version)
    before = await _state(h)
    iid = await h.command(CREATOR, "replace", channel=thread, game=1,
                          player=UserArg(ANA), by=UserArg(NEWCOMER))
    assert _only_reply(h, iid).content in ("The game is over.", "This game is not running.")
    assert h.api.dms(NEWCOMER) == []
    assert await _state(h) == before


# --- 8. forged custom_ids and values ------------------------------------------------------------
async def _romes_page(h: Harness) -> tuple[int, Sent]:
    """A started game where Rome owes a decision: (Rome's user, his DM page)."""
    record, _ = await _started(h)
    rome = _user(record, "rome")
    await _ask(h, ["rome"])
    (page,) = [m for m in h.api.dms(rome) if m.custom_ids()]
    return rome, page


@pytest.mark.parametrize(("code", "values"), [
    ("p.", None), ("pff", None), ("p1.2", None), ("a0.zzzzzz", None), ("a99999.abcdef", None),
    ("x1", None), ("s0.0", ["².abc"]), ("s0.0", ["1.abc", "2.abc"]), ("c0", ["Metal!"]),
    ("c0", [f"coin.{k}" for k in range(30)]),
])
async def test_forged_codes_and_values_are_refused_cleanly(
        h: Harness, caplog: pytest.LogCaptureFixture, code: str,
        values: list[str] | None) -> None:
    """Finding 8: forged ids and values ended in "That did not work (bug)" and a traceback."""
    rome, page = await _romes_page(h)
    before = await _state(h)
    with caplog.at_level(logging.ERROR):
        iid = await h.click(rome, page, f"mn:1:v{before[0]}:{code}", values, forged=True)
    answer = _only_reply(h, iid)
    assert answer.content, code
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert await _state(h) == before


@pytest.mark.parametrize("game", [2**63, 10**19, 0, 99])
async def test_a_game_id_out_of_range_names_no_game(h: Harness, caplog: pytest.LogCaptureFixture,
                                                    game: int) -> None:
    rome, page = await _romes_page(h)
    before = await _state(h)
    with caplog.at_level(logging.ERROR):
        for custom_id in (f"mn:{game}:v1:p0", f"mn:{game}:turn", f"mn:{game}:lobby:join"):
            iid = await h.click(rome, page, custom_id, forged=True)
            assert _only_reply(h, iid).content in (f"There is no game #{game} here.",
                                                   "Use this command in a server channel.")
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert await _state(h) == before


async def test_offer_values_naming_kinds_not_held_are_refused(h: Harness) -> None:
    """Finding 8: kinds not held gave a select with no options, which Discord refuses."""
    rome, page = await _game_at(h, _offer_scenario)
    cid = _compose_id(page)
    before = await _state(h)
    content = page.content
    iid = await h.click(rome, page, cid, values=["marble", "gold"])
    assert "not understood" in _only_reply(h, iid).content
    assert page.content == content and await _state(h) == before


# --- 9. hostile options ---------------------------------------------------------------------
@pytest.mark.parametrize(("options", "refusal"), [
    ({"players": 9}, "A game has 3 to 5 players."),
    ({"players": -1}, "A game has 3 to 5 players."),
    ({"players": 3, "deadline": -5}, "between 1 and 336 hours"),
    ({"players": 3, "deadline": 0}, "between 1 and 336 hours"),
    ({"players": 3, "deadline": 10**9}, "between 1 and 336 hours"),
])
async def test_hostile_options_of_new_are_refused(h: Harness, options: dict[str, Any],
                                                  refusal: str) -> None:
    """Finding 9: `deadline:-5` was stored as −5 hours (Discord's ranges are not enforced on
    arrival)."""
    iid = await h.command(CREATOR, "new", **options)
    assert refusal in _only_reply(h, iid).content
    assert await h.bot.storage.games(("lobby", "active")) == []


@pytest.mark.parametrize("hours", [-5, 0, 337, 10**9])
async def test_hostile_deadline_hours_are_refused(h: Harness, hours: int) -> None:
    _, thread = await _started(h)
    before = await _state(h)
    iid = await h.command(CREATOR, "deadline", channel=thread, hours=hours)
    assert "between 1 and 336 hours" in _only_reply(h, iid).content
    assert await _state(h) == before
