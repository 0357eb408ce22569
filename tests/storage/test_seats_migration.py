"""Migration 0004 (seats): a database written by the previous schema — seats stored as
"empire" — opens, migrates, and its games play on: a lobby keeps its claims, a running game
its seats, AI seats, autopilot, deadline, log and unpublished mark, and it is played through the
service to its end; a finished game still verifies against its log."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import orjson
import pytest

from bot.ai import make_player
from bot.registry import game
from bot.service import GameService, ServiceError
from bot.storage import Seat, SqliteStorage
from bot.storage.sqlite import migrations
from tests.helpers import Clock

PREVIOUS = 3  # the schema version before seats were generic
ENGINE = game("mare_nostrum").engine
SEATS = ["rome", "greece", "carthage"]
# A Discord id (a 64-bit snowflake), an AI seat, and a human whose seat is on autopilot.
HUMAN, AI, PILOTED = 912_345_678_901_234_567, -1, 101
START_VERSION = 4  # the running game's version when it started (lobby saves before)
PLAYED = 40  # the running game's actions logged by the previous bot
NOW = 1_000_000.0  # the tests' clock


def _played(seed: int, limit: int | None) -> tuple[Any, list[tuple[str, dict[str, Any]]]]:
    """A Mare Nostrum game played by AI players from `seed` for `limit` actions (None: to its
    end): (state, [(seat, action dict)])."""
    ais = {seat: make_player("standard", seed * 31 + i) for i, seat in enumerate(SEATS)}
    state, _ = ENGINE.new_game(SEATS, {}, seed)
    log: list[tuple[str, dict[str, Any]]] = []
    while not ENGINE.is_over(state) and (limit is None or len(log) < limit):
        # A sealed answer already given stays owed: the first seat that may act, in seat order.
        owed = {p.player for p in ENGINE.owed(state)}
        seat = next(s for s in SEATS if s in owed and ENGINE.legal_actions(state, s))
        action = ais[seat].choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat))
        state, _ = ENGINE.apply(state, action)
        log.append((seat, action.to_dict()))
    return state, log


def _old_players(seats: Sequence[tuple[int, str | None]]) -> bytes:
    """A players list as the previous bot stored it."""
    return orjson.dumps([{"user": user, "empire": empire} for user, empire in seats])


def _insert_game(con: sqlite3.Connection, players: bytes, options: dict[str, Any], status: str,
                 version: int, seed: int | None = None, snapshot: bytes | None = None) -> int:
    cur = con.execute(
        "INSERT INTO games (guild_id, channel_id, thread_id, lobby_message_id, creator_id, "
        "ruleset, players, options, seed, status, version, snapshot, created_at, updated_at) "
        "VALUES (1, 2, 3, 4, ?, 'mare_nostrum', ?, ?, ?, ?, ?, ?, 0, 0)",
        (HUMAN, players, orjson.dumps(options), seed, status, version, snapshot))
    assert cur.lastrowid is not None
    return cur.lastrowid


def _log(con: sqlite3.Connection, game: int, log: list[tuple[str, dict[str, Any]]],
         users: dict[str, int | None]) -> None:
    """The action log as the previous bot wrote it: action i produced version START + i."""
    con.executemany(
        "INSERT INTO actions (game_id, seq, player, user_id, action, created_at, version) "
        "VALUES (?, ?, ?, ?, ?, 0, ?)",
        [(game, i, seat, users[seat], orjson.dumps(data).decode(), START_VERSION + i)
         for i, (seat, data) in enumerate(log, start=1)])


def _old_database(path: Path) -> dict[str, int]:
    """A database as the bot left it before migration 0004 (migrations 0001-0003 only): a
    lobby with a claimed seat, a running game (an AI seat, a seat on autopilot, a deadline, its
    last action not yet published) and a finished game. Returns their ids."""
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE schema_version (version INTEGER PRIMARY KEY, "
                "applied_at REAL NOT NULL)")
    for number, sql in migrations():
        if number <= PREVIOUS:
            con.executescript(sql)
            con.execute("INSERT INTO schema_version VALUES (?, 0)", (number,))
    lobby = _insert_game(con, _old_players([(HUMAN, None), (200, "carthage")]),
                         {"seats": 3, "language": "fr", "deadline_hours": 24.0,
                          "langs": {str(HUMAN): "fr", "200": "en"}}, "lobby", 2)
    state, log = _played(7, PLAYED)
    seating = [(HUMAN, "rome"), (AI, "greece"), (PILOTED, "carthage")]
    # An autopilot answers under its human's id, an AI seat under its own.
    users: dict[str, int | None] = {seat: user for user, seat in seating}
    running = _insert_game(
        con, _old_players(seating),
        {"seats": 3, "language": "en", "deadline_hours": 24.0, "langs": {str(HUMAN): "en"},
         "ai": {str(AI): "standard"}, "autopilot": {"carthage": "standard"}},
        "active", START_VERSION + PLAYED, 7, ENGINE.to_json(state))
    _log(con, running, log, users)
    con.execute("INSERT INTO deadlines (game_id, version, due_at, reminded) VALUES (?, ?, ?, 0)",
                (running, START_VERSION + PLAYED, NOW + 24 * 3600))
    con.execute("INSERT INTO unpublished (game_id, after_seq) VALUES (?, ?)",
                (running, PLAYED - 1))
    state, log = _played(11, None)
    assert ENGINE.is_over(state)
    finished = _insert_game(con, _old_players([(HUMAN, "rome"), (300, "greece"),
                                               (301, "carthage")]),
                            {"seats": 3, "language": "en", "deadline_hours": 24.0}, "over",
                            START_VERSION + len(log), 11, ENGINE.to_json(state))
    _log(con, finished, log, {"rome": HUMAN, "greece": 300, "carthage": 301})
    con.commit()
    con.close()
    return {"lobby": lobby, "running": running, "finished": finished}


@pytest.fixture
async def old(tmp_path: Path) -> tuple[Path, dict[str, int]]:
    path = tmp_path / "old.sqlite3"
    return path, _old_database(path)


async def test_the_migration_renames_every_seat_and_keeps_the_rest(
        old: tuple[Path, dict[str, int]]) -> None:
    path, ids = old
    store = SqliteStorage(path)
    await store.open()
    try:
        assert await store.schema_version() == migrations()[-1][0]
        done = await store._fetchall("SELECT version FROM schema_version ORDER BY version")
        assert [r[0] for r in done] == [n for n, _ in migrations()]
        rows = await store._fetchall("SELECT id, players FROM games ORDER BY id")
        for row in rows:  # stored as the bot writes it: seats only, no empire left
            entries = orjson.loads(row["players"])
            assert entries and all(set(e) == {"user", "seat"} for e in entries), row["id"]
        lobby = await store.get_game(ids["lobby"])
        running = await store.get_game(ids["running"])
        finished = await store.get_game(ids["finished"])
        assert lobby is not None and running is not None and finished is not None
        assert lobby.players == [Seat(HUMAN, None), Seat(200, "carthage")]
        assert running.players == [Seat(HUMAN, "rome"), Seat(AI, "greece"),
                                   Seat(PILOTED, "carthage")]
        assert running.seating() == {"rome": HUMAN, "greece": AI, "carthage": PILOTED}
        assert finished.seating() == {"rome": HUMAN, "greece": 300, "carthage": 301}
        assert (running.status, running.version, running.seed) == (
            "active", START_VERSION + PLAYED, 7)
        assert running.options["autopilot"] == {"carthage": "standard"}
        assert await store.action_count(ids["running"]) == PLAYED
        assert [d.game_id for d in await store.deadlines()] == [ids["running"]]
        assert await store.unpublished() == [(ids["running"], PLAYED - 1)]
    finally:
        await store.close()
    again = SqliteStorage(path)
    await again.open()  # nothing applied twice
    try:
        assert await again.get_game(ids["running"]) == running
    finally:
        await again.close()


async def test_the_migrated_games_play_on(old: tuple[Path, dict[str, int]]) -> None:
    path, ids = old
    store = SqliteStorage(path)
    await store.open()
    svc = GameService(store, clock=Clock(NOW))
    try:
        # After a restart: the running game loads, and every game's log replays to its snapshot.
        assert [g.id for g in await svc.load()] == [ids["running"]]
        assert await svc.verify(ids["running"]) and await svc.verify(ids["finished"])
        assert await svc.deadline_of(ids["running"]) == NOW + 24 * 3600
        # Its last action was never told: the notifier can still tell it.
        told = await svc.republish_outcome(ids["running"], PLAYED - 1)
        assert told is not None and told.events
        assert svc.ai_level(await svc.game(ids["running"]), "greece") == "standard"
        assert svc.ai_level(await svc.game(ids["running"]), "carthage") == "standard"
        assert svc.ai_level(await svc.game(ids["running"]), "rome") is None
        await _play_to_the_end(svc, ids["running"])
        record = await svc.game(ids["running"])
        assert record.status == "over" and await svc.verify(record.id)
        log = await store.actions(record.id)
        assert [a.seq for a in log] == list(range(1, len(log) + 1)) and len(log) > PLAYED
        assert {a.player for a in log[PLAYED:]} == set(SEATS)
        # (answers forced by the service, issue 13, are logged without a user)
        assert {a.user_id for a in log[PLAYED:] if a.player == "rome"} - {None} == {HUMAN}

        # The lobby keeps its claim: refused to another, kept at the start.
        lobby = ids["lobby"]
        with pytest.raises(ServiceError) as taken:
            await svc.claim_seat(lobby, HUMAN, "carthage")
        assert taken.value.code == "seat_taken" and taken.value.params == {"seat": "carthage"}
        await svc.claim_seat(lobby, HUMAN, "greece")
        await svc.join(lobby, 201)
        outcome = await svc.start(lobby, HUMAN)
        assert outcome.game.seating()["carthage"] == 200
        assert outcome.game.seating()["greece"] == HUMAN
    finally:
        await store.close()


async def _play_to_the_end(svc: GameService, game: int) -> None:
    """AI seats and the autopiloted seat through `ai_move`, the human's decisions through
    `submit` (chosen by an AI player for him), until the game is over."""
    version = (await svc.game(game)).version
    for turn in range(5000):
        record = await svc.game(game)
        if record.status != "active":
            return
        done = await svc.ai_move(game)
        if done is None:  # only the human owes something now
            record, seat, legal = await svc.legal_for(game, HUMAN)
            assert seat == "rome" and legal
            action = make_player("standard", turn).choose(
                svc.game_of(record).engine.view(svc.state_of(record), seat), legal)
            await svc.submit(game, HUMAN, action.to_dict(), record.version)
        if turn == 0:  # the first action after the migration: the log and versions go on
            (first,) = (await svc.storage.actions(game))[PLAYED:]
            assert (first.seq, first.version) == (PLAYED + 1, version + 1)
    raise AssertionError("the game did not end")


async def test_every_stored_form_of_a_players_list_migrates(tmp_path: Path) -> None:
    """Five seats keep their order; unclaimed seats, negative (AI) ids, 64-bit ids and keys of
    their own survive; an empty list stays empty, whether stored as a BLOB (the bot's writes)
    or as TEXT (the column's default)."""
    path = tmp_path / "old.sqlite3"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE schema_version (version INTEGER PRIMARY KEY, "
                "applied_at REAL NOT NULL)")
    for number, sql in migrations():
        if number <= PREVIOUS:
            con.executescript(sql)
            con.execute("INSERT INTO schema_version VALUES (?, 0)", (number,))
    five = [(2**63 - 1, "babylon"), (-3, "egypt"), (5, None), (-(2**63), "rome"), (0, "greece")]
    for players in (_old_players(five), b"[]",
                    b'[{"user": 7, "empire": "carthage", "note": "x"}, {"user": 8}]'):
        _insert_game(con, players, {}, "lobby", 0)
    con.execute("UPDATE games SET players = CAST(players AS TEXT) WHERE id = 3")
    con.execute("INSERT INTO games (guild_id, channel_id, creator_id, ruleset, status, "
                "created_at, updated_at) VALUES (1, 2, 3, 'mare_nostrum', 'lobby', 0, 0)")
    con.commit()
    con.close()
    store = SqliteStorage(path)
    await store.open()
    try:
        games = [await store.get_game(i) for i in (1, 2, 3, 4)]
        assert [g.players if g else None for g in games] == [
            [Seat(u, s) for u, s in five], [], [Seat(7, "carthage"), Seat(8, None)], []]
        rows = await store._fetchall("SELECT players, typeof(players) FROM games ORDER BY id")
        assert orjson.loads(rows[2][0]) == [{"user": 7, "seat": "carthage", "note": "x"},
                                            {"user": 8, "seat": None}]
        assert {r[1] for r in rows} == {"blob"}
    finally:
        await store.close()
