"""Undo through the service (rulings §13): "a player may take back his own last action only
while it revealed no hidden information and no other player has acted since." The log keeps
both (the action and an undo entry); the game is the replay without the action; every view
follows."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot.service import GameService, ServiceError, effective_log
from tests.engine.test_playouts import choose
from tests.service.test_forced_service import _started


async def test_undo_allowed_and_refused_cases(svc: GameService) -> None:
    """Seeded random play; after each answer its player asks to undo: allowed exactly when the
    engine says it revealed nothing and nothing followed it (no forced answer either); when
    allowed, the game goes back to the position before (every view), the log keeps both, and
    the same answer is given again. Another player's later move makes it refused."""
    gid = await _started(svc)
    rnd = random.Random(2)
    seen: Counter[str] = Counter()
    previous: tuple[int, int] | None = None  # (user, version) of the last answer
    for _ in range(250):
        game = await svc.game(gid)
        if game.status != "active":
            break
        engine = svc.game_of(game).engine
        state = svc.state_of(game)
        seat = sorted({p.player for p in engine.owed(state)})[0]
        user = game.user_of(seat)
        assert user is not None
        action = choose(rnd, engine.legal_actions(state, seat))
        expected = engine.undoable(state, action)
        out = await svc.submit(gid, user, action.to_dict(), game.version)
        if out.forced:
            expected = False  # a forced answer of another player followed it
        if previous is not None and previous[0] != user:
            # "no other player has acted since": the earlier player's undo is refused now.
            with pytest.raises(ServiceError) as e:
                await svc.undo(gid, previous[0], out.game.version)
            assert e.value.code == "not_undoable"
            seen["other_acted"] += 1
        assert (await svc.undoable(gid, user) is not None) == expected, action
        if not expected:
            with pytest.raises(ServiceError) as e:
                await svc.undo(gid, user, out.game.version)
            assert e.value.code == "not_undoable"
            seen["refused"] += 1
        elif rnd.random() < 0.5:
            undone = await svc.undo(gid, user, out.game.version)
            assert undone.game.version == out.game.version + 1
            back = svc.state_of(undone.game)
            for viewer in [None, *state.players]:
                assert {**engine.view(back, viewer), "version": 0} \
                    == {**engine.view(state, viewer), "version": 0}
            log = await svc.storage.actions(gid)
            assert log[-1].action == {"kind": "undo", "player": seat, "seq": log[-2].seq}
            assert log[-2].action == action.to_dict()
            assert [e.kind for e in undone.events] == ["action_undone"]
            assert await svc.verify(gid)
            seen["undone"] += 1
            # Played again, the same answer stands as before.
            out = await svc.submit(gid, user, action.to_dict(), undone.game.version)
        previous = (user, out.game.version)
    assert seen["undone"] >= 5 and seen["refused"] >= 5 and seen["other_acted"] >= 5, seen
    assert await svc.verify(gid)
    log = await svc.storage.actions(gid)
    assert len(effective_log(log)) == len(log) - 2 * seen["undone"]


async def test_an_undo_needs_the_current_page(svc: GameService) -> None:
    gid = await _started(svc)
    game = await svc.game(gid)
    engine = svc.game_of(game).engine
    state = svc.state_of(game)
    seat = engine.owed(state)[0].player
    user = game.user_of(seat)
    assert user is not None
    with pytest.raises(ServiceError) as e:  # nothing to undo yet
        await svc.undo(gid, user, game.version)
    assert e.value.code == "not_undoable"
    with pytest.raises(ServiceError) as e:
        await svc.undo(gid, user, game.version - 1)
    assert e.value.code == "out_of_date"


async def test_an_autopilots_answer_is_not_its_players_to_undo(svc: GameService) -> None:
    """"a player may take back his own last action": an answer the AI gave for his seat
    (`/mn autopilot`, away mode) is logged without his user id and is never his to undo."""
    gid = await _started(svc)
    record = await svc.game(gid)
    user = record.players[0].user
    seat = record.seat_of(user)
    assert seat is not None and seat.seat is not None
    await svc.set_autopilot(gid, record.creator_id, user, on=True)
    played = None
    rnd = random.Random(4)
    for _ in range(300):
        moved = await svc.ai_move(gid)
        if moved is not None and moved[1] == seat.seat:
            played = moved
            break
        if moved is None:  # the others play by hand meanwhile
            game = await svc.game(gid)
            engine = svc.game_of(game).engine
            state = svc.state_of(game)
            other = sorted({p.player for p in engine.owed(state)} - {seat.seat})[0]
            hand = game.user_of(other)
            assert hand is not None
            action = choose(rnd, engine.legal_actions(state, other))
            await svc.submit(gid, hand, action.to_dict(), game.version)
    assert played is not None, "the autopilot never answered for his seat"
    log = await svc.storage.actions(gid)
    assert log[-1].player == seat.seat and log[-1].user_id is None
    await svc.set_autopilot(gid, record.creator_id, user, on=False)
    assert await svc.undoable(gid, user) is None
