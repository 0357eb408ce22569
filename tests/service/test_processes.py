"""Two services on one PostgreSQL database, as two bot processes (issue 20): a sealed answer
whose save loses the race to the other process's is judged again and stands; a deadline fires
in one process only; an AI move is played by one process only; a reminder is sent once."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from bot.service import GameService
from bot.storage import PostgresStorage
from tests.helpers import Clock, give_choices
from tests.pgserver import PostgresServer

SEATS = ["rome", "greece", "carthage"]


@pytest.fixture
async def pair(postgres_server: PostgresServer) -> AsyncIterator[tuple[GameService, ...]]:
    """Two services (two processes) on one new database, with one clock."""
    url = await postgres_server.database()
    stores = [PostgresStorage(url), PostgresStorage(url)]
    for store in stores:
        await store.open()
    clock = Clock()
    yield tuple(GameService(store, clock=clock) for store in stores)
    for store in stores:
        await store.close()


async def _started(svc: GameService, ais: int = 0) -> int:
    lobby = await svc.create_lobby(1, 2, 10, seats=3)
    for user in (11, 12)[:3 - 1 - ais]:
        await svc.join(lobby.id, user)
    for _ in range(ais):
        await svc.add_ai(lobby.id, 10)
    await svc.start(lobby.id, 10)
    return lobby.id


async def test_sealed_answers_given_in_two_processes_at_once_both_stand(
        pair: tuple[GameService, GameService]) -> None:
    a, b = pair
    game = await _started(a)
    await give_choices(a, game, SEATS)
    record = await a.game(game)
    answers = []
    for svc, seat in ((a, "rome"), (b, "greece")):
        legal = svc.game_of(record).engine.legal_actions(svc.state_of(record), seat)
        answers.append(svc.submit(game, record.seating()[seat], legal[0].to_dict(),
                                  record.version))
    await asyncio.gather(*answers)  # the same version: one save loses, and is judged again
    log = await a.storage.actions(game)
    assert [(x.player, x.version) for x in log[-2:]] in (
        [("rome", record.version + 1), ("greece", record.version + 2)],
        [("greece", record.version + 1), ("rome", record.version + 2)])


async def test_a_deadline_fires_in_one_process_only(
        pair: tuple[GameService, GameService]) -> None:
    a, b = pair
    games = [await _started(a) for _ in range(6)]
    assert isinstance(a.clock, Clock)
    a.clock.now += 25 * 3600  # both services' clock: every deadline is past
    first, second = await asyncio.gather(a.scan_deadlines(), b.scan_deadlines())
    fired = [o.game.id for o in first + second]
    assert sorted(fired) == games  # each once
    for game in games:
        defaults = [x for x in await a.storage.actions(game) if x.user_id is None]
        assert len(defaults) == 1  # the one decision owed, answered once
    assert await a.scan_deadlines() == [] and await b.scan_deadlines() == []


async def test_an_ai_move_is_played_by_one_process_only(
        pair: tuple[GameService, GameService]) -> None:
    a, b = pair
    game = await _started(a, ais=2)
    await a.set_autopilot(game, 10, 10, on=True)  # every seat played by an AI
    played: list[int] = []  # the version each AI move produced
    for _ in range(10):  # the AI seats' moves, each raced by both processes
        moves = await asyncio.gather(a.ai_move(game), b.ai_move(game))
        done = [m[0].game.version for m in moves if m is not None]
        if not done:
            break
        played += done  # one, or two moves one after the other (the second on the new version)
    log = await a.storage.actions(game)
    assert played and sorted(played) == [x.version for x in log]  # each move played once


async def test_a_reminder_is_sent_by_one_process_only(
        pair: tuple[GameService, GameService]) -> None:
    a, b = pair
    games = [await _started(a) for _ in range(4)]
    assert isinstance(a.clock, Clock)
    a.clock.now += 20 * 3600  # in the last quarter of the 24 hours
    first, second = await asyncio.gather(a.due_reminders(), b.due_reminders())
    assert sorted(r.id for r, _ in first + second) == games
