"""Migration 11: the notifier's note per game and seat (its last decision page DM, the recap's
events), kept across restarts, on both backends."""

from __future__ import annotations

from bot.storage import Storage
from tests.storage.records import lobby as _lobby


async def test_seat_notes_are_written_over_and_removed(any_store: Storage) -> None:
    game = await any_store.create_game(_lobby())
    other = await any_store.create_game(_lobby())
    assert await any_store.seat_notes(game.id) == {}
    note = {
        "dm": {"user": 7, "message": 99, "key": [1, "trade", None], "answered": False},
        "since": [{"kind": "moved", "data": {"path": ("a", "b")}}],
    }
    await any_store.set_seat_notes(game.id, {"rome": note, "greece": {"since": []}})
    await any_store.set_seat_notes(other.id, {"rome": {"since": []}})
    saved = await any_store.seat_notes(game.id)
    assert saved["rome"]["dm"] == note["dm"]
    assert saved["rome"]["since"] == [{"kind": "moved", "data": {"path": ["a", "b"]}}]
    await any_store.set_seat_notes(game.id, {"rome": None, "greece": {"since": [1]}})
    assert await any_store.seat_notes(game.id) == {"greece": {"since": [1]}}
    assert await any_store.seat_notes(other.id) == {"rome": {"since": []}}
