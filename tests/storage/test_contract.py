"""The storage contract, on both backends (`any_store`: SQLite, then PostgreSQL on a real
server): round trip, compare-and-set, reopening, deadlines saved with the game, unpublished
marks, the schema's refusals, and the claims that share due work between processes."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest

from bot.storage import PostgresStorage, Seat, SqliteStorage, Storage, VersionConflict
from bot.storage.schema import MIGRATIONS
from tests.helpers import reopened
from tests.storage.records import lobby as _lobby


async def test_schema_version(any_store: Storage) -> None:
    assert isinstance(any_store, SqliteStorage | PostgresStorage)
    assert await any_store.schema_version() == MIGRATIONS[-1].number


async def test_round_trip(any_store: Storage) -> None:
    store = any_store
    game = await store.create_game(_lobby())
    assert game.id > 0 and game.version == 0
    game.players.append(Seat(4, None))
    game.snapshot = b'{"x": 1}'
    saved = await store.save_game(game, 0, ("rome", 4, {"kind": "end_turn", "player": "rome"}))
    assert saved.version == 1
    again = await store.get_game(game.id)
    assert again == saved
    actions = await store.actions(game.id)
    assert [(a.seq, a.player, a.user_id, a.action["kind"]) for a in actions] == [
        (1, "rome", 4, "end_turn")]


async def test_64_bit_ids_and_seeds_round_trip(any_store: Storage) -> None:
    game = _lobby()
    game.players = [Seat(2**63 - 1, "rome"), Seat(-(2**63), None)]
    game.guild_id, game.seed = 2**63 - 1, 2**63 - 1
    created = await any_store.create_game(game)
    assert await any_store.get_game(created.id) == replace(game, id=created.id)


async def test_version_conflict_changes_nothing(any_store: Storage) -> None:
    store = any_store
    game = await store.create_game(_lobby())
    await store.save_game(game, 0, ("rome", 3, {"kind": "a"}))
    stale = await store.get_game(game.id)
    assert stale is not None
    stale.status = "abandoned"
    with pytest.raises(VersionConflict):
        await store.save_game(stale, 0, ("rome", 3, {"kind": "b"}))
    now = await store.get_game(game.id)
    assert now is not None and now.status == "lobby" and now.version == 1
    assert [a.action["kind"] for a in await store.actions(game.id)] == ["a"]


async def test_concurrent_saves_of_one_version_one_wins(any_store: Storage) -> None:
    """Twenty saves of the same version at once (from two storage objects: two processes):
    exactly one is applied, its action logged once."""
    store, other = any_store, reopened(any_store)
    await other.open()
    try:
        game = await store.create_game(_lobby())
        results = await asyncio.gather(
            *(s.save_game(replace(game, players=list(game.players)), 0,
                          ("rome", 3, {"kind": f"k{n}"}), deadline=float(n))
              for n, s in enumerate([store, other] * 10)), return_exceptions=True)
        won = [n for n, r in enumerate(results) if not isinstance(r, BaseException)]
        assert len(won) == 1
        assert all(isinstance(r, VersionConflict) for r in results if isinstance(r, Exception))
        assert [a.action["kind"] for a in await other.actions(game.id)] == [f"k{won[0]}"]
        (d,) = await other.deadlines()
        assert (d.version, d.due_at) == (1, float(won[0]))
    finally:
        await other.close()


async def test_reopen_after_close(any_store: Storage) -> None:
    first = any_store
    game = await first.create_game(_lobby())
    await first.save_game(game, 0, ("rome", 3, {"kind": "a"}))
    await first.set_deadline(game.id, 1, 123.0)
    await first.set_dm_status(3, False)
    await first.close()
    second = reopened(first)
    await second.open()  # migrations are not applied twice
    try:
        assert (await second.get_game(game.id)) == game
        assert len(await second.actions(game.id)) == 1
        assert [d.due_at for d in await second.due_deadlines(200.0)] == [123.0]
        assert await second.dm_status(3) is False
        assert await second.dm_status(99) is None
    finally:
        await second.close()
    await first.open()  # for the fixture's close


async def test_deadlines(any_store: Storage) -> None:
    store = any_store
    game = await store.create_game(_lobby())
    await store.set_deadline(game.id, 0, 100.0)
    assert await store.due_deadlines(99.0) == []
    await store.mark_reminded(game.id, 0)
    assert (await store.deadlines())[0].reminded
    await store.set_deadline(game.id, 1, 50.0)  # a new version resets the reminder
    (d,) = await store.due_deadlines(60.0)
    assert (d.version, d.reminded) == (1, False)
    await store.clear_deadline(game.id)
    assert await store.deadlines() == []


async def test_save_game_sets_or_clears_the_deadline_in_the_same_transaction(
        any_store: Storage) -> None:
    store = any_store
    game = await store.create_game(_lobby())
    await store.save_game(game, 0, ("rome", 3, {"kind": "a"}), deadline=123.0)
    (d,) = await store.deadlines()
    assert (d.game_id, d.version, d.due_at, d.reminded) == (game.id, 1, 123.0, False)
    await store.save_game(game, 1, ("rome", 3, {"kind": "b"}), clear_deadline=True)
    assert await store.deadlines() == []
    await store.set_deadline(game.id, 2, 50.0)
    # A refused compare-and-set changes nothing, the deadline included.
    stale = await store.get_game(game.id)
    assert stale is not None
    with pytest.raises(VersionConflict):
        await store.save_game(stale, 0, deadline=999.0)
    (d,) = await store.deadlines()
    assert (d.version, d.due_at) == (2, 50.0)
    await store.save_game(game, 2)  # neither: the deadline stays
    assert len(await store.deadlines()) == 1


async def test_unpublished_marks(any_store: Storage) -> None:
    """Written with the save (the earliest kept), not by a refused one; `published` through a
    version keeps the mark when a later action was logged."""
    store = any_store
    game = await store.create_game(_lobby())
    await store.save_game(game, 0)
    assert await store.unpublished() == []
    await store.save_game(game, 1, unpublished_after=-1)
    await store.save_game(game, 2, ("rome", 3, {"kind": "a"}), unpublished_after=0)
    assert await store.unpublished() == [(game.id, -1)]
    with pytest.raises(VersionConflict):
        await store.save_game(replace(game), 0, ("rome", 3, {"kind": "x"}),
                              unpublished_after=-5)
    assert await store.unpublished() == [(game.id, -1)]
    await store.published(game.id)
    assert await store.unpublished() == []
    await store.save_game(game, 3, ("rome", 3, {"kind": "b"}), unpublished_after=1)  # v4
    await store.save_game(game, 4, ("rome", 3, {"kind": "c"}), unpublished_after=2)  # v5
    await store.published(game.id, 4)  # told through v4 only: c is still to tell
    assert await store.unpublished() == [(game.id, 1)]
    await store.published(game.id, 5)
    assert await store.unpublished() == []
    assert await store.action_count(game.id) == 3


async def test_the_schema_refuses_a_bad_status(any_store: Storage) -> None:
    store = any_store
    game = await store.create_game(_lobby())
    bad = await store.get_game(game.id)
    assert bad is not None
    bad.status = "paused"
    with pytest.raises(Exception, match=r"(?i)check"):
        await store.save_game(bad, bad.version)
    assert (await store.get_game(game.id)) == game


async def test_each_due_deadline_is_claimed_once(any_store: Storage) -> None:
    """Two scanners (two processes) claiming at once share the due deadlines without overlap;
    a claim expires (its scanner died); setting the deadline again frees it."""
    store, other = any_store, reopened(any_store)
    await other.open()
    try:
        games = [await store.create_game(_lobby()) for _ in range(30)]
        for n, g in enumerate(games):
            await store.set_deadline(g.id, 0, 100.0 + n)
        late = games[-1]
        await store.set_deadline(late.id, 0, 500.0)  # not due
        first, second = await asyncio.gather(store.claim_deadlines(200.0, 260.0),
                                             other.claim_deadlines(200.0, 260.0))
        claimed = [d.game_id for d in first + second]
        assert sorted(claimed) == sorted(g.id for g in games[:-1])
        assert [d.due_at for d in first] == sorted(d.due_at for d in first)
        assert await store.claim_deadlines(250.0, 300.0) == []  # held until 260
        await store.set_deadline(games[0].id, 1, 150.0)  # saved again: free
        (again,) = await other.claim_deadlines(250.0, 300.0)
        assert (again.game_id, again.version) == (games[0].id, 1)
        expired = await store.claim_deadlines(280.0, 400.0)  # the others' claims ran out
        assert sorted(d.game_id for d in expired) == sorted(g.id for g in games[1:-1])
    finally:
        await other.close()


async def test_an_ai_turn_is_claimed_once(any_store: Storage) -> None:
    store, other = any_store, reopened(any_store)
    await other.open()
    try:
        game = await store.create_game(_lobby())
        won = await asyncio.gather(*(s.claim_ai_turn(game.id, 0, 10.0, 70.0)
                                     for s in [store, other] * 5))
        assert won.count(True) == 1
        assert not await store.claim_ai_turn(game.id, 0, 60.0, 120.0)  # still held
        assert not await store.claim_ai_turn(game.id, 1, 60.0, 120.0)  # no such version yet
        await store.save_game(game, 0)
        assert await other.claim_ai_turn(game.id, 1, 60.0, 120.0)  # the next move
        assert await store.claim_ai_turn(game.id, 1, 120.0, 180.0)  # its claimer died
    finally:
        await other.close()


async def test_a_reminder_is_marked_once(any_store: Storage) -> None:
    game = await any_store.create_game(_lobby())
    await any_store.set_deadline(game.id, 0, 100.0)
    marks = await asyncio.gather(*(any_store.mark_reminded(game.id, 0) for _ in range(5)))
    assert marks.count(True) == 1
    assert not await any_store.mark_reminded(game.id, 7)


async def test_seat_reminders_are_marked_once_per_due_time(any_store: Storage) -> None:
    """Issue 13: each owed decision has its own deadline, and its own reminder."""
    game = await any_store.create_game(_lobby())
    marks = await asyncio.gather(*(any_store.mark_seat_reminders(
        game.id, {"rome": 100.0, "greece": 200.0}) for _ in range(4)))
    assert sorted(seat for m in marks for seat in m) == ["greece", "rome"]
    assert await any_store.mark_seat_reminders(game.id, {"rome": 100.0}) == []
    # A new decision (a new due time) is reminded again.
    assert await any_store.mark_seat_reminders(game.id, {"rome": 150.0}) == ["rome"]


async def test_the_dm_queue(any_store: Storage) -> None:
    """Closed DMs wait in the database; held ones (quiet hours) are taken once due."""
    game = await any_store.create_game(_lobby())
    await any_store.queue_dm(7, game.id, "first")
    await any_store.queue_dm(7, game.id, "second")
    await any_store.queue_dm(8, game.id, "other user")
    await any_store.queue_dm(7, game.id, "held", hold_until=50.0)
    assert await any_store.take_undelivered(7, game.id) == ["first", "second"]
    assert await any_store.take_undelivered(7, game.id) == []
    assert await any_store.take_held(40.0) == []
    assert await any_store.take_held(60.0) == [(7, game.id, "held")]
    assert await any_store.take_held(60.0) == []
    assert await any_store.take_undelivered(8, game.id) == ["other user"]
    await any_store.queue_dm(8, game.id, "held", hold_until=99.0)
    await any_store.queue_dm(8, game.id, "closed")
    assert await any_store.take_undelivered(8, game.id, held=True) == ["held", "closed"]
    warned = await asyncio.gather(*(any_store.warn_once(7, game.id) for _ in range(3)))
    assert warned.count(True) == 1
    assert await any_store.warn_once(8, game.id)


async def test_user_settings(any_store: Storage) -> None:
    assert await any_store.user_settings(5) is None
    await any_store.set_user_settings(5, {"notify": "dm", "tz": "Europe/Paris"})
    await any_store.set_user_settings(5, {"notify": "both"})
    assert await any_store.user_settings(5) == {"notify": "both"}
    assert await any_store.all_user_settings() == {5: {"notify": "both"}}
