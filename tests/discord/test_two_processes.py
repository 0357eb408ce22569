"""Two bot processes on one PostgreSQL database (issue 20), each a whole bot (cogs, notifier,
AI drivers, deadline loop) talking to its own fake Discord, 100 games acting at once in both.

Each game has one human and two AI seats. Both processes start together, and each wakes the
AI players of every game (as a restart does) and answers the human's decisions of every
even-numbered game through its fake Discord (`/mn play`, then a click on the page, the answer
chosen by an AI for him): the two race on every game. Then their clocks jump past the
deadlines and both scan them at once: the odd games' humans never answered, their decisions
take their defaults.

Each process logs what it did; the parent then checks that every answer it acknowledged is
stored once, that no game version was produced twice, that each deadline fired in one process
only (and every due one fired), and that each AI move was played by one process only, every AI
action of the logs being one of those plays."""

from __future__ import annotations

import asyncio
import multiprocessing
import random
import re
import time
import traceback
from collections import Counter
from pathlib import Path
from typing import Any

import orjson
import pytest

from bot.ai import make_player
from bot.games.mare_nostrum import action_from_dict
from bot.service import GameService
from bot.storage import PostgresStorage
from tests.discord.harness import CHANNEL, GUILD, Harness
from tests.discord.test_full_game import _choose_kinds, _find
from tests.pgserver import PostgresServer

GAMES = 100
HUMAN = 5_000  # the human of game n is HUMAN + n
PLAY_SECONDS = 6.0  # how long both processes answer the humans' decisions
JUMP = 3 * 24 * 3600.0  # the clocks' jump past every deadline (24 h per decision)


class _Racing(Harness):
    """A harness whose commands and clicks wait for their own handlers only: the AI players
    of the other games play on meanwhile (the harness's `settle` waits for every task)."""

    async def settle(self) -> None:
        me = asyncio.current_task()
        while True:
            pending = [t for t in asyncio.all_tasks() if t is not me and not t.done()
                       and not any(name in repr(t.get_coro())
                                   for name in ("_drive", "timeout_task"))]
            if not pending:
                return
            await asyncio.wait(pending, timeout=1.0)


async def _games(url: str) -> list[int]:
    store = PostgresStorage(url)
    await store.open()
    try:
        svc = GameService(store)
        ids = []
        for n in range(GAMES):
            lobby = await svc.create_lobby(GUILD, CHANNEL, HUMAN + n, seats=3)
            await svc.add_ai(lobby.id, HUMAN + n)
            await svc.add_ai(lobby.id, HUMAN + n)
            await svc.start(lobby.id, HUMAN + n)
            ids.append(lobby.id)
        return ids
    finally:
        await store.close()


async def _process(url: str, tmp: Path, me: int, games: list[int], log: list[str]) -> None:
    rnd = random.Random(me)
    async with _Racing(tmp / f"unused{me}.sqlite3", database_url=url) as h:
        svc, notifier = h.bot.service, h.bot.notifier
        ai_move, expire, submit = svc.ai_move, svc._expire, svc.submit

        async def logged_submit(game_id: int, user_id: int, action: dict[str, Any],
                                expected_version: int, *, autopilot: bool = False) -> Any:
            outcome = await submit(game_id, user_id, action, expected_version,
                                   autopilot=autopilot)
            if user_id > 0 and not autopilot:  # a human's (AI seats have negative ids)
                seat = outcome.game.seat_of(user_id)
                data = orjson.dumps({**action, "player": seat and seat.seat}).hex()
                # The version its save produced (no autopilot here: no save after it).
                log.append(f"human {game_id} {outcome.game.version} {data}")
            return outcome

        async def logged_ai_move(game_id: int) -> Any:
            done = await ai_move(game_id)
            if done is not None:
                log.append(f"ai {game_id} {done[0].game.version} {done[1]}")
            return done

        async def logged_expire(game_id: int, version: int) -> Any:
            outcome = await expire(game_id, version)
            if outcome is not None:
                log.append(f"deadline {game_id} {version} {len(outcome.by_default)}")
            return outcome

        svc.submit = logged_submit  # type: ignore[method-assign]
        svc.ai_move = logged_ai_move  # type: ignore[method-assign]
        svc._expire = logged_expire  # type: ignore[method-assign]
        for game_id in games:  # what setup_hook does after a restart (its load came first)
            notifier.wake(game_id)
        end = time.monotonic() + PLAY_SECONDS
        while time.monotonic() < end:
            for game_id in rnd.sample(games[::2], len(games[::2])):
                await _answer(h, game_id, rnd)
            await asyncio.sleep(0.05)
        await _quiet()
        base = svc.clock
        svc.clock = lambda: base() + JUMP
        await h.cog().tick()
        await _quiet()


async def _quiet(seconds: float = 300.0) -> None:
    """Wait for every task the bot started (AI drivers, publications) to end: the harness's
    `settle` gives up after 10 s, too soon for 100 games on a loaded machine."""
    me = asyncio.current_task()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pending = [t for t in asyncio.all_tasks() if t is not me and not t.done()
                   and "timeout_task" not in repr(t.get_coro())]
        if not pending:
            return
        await asyncio.wait(pending, timeout=1.0)
    raise AssertionError(f"tasks still running after {seconds} s")


async def _answer(h: Harness, game_id: int, rnd: random.Random) -> None:
    """The human of this game answers his decision, if he owes one, as on Discord: `/mn play`
    shows his page, he clicks the answer an AI chose for him (turning pages if needed)."""
    svc = h.bot.service
    record = await svc.game(game_id)
    user = record.creator_id
    seat = record.seat_of(user)
    if record.status != "active" or seat is None or seat.seat is None:
        return
    engine = svc.game_of(record).engine
    state = svc.state_of(record)
    legal = engine.legal_actions(state, seat.seat)
    if not legal:
        return
    action = make_player("standard", rnd.randrange(1 << 30)).choose(
        engine.view(state, seat.seat), legal)
    iid = await h.command(user, "play", game=game_id)
    pages = h.api.responses(iid)
    if not pages or not pages[0].components:
        return  # the other process moved the game meanwhile: nothing owed now
    page = pages[0]
    await _choose_kinds(h, user, page, action.to_dict())
    found = _find(page, legal.index(action), action.to_dict())
    for _ in range(10):  # turn the pages forward (Next is the highest page number)
        nav = [c for c in page.custom_ids() if re.search(r":p\d+$", c)]
        if found is not None or not nav:
            break
        await h.click(user, page, max(nav, key=lambda c: int(c.rsplit("p", 1)[1])))
        found = _find(page, legal.index(action), action.to_dict())
    if found is not None:  # refused as out of date if the other process moved it first
        await h.click(user, page, found[0], values=found[1])


def _child(url: str, tmp: Path, me: int, games: list[int], go: Any) -> None:
    """A new bot process (spawned, not forked: a fork of the test process would inherit its
    worker pools without their threads, and the pictures drawn in them would never come)."""
    log: list[str] = []
    try:
        go.wait()  # both start together
        asyncio.run(_process(url, tmp, me, games, log))
    except BaseException:
        (tmp / f"err{me}").write_text(traceback.format_exc())
        raise
    finally:
        (tmp / f"log{me}").write_text("\n".join(log))


async def _stored(url: str) -> tuple[dict[int, list[Any]], list[Any], set[int]]:
    """Each game's action log, the deadlines, the games that verify (replay = snapshot)."""
    store = PostgresStorage(url)
    await store.open()
    try:
        svc = GameService(store)
        games = await store.games(("active", "over"))
        logs = {g.id: await store.actions(g.id) for g in games}
        return logs, await store.deadlines(), {g.id for g in games if await svc.verify(g.id)}
    finally:
        await store.close()


def test_two_processes_share_100_games_without_doing_anything_twice(
        tmp_path: Path, postgres_server: PostgresServer) -> None:
    url = asyncio.run(postgres_server.database())
    games = asyncio.run(_games(url))
    spawn = multiprocessing.get_context("spawn")
    go = spawn.Event()
    processes = [spawn.Process(target=_child, args=(url, tmp_path, me, games, go))
                 for me in (1, 2)]
    for process in processes:
        process.start()
    go.set()
    for process in processes:
        process.join(timeout=600)
        errors = [p.read_text() for p in tmp_path.glob("err*")]
        assert process.exitcode == 0, errors
    lines = [line.split() for me in (1, 2)
             for line in (tmp_path / f"log{me}").read_text().splitlines()]
    logs, deadlines, verified = asyncio.run(_stored(url))
    assert verified == set(games)  # every game's log replays to its snapshot

    for game_id, log in logs.items():  # no version produced twice, no seq skipped
        assert [a.seq for a in log] == list(range(1, len(log) + 1))
        versions = [a.version for a in log]
        assert versions == sorted(set(versions)), game_id
    by_version = {(g, a.version): a for g, log in logs.items() for a in log}

    humans = [(int(g), int(v), bytes.fromhex(h)) for kind, g, v, h in lines if kind == "human"]
    print(f"{len(humans)} human answers, {sum(k == 'ai' for k, *_ in lines)} AI moves, "
          f"{sum(k == 'deadline' for k, *_ in lines)} deadlines fired")
    assert len({g for g, _, _ in humans}) >= GAMES // 4  # they answered in many games
    for game_id, version, action in humans:  # acknowledged: stored once, as given
        stored = by_version[(game_id, version)]
        assert action_from_dict(orjson.loads(action)).to_dict() == stored.action
        assert stored.user_id == HUMAN + games.index(game_id)
    assert len({(g, v) for g, v, _ in humans}) == len(humans)

    ai = Counter((int(g), int(v)) for kind, g, v, _ in lines if kind == "ai")
    assert ai and max(ai.values()) == 1  # each AI move played by one process only
    ai_stored = {(g, a.version) for g, log in logs.items() for a in log
                 if a.user_id is not None and a.user_id < 0}
    assert set(ai) == ai_stored  # and every AI action stored is one of those plays

    fired = Counter((int(g), int(v)) for kind, g, v, _ in lines if kind == "deadline")
    assert fired and max(fired.values()) == 1  # each deadline fired in one process only
    defaults = sum(int(n) for kind, _, _, n in lines if kind == "deadline")
    assert defaults == sum(1 for log in logs.values() for a in log if a.user_id is None)
    # Every odd game's human never answered: its deadline fired, and none is due now.
    assert {g for g, _ in fired} >= set(games[1::2])
    assert all(d.due_at > time.time() + JUMP / 2 for d in deadlines)


@pytest.fixture(autouse=True)
def _no_stray_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)
