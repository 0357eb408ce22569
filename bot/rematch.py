"""A rematch (issue 13): the same players in the same seats, with the same options, as a new
lobby opened by the player who asked; the finished game remembers its rematch, so a second
press (or a stale button) opens nothing more. No Discord here: cogs/ending.py posts it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .service import ServiceError
from .storage import GameRecord, Seat

if TYPE_CHECKING:
    from .service import GameService

REMATCH = "rematch"  # the finished game's option: the number of its rematch
# The options a rematch keeps: the game's rules and the table's habits. Not the admin's
# decisions of the last game (pause, autopilot, kicked seats).
KEPT = ("seats", "language", "deadline_hours", "window_hours", "langs", "ruleset", "modules",
        "start", "ai")


async def rematch(service: GameService, game_id: int, user_id: int) -> GameRecord:
    """The new lobby: every player of the finished game joined, each claiming the seat he
    had (AI seats kept with their level), `user_id` its creator. Refused unless the game is
    over and `user_id` played in it, and once a rematch exists (`rematch_done`)."""
    async with service.lock(game_id):
        record = await service.game(game_id)
        if record.status != "over":
            raise ServiceError("rematch_not_over", game=game_id)
        if user_id < 0 or record.seat_of(user_id) is None:
            raise ServiceError("rematch_not_player", game=game_id)
        done = record.options.get(REMATCH)
        if done:
            raise ServiceError("rematch_done", game=game_id, rematch=done)
        choice = service.game_of(record).ruleset(record.options.get("ruleset"))
        variants = choice.variants if choice is not None else ()  # the rules too
        options = {k: record.options[k] for k in (*KEPT, *variants) if k in record.options}
        options["seats"] = len(record.players)
        fresh = GameRecord(
            id=0,
            guild_id=record.guild_id,
            channel_id=record.channel_id,
            creator_id=user_id,
            game=record.game,
            options=options,
            players=[Seat(s.user, s.seat) for s in record.players],
        )
        created = await service.storage.create_game(fresh)
        record.options[REMATCH] = created.id
        await service.storage.save_game(record, record.version)
        return created
