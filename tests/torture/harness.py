"""Crash-safety torture: a child process plays games through the service and the storage (the
SQLite file, or a PostgreSQL database given by its URL) while the parent kills it with SIGKILL at
random moments, then checks the database.

The child is forked from the parent, which has already imported the engine, the AI and the
storage (a warm child starts in a few ms). It plays `CONCURRENT` games at once (asyncio tasks
sharing one storage connection), choosing with the `standard` AI, and after every `submit`
returns it appends `game seq sha1(action)` to an ack file and fsyncs it: an acknowledged
action is one a player would have been told was accepted.

After each kill the parent checks (`Checker.check`):
- the database opens and (SQLite) `PRAGMA integrity_check` says ok;
- every game record loads (a snapshot, if any, parses);
- the deadline of every game that moved is its current version's (saved in the same
  transaction), and only active games waiting for a decision have one;
- the action log of every game only grows (what was verified before is still there);
- the snapshot of every game that moved equals the replay of its action log (incrementally:
  the parent keeps each game's replayed state and applies only the new actions, which equals a
  full replay since the engine is deterministic; `final_check` replays every game from scratch);
- every acknowledged action is in the database, with the same content.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import random
import signal
import sqlite3
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from bot.ai import make_player
from bot.games.mare_nostrum import action_from_dict, engine
from bot.games.mare_nostrum.view import view
from bot.service import GameService
from bot.storage import Storage, storage_for

CONCURRENT = 2  # games the child plays at once
PLAYERS = 3
MAX_GAMES = 1_000_000  # the child keeps starting games; finished ones stay in the database


def action_hash(action: dict[str, Any]) -> str:
    return hashlib.sha1(orjson.dumps(action, option=orjson.OPT_SORT_KEYS)).hexdigest()[:16]


# --- the child ---------------------------------------------------------------------------------
def open_storage(db: Path | str) -> Storage:
    """The storage of `db`: a postgresql:// URL, else a SQLite file."""
    url = str(db) if str(db).startswith("postgresql://") else None
    return storage_for(url, Path(db))


async def _new_game(svc: GameService, rnd: random.Random, lobby_id: int | None = None) -> int:
    """Create a lobby (or take over one a kill interrupted), fill it and start it."""
    if lobby_id is None:
        lobby = await svc.create_lobby(1, 2, rnd.randrange(1, 1 << 40), seats=PLAYERS)
    else:
        lobby = await svc.game(lobby_id)
    while len(lobby.players) < PLAYERS:
        lobby = await svc.join(lobby.id, rnd.randrange(1, 1 << 40))
    await svc.start(lobby.id, lobby.creator_id)
    return lobby.id


async def _play(svc: GameService, game_id: int, ack_fd: int, rnd: random.Random) -> None:
    """Play this game to its end, one acknowledged action at a time."""
    ais = {e: make_player("standard", rnd.randrange(1 << 30))
           for e in ("rome", "greece", "carthage", "egypt", "babylon")}
    seq = await svc.storage.action_count(game_id) + 1
    while True:
        record = await svc.game(game_id)
        if record.status != "active":
            return
        state = svc.state_of(record)
        owed = sorted({p.player for p in engine.owed(state)})
        player = rnd.choice(owed)
        action = ais[player].choose(view(state, player), engine.legal_actions(state, player))
        user = record.user_of(player)
        assert user is not None
        data = action_from_dict({**action.to_dict(), "player": player}).to_dict()
        await svc.submit(game_id, user, data, record.version)
        # Acknowledged: the commit returned. Record it durably before going on.
        os.write(ack_fd, f"{game_id} {seq} {action_hash(data)}\n".encode())
        os.fsync(ack_fd)
        # Answers forced after it (issue 13) follow it in the log, unacknowledged.
        seq = await svc.storage.action_count(game_id) + 1
        await asyncio.sleep(0)  # let the other games interleave their transactions


async def _slot(svc: GameService, game_id: int | None, ack_fd: int,
                rnd: random.Random) -> None:
    while True:
        if game_id is None:
            game_id = await _new_game(svc, rnd)
        await _play(svc, game_id, ack_fd, rnd)
        game_id = None


async def child_main(db: Path | str, ack: Path, ready_fd: int, seed: int) -> None:
    rnd = random.Random(seed)
    store = open_storage(db)
    await store.open()
    svc = GameService(store)
    active = [g.id for g in await svc.load()]
    for lobby in await store.games(("lobby",)):  # interrupted before its start
        active.append(await _new_game(svc, rnd, lobby.id))
    ack_fd = os.open(ack, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    os.write(ready_fd, b"r")
    slots: list[int | None] = [*active]  # every unfinished game is resumed
    slots += [None] * (CONCURRENT - len(slots))
    await asyncio.gather(*(_slot(svc, g, ack_fd, rnd) for g in slots))


def spawn(db: Path | str, ack: Path, err: Path, seed: int) -> tuple[int, int]:
    """Fork a child that plays until killed: (pid, read end of its readiness pipe)."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        code = 0
        try:
            os.close(r)
            asyncio.run(child_main(db, ack, w, seed))
        except BaseException:
            err.write_text(traceback.format_exc())
            code = 3
        os._exit(code)
    os.close(w)
    return pid, r


# --- the parent --------------------------------------------------------------------------------
class TortureError(AssertionError):
    pass


@dataclass
class _Replayed:
    seq: int  # actions applied
    state: Any


@dataclass
class Report:
    kills: int = 0
    killed_before_ready: int = 0
    actions_verified: int = 0  # actions replayed and compared (each once)
    acks_verified: int = 0
    games_checked: int = 0  # game records loaded, summed over the checks
    games: int = 0
    finished_games: int = 0
    seconds: float = 0.0
    check_seconds: float = 0.0
    kill_delays_ms: list[float] = field(default_factory=list)

    def lines(self) -> list[str]:
        return [
            f"kills survived:      {self.kills} ({self.killed_before_ready} before the child "
            f"was ready)",
            f"actions verified:    {self.actions_verified} replayed and compared to snapshots",
            f"acks verified:       {self.acks_verified} acknowledged actions found in the DB",
            f"games checked:       {self.games_checked} loads ({self.games} games, "
            f"{self.finished_games} finished)",
            f"time:                {self.seconds:.1f} s ({self.check_seconds:.1f} s checking)",
        ]


class _Reader:
    """The checker's queries (`?` placeholders), on a SQLite file or a PostgreSQL database;
    rows are read by column name or position."""

    def __init__(self, db: Path | str) -> None:
        self.db = db
        self._pg: Any = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._sqlite: sqlite3.Connection | None = None

    def __enter__(self) -> _Reader:
        if str(self.db).startswith("postgresql://"):
            import asyncpg

            self._loop = asyncio.new_event_loop()
            self._pg = self._loop.run_until_complete(asyncpg.connect(str(self.db)))
        else:
            self._sqlite = sqlite3.connect(self.db)
            self._sqlite.row_factory = sqlite3.Row
        return self

    def __exit__(self, *exc: object) -> None:
        if self._sqlite is not None:
            self._sqlite.close()
        if self._loop is not None:
            self._loop.run_until_complete(self._pg.close())
            self._loop.close()

    def rows(self, sql: str, *params: Any) -> list[Any]:
        if self._sqlite is not None:
            return self._sqlite.execute(sql, params).fetchall()
        numbered = iter(range(1, 100))
        sql = "".join(f"${next(numbered)}" if c == "?" else c for c in sql)
        assert self._loop is not None
        return list(self._loop.run_until_complete(self._pg.fetch(sql, *params)))

    def integrity(self) -> str:
        """SQLite's integrity_check; PostgreSQL has no such check of its own."""
        if self._sqlite is None:
            return "ok"
        return str(self.rows("PRAGMA integrity_check")[0][0])


class Checker:
    def __init__(self, db: Path | str, ack: Path) -> None:
        self.db, self.ack = db, ack
        self.ack_offset = 0
        self.replayed: dict[int, _Replayed] = {}
        self.versions: dict[int, int] = {}

    def check(self, report: Report) -> None:
        with _Reader(self.db) as con:
            ok = con.integrity()
            if ok != "ok":
                raise TortureError(f"integrity_check: {ok}")
            self._games(con, report)
            self._acks(con, report)

    def _games(self, con: _Reader, report: Report) -> None:
        deadlines = {r[0]: r[1] for r in con.rows("SELECT game_id, version FROM deadlines")}
        rows = con.rows("SELECT id, status, version, seed, options, snapshot FROM games")
        report.games = report.finished_games = 0
        for row in rows:
            report.games += 1
            report.games_checked += 1
            report.finished_games += row["status"] == "over"
            gid, version = row["id"], row["version"]
            if version < self.versions.get(gid, 0):
                raise TortureError(f"game {gid} went back from v{self.versions[gid]} to "
                                   f"v{version}")
            if row["snapshot"] is None or self.versions.get(gid) == version:
                self.versions[gid] = version
                continue
            snapshot = engine.from_json(row["snapshot"])  # it loads
            self._replay(con, gid, row, snapshot, report)
            # The deadline is saved with the position: it is the current version's, if any.
            owes = row["status"] == "active" and engine.owed(snapshot)
            if deadlines.get(gid) != (version if owes else None):
                raise TortureError(f"game {gid} v{version} ({row['status']}): deadline "
                                   f"{deadlines.get(gid)}")
            self.versions[gid] = version

    def _replay(self, con: _Reader, gid: int, row: Any, snapshot: Any,
                report: Report) -> None:
        done = self.replayed.get(gid)
        if done is None:
            options = {k: v for k, v in orjson.loads(row["options"]).items()
                       if k not in ("seats", "language", "deadline_hours", "langs")}
            state, _ = engine.new_game(snapshot.players, options, row["seed"])
            done = self.replayed[gid] = _Replayed(0, state)
        ((count,),) = con.rows("SELECT COUNT(*) FROM actions WHERE game_id = ?", gid)
        if count < done.seq:
            raise TortureError(f"game {gid}: {done.seq} actions were verified, {count} left")
        for (seq, action) in con.rows(
                "SELECT seq, action FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq",
                gid, done.seq):
            if seq != done.seq + 1:
                raise TortureError(f"game {gid}: action {done.seq + 1} missing, got {seq}")
            engine.apply_in_place(done.state, action_from_dict(orjson.loads(action)))
            done.seq = seq
            report.actions_verified += 1
        if engine.to_json(done.state) != row["snapshot"]:
            raise TortureError(f"game {gid}: snapshot v{row['version']} differs from the "
                               f"replay of its {done.seq} actions")

    def _acks(self, con: _Reader, report: Report) -> None:
        data = self.ack.read_bytes()[self.ack_offset:] if self.ack.exists() else b""
        end = data.rfind(b"\n") + 1  # a line torn by the kill was never acknowledged
        for line in data[:end].decode().splitlines():
            gid, seq, digest = line.split()
            found = next(iter(con.rows("SELECT action FROM actions WHERE game_id = ? AND "
                                       "seq = ?", int(gid), int(seq))), None)
            if found is None:
                raise TortureError(f"acknowledged action {gid}/{seq} is not in the database")
            if action_hash(orjson.loads(found[0])) != digest:
                raise TortureError(f"acknowledged action {gid}/{seq} differs in the database")
            report.acks_verified += 1
        self.ack_offset += end


async def final_check(db: Path | str) -> int:
    """Replay every game from scratch through GameService.verify; return the games verified."""
    store = open_storage(db)
    await store.open()
    try:
        svc = GameService(store)
        games = await store.games(("lobby", "active", "over", "abandoned"))
        for g in games:
            if not await svc.verify(g.id):
                raise TortureError(f"game {g.id}: GameService.verify failed")
        return len(games)
    finally:
        await store.close()


def _wait_ready(fd: int, timeout: float) -> bool:
    import select

    ready, _, _ = select.select([fd], [], [], timeout)
    return bool(ready) and os.read(fd, 1) == b"r"


def torture(workdir: Path, kills: int, *, max_delay_ms: float = 50.0, seed: int = 0,
            early_kill_rate: float = 0.1, progress: Any = None,
            database: str | None = None) -> Report:
    """Kill a playing child `kills` times, checking the database after each kill: the SQLite
    file workdir/torture.sqlite3, or the PostgreSQL `database` URL."""
    rnd = random.Random(seed)
    ack, err = workdir / "acks.log", workdir / "child.err"
    db: Path | str = database or workdir / "torture.sqlite3"
    checker = Checker(db, ack)
    report = Report()
    t_start = time.perf_counter()
    for i in range(kills):
        pid, ready_fd = spawn(db, ack, err, rnd.randrange(1 << 30))
        try:
            early = rnd.random() < early_kill_rate
            if early:  # during start-up: opening, migrations, loading the games
                time.sleep(rnd.uniform(0, 0.01))
            else:
                if not _wait_ready(ready_fd, 30.0):
                    raise TortureError(f"child not ready: {_child_error(err)}")
                delay = rnd.uniform(0, max_delay_ms) / 1000
                report.kill_delays_ms.append(delay * 1000)
                time.sleep(delay)
            os.kill(pid, signal.SIGKILL)
            _, status = os.waitpid(pid, 0)
        finally:
            os.close(ready_fd)
        if not (os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL):
            raise TortureError(f"child ended by itself ({status}): {_child_error(err)}")
        report.kills += 1
        report.killed_before_ready += early
        t0 = time.perf_counter()
        checker.check(report)
        report.check_seconds += time.perf_counter() - t0
        if progress is not None:
            progress(i + 1, report)
    report.seconds = time.perf_counter() - t_start
    return report


def _child_error(err: Path) -> str:
    return err.read_text() if err.exists() else "(no traceback)"
