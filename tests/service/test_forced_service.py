"""Forced answers through the service (issue 13): "a decision with exactly one legal answer is
applied at once and announced as forced; only where that reveals nothing hidden." The engine
names the answer (`forced_action`); the service applies it after every accepted action."""

from __future__ import annotations

import random

from bot.service import GameService
from tests.engine.test_playouts import choose


async def _started(svc: GameService, n: int = 3) -> int:
    game = await svc.create_lobby(1, 2, 100, seats=n)
    for user in range(101, 100 + n):
        await svc.join(game.id, user)
    await svc.start(game.id, 100)
    return game.id


async def test_a_decision_with_exactly_one_legal_answer_is_applied_at_once(
        svc: GameService) -> None:
    """"is applied at once and announced as forced": seeded random legal play until forced
    answers appear; no decision left waiting ever has a forced answer, and the forced
    one is logged without a user and named in the outcome."""
    gid = await _started(svc)
    rnd = random.Random(5)
    forced_seen: list[str] = []
    for _ in range(3000):
        game = await svc.game(gid)
        if game.status != "active":
            break
        engine = svc.game_of(game).engine
        state = svc.state_of(game)
        owed = engine.owed(state)
        # No decision with a single public legal answer waits for its player.
        assert all(engine.forced_action(state, p.player) is None for p in owed)
        prompt = owed[0]
        action = choose(rnd, engine.legal_actions(state, prompt.player))
        user = game.user_of(prompt.player)
        assert user is not None
        out = await svc.submit(gid, user, action.to_dict(), game.version)
        forced_seen += out.forced
        if len(forced_seen) >= 3:
            break
    assert forced_seen
    log = await svc.storage.actions(gid)
    by_service = [a for a in log if a.user_id is None]
    assert [a.player for a in by_service] == forced_seen[:len(by_service)]
    # Nobody is left owing a forced answer.
    game = await svc.game(gid)
    state = svc.state_of(game)
    engine = svc.game_of(game).engine
    assert all(engine.forced_action(state, p.player) is None for p in engine.owed(state))
