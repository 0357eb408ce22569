"""Storage speed: the time to persist one accepted action of a late-game state.

    .venv/bin/python -m benchmarks.bench_storage [--saves 1000]

Persisting = `engine.to_json(state)` + `SqliteStorage.save_game` (one transaction: compare-and-
set of the version, snapshot, action log; WAL, synchronous=FULL), timed over 1000 saves in a new
database: the first fifth (the WAL file still growing) and the second half (the WAL file reused
after the first checkpoint, as in a long-running bot) are reported apart. Goal: median <= 1 ms,
p99 <= 5 ms. Also: stdlib json vs orjson for the snapshot, the same save with synchronous=NORMAL (no
fsync at commit: what the disk costs), and the raw fdatasync latency of the disk under the
database (a rewritten block, as in the reused WAL file, and an appended one).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.ai.play import play_game, seat_levels
from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.state import GameState, state_to_dict
from bot.storage import GameRecord, Seat, SqliteStorage, Storage

ACTION = {"kind": "end_turn", "player": "rome"}


def late_game_state(players: int = 5, seed: int = 3) -> GameState:
    """A 5-player game stopped at 90 % of its actions (the biggest snapshots)."""
    seats = seat_levels(["standard"], players)
    total = play_game(seats, seed, check=False).actions
    state = play_game(seats, seed, check=False, max_actions=total * 9 // 10).state
    assert isinstance(state, GameState) and not state.over
    return state


def _stats(times: list[float]) -> tuple[float, float]:
    """(median, p99) in ms."""
    times = sorted(times)
    return (statistics.median(times) * 1000,
            times[min(len(times) - 1, round(0.99 * (len(times) - 1)))] * 1000)


def _time(fn: Callable[[], Any], runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return out


async def persist_times(store: Storage, state: GameState, runs: int) -> list[float]:
    """The time of each of `runs` persists (snapshot + save with its action) of one game."""
    record = await store.create_game(GameRecord(
        0, 1, 2, 3, "mare_nostrum", status="active",
        players=[Seat(i, e) for i, e in enumerate(state.players)], seed=1,
        snapshot=engine.to_json(state)))
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        record.snapshot = engine.to_json(state)
        await store.save_game(record, record.version, ("rome", 1, ACTION))
        times.append(time.perf_counter() - t0)
    return times


async def _saves(path: Path, state: GameState, runs: int, synchronous: str) -> list[float]:
    store = SqliteStorage(path)
    await store.open()
    await store.db.execute(f"PRAGMA synchronous={synchronous}")
    try:
        return await persist_times(store, state, runs)
    finally:
        await store.close()


def _fsync_latency(directory: Path, runs: int, append: bool) -> list[float]:
    """fdatasync after rewriting one 4 KiB block (what a WAL commit mostly does: the WAL file
    is reused) or after appending one (the file grows: its size must be journalled too)."""
    fd = os.open(directory / "fsync.probe", os.O_WRONLY | os.O_CREAT, 0o644)
    try:
        os.pwrite(fd, b"x" * 4096, 0)
        os.fsync(fd)
        out = []
        for i in range(runs):
            os.pwrite(fd, b"y" * 4096, 4096 * (i + 1) if append else 0)
            t0 = time.perf_counter()
            os.fdatasync(fd)
            out.append(time.perf_counter() - t0)
        return out
    finally:
        os.close(fd)
        os.unlink(directory / "fsync.probe")


def run(saves: int = 1000) -> list[tuple[str, str]]:
    state = late_game_state()
    as_dict = state_to_dict(state)
    snapshot = engine.to_json(state)
    rows: list[tuple[str, str]] = [
        ("storage: late-game snapshot size", f"{len(snapshot) / 1024:.1f} KiB"),
    ]
    serialisers: list[tuple[str, Callable[[], Any]]] = [
        ("state_to_dict", lambda: state_to_dict(state)),
        ("orjson.dumps(dict)", lambda: __import__("orjson").dumps(as_dict)),
        ("json.dumps(dict)", lambda: json.dumps(as_dict, separators=(",", ":")).encode()),
        ("engine.to_json (dict+orjson)", lambda: engine.to_json(state)),
    ]
    for name, fn in serialisers:
        med, p99 = _stats(_time(fn, 200))
        rows.append((f"storage: {name} median / p99", f"{med:.3f} / {p99:.3f} ms"))
    with tempfile.TemporaryDirectory(dir=Path.cwd()) as tmp:
        for sync in ("FULL", "NORMAL"):
            times = asyncio.run(_saves(Path(tmp) / f"{sync}.db", state, saves, sync))
            # A new database's WAL file grows (appends: slow fsyncs) until the first
            # checkpoint (1000 pages, ~300 saves); then it is rewritten from its start.
            for label, part in ((f"first {saves // 5} saves, new WAL", times[:saves // 5]),
                                (f"last {saves // 2} saves, WAL reused", times[saves // 2:])):
                med, p99 = _stats(part)
                rows.append((f"storage: persist, {sync}, {label}: median / p99",
                             f"{med:.2f} / {p99:.2f} ms"))
        for append in (False, True):
            med, p99 = _stats(_fsync_latency(Path(tmp), 100, append))
            what = "appended" if append else "rewritten"
            rows.append((f"storage: disk fdatasync, 4 KiB {what}, median / p99",
                         f"{med:.2f} / {p99:.2f} ms"))
    return rows


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--saves", type=int, default=1000)
    args = parser.parse_args()
    for name, value in run(args.saves):
        print(f"{name:58} {value}")
