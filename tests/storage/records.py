"""Records the storage tests save."""

from __future__ import annotations

from bot.storage import GameRecord, Seat


def lobby() -> GameRecord:
    """A new 3-seat lobby of guild 1 (its id is given by the storage)."""
    return GameRecord(id=0, guild_id=1, channel_id=2, creator_id=3, game="mare_nostrum",
                      players=[Seat(3)], options={"language": "fr", "seats": 3})
