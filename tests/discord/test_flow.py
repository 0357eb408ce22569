"""The Discord layer end to end, through the real CommandTree and dynamic items."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games.mare_nostrum import to_json
from bot.storage import GameRecord, Seat
from tests.discord.harness import CHANNEL, Harness, Sent
from tests.helpers import give_choices

CREATOR, ANA, BOB = 1, 2, 3


async def _lobby(h: Harness) -> tuple[Sent, int]:
    iid = await h.command(CREATOR, "new", players=3)
    lobby = h.api.responses(iid)[0]
    return lobby, h.api.thread_of(CHANNEL)


async def _started(h: Harness) -> tuple[GameRecord, int]:
    lobby, thread = await _lobby(h)
    await h.click(ANA, lobby, "mn:1:lobby:join")
    await h.click(BOB, lobby, "mn:1:lobby:join")
    await h.click(CREATOR, lobby, "mn:1:lobby:start")
    return await h.bot.service.game(1), thread


async def _ask(h: Harness, players: list[str]) -> GameRecord:
    """Give each listed empire a decision and send the decision pages (as the engine will
    once the phases exist)."""
    await give_choices(h.bot.service, 1, players)
    record = await h.bot.service.game(1)
    seats = {s.seat: s.user for s in record.players if s.seat}
    names = {e: e.title() for e in seats}
    await h.bot.notifier.ask(record, players, seats, names)
    return record


def _user(record: GameRecord, empire: str) -> int:
    user = record.user_of(empire)
    assert user is not None
    return user


async def test_new_game_opens_a_lobby_and_a_thread(h: Harness) -> None:
    lobby, thread = await _lobby(h)
    assert lobby.where == "interaction" and not lobby.ephemeral
    assert lobby.custom_ids() == ["mn:1:lobby:join", "mn:1:lobby:leave", "mn:1:lobby:start",
                                  "mn:1:lobby:ai", "mn:1:lobby:seat"]
    game = await h.bot.service.game(1)
    assert (game.thread_id, game.lobby_message_id) == (thread, lobby.id)
    assert "game #1" in h.api.dms(CREATOR)[0].content


async def test_join_with_closed_dms_explains_how_to_open_them(h: Harness) -> None:
    lobby, _ = await _lobby(h)
    h.api.closed_dms.add(BOB)
    await h.click(ANA, lobby, "mn:1:lobby:join")
    iid = await h.click(BOB, lobby, "mn:1:lobby:join")
    assert "<@2>" in lobby.content and "<@3>" in lobby.content and "(3/3)" in lobby.content
    (note,) = h.api.responses(iid)
    assert note.ephemeral and "Privacy" in note.content
    assert await h.bot.storage.dm_status(BOB) is False
    assert await h.bot.storage.dm_status(ANA) is True
    iid = await h.click(ANA, lobby, "mn:1:lobby:join")  # twice
    assert "already joined" in h.api.responses(iid)[0].content


async def test_only_the_creator_starts(h: Harness) -> None:
    lobby, thread = await _lobby(h)
    await h.click(ANA, lobby, "mn:1:lobby:join")
    await h.click(BOB, lobby, "mn:1:lobby:join")
    iid = await h.click(ANA, lobby, "mn:1:lobby:start")
    (refusal,) = h.api.responses(iid)
    assert refusal.ephemeral and "creator" in refusal.content
    await h.click(CREATOR, lobby, "mn:1:lobby:start")
    assert lobby.components == [] and f"<#{thread}>" in lobby.content
    posted = "\n".join(m.content for m in h.api.in_channel(thread))
    for user in (CREATOR, ANA, BOB):
        assert f"<@{user}>" in posted
    assert (await h.bot.service.game(1)).status == "active"


async def test_a_decision_by_dm_then_by_the_thread_button(h: Harness) -> None:
    h.api.closed_dms.add(BOB)
    record, thread = await _started(h)
    rome, greece = _user(record, "rome"), _user(record, "greece")
    record = await _ask(h, ["rome", "greece"])
    bob_empire = next(s.seat for s in record.players if s.user == BOB)
    before = len(h.api.in_channel(thread))

    waiting = [m for m in h.api.in_channel(thread) if m.custom_ids() == ["mn:1:turn"]]
    assert waiting, "the thread says who is awaited, with a My turn button"
    if BOB in (rome, greece):
        assert any("<@3>" in m.content and "direct messages" in m.content
                   for m in h.api.in_channel(thread))

    # The player with open DMs answers from his DM page.
    empire, user = ("rome", rome) if rome != BOB else ("greece", greece)
    (page,) = [m for m in h.api.dms(user) if m.custom_ids()]
    assert len(page.custom_ids()) == 2 and all(c.startswith(f"mn:1:v{record.version}:a")
                                               for c in page.custom_ids())
    legendary = next(c for c in page.custom_ids() if "legendary" in
                     page.component(c)["label"].lower())
    await h.click(user, page, legendary)
    assert page.content.startswith("✓") and page.components == []
    assert any("Your choice" in m.content for m in h.api.dms(user))
    # Nothing public yet (a sealed choice), and nothing private in the thread.
    assert len(h.api.in_channel(thread)) == before

    # Double click on the same (now stale) button: nothing applied twice, and the answer is
    # confirmed as saved, not called out of date (issue 21, finding 6).
    page.components = [{"type": 1, "components": [{"type": 2, "style": 1, "label": "x",
                                                   "custom_id": legendary}]}]
    await h.click(user, page, legendary)
    assert page.content.startswith("✓ Already saved:") and page.components == []
    assert "Out of date" not in page.content
    assert len(await h.bot.storage.actions(1)) == 1

    # The other one uses the thread's My turn button: an ephemeral page.
    other_user = greece if empire == "rome" else rome
    iid = await h.click(other_user, waiting[-1], "mn:1:turn")
    (mine,) = h.api.responses(iid)
    assert mine.ephemeral and len(mine.custom_ids()) == 2
    coin = next(c for c in mine.custom_ids() if "coin" in mine.component(c)["label"].lower())
    await h.click(other_user, mine, coin)
    assert mine.content.startswith("✓")
    assert len(await h.bot.storage.actions(1)) == 2
    public = "\n".join(m.content for m in h.api.in_channel(thread)[before:])
    assert "You receive" not in public and "Your choice" not in public
    assert bob_empire  # seated


async def test_wrong_user_and_stranger(h: Harness) -> None:
    record, thread = await _started(h)
    rome, greece = _user(record, "rome"), _user(record, "greece")
    await _ask(h, ["rome"])
    (page,) = [m for m in h.api.dms(rome) if m.custom_ids()]
    # Greece clicks Rome's button (say, forwarded): re-validated against Greece's own
    # decisions, so nothing is played for Rome.
    shown = page.content
    iid = await h.click(greece, page, page.custom_ids()[0])
    (refusal,) = h.api.responses(iid)
    assert refusal.ephemeral and "not your turn" in refusal.content
    assert page.content == shown and page.custom_ids()
    assert await h.bot.storage.actions(1) == []
    # A stranger clicks the thread's My turn button.
    waiting = [m for m in h.api.in_channel(thread) if m.custom_ids() == ["mn:1:turn"]][-1]
    iid = await h.click(99, waiting, "mn:1:turn")
    (refusal,) = h.api.responses(iid)
    assert refusal.ephemeral and "do not play" in refusal.content


async def test_restart_then_click(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    async with Harness(db) as first:
        record, _ = await _started(first)
        rome = _user(record, "rome")
        await _ask(first, ["rome"])
        (page,) = [m for m in first.api.dms(rome) if m.custom_ids()]
        api = first.api
    async with Harness(db, api) as second:  # a new process on the same file
        await second.click(rome, page, page.custom_ids()[0])
        assert page.content.startswith("✓")
        assert len(await second.bot.storage.actions(1)) == 1


async def test_commands(h: Harness) -> None:
    record, thread = await _started(h)
    rome = _user(record, "rome")
    await _ask(h, ["rome"])

    iid = await h.command(rome, "status", channel=thread)
    (status,) = h.api.responses(iid)
    assert not status.ephemeral and "Waiting for: Rome" in status.text

    iid = await h.command(rome, "status", channel=thread, locale="fr")
    assert "En attente de" in h.api.responses(iid)[0].text

    iid = await h.command(rome, "screen", channel=thread)
    (screen,) = h.api.responses(iid)
    assert screen.ephemeral and "you play Rome" in screen.content

    iid = await h.command(rome, "board", channel=thread)
    (board,) = h.api.responses(iid)
    assert not board.ephemeral and board.files == ["mare-nostrum-1.png"]

    page = next(m for m in h.api.dms(rome) if m.custom_ids())
    await h.click(rome, page, page.custom_ids()[0])
    greece = _user(record, "greece")
    iid = await h.command(greece, "log", channel=thread)
    (log,) = h.api.responses(iid)
    assert log.ephemeral and "Rome: Production" in log.content  # kind only: sealed
    iid = await h.command(rome, "log", channel=thread)
    assert "Sicilia" in h.api.responses(iid)[0].content  # his own answer in full

    iid = await h.command(greece, "play", channel=thread)
    assert "no decision" in h.api.responses(iid)[0].content

    iid = await h.command(ANA if CREATOR != ANA else BOB, "abandon", game=1)
    assert "creator" in h.api.responses(iid)[0].content
    iid = await h.command(CREATOR, "abandon", game=1)
    assert "abandoned" in h.api.responses(iid)[0].content
    assert (await h.bot.service.game(1)).status == "abandoned"


async def test_stale_page_is_refreshed_then_works(h: Harness) -> None:
    record, _ = await _started(h)
    rome = _user(record, "rome")
    await _ask(h, ["rome"])
    (page,) = [m for m in h.api.dms(rome) if m.custom_ids()]
    old = page.custom_ids()[0]
    game = await h.bot.service.game(1)
    await h.bot.storage.save_game(game, game.version)  # the game moves on meanwhile
    await h.click(rome, page, old)
    assert "Out of date" in page.content and page.custom_ids()
    assert old not in page.custom_ids() and await h.bot.storage.actions(1) == []
    await h.click(rome, page, page.custom_ids()[0])
    assert page.content.startswith("✓") and len(await h.bot.storage.actions(1)) == 1


async def test_select_menus_and_engine_refusals(h: Harness) -> None:
    record, _ = await _started(h)
    rome = _user(record, "rome")
    # Six decisions of one kind: twelve answers, shown in a select menu.
    provinces = ["sicilia", "judaea", "asia", "gallia", "latium", "dalmatia"]
    await give_choices(h.bot.service, 1, ["rome"] * 6)
    game = await h.bot.service.game(1)
    state = h.bot.service.state_of(game)
    for prompt, province in zip(state.prompts, provinces, strict=True):
        prompt.data["province"] = province
    game.snapshot = to_json(state)
    await h.bot.storage.save_game(game, game.version)
    iid = await h.command(rome, "play", game=1)
    (page,) = h.api.responses(iid)
    (select_id,) = page.custom_ids()
    options = page.component(select_id)["options"]
    assert len(options) == 12 and page.ephemeral
    # The sealed choices can be answered in any order: Judaea's first.
    judaea = next(o["value"] for o in options if "Judaea" in o["label"])
    await h.click(rome, page, select_id, values=[judaea])
    assert page.content.startswith("✓") and len(await h.bot.storage.actions(1)) == 1
    # Five decisions left: ten answers, shown as buttons on the refreshed page.
    assert len(page.custom_ids()) == 10 and not any(":s" in c for c in page.custom_ids())
    assert not any("Judaea" in page.component(c)["label"] for c in page.custom_ids())


async def test_an_engine_refusal_is_told_privately(h: Harness,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    record, _ = await _started(h)
    rome = _user(record, "rome")
    await _ask(h, ["rome"])
    (page,) = [m for m in h.api.dms(rome) if m.custom_ids()]
    engine = h.bot.service.game_of(record).engine

    def refuse(state: object, action: object) -> None:
        raise engine.EngineError("refused", code="unaffordable")

    monkeypatch.setattr(engine, "apply", refuse)
    shown = page.content
    iid = await h.click(rome, page, page.custom_ids()[0])
    (refusal,) = h.api.responses(iid)
    assert refusal.ephemeral and "cannot pay" in refusal.content, refusal.content
    assert page.content == shown and await h.bot.storage.actions(1) == []


async def test_deadline_tick_applies_defaults_and_tells_the_thread(h: Harness) -> None:
    record, thread = await _started(h)
    await _ask(h, ["rome"])
    await h.bot.service.storage.set_deadline(1, (await h.bot.service.game(1)).version, 0.0)
    await h.cog().tick()
    posted = "\n".join(m.content for m in h.api.in_channel(thread))
    assert "Time is up" in posted and "Rome" in posted
    (action,) = await h.bot.storage.actions(1)
    assert action.user_id is None and action.action["choice"] == "coin"
    rome = _user(record, "rome")
    assert any("You receive" in m.content for m in h.api.dms(rome))


async def test_each_player_reads_his_dms_in_his_language(h: Harness) -> None:
    lobby, thread = await _lobby(h)
    await h.click(ANA, lobby, "mn:1:lobby:join", locale="fr")
    await h.click(BOB, lobby, "mn:1:lobby:join")
    await h.click(CREATOR, lobby, "mn:1:lobby:start")
    assert "Vous avez rejoint" in h.api.dms(ANA)[0].content
    record = await h.bot.service.game(1)
    ana = next(s.seat for s in record.players if s.user == ANA)
    bob = next(s.seat for s in record.players if s.user == BOB)
    assert ana and bob
    await _ask(h, [ana, bob])
    assert "à vous de décider" in h.api.dms(ANA)[-1].content
    assert "your decision" in h.api.dms(BOB)[-1].content
    waiting = [m for m in h.api.in_channel(thread) if m.custom_ids()][-1]
    assert waiting.content.startswith("Waiting for")  # the thread keeps the game's language


async def test_side_by_side_sealed_answers_need_no_refresh(h: Harness) -> None:
    record, _ = await _started(h)
    rome, greece = _user(record, "rome"), _user(record, "greece")
    await _ask(h, ["rome", "greece"])
    (rome_page,) = [m for m in h.api.dms(rome) if m.custom_ids()]
    (greece_page,) = [m for m in h.api.dms(greece) if m.custom_ids()]
    await h.click(rome, rome_page, rome_page.custom_ids()[0])
    # Greece's page was drawn before Rome answered: still valid, since only Rome moved.
    await h.click(greece, greece_page, greece_page.custom_ids()[1])
    assert greece_page.content.startswith("✓")
    assert [a.player for a in await h.bot.storage.actions(1)] == ["rome", "greece"]


async def test_a_bug_is_told_not_silent(h: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    record, _ = await _started(h)
    rome = _user(record, "rome")
    await _ask(h, ["rome"])
    (page,) = [m for m in h.api.dms(rome) if m.custom_ids()]

    async def broken(*args: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(h.bot.service, "submit", broken)
    iid = await h.click(rome, page, page.custom_ids()[0])
    (told,) = h.api.responses(iid)
    assert told.ephemeral and "did not work" in told.content
    monkeypatch.setattr(h.bot.service, "find", broken)
    iid = await h.command(rome, "status")
    assert "did not work" in h.api.responses(iid)[0].content


async def test_players_claim_empires_in_the_lobby(h: Harness) -> None:
    """« empires chosen or random »: the lobby's select claims an empire; a taken one is
    refused privately; the claim survives the start."""
    lobby, _ = await _lobby(h)
    await h.click(ANA, lobby, "mn:1:lobby:join")
    await h.click(BOB, lobby, "mn:1:lobby:join")
    options = [o["value"] for o in lobby.component("mn:1:lobby:seat")["options"]]
    assert options == ["random", "rome", "greece", "carthage"]
    await h.click(ANA, lobby, "mn:1:lobby:seat", values=["carthage"])
    assert f"<@{ANA}> (Carthage)" in h.api.messages[lobby.id].content  # the lobby, edited
    iid = await h.click(BOB, lobby, "mn:1:lobby:seat", values=["carthage"], locale="fr")
    (refusal,) = h.api.responses(iid)
    assert refusal.ephemeral and "Carthage" in refusal.content and "déjà" in refusal.content
    await h.click(CREATOR, lobby, "mn:1:lobby:start")
    game = await h.bot.service.game(1)
    assert game.user_of("carthage") == ANA


async def test_a_lobby_posted_before_seats_were_generic_still_claims(h: Harness) -> None:
    """A lobby message sent by an older bot carries the select `mn:<game>:lobby:empire`: a
    choice in it claims the seat all the same."""
    lobby, _ = await _lobby(h)
    await h.click(ANA, lobby, "mn:1:lobby:join")
    await h.click(ANA, lobby, "mn:1:lobby:empire", values=["greece"], forged=True)
    assert f"<@{ANA}> (Greece)" in h.api.messages[lobby.id].content
    assert (await h.bot.service.game(1)).seat_of(ANA) == Seat(ANA, "greece")
