"""`submit_all`: several answers of one player at once, all or none; `games_of`: the games a
`game:` option suggests."""

from __future__ import annotations

import pytest

from bot.ai import make_player
from bot.games.mare_nostrum import EngineError
from bot.service import Caller, GameService
from bot.storage import GameRecord


async def _started(svc: GameService) -> GameRecord:
    game = await svc.create_lobby(1, 2, 100, seats=3)
    for user in (101, 102):
        await svc.join(game.id, user)
    return (await svc.start(game.id, 100)).game


async def _to_a_build_turn(svc: GameService, game_id: int) -> tuple[GameRecord, str]:
    """Play the standard AI's answers until somebody may buy something in his Build turn."""
    ai = make_player("standard", 3)
    for _ in range(500):
        record = await svc.game(game_id)
        state = svc.state_of(record)
        engine = svc.game_of(record).engine
        owed = sorted(p.player for p in engine.owed(state) if engine.legal_actions(state, p.player))
        player = owed[0]
        legal = engine.legal_actions(state, player)
        if any(a.kind == "buy" for a in legal):
            return record, player
        user = record.user_of(player)
        assert user is not None
        await svc.submit(game_id, user, ai.choose(engine.view(state, player), legal).to_dict(),
                         record.version)
    raise AssertionError("no Build turn reached")


async def test_several_answers_are_saved_together_or_not_at_all(svc: GameService) -> None:
    record, player = await _to_a_build_turn(svc, (await _started(svc)).id)
    user = record.user_of(player)
    assert user is not None
    engine = svc.game_of(record).engine
    state = svc.state_of(record)
    buy = next(a for a in engine.legal_actions(state, player) if a.kind == "buy")
    after, _ = engine.apply(state, buy)
    pay = next(a for a in engine.legal_actions(after, player) if a.kind == "pay")
    before = len(await svc.storage.actions(record.id))
    # A payment nobody holds after a valid purchase: neither is saved.
    with pytest.raises(EngineError):
        await svc.submit_all(record.id, user, [buy.to_dict(), {"kind": "pay", "resources":
                                                               ["gold"] * 9}], record.version)
    assert len(await svc.storage.actions(record.id)) == before
    assert (await svc.game(record.id)).version == record.version
    outcome = await svc.submit_all(record.id, user, [buy.to_dict(), pay.to_dict()],
                                   record.version)
    assert [a.action["kind"] for a in (await svc.storage.actions(record.id))[before:]] \
        == ["buy", "pay"]
    assert outcome.game.version == record.version + 2
    assert outcome.events  # both actions' events, in one outcome
    assert await svc.verify(record.id)


async def test_the_games_a_caller_plays_on_this_server(svc: GameService) -> None:
    record = await _started(svc)
    other = await svc.create_lobby(9, 2, 100, seats=3)  # another server's lobby
    assert [g.id for g in await svc.games_of(Caller(100, 1))] == [record.id]
    assert await svc.games_of(Caller(100, 9)) == []  # a lobby is no running game
    assert await svc.games_of(Caller(555, 1)) == []  # he plays in none
    assert await svc.games_of(Caller(100, None)) == []  # DMs: no server
    assert other.id != record.id
