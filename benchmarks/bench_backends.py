"""SQLite vs PostgreSQL (issue 20): persist latency, and actions served per second by one bot
process and by two processes on one PostgreSQL database.

    .venv/bin/python -m benchmarks.bench_backends [--saves 500] [--seconds 10] [--games 40]

- persist: `engine.to_json` + `save_game` of a late-game state with its action, one at a time
  (SQLite: WAL, synchronous=FULL; PostgreSQL: a local server started for the run by
  tests/pgserver.py, fsync on, synchronous_commit on, reached through a unix socket).
- served: `--games` games played at once through `GameService.submit` (each answer chosen at
  random among the legal ones, so the engine's share stays small) for `--seconds`; actions
  accepted per second. Two processes: each plays half the games, on the same database.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import tempfile
import time
from pathlib import Path

from benchmarks.bench_storage import _stats, late_game_state, persist_times
from bot.games.mare_nostrum import engine
from bot.service import GameService, ServiceError
from bot.storage import PostgresStorage, SqliteStorage, Storage
from tests.pgserver import PostgresServer


def _open(target: str) -> Storage:
    return PostgresStorage(target) if target.startswith("postgresql://") else \
        SqliteStorage(Path(target))


async def _persist(target: str, saves: int) -> list[float]:
    store = _open(target)
    await store.open()
    try:
        return await persist_times(store, late_game_state(), saves)
    finally:
        await store.close()


async def _new_games(target: str, count: int) -> list[int]:
    store = _open(target)
    await store.open()
    try:
        svc = GameService(store)
        ids = []
        for n in range(count):
            lobby = await svc.create_lobby(1, 2, 10 + 3 * n, seats=3)
            await svc.join(lobby.id, 11 + 3 * n)
            await svc.join(lobby.id, 12 + 3 * n)
            await svc.start(lobby.id, lobby.creator_id)
            ids.append(lobby.id)
        return ids
    finally:
        await store.close()


async def _serve(target: str, games: list[int], seconds: float) -> int:
    """Play these games at once for `seconds`; the number of accepted actions."""
    store = _open(target)
    await store.open()
    svc = GameService(store)
    rnd = random.Random(len(games))
    served = 0
    end = time.monotonic() + seconds

    async def play(game_id: int) -> None:
        nonlocal served
        while time.monotonic() < end:
            record = await svc.game(game_id)
            if record.status != "active":
                return
            state = svc.state_of(record)
            owed = sorted({p.player for p in engine.owed(state)})
            seat = rnd.choice(owed)
            legal = engine.legal_actions(state, seat)
            user = record.user_of(seat)
            if not legal or user is None:
                await asyncio.sleep(0)
                continue
            try:
                await svc.submit(game_id, user, rnd.choice(legal).to_dict(), record.version)
                served += 1
            except (ServiceError, engine.EngineError):
                pass

    try:
        await asyncio.gather(*(play(g) for g in games))
    finally:
        await store.close()
    return served


def _served_by(target: str, games: list[int], seconds: float, processes: int) -> float:
    """Actions per second served by `processes` forked processes, each with its share."""
    if processes == 1:
        return asyncio.run(_serve(target, games, seconds)) / seconds
    pipes = []
    for share in range(processes):
        r, w = os.pipe()
        if os.fork() == 0:
            os.close(r)
            os.write(w, str(asyncio.run(_serve(target, games[share::processes],
                                               seconds))).encode())
            os._exit(0)
        os.close(w)
        pipes.append(r)
    total = 0
    for r in pipes:
        total += int(os.read(r, 64) or b"0")
        os.close(r)
        os.wait()
    return total / seconds


def run(saves: int = 500, seconds: float = 10.0, games: int = 40) -> list[tuple[str, str]]:
    server = PostgresServer(fsync=True)
    server.start()
    rows: list[tuple[str, str]] = []
    try:
        with tempfile.TemporaryDirectory(dir=Path.cwd()) as tmp:
            targets = {"SQLite": str(Path(tmp) / "bench.sqlite3"),
                       "PostgreSQL": asyncio.run(server.database())}
            for name, target in targets.items():
                med, p99 = _stats(asyncio.run(_persist(target, saves)))
                rows.append((f"backends: persist one action, {name}: median / p99",
                             f"{med:.2f} / {p99:.2f} ms"))
            runs = [("SQLite, 1 process", targets["SQLite"], 1),
                    ("PostgreSQL, 1 process", asyncio.run(server.database()), 1),
                    ("PostgreSQL, 2 processes", asyncio.run(server.database()), 2)]
            for label, target, processes in runs:
                ids = asyncio.run(_new_games(target, games))
                rate = _served_by(target, ids, seconds, processes)
                rows.append((f"backends: served, {games} games at once, {label}",
                             f"{rate:.0f} actions/s"))
    finally:
        server.stop()
    return rows


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--saves", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--games", type=int, default=40)
    args = parser.parse_args()
    for name, value in run(args.saves, args.seconds, args.games):
        print(f"{name:62} {value}")
