"""Scale: games held and served by one bot process.

    .venv/bin/python -m benchmarks.bench_scale [--games 1000] [--acting 100] [--bursts 10]
        [--render-threads 1]

1. Memory: `--games` active games (snapshots sampled from AI games at every stage) are loaded
   by `GameService.load()` (each state parsed and cached, as after a restart). Memory per game
   by tracemalloc (Python allocations of the cache) and by RSS growth. Goal: 1,000 games
   < 1 GiB.
2. Serving: `--acting` games act at once through `GameService.submit` (engine apply, snapshot,
   one SQLite transaction WAL + synchronous=FULL, deadline), in `--bursts` bursts where every
   game submits one action at the same moment; after each accepted action the board is drawn
   for the actor with `rendering.render` in a thread (`asyncio.to_thread`), as the bot does,
   at most `--render-threads` at once (more threads fight the event loop for the GIL).
   A ticker task measures the event loop's lag. Goals: submit acknowledged within 250 ms p99,
   loop never stalled more than 20 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import random
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

import orjson

from bot.ai.play import play_game, seat_levels
from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.view import view
from bot.service import GameService
from bot.storage import SqliteStorage

USERS = 1000  # user ids: USERS * game + seat


def sample_snapshots(count: int = 60) -> list[tuple[list[str], bytes]]:
    """(players, snapshot) of unfinished states taken along AI games of 3, 4 and 5 players."""
    out: list[tuple[list[str], bytes]] = []
    seed = 0
    while len(out) < count:
        players = 3 + seed % 3
        total = play_game(seat_levels(["standard"], players), seed, check=False).actions
        for frac in (0.1, 0.3, 0.5, 0.7, 0.9):
            state = play_game(seat_levels(["standard"], players), seed, check=False,
                              max_actions=int(total * frac)).state
            assert state is not None and not state.over
            out.append((list(state.players), engine.to_json(state)))
        seed += 1
    return out[:count]


async def fill(store: SqliteStorage, games: int, rnd: random.Random) -> None:
    """Insert `games` active games in one transaction (set-up, not measured)."""
    samples = sample_snapshots()
    now = time.time()
    rows = []
    for g in range(games):
        players, snapshot = rnd.choice(samples)
        seats = [{"user": USERS * (g + 1) + i, "seat": e} for i, e in enumerate(players)]
        options = {"seats": len(players), "language": "en", "deadline_hours": 24.0}
        rows.append((1, 2, seats[0]["user"], "mare_nostrum", orjson.dumps(seats),
                     orjson.dumps(options), 1, "active", 1, snapshot, now, now))
    async with store._tx() as db:
        await db.executemany(
            "INSERT INTO games (guild_id, channel_id, creator_id, game, players, options, "
            "seed, status, version, snapshot, created_at, updated_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)


def _rss() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096


async def measure_memory(path: Path) -> dict[str, float]:
    store = SqliteStorage(path)
    await store.open()
    try:
        gc.collect()
        rss0 = _rss()
        t0 = time.perf_counter()
        svc = GameService(store)
        games = await svc.load()
        load_s = time.perf_counter() - t0
        gc.collect()
        rss_total = _rss()
        rss = rss_total - rss0
        # Python allocations of a second cache of the same games (the first one stays alive).
        tracemalloc.start()
        again = GameService(store)
        for record in games:
            again.state_of(record)
        traced, _ = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        return {"games": len(games), "load_s": load_s, "rss": rss, "traced": traced,
                "rss_total": rss_total}
    finally:
        await store.close()


def memory_in_fresh_process(path: Path) -> dict[str, float]:
    """measure_memory in a new interpreter: RSS growth means nothing in a process whose heap
    earlier benchmarks have already grown (freed memory is reused)."""
    out = subprocess.run(
        [sys.executable, "-m", "benchmarks.bench_scale", "--memory-of", str(path)],
        cwd=Path(__file__).resolve().parents[1], capture_output=True, check=True)
    result: dict[str, float] = orjson.loads(out.stdout.splitlines()[-1])
    return result


async def _ticker(lags: list[float], stop: asyncio.Event, period: float = 0.005) -> None:
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        t0 = loop.time()
        await asyncio.sleep(period)
        lags.append(loop.time() - t0 - period)


async def _act(svc: GameService, gid: int, rnd: random.Random, latencies: list[float],
               render: asyncio.Semaphore | None) -> int:
    """One game answers its first owed decision: submit timed, then the picture in a thread."""
    record = await svc.game(gid)
    if record.status != "active":
        return 0
    state = svc.state_of(record)
    player = sorted({p.player for p in engine.owed(state)})[0]
    user = record.user_of(player)
    assert user is not None
    action = rnd.choice(engine.legal_actions(state, player))
    t0 = time.perf_counter()
    out = await svc.submit(gid, user, action.to_dict(), record.version)
    latencies.append(time.perf_counter() - t0)
    if render is not None:
        from rendering.mare_nostrum import render as draw

        async with render:  # at most `render_threads` pictures drawn at once
            await asyncio.to_thread(draw, view(svc.state_of(out.game), player))
    return 1


async def measure_serving(path: Path, acting: int, bursts: int, render_threads: int,
                          rnd: random.Random) -> dict[str, Any]:
    store = SqliteStorage(path)
    await store.open()
    try:
        svc = GameService(store)
        games = [g.id for g in await svc.load()][:acting]
        render = asyncio.Semaphore(render_threads) if render_threads else None
        if render:  # warm-up: the static map and the fonts are built once per process
            from rendering.mare_nostrum import render as draw

            await asyncio.to_thread(draw, view(svc.state_of(await svc.game(games[0])), None))
        latencies: list[float] = []
        lags: list[float] = []
        stop = asyncio.Event()
        ticker = asyncio.create_task(_ticker(lags, stop))
        t0 = time.perf_counter()
        actions = 0
        for _ in range(bursts):
            done = await asyncio.gather(*(_act(svc, g, rnd, latencies, render) for g in games))
            actions += sum(done)
        seconds = time.perf_counter() - t0
        stop.set()
        await ticker
        return {"latencies": sorted(latencies), "lags": sorted(lags), "actions": actions,
                "seconds": seconds}
    finally:
        await store.close()


def _p(values: list[float], q: float) -> float:
    return values[min(len(values) - 1, round(q * (len(values) - 1)))]


def run(games: int = 1000, acting: int = 100, bursts: int = 10,
        render_threads: int = 1) -> list[tuple[str, str]]:
    rnd = random.Random(6)
    with tempfile.TemporaryDirectory(dir=Path.cwd()) as tmp:
        path = Path(tmp) / "scale.sqlite3"

        async def setup() -> None:
            store = SqliteStorage(path)
            await store.open()
            await fill(store, games, rnd)
            await store.close()

        asyncio.run(setup())
        mem = memory_in_fresh_process(path)
        serve = asyncio.run(measure_serving(path, acting, bursts, render_threads, rnd))
    lat, lags = serve["latencies"], serve["lags"]
    mib = 1024 * 1024
    return [
        (f"scale: {mem['games']:.0f} games: load (parse + cache)", f"{mem['load_s']:.2f} s"),
        (f"scale: {mem['games']:.0f} games: RSS growth", f"{mem['rss'] / mib:.1f} MiB"),
        ("scale: process RSS with the games loaded", f"{mem['rss_total'] / mib:.0f} MiB"),
        ("scale: memory per game (tracemalloc)", f"{mem['traced'] / mem['games'] / 1024:.1f} KiB"),
        ("scale: memory per game (RSS)", f"{mem['rss'] / mem['games'] / 1024:.1f} KiB"),
        (f"scale: {acting} games acting at once: submits", f"{len(lat)}"
         + (f" (+ render, {render_threads} thread(s))" if render_threads else "")),
        ("scale: submit latency median / p99 / max",
         f"{statistics.median(lat) * 1000:.0f} / {_p(lat, 0.99) * 1000:.0f} / "
         f"{lat[-1] * 1000:.0f} ms"),
        ("scale: event loop lag p99 / max",
         f"{_p(lags, 0.99) * 1000:.1f} / {lags[-1] * 1000:.1f} ms"),
        ("scale: accepted actions/s (serving)", f"{serve['actions'] / serve['seconds']:.0f}"),
    ]


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--acting", type=int, default=100)
    parser.add_argument("--bursts", type=int, default=10)
    parser.add_argument("--render-threads", type=int, default=1,
                        help="pictures drawn at once in threads (0: no rendering)")
    parser.add_argument("--memory-of", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.memory_of:
        print(orjson.dumps(asyncio.run(measure_memory(args.memory_of))).decode())
        sys.exit()
    for name, value in run(args.games, args.acting, args.bursts, args.render_threads):
        print(f"{name:50} {value}")
