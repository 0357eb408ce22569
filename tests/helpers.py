"""Shared test helpers for the bot layers (service, Discord): a clock, and a way to give
players decisions while the phases are still being written."""

from __future__ import annotations

from typing import TypeVar

from bot.games.mare_nostrum import from_json, to_json
from bot.games.mare_nostrum.state import Prompt
from bot.service import GameService
from bot.storage import PostgresStorage, SqliteStorage, Storage


class Clock:
    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


async def give_choices(service: GameService, game_id: int, players: list[str]) -> None:
    """Replace what is owed by a `production_choice` (legendary city + temple) for each player:
    a sealed two-option decision, the same for every phase build of the engine."""
    record = await service.game(game_id)
    state = from_json(record.snapshot or b"")
    state.phase, state.trade = "production", None
    state.prompts = [Prompt("production_choice", p, {"province": "sicilia"}) for p in players]
    record.snapshot = to_json(state)
    await service.storage.save_game(record, record.version)
    service._states.pop(game_id, None)


def reopened(store: Storage) -> Storage:
    """Another storage object on the same database (a restart, or another process)."""
    if isinstance(store, SqliteStorage):
        return SqliteStorage(store.path)
    assert isinstance(store, PostgresStorage)
    return PostgresStorage(store.url)


T = TypeVar("T")


def some(value: T | None) -> T:
    """A view part the test knows is there (the typed view says it may be None)."""
    assert value is not None
    return value
