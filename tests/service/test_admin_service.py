"""Administration in the service: pause, autopilot (a game of autopilots plays itself, and its
log replays to the same position), deadlines of a paused game."""

from __future__ import annotations

import pytest

from bot.service import GameService, ServiceError


async def _started(svc: GameService) -> int:
    game = await svc.create_lobby(1, 2, 100, seats=3)
    for user in (101, 102):
        await svc.join(game.id, user)
    await svc.start(game.id, 100)
    return game.id


async def test_paused_game_refuses_moves_and_skips_deadlines(svc: GameService) -> None:
    game = await _started(svc)
    record = await svc.pause(game)
    assert await svc.deadline_of(game) is None
    user = record.players[0].user
    with pytest.raises(ServiceError) as e:
        await svc.submit(game, user, {"kind": "pass"}, record.version)
    assert e.value.code == "game_paused"
    await svc.storage.set_deadline(game, record.version, 0.0)
    assert await svc.scan_deadlines() == []
    assert await svc.storage.actions(game) == []
    outcome = await svc.resume(game)
    assert not svc.paused(outcome.game) and await svc.deadline_of(game) is not None
    with pytest.raises(ServiceError) as e:
        await svc.set_deadline_hours(game, 0)
    assert e.value.code == "bad_deadline"


async def test_autopilots_play_until_the_human_owes_and_the_log_replays(
        svc: GameService) -> None:
    game = await _started(svc)
    record = await svc.game(game)
    *absent, last = record.players
    for seat in absent:
        await svc.kick(game, seat.user)
    record = await svc.game(game)
    assert sorted(svc.kicked(record)) == sorted(str(s.seat) for s in absent)
    state = svc.state_of(record)
    owed = svc.owed_players(record, state)
    assert record.status == "over" or owed == {last.seat}
    # The human plays (his defaults, by hand) for a while; the autopilots answer in between.
    engine = svc.game_of(record).engine
    for _ in range(60):
        record = await svc.game(game)
        state = svc.state_of(record)
        mine = [p for p in engine.owed(state) if p.player == last.seat]
        if record.status != "active" or not mine:
            break
        action = engine.default_action(state, mine[0]).to_dict()
        outcome = await svc.submit(game, last.user, action, record.version)
        assert svc.owed_players(outcome.game, svc.state_of(outcome.game)) <= {last.seat}
    actions = await svc.storage.actions(game)
    pilots = {a.player for a in actions if a.user_id is None}
    assert pilots == {s.seat for s in absent}
    assert {a.player for a in actions if a.user_id == last.user} == {last.seat}
    assert await svc.verify(game)
    with pytest.raises(ServiceError) as e:  # nobody would be left to play
        await svc.kick(game, last.user)
    assert e.value.code == "last_player"
    assert svc.kicked(await svc.game(game)) == svc.kicked(record)
