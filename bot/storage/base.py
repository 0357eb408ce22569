"""The storage contract: records and the `Storage` protocol (SQLite, PostgreSQL)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

import orjson


class VersionConflict(Exception):
    """A compare-and-set failed: somebody saved the game first."""


@dataclass(slots=True)
class Seat:
    """A user at a game, and the seat he plays: the game's own id for it (an empire of Mare
    Nostrum, a merchant of Neptun...), None in a lobby until claimed or dealt at the start."""

    user: int
    seat: str | None = None


@dataclass(slots=True)
class GameRecord:
    id: int
    guild_id: int
    channel_id: int
    creator_id: int
    game: str  # the registry id of the game played (bot.registry)
    status: str = "lobby"  # lobby | active | over | abandoned
    players: list[Seat] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    thread_id: int | None = None
    lobby_message_id: int | None = None
    seed: int | None = None
    version: int = 0
    snapshot: bytes | None = None

    def seat_of(self, user: int) -> Seat | None:
        return next((s for s in self.players if s.user == user), None)

    def user_of(self, seat: str) -> int | None:
        return next((s.user for s in self.players if s.seat == seat), None)

    def seating(self) -> dict[str, int]:
        """Seat id -> its user, for the seats dealt (in seat order once started)."""
        return {s.seat: s.user for s in self.players if s.seat}


@dataclass(frozen=True, slots=True)
class ActionRecord:
    game_id: int
    seq: int
    player: str  # the seat that acted
    user_id: int | None
    action: dict[str, Any]
    created_at: float
    version: int | None = None  # the game version this action produced (None: logged before
    # migration 0003)


@dataclass(frozen=True, slots=True)
class Deadline:
    game_id: int
    version: int
    due_at: float
    reminded: bool


class Storage(Protocol):
    async def open(self) -> None: ...
    async def close(self) -> None: ...

    async def create_game(self, record: GameRecord) -> GameRecord:
        """Insert a new game (its `id` is ignored) and return it with its id."""

    async def get_game(self, game_id: int) -> GameRecord | None:
        """A new record each call (the caller may change it); may come from a cache."""

    async def games(self, statuses: tuple[str, ...]) -> list[GameRecord]: ...

    async def save_game(
        self, record: GameRecord, expected_version: int,
        action: tuple[str, int | None, dict[str, Any]] | None = None,
        *, deadline: float | None = None, clear_deadline: bool = False,
        unpublished_after: int | None = None,
    ) -> GameRecord:
        """One transaction: compare-and-set on `version` (VersionConflict if it moved), write
        the record with version + 1, and append `action` (player, user, action dict) if given.
        In the same transaction (one commit, one fsync): `deadline` sets the game's deadline
        (due at that time, for the new version); `clear_deadline` removes it;
        `unpublished_after` marks the game's actions after that seq (-1: its set-up events
        too) as not yet published, unless an earlier mark is still there (see `unpublished`).
        Concurrent saves may share that transaction (group commit); each returns once its
        change is durable."""

    async def actions(self, game_id: int) -> list[ActionRecord]: ...

    async def action_count(self, game_id: int) -> int:
        """How many actions the game's log holds (their seqs are 1 to that number)."""

    async def unpublished(self) -> list[tuple[int, int]]:
        """(game id, after_seq) of every game whose actions after `after_seq` (-1: and its
        set-up events) may not have been told to the players yet."""

    async def published(self, game_id: int, through_version: int | None = None) -> None:
        """Forget the game's unpublished mark. With `through_version`, only if no action logged
        since made the game go past that version (what was published ended there: a later
        action's publishing is still to come)."""

    async def set_deadline(self, game_id: int, version: int, due_at: float) -> None: ...
    async def clear_deadline(self, game_id: int) -> None: ...
    async def due_deadlines(self, now: float) -> list[Deadline]: ...
    async def deadlines(self) -> list[Deadline]: ...

    async def claim_deadlines(self, now: float, until: float) -> list[Deadline]:
        """The deadlines due at `now` that no scanner holds, each now held by the caller until
        `until` (or until a save sets the game's deadline again): several processes scanning
        at once never get the same deadline."""

    async def claim_ai_turn(self, game_id: int, version: int, now: float, until: float) -> bool:
        """Whether the caller may play the game's AI move at `version`: True for one caller
        only (until `until`, when it counts as dead and another may take it over); False too
        when the game is no longer at that version or is being saved right now."""

    async def mark_reminded(self, game_id: int, version: int) -> bool:
        """Mark the deadline of that version reminded; True if this call did (False: already
        reminded, or the deadline moved), so that one process only sends the reminder."""

    async def set_dm_status(self, user_id: int, ok: bool) -> None: ...
    async def dm_status(self, user_id: int) -> bool | None: ...

    async def mark_seat_reminders(self, game_id: int, dues: dict[str, float]) -> list[str]:
        """Mark the reminders of these seats' decisions (seat -> due time) as sent, in one
        transaction; return the seats this call marked (not already marked for that due
        time): one process only reminds each decision."""

    async def queue_dm(self, user_id: int, game_id: int, content: str,
                       hold_until: float | None = None) -> None:
        """Keep a private message: undelivered (`hold_until` None: DMs closed) or held until
        that time (quiet hours, digest)."""

    async def take_undelivered(self, user_id: int, game_id: int, *,
                               held: bool = False) -> list[str]:
        """The undelivered messages of that user in that game (`held`: the held ones too),
        oldest first, now removed."""

    async def take_held(self, now: float) -> list[tuple[int, int, str]]:
        """(user, game, content) of every held message whose time has come, oldest first,
        now removed (one process gets each)."""

    async def warn_once(self, user_id: int, game_id: int) -> bool:
        """True the first time only, for that user and game (the "DMs closed" warning)."""

    async def user_settings(self, user_id: int) -> dict[str, Any] | None: ...
    async def set_user_settings(self, user_id: int, settings: dict[str, Any]) -> None: ...
    async def all_user_settings(self) -> dict[int, dict[str, Any]]: ...

    async def advance_mark(self, user_id: int, kind: str, mark: float) -> bool:
        """Move the user's `kind` mark forward to `mark`; True only for the call that moved
        it (never backwards, once across processes and restarts: a digest slot is sent
        once)."""
    async def seat_notes(self, game_id: int) -> dict[str, dict[str, Any]]:
        """The notifier's note of each seat of the game (seat -> JSON object)."""

    async def set_seat_notes(self, game_id: int,
                             notes: dict[str, dict[str, Any] | None]) -> None:
        """Write these seats' notes (None: remove it), in one transaction."""


class Row(Protocol):
    """A row as either backend's driver returns it: its columns by name."""

    def __getitem__(self, key: str, /) -> Any: ...


def record_from_row(row: Row) -> GameRecord:
    """A game record from a row of `games` (either backend)."""
    return GameRecord(
        id=row["id"], guild_id=row["guild_id"], channel_id=row["channel_id"],
        thread_id=row["thread_id"], lobby_message_id=row["lobby_message_id"],
        creator_id=row["creator_id"], game=row["game"],
        players=[Seat(p["user"], p.get("seat")) for p in orjson.loads(row["players"])],
        options=orjson.loads(row["options"]), seed=row["seed"], status=row["status"],
        version=row["version"], snapshot=row["snapshot"],
    )


def players_json(record: GameRecord) -> bytes:
    return orjson.dumps([{"user": s.user, "seat": s.seat} for s in record.players])
