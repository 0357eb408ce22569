"""AI seats (issue 6) and autopilot, through Discord only: AI moves are applied by the bot
through service.submit, shown in the thread marked as AI, without waiting for deadlines."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.discord.harness import CHANNEL, Harness, Sent, UserOption

HUMAN, ANA = 1, 2


async def _ai_game(h: Harness, humans: tuple[int, ...] = (HUMAN,)) -> int:
    iid = await h.command(HUMAN, "new", players=3)
    lobby = h.api.responses(iid)[0]
    for user in humans[1:]:
        await h.click(user, lobby, "mn:1:lobby:join")
    for _ in range(3 - len(humans)):
        await h.click(HUMAN, lobby, "mn:1:lobby:ai")
    assert "🤖 AI" in lobby.content
    await h.click(HUMAN, lobby, "mn:1:lobby:start")
    return h.api.thread_of(CHANNEL)


def _page(h: Harness, user: int) -> Sent:
    return [m for m in h.api.dms(user) if m.custom_ids()][-1]


async def _answer(h: Harness, user: int) -> None:
    page = _page(h, user)
    first = page.custom_ids()[0]
    comp = page.component(first)
    values = None
    if comp["type"] == 3:  # a select: its first option, or an offer's first tokens
        values = [o["value"] for o in comp["options"][:max(1, comp.get("min_values", 1))]]
    await h.click(user, page, first, values=values)


async def test_one_human_two_ais_advance_to_the_humans_decisions(h: Harness) -> None:
    thread = await _ai_game(h)
    service = h.bot.service
    record = await service.game(1)
    me = record.seat_of(HUMAN)
    assert me is not None and me.seat
    assert sum(1 for s in record.players if s.user < 0) == 2
    for _ in range(6):  # a few of the human's decisions; the AIs answer in between
        record = await service.game(1)
        if record.status != "active":
            break
        assert service.owed_players(record, service.state_of(record)) == {me.seat}
        assert "screen.png" in _page(h, HUMAN).files  # his private screen goes with his page
        await _answer(h, HUMAN)
    posted = h.api.in_channel(thread)
    assert any("(AI)" in m.content and "🤖" in m.content for m in posted)
    assert any(f"mare-nostrum-{record.id}.png" in m.files for m in posted)
    assert not [c for c, u in h.api.dm_channels.items() if u < 0], "no DM to an AI seat"
    waiting = [m.content for m in posted if m.custom_ids() == ["mn:1:turn"]]
    assert waiting and all("<@-" not in w for w in waiting)
    ai_moves = [a for a in await h.bot.storage.actions(1) if a.user_id and a.user_id < 0]
    assert ai_moves, "AI moves are in the action log, under their seats"
    assert await service.verify(1)


async def test_autopilot_plays_an_absent_seat_then_gives_it_back(h: Harness) -> None:
    thread = await _ai_game(h, (HUMAN, ANA))
    service = h.bot.service
    iid = await h.command(ANA, "autopilot", game=1, player=UserOption(ANA), on=True)
    assert "creator" in h.api.responses(iid)[0].content  # only the creator may
    iid = await h.command(HUMAN, "autopilot", game=1, player=UserOption(ANA), on=True)
    assert h.api.responses(iid)[0].ephemeral
    record = await service.game(1)
    ana = record.seat_of(ANA)
    assert ana is not None and ana.seat
    assert service.ai_level(record, ana.seat) == "standard"
    owed = service.owed_players(record, service.state_of(record))
    assert ana.seat not in owed or record.status != "active"
    assert any("An AI now plays for <@2>" in m.content for m in h.api.in_channel(thread))
    dms_before = len(h.api.dms(ANA))
    iid = await h.command(HUMAN, "autopilot", game=1, player=UserOption(ANA), on=False)
    record = await service.game(1)
    assert service.ai_level(record, ana.seat) is None
    assert any("plays again" in m.content for m in h.api.in_channel(thread))
    # From now on her decisions come to her again, by DM.
    for _ in range(30):
        record = await service.game(1)
        owed = service.owed_players(record, service.state_of(record))
        if ana.seat in owed or record.status != "active":
            break
        await _answer(h, HUMAN)
    if record.status == "active":
        assert len(h.api.dms(ANA)) > dms_before


async def test_the_board_is_drawn_off_the_event_loop(
    h: Harness, monkeypatch: pytest.MonkeyPatch,
) -> None:
    import threading

    import bot.pictures as pictures

    drawn: list[tuple[str, str, Any]] = []
    board, screen = pictures.board_png_sync, pictures.screen_png_sync

    def board_spy(drawer: Any, view: Any, lang: str = "en", highlight: Any = None) -> Any:
        drawn.append(("board", threading.current_thread().name, highlight))
        return board(drawer, view, lang, highlight)

    def screen_spy(drawer: Any, view: Any, lang: str = "en") -> Any:
        drawn.append(("screen", threading.current_thread().name, None))
        return screen(drawer, view, lang)

    monkeypatch.setattr(pictures, "board_png_sync", board_spy)
    monkeypatch.setattr(pictures, "screen_png_sync", screen_spy)
    await _ai_game(h)
    boards = [name for kind, name, _ in drawn if kind == "board"]
    assert boards, "each burst's board is drawn"
    assert any(kind == "screen" for kind, _, _ in drawn)  # the private screen
    # Never on the event loop's thread: always in the one render thread.
    assert {name for _, name, _ in drawn} and all(
        name.startswith("render") for _, name, _ in drawn)


def test_the_highlight_comes_from_public_events_only() -> None:
    from bot.games.mare_nostrum.events import Event
    from bot.pictures import highlight_of
    from bot.registry import game

    pictures = game("mare_nostrum").renderer
    moved = Event("moved", {"source": "latium", "target": "sicilia"}, None)
    secret = Event("battle", {"area": "creta", "sides": []}, ("rome",))
    assert highlight_of(pictures, [moved, secret]) == {"areas": ["latium", "sicilia"],
                                                       "dice": {}, "label": ""}
    assert highlight_of(pictures, [secret]) is None


async def test_after_a_restart_the_ais_play_what_they_owe(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    from cogs.notify import Notifier

    db = tmp_path / "games.sqlite3"
    with monkeypatch.context() as m:
        m.setattr(Notifier, "wake", lambda self, game_id: None)  # the AIs are asleep
        async with Harness(db) as first:
            await _ai_game(first)
            service = first.bot.service
            for _ in range(20):
                record = await service.game(1)
                if service.ai_owed(record):
                    break
                await _answer(first, HUMAN)
            assert service.ai_owed(record)
            api = first.api
    async with Harness(db, api) as second:  # the AIs wake up with the new process
        await second.settle()
        record = await second.bot.service.game(1)
        assert not second.bot.service.ai_owed(record)
        assert len(await second.bot.storage.actions(1)) > 0
