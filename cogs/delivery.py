"""How each player wants to be told (issue 13, `/settings`): his preferences read for the
notifier, and what they defer — the grouped delivery when his quiet hours end, and his daily
digest. Both survive a restart: what quiet hours hold waits in `dm_queue` (held until their
end), and each digest slot is marked once in `notify_marks` (docs/discord.md)."""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.i18n import t
from bot.mygames import link
from bot.notify_prefs import Prefs, prefs_of
from bot.presenters import pack, timestamp
from bot.service import GameService
from bot.storage import GameRecord

from .ui import TurnButton

log = logging.getLogger(__name__)
PREFS_SECONDS = 60.0  # another process's /settings is seen within this time
# A held row with this content stands for a decision page held back (quiet hours): the
# grouped delivery names the game if he still owes there. Never shown as text.
DECISION_HELD = ""
BUTTONS = 25  # Discord's 5 rows of 5


class Preferences:
    """Each user's preferences, read from the database and kept a minute."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self._known: dict[int, tuple[Prefs, float]] = {}

    async def of(self, user: int) -> Prefs:
        known = self._known.get(user)
        if known is not None and time.monotonic() - known[1] < PREFS_SECONDS:
            return known[0]
        prefs = prefs_of(await self.service.storage.user_settings(user)) if user > 0 else Prefs()
        self._known[user] = (prefs, time.monotonic())
        return prefs

    def forget(self, user: int) -> None:
        self._known.pop(user, None)


@dataclass(frozen=True, slots=True)
class Awaiting:
    """A game where the user owes a decision now, for a grouped message."""

    record: GameRecord
    due: float | None


async def awaiting(
    service: GameService, user: int, only: Sequence[int] | None = None
) -> list[Awaiting]:
    """The running games (of every server) where `user` owes a decision, oldest first."""
    found = []
    for record in await service.storage.games(("active",)):
        if only is not None and record.id not in only:
            continue
        seat = record.seat_of(user)
        if seat is None or not seat.seat or service.paused(record):
            continue
        if seat.seat in service.owed_players(record, service.state_of(record)):
            found.append(Awaiting(record, service.dues_of(record).get(seat.seat)))
    return sorted(found, key=lambda a: a.record.id)


def game_lines(games: Sequence[Awaiting], lang: str) -> list[str]:
    """One line per game: its number, the link to its thread, its deadline."""
    lines = []
    for game in games:
        due = t("settings.due", lang, deadline=timestamp(game.due)) if game.due else ""
        lines.append(
            t(
                "settings.awaited_in", lang, game=game.record.id, link=link(game.record), due=due
            ).rstrip()
        )
    return lines


def turn_buttons(games: Sequence[Awaiting], lang: str) -> discord.ui.View | None:
    if not games:
        return None
    view = discord.ui.View(timeout=None)
    for game in games[:BUTTONS]:
        view.add_item(TurnButton(game.record.id, t("settings.turn_in", lang, game=game.record.id)))
    return view


def language_for(service: GameService, user: int, records: Sequence[GameRecord]) -> str:
    """A user's language outside a game: the one he plays his games in."""
    for record in records:
        if record.seat_of(user) is not None:
            return service.language_of(record, user)
    return service.language


def grouped(held: Sequence[tuple[int, int, str]]) -> dict[int, list[tuple[int, str]]]:
    """Held rows (user, game, content) by user, in order."""
    out: dict[int, list[tuple[int, str]]] = {}
    for user, game, content in held:
        out.setdefault(user, []).append((game, content))
    return out


async def send_grouped(
    notifier: Any,
    user: int,
    lang: str,
    header: str,
    lines: Sequence[str],
    games: Sequence[Awaiting],
) -> bool:
    """One DM (more only past Discord's 2,000 characters, never cut): the header, the lines,
    a line per game, and the games' buttons on the last message. False: his DMs are closed."""
    parts = pack([line for line in (header, *lines, *game_lines(games, lang)) if line])
    view = turn_buttons(games, lang)
    for i, part in enumerate(parts):
        extra = {"view": view} if view is not None and i == len(parts) - 1 else {}
        if not await notifier.dm(user, part, **extra):
            return False
    return True


async def deliver_held(notifier: Any, held: Sequence[tuple[int, int, str]]) -> None:
    """What waited for the end of quiet hours (or a digest, or the hour private lines are
    folded for): one DM per user, his private lines and the games still awaiting him among
    those whose decision was held, with their buttons. A player in ping mode is pinged in
    each of those games' threads instead, and his lines wait for his next command."""
    service: GameService = notifier.service
    for user, rows in grouped(held).items():
        prefs = await notifier.prefs.of(user)
        lines = [content for _, content in rows if content != DECISION_HELD]
        asked = sorted({game for game, content in rows if content == DECISION_HELD})
        games = await awaiting(service, user, asked) if asked else []
        records = [g.record for g in games] or [
            r
            for r in await service.storage.games(("active", "over"))
            if r.id in {game for game, _ in rows}
        ]
        lang = language_for(service, user, records)
        if prefs.notify == "ping":
            for game in games:
                await notifier.ping(game.record, user)
            for game_id, content in rows:
                if content != DECISION_HELD:
                    await service.storage.queue_dm(user, game_id, content)
            continue
        if not lines and not games:
            continue
        header = t("settings.held", lang) if asked else ""
        if not await send_grouped(notifier, user, lang, header, lines, games):
            # DMs closed: each line waits in its own game for his next command there.
            for game_id, content in rows:
                if content != DECISION_HELD:
                    await service.storage.queue_dm(user, game_id, content)


async def send_digests(notifier: Any, marks: dict[int, float]) -> int:
    """Each digest user's daily DM, once his digest hour (local) has come and his quiet hours
    are over: the games awaiting him, links and deadlines, and his private lines held for it
    (in `take_undelivered` order, game by game). The slot is marked in the database
    before the DM goes (never twice, even across a restart; a crash in between loses that
    day's digest rather than doubling it). `marks`: the slots known sent, in memory."""
    service: GameService = notifier.service
    now = service.clock()
    sent = 0
    for user, settings in (await service.storage.all_user_settings()).items():
        prefs = prefs_of(settings)
        if prefs.notify != "digest" or prefs.in_quiet(now):
            continue
        slot = prefs.digest_slot(now)
        if marks.get(user, -1.0) >= slot:
            continue
        marks[user] = slot
        if not await service.storage.advance_mark(user, "digest", slot):
            continue
        games = await awaiting(service, user)
        # His private lines held for this digest come in it (before `send_held` sends them).
        mine = [r for r in await service.storage.games(("active",)) if r.seat_of(user)]
        held = [
            (record.id, line)
            for record in mine
            for line in await service.storage.take_undelivered(user, record.id, held=True)
            if line != DECISION_HELD
        ]
        lines = [line for _, line in held]
        if not games and not lines:
            continue  # nothing awaits him: no message
        lang = language_for(service, user, [g.record for g in games] or mine)
        title = t("settings.digest_title", lang, count=len(games))
        if not await send_grouped(notifier, user, lang, title, lines, games):
            # DMs closed: the lines wait in their games for his next command there.
            for game_id, line in held:
                await service.storage.queue_dm(user, game_id, line)
        sent += 1
    return sent


async def start_digests_after(service: GameService, user: int, prefs: Prefs) -> None:
    """A digest starts with the next slot: the one just passed is marked as sent."""
    await service.storage.advance_mark(user, "digest", prefs.digest_slot(service.clock()))


EARLY_SECONDS = 1800.0  # how long before quiet hours a reminder may be brought forward


async def early_reminders(service: GameService) -> list[tuple[GameRecord, set[str]]]:
    """Reminders brought forward to just before a player's quiet hours (up to EARLY_SECONDS
    before they start): those whose moment falls inside them while the decision's deadline
    passes before they end — after them it would come too late. Marked like the others
    (`reminders`): the regular scan does not send them again. A reminder whose deadline is
    after the quiet hours waits for their end instead (`Notifier.remind`)."""
    now = service.clock()
    quiet = {
        user: prefs
        for user, settings in (await service.storage.all_user_settings()).items()
        if (prefs := prefs_of(settings)).quiet is not None and not prefs.in_quiet(now)
    }
    if not quiet:
        return []
    out = []
    for deadline in await service.storage.deadlines():
        record = await service.storage.get_game(deadline.game_id)
        if record is None or record.status != "active" or service.paused(record):
            continue
        early = {}
        for seat, due in service.dues_of(record).items():
            quarter = service.reminder_lead(record, seat)
            user = record.user_of(seat)
            mine = quiet.get(user or 0)
            start = mine.quiet_start(now) if mine is not None else None
            if mine is None or start is None or start - now > EARLY_SECONDS:
                continue
            if now < due - quarter and start <= due - quarter and due <= mine.quiet_end(start):
                early[seat] = due
        marked = await service.storage.mark_seat_reminders(record.id, early) if early else []
        if marked:
            out.append((record, set(marked)))
    return out
