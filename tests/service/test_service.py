"""The game service: lobby, start, submit (locks, versions), deadlines, restart."""

from __future__ import annotations

import asyncio

import pytest

from bot.games.mare_nostrum import EngineError
from bot.service import GameService, ServiceError
from tests.helpers import Clock, give_choices, reopened

CHOICE = {"kind": "choose_production", "province": "sicilia", "choice": "legendary"}


async def _started(svc: GameService, n: int = 3) -> int:
    game = await svc.create_lobby(1, 2, 100, seats=n, language="fr")
    for user in range(101, 100 + n):
        await svc.join(game.id, user)
    await svc.start(game.id, 100)
    return game.id


async def test_lobby_rules(svc: GameService) -> None:
    game = await svc.create_lobby(1, 2, 100, seats=3)
    with pytest.raises(ServiceError) as e:
        await svc.join(game.id, 100)
    assert e.value.code == "already_joined"
    await svc.join(game.id, 101)
    with pytest.raises(ServiceError) as e:
        await svc.start(game.id, 100)
    assert e.value.code == "not_enough_players"
    await svc.join(game.id, 102)
    with pytest.raises(ServiceError) as e:
        await svc.join(game.id, 103)
    assert e.value.code == "game_full"
    await svc.leave(game.id, 102)
    with pytest.raises(ServiceError) as e:
        await svc.leave(game.id, 100)
    assert e.value.code == "creator_cannot_leave"
    await svc.join(game.id, 102)
    with pytest.raises(ServiceError) as e:
        await svc.start(game.id, 101)
    assert e.value.code == "not_creator"
    with pytest.raises(ServiceError) as e:
        await svc.create_lobby(1, 2, 100, seats=6)
    assert e.value.code == "bad_player_count"


async def test_start_assigns_every_empire_and_a_secret_seed(svc: GameService) -> None:
    gid = await _started(svc, 4)
    game = await svc.game(gid)
    assert game.status == "active" and game.seed is not None
    assert sorted(s.seat or "" for s in game.players) == ["carthage", "egypt", "greece",
                                                            "rome"]
    assert {s.user for s in game.players} == {100, 101, 102, 103}
    assert svc.state_of(game).players == ["rome", "greece", "carthage", "egypt"]
    with pytest.raises(ServiceError):
        await svc.join(gid, 104)


async def test_submit_saves_action_snapshot_and_version(svc: GameService) -> None:
    gid = await _started(svc)
    await give_choices(svc, gid, ["rome", "greece"])
    game = await svc.game(gid)
    rome = game.user_of("rome")
    assert rome is not None
    # The player field is the user's seat, whatever the dict claims.
    out = await svc.submit(gid, rome, {**CHOICE, "player": "greece"}, game.version)
    assert out.game.version == game.version + 1
    (logged,) = await svc.storage.actions(gid)
    assert (logged.player, logged.user_id, logged.action["choice"]) == ("rome", rome, "legendary")
    assert out.owed_after == {"greece"}
    assert all(e.audience in (None, ("rome",)) for e in out.events)
    fresh = await svc.storage.get_game(gid)
    assert fresh is not None and svc.state_of(fresh).prompts[0].data["answered"]


async def test_refusals_leave_the_game_unchanged(svc: GameService) -> None:
    gid = await _started(svc)
    await give_choices(svc, gid, ["rome"])
    game = await svc.game(gid)
    rome, greece = game.user_of("rome"), game.user_of("greece")
    assert rome is not None and greece is not None
    with pytest.raises(ServiceError) as e:
        await svc.submit(gid, rome, CHOICE, game.version - 1)
    assert e.value.code == "out_of_date"
    with pytest.raises(ServiceError) as e:
        await svc.submit(gid, 999, CHOICE, game.version)
    assert e.value.code == "not_in_game"
    with pytest.raises(EngineError) as err:
        await svc.submit(gid, greece, CHOICE, game.version)
    assert err.value.code == "not_your_turn"
    with pytest.raises(EngineError) as err:
        await svc.submit(gid, rome, {"kind": "nonsense"}, game.version)
    assert err.value.code == "malformed_action"
    assert (await svc.game(gid)).version == game.version
    assert await svc.storage.actions(gid) == []


async def test_double_click_one_wins(svc: GameService) -> None:
    gid = await _started(svc)
    await give_choices(svc, gid, ["rome", "greece"])
    game = await svc.game(gid)
    rome = game.user_of("rome")
    assert rome is not None
    results = await asyncio.gather(
        svc.submit(gid, rome, CHOICE, game.version),
        svc.submit(gid, rome, CHOICE, game.version), return_exceptions=True)
    errors = [r for r in results if isinstance(r, Exception)]
    assert len(errors) == 1 and isinstance(errors[0], ServiceError)
    assert errors[0].code == "out_of_date"
    assert len(await svc.storage.actions(gid)) == 1


async def test_deadline_applies_the_defaults(svc: GameService) -> None:
    gid = await _started(svc)
    await give_choices(svc, gid, ["rome", "greece"])
    game = await svc.game(gid)
    rome = game.user_of("rome")
    assert rome is not None
    await svc.submit(gid, rome, CHOICE, game.version)  # sets the deadline for greece
    clock = svc.clock
    assert isinstance(clock, Clock)
    assert await svc.scan_deadlines() == []
    clock.now += 19 * 3600
    reminders = await svc.due_reminders()
    assert [(g.id, owed) for g, owed in reminders] == [(gid, {"greece"})]
    assert await svc.due_reminders() == []  # only once
    clock.now += 6 * 3600
    (outcome,) = await svc.scan_deadlines()
    assert outcome.by_default == ["greece"]
    log = await svc.storage.actions(gid)
    assert (log[-1].player, log[-1].user_id, log[-1].action["choice"]) == ("greece", None, "coin")


async def test_restart_loads_running_games(svc: GameService) -> None:
    gid = await _started(svc)
    await svc.storage.close()
    store = reopened(svc.storage)  # the same database
    await store.open()
    try:
        again = GameService(store)
        games = await again.load()
        assert [g.id for g in games] == [gid]
        assert again.state_of(games[0]).players == ["rome", "greece", "carthage"]
    finally:
        await store.close()
        await svc.storage.open()


async def test_abandon(svc: GameService) -> None:
    gid = await _started(svc)
    await svc.abandon(gid)
    assert (await svc.game(gid)).status == "abandoned"
    assert await svc.storage.deadlines() == []
    with pytest.raises(ServiceError) as e:
        await svc.submit(gid, 100, CHOICE, (await svc.game(gid)).version)
    assert e.value.code == "not_active"


async def test_newly_owed_counts_changed_decisions(svc: GameService) -> None:
    gid = await _started(svc)
    await give_choices(svc, gid, ["rome", "greece"])
    game = await svc.game(gid)
    rome = game.user_of("rome")
    assert rome is not None
    out = await svc.submit(gid, rome, CHOICE, game.version)
    # Greece still owes the very same decision: nobody is asked anew.
    assert out.owed_after == {"greece"} and out.newly_owed == set()


async def test_verify_detects_a_tampered_snapshot(svc: GameService) -> None:
    gid = await _started(svc)
    assert await svc.verify(gid)
    await give_choices(svc, gid, ["rome"])  # the snapshot no longer follows from the log
    assert not await svc.verify(gid)


async def test_submit_writes_its_deadline_in_the_save_transaction(
        svc: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    gid = await _started(svc)
    await give_choices(svc, gid, ["rome", "greece"])
    game = await svc.game(gid)
    rome = game.user_of("rome")
    assert rome is not None

    async def separate(*_: object) -> None:
        raise AssertionError("a second transaction for the deadline")

    monkeypatch.setattr(svc.storage, "set_deadline", separate)
    monkeypatch.setattr(svc.storage, "clear_deadline", separate)
    out = await svc.submit(gid, rome, CHOICE, game.version)
    (d,) = await svc.storage.deadlines()
    assert (d.game_id, d.version) == (gid, out.game.version)
    assert d.due_at == svc.clock() + 24 * 3600
