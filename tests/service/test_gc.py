"""The states the service keeps are moved out of the cyclic GC's reach as play goes on, and
moving them there leaks nothing: engine states hold no reference cycles."""

from __future__ import annotations

import gc
import random

import pytest

from bot import service as service_module
from bot.games.mare_nostrum import engine
from bot.service import GameService


async def test_states_created_by_play_are_frozen_every_hundred_saves(
        svc: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    freezes: list[int] = []
    monkeypatch.setattr(service_module, "FREEZE_EVERY", 5)
    monkeypatch.setattr(gc, "freeze", lambda: freezes.append(1))
    game = await svc.create_lobby(1, 2, 100, seats=3)
    for user in (101, 102):
        await svc.join(game.id, user)
    await svc.start(game.id, 100)
    saves = 0
    for _ in range(12):
        record = await svc.game(game.id)
        state = svc.state_of(record)
        prompt = engine.owed(state)[0]
        action = engine.default_action(state, prompt).to_dict()
        await svc.submit(game.id, record.user_of(prompt.player) or 0, action, record.version)
        saves += 1
    assert len(freezes) == saves // 5


def test_engine_states_hold_no_reference_cycles() -> None:
    """What the cyclic GC would have to find after a game's states are dropped: nothing, so
    frozen states are freed by reference counting alone."""
    gc.collect()
    gc.disable()
    try:
        rnd = random.Random(3)
        state, _ = engine.new_game(["rome", "greece", "carthage", "egypt", "babylon"], None, 3)
        for _ in range(400):
            if state.over:
                break
            player = rnd.choice(sorted({p.player for p in engine.owed(state)}))
            state, _ = engine.apply(state, rnd.choice(engine.legal_actions(state, player)))
            engine.from_json(engine.to_json(state))
        del state
        assert gc.collect() == 0
    finally:
        gc.enable()
