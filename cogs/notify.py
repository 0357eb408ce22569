"""Telling the players: public events to the game thread (events with no audience only),
private events and decision pages by DM, with the thread as the fallback for closed DMs."""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import re
import time
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

import discord
import orjson

from bot.embeds import embed
from bot.i18n import t
from bot.notify_prefs import Prefs
from bot.pictures import board_png, highlight_of, screen_png
from bot.presenters import MESSAGE_LIMIT, clip, private_messages, seat_in, timestamp
from bot.presenters import awaited as awaited_line
from bot.service import GameService, Outcome, ServiceError
from bot.storage import GameRecord

from . import delivery
from .common import board_file_name
from .ending import ending_message
from .play import decision_page_for
from .seat_notes import DMPage as _DMPage
from .seat_notes import note_of, page_of, since_of
from .ui import to_view, turn_view

log = logging.getLogger(__name__)
MENTION_USERS = discord.AllowedMentions(everyone=False, roles=False, users=True)
_MENTION = re.compile(r"<@!?([0-9]{1,20})>")
# A publication the scan failed to redo is tried again after 1, 2, 4... minutes (at most an
# hour), REPUBLISH_TRIES times in all in this process: a game that cannot be told (a bug) must
# not post the same messages again every minute. Its mark stays: a restart tries again.
REPUBLISH_BACKOFF = (60.0, 3600.0)
REPUBLISH_TRIES = 8
# A player's private lines not told on a page of his (production, a compensation) open his
# next decision page; if none comes within this time they go by DM (the deadline loop).
FOLD_SECONDS = 3600.0
RECAP_LINES = 8  # the recap on a decision page: its last lines at most
RECAP_KEPT = 200  # public events kept per player for it


class _Attempt:
    """One run of `publish`, while it lasts (a task it starts inherits the context, not the
    publication: `active` ends with it)."""

    active = True


_ATTEMPT: ContextVar[_Attempt | None] = ContextVar("publication", default=None)


def _abort_if_retryable(exc: discord.HTTPException) -> None:
    """Inside `publish`, a Discord failure that a retry may cure (a server error, an exhausted
    rate limit) aborts the publication: the next scan publishes it again from its start, in
    order. A refusal (403, 404, 400) would fail again: logged and skipped, as outside."""
    attempt = _ATTEMPT.get()
    if attempt is not None and attempt.active and (exc.status >= 500 or exc.status == 429):
        raise exc


@dataclass
class ThreadPage:
    """The thread's message for one page of the game (a phase step, a player's turn: the
    presenter's `turn_key`), edited as the page goes on: its public events (or ready lines),
    then who is awaited. `start`: the first entry of its current message (a page too long for
    one message goes on in a new one)."""

    key: tuple[Any, ...]
    entries: list[Any] = field(default_factory=list)
    waiting: str = ""
    message: int | None = None
    start: int = 0
    board_changed: bool = False  # since the last board picture
    pingable: list[int] = field(default_factory=list)  # users its new message may ping


class Notifier:
    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self._wake: set[int] = set()  # games whose AI players should look again
        self._drivers: dict[int, asyncio.Task[None]] = {}
        # Publishing (see `publish`): publications running now, per game; games one of whose
        # publications failed (their unpublished mark is kept for `republish_missing`); the
        # marks seen by the last scan; failed republications: game -> (tries, not before).
        self._publishing: dict[int, int] = {}
        self._failed: set[int] = set()
        self._seen: set[tuple[int, int]] | None = None  # None: no scan yet in this process
        self._retry: dict[int, tuple[int, float]] = {}
        self._pages: dict[int, ThreadPage] = {}  # game -> its current thread page
        # A player's private lines of the outcome being published, for his decision page's
        # DM (`ask`) in the same publication.
        self._held: dict[tuple[int, str], list[str]] = {}
        # Each player's last decision page DM in a game: (game, seat) -> (user, channel,
        # message, the thread page it was sent on, answered by him since). His next decision
        # on the same thread page, once he has answered, edits it (one DM per player and
        # page, docs/discord.md); kept in the database (cogs/seat_notes.py).
        self._dm_pages: dict[tuple[int, str], _DMPage] = {}
        # The public events since each player's last decision, for the recap that opens his
        # next decision page (issue 13); kept in the database too.
        self._since: dict[tuple[int, str], list[Any]] = {}
        self._prefs: delivery.Preferences | None = None
        self._digests: dict[int, float] = {}  # user -> his last digest slot known sent
        self._recalled: set[int] = set()  # games whose notes were read from the database
        self._noted: dict[tuple[int, str], bytes] = {}  # each note as last stored

    @property
    def prefs(self) -> delivery.Preferences:
        """Each user's /settings (how he is told, quiet hours, digest)."""
        if self._prefs is None:
            self._prefs = delivery.Preferences(self.service)
        return self._prefs

    @property
    def service(self) -> GameService:
        service: GameService = self.bot.service
        return service

    @staticmethod
    def language(record: GameRecord) -> str:
        return str(record.options.get("language", "en"))

    async def to_thread(self, record: GameRecord, content: str, **kwargs: Any) -> None:
        channel = self.bot.get_partial_messageable(record.thread_id or record.channel_id)
        mentions = kwargs.pop("allowed_mentions", None) or await self.mentions(content)
        try:
            await channel.send(clip(content, MESSAGE_LIMIT), allowed_mentions=mentions,
                               **kwargs)
        except discord.HTTPException as exc:
            _abort_if_retryable(exc)
            log.exception("cannot post in the thread of game %s", record.id)

    async def mentions(self, content: str) -> discord.AllowedMentions:
        """Who a thread message mentioning players may ping: those whose `/settings` want
        thread pings now (the others' names show without notifying them)."""
        now = self.service.clock()
        users = [int(u) for u in dict.fromkeys(_MENTION.findall(content))]
        return discord.AllowedMentions(everyone=False, roles=False, users=[
            discord.Object(u) for u in users if (await self.prefs.of(u)).pings(now)])

    async def dm(self, user_id: int, content: str, *, game: int | None = None,
                 **kwargs: Any) -> bool:
        """Send a DM; False (and remembered) when the user's DMs are closed. With `game`, a
        message that cannot go waits in the database for the player's next command or click
        in that game (cogs/undelivered.py)."""
        return await self._send_dm(user_id, content, game=game, **kwargs) is not None

    async def _send_dm(self, user_id: int, content: str, *, game: int | None = None,
                       edit: int | None = None, **kwargs: Any) -> tuple[int, int] | None:
        """Send a DM, or edit the DM `edit` (a new one if that one is gone); (channel,
        message) or None when it could not go (see `dm`)."""
        try:
            channel = await self.bot.create_dm(discord.Object(user_id))
            if edit is not None:
                file = kwargs.pop("file", None)
                with contextlib.suppress(discord.NotFound):
                    await channel.get_partial_message(edit).edit(
                        content=clip(content, MESSAGE_LIMIT), view=kwargs.get("view"),
                        attachments=[file] if file is not None else [])
                    return channel.id, edit
                if file is not None:
                    kwargs["file"] = file
            sent = await channel.send(clip(content, MESSAGE_LIMIT), **kwargs)
        except (discord.Forbidden, discord.NotFound):
            await self.service.storage.set_dm_status(user_id, False)
            if game is not None:
                await self.service.storage.queue_dm(user_id, game, content)
            return None
        except discord.HTTPException as exc:
            _abort_if_retryable(exc)
            log.exception("DM to %s failed", user_id)
            return None
        await self.service.storage.set_dm_status(user_id, True)
        return sent.channel.id, sent.id

    async def publish(self, outcome: Outcome, acted: str | None = None, *,
                      board: bool = True, ai_action: dict[str, Any] | None = None,
                      actor_told: bool = False) -> bool:
        """Tell the players what an outcome changes (`_publish`); True when all went out.
        Never raises: the action is saved and its player was told so. A failure is logged and
        the game's unpublished mark (written with the save) is kept for `republish_missing`;
        the mark is cleared after a success, unless another publication of the game is
        running or one failed since (their part would be lost)."""
        game_id = outcome.game.id
        self._publishing[game_id] = self._publishing.get(game_id, 0) + 1
        attempt = _Attempt()
        token = _ATTEMPT.set(attempt)
        ok = False
        try:
            await self._recall(game_id)
            await self._publish(outcome, acted, board=board, ai_action=ai_action,
                                actor_told=actor_told)
            await self._remember(outcome.game)
            ok = True
        except Exception:
            log.exception("game %s: publishing failed (the next scan retries it)", game_id)
        finally:  # also when cancelled: then the mark stays too
            attempt.active = False
            _ATTEMPT.reset(token)
            running = self._publishing.pop(game_id) - 1
            if running:
                self._publishing[game_id] = running
            if not ok:
                self._failed.add(game_id)
        if ok and game_id not in self._publishing and game_id not in self._failed:
            try:
                # Only if no action was committed since this outcome: its publication is to
                # come (or lost in a crash) and the mark covers it.
                await self.service.storage.published(game_id, outcome.game.version)
            except Exception:
                log.exception("game %s: cannot clear the unpublished mark", game_id)
        return ok

    async def republish_missing(self) -> int:
        """Publish again what a failure or a crash may have kept from the players: for each
        unpublished mark whose game has no publication running here, the events since the
        mark and the decisions changed since (`GameService.republish_outcome`). A mark is
        taken at once after a failure here or on this process's first scan; otherwise only
        when the previous scan saw it too (a publication may be about to start: a click's
        page is redrawn between the commit and the publishing). Returns how many games were
        republished."""
        storage = self.service.storage
        marks = await storage.unpublished()
        first, previous = self._seen is None, self._seen or set()
        self._seen = set(marks)
        done = 0
        for game_id, after_seq in marks:
            if game_id in self._publishing:
                continue
            if not (first or game_id in self._failed or (game_id, after_seq) in previous):
                continue
            tries, not_before = self._retry.get(game_id, (0, 0.0))
            if tries >= REPUBLISH_TRIES or time.monotonic() < not_before:
                continue
            # The republication covers every failed one since the mark; its pages are new
            # DMs (the earlier ones may never have arrived).
            self._failed.discard(game_id)
            for dm_key in [k for k in self._dm_pages if k[0] == game_id]:
                del self._dm_pages[dm_key]
            try:
                outcome = await self.service.republish_outcome(game_id, after_seq)
                if outcome is None:  # abandoned or gone: nothing to tell
                    await storage.published(game_id)
                    continue
            except Exception:
                log.exception("game %s: cannot rebuild what was not published", game_id)
                outcome = None
            if outcome is not None and await self.publish(outcome):
                self._retry.pop(game_id, None)
                done += 1
                continue
            self._failed.add(game_id)
            first_wait, longest = REPUBLISH_BACKOFF
            self._retry[game_id] = (tries + 1, time.monotonic()
                                    + min(first_wait * 2 ** tries, longest))
            if tries + 1 >= REPUBLISH_TRIES:
                log.error("game %s: still not published after %d tries; left until a restart",
                          game_id, tries + 1)
        return done

    async def _publish(self, outcome: Outcome, acted: str | None = None, *,
                       board: bool = True, ai_action: dict[str, Any] | None = None,
                       actor_told: bool = False) -> None:
        """Everything an outcome changes for the players, in order: its public events go on
        the thread's current page (one message, edited: `ThreadPage`), a new page when the
        presenter's `turn_key` moves on, opening with the board picture when the last page
        changed the board; private events by DM, in the same DM as the decision page when
        their player is asked now (`actor_told`: the actor read his on the page of his
        click). An AI burst passes board=False and posts one board at its end (Discord's
        rate limits)."""
        record = outcome.game
        lang = self.language(record)
        hosted = self.service.game_of(record)
        engine, words = hosted.engine, hosted.words
        state = self.service.state_of(record)
        seen = engine.view(state, None)
        names = words.names(seen, lang)
        seats = record.seating()
        page = self._page(record, words.turn_key(seen))
        before = len(page.entries)
        if ai_action is not None and acted:
            page.entries.append(self._ai_line(record, acted, ai_action, lang, names))
        public = [e for e in outcome.events if e.audience is None]
        page.entries.extend(public)
        page.board_changed |= any(words.changes_board(e.kind) for e in public)
        if outcome.by_default:
            who = ", ".join(names.get(p, p) for p in outcome.by_default)
            page.entries.append(t("game.by_default", lang, players=who))
        if outcome.forced:  # applied at once, never asked (issue 13): say why it was
            who = ", ".join(names.get(p, p) for p in dict.fromkeys(outcome.forced))
            page.entries.append(t("game.forced", lang, players=who))
        if outcome.away:
            who = ", ".join(names.get(p, p) for p in outcome.away)
            page.entries.append(t("game.away_default", lang, players=who))
        changed = len(page.entries) > before
        if record.status == "over":
            page.waiting = ""
            await self._show_page(record, page, board=False)
        langs = {seat: self.service.language_of(record, u) for seat, u in seats.items()}
        privates = private_messages(outcome.events, langs, names, words.event_text)
        if actor_told and acted:
            privates.pop(acted, None)
        if acted and ai_action is None and (record.id, acted) in self._dm_pages:
            self._dm_pages[(record.id, acted)].answered = True
        for seat in seats:
            if seat == acted and ai_action is None:
                self._since.pop((record.id, seat), None)  # he has just seen the game
            elif public:
                since = self._since.setdefault((record.id, seat), [])
                since.extend(public)
                del since[:-RECAP_KEPT]
        to_ask = set(outcome.newly_owed) | (set(outcome.by_default) & outcome.owed_after)
        to_ask.discard(acted or "")
        if record.status == "over":
            to_ask = set()
        for seat, messages in privates.items():
            if seat not in seats or self.service.is_ai_user(seats[seat]):
                continue
            if seat in to_ask and sum(len(m) + 1 for m in messages) <= MESSAGE_LIMIT // 2:
                self._held[(record.id, seat)] = messages  # on his decision page (`ask`)
                continue
            if seat != acted and seat not in outcome.by_default and record.status != "over" \
                    and not self.service.ai_level(record, seat):
                # Not a DM of their own: they open his next decision page, kept in the
                # database until then (by DM after FOLD_SECONDS at most, docs/discord.md).
                now = self.service.clock()
                prefs = await self.prefs.of(seats[seat])
                due: float | None = max(now + FOLD_SECONDS, prefs.hold_until(now) or now)
                if prefs.notify == "ping":
                    due = None  # no DM: they wait for his next command, as closed DMs do
                for message in messages:
                    await self.service.storage.queue_dm(seats[seat], record.id, message, due)
                continue
            for message in messages:
                await self.private_line(seats[seat], record.id, message)
        if record.status == "over":
            last = self._pages.pop(record.id, None)
            # The ending (issue 13): winners and how, the final standings, the public log
            # attached, the Rematch button; the final board when it changed.
            final = await ending_message(self.service, record, outcome.events)
            if board and last is not None and last.board_changed:  # the final board
                picture = await self.board_file(record, public)
                if picture is not None:
                    final["files"] = [picture, *final["files"]]
            await self.to_thread(record, final.pop("content"), **final)
            return
        await self.ask(record, sorted(to_ask), seats, names, board=board, changed=changed)
        if ai_action is None and (record.options.get("ai") or record.options.get("autopilot")
                                  or self.service.away_seats(record)):
            self.wake(record.id)

    def _page(self, record: GameRecord, key: tuple[Any, ...]) -> ThreadPage:
        """The game's current thread page, a new one (its message not yet posted) when the
        game has moved on to another `turn_key`; the board's change carries over, for the
        new page's opening picture."""
        page = self._pages.get(record.id)
        if page is None or page.key != key:
            page = ThreadPage(key, board_changed=page is None or page.board_changed)
            self._pages[record.id] = page
        return page

    def _page_text(self, record: GameRecord, page: ThreadPage) -> str:
        hosted = self.service.game_of(record)
        lang = self.language(record)
        names = hosted.words.names(hosted.engine.view(self.service.state_of(record), None), lang)
        lines: list[str] = []
        events: list[Any] = []
        for entry in [*page.entries[page.start:], None]:
            if entry is not None and not isinstance(entry, str):
                events.append(entry)
                continue
            lines += hosted.words.thread_lines(events, lang, names)
            events = []
            if entry is not None:
                lines.append(entry)
        if page.waiting:
            lines.append(page.waiting)
        return "\n".join(lines)

    async def _show_page(self, record: GameRecord, page: ThreadPage, *,
                         board: bool = True) -> None:
        """Post the page's message, or edit it: one request. A new message opens with the
        board picture when the board changed since the last one; a page grown past one
        message goes on in a new one."""
        content = self._page_text(record, page)
        if len(content) > MESSAGE_LIMIT and page.message is not None:
            page.message, page.start = None, max(page.start, len(page.entries) - 1)
            content = self._page_text(record, page)
        lang = self.language(record)
        view = turn_view(record.id, t("button.my_turn", lang)) if page.waiting else None
        channel = self.bot.get_partial_messageable(record.thread_id or record.channel_id)
        try:
            if page.message is not None:
                await channel.get_partial_message(page.message).edit(
                    content=clip(content, MESSAGE_LIMIT), view=view,
                    allowed_mentions=discord.AllowedMentions.none())
                return
            extra: dict[str, Any] = {"view": view} if view is not None else {}
            picture = None
            if board and page.board_changed:
                picture = await self.board_file(record, [e for e in page.entries
                                                         if not isinstance(e, str)])
                if picture is not None:
                    extra["file"] = picture
                    page.board_changed = False
            extra["embed"] = self._page_card(record, picture)
            # Only those who want a ping now get one (`/settings`): the others' names show
            # as mentions without notifying them.
            mentions = discord.AllowedMentions(
                everyone=False, roles=False,
                users=[discord.Object(u) for u in page.pingable])
            sent = await channel.send(clip(content, MESSAGE_LIMIT),
                                      allowed_mentions=mentions, **extra)
            page.message = sent.id
        except discord.NotFound:  # the page's message was deleted: the next change reposts it
            page.message = None
        except discord.HTTPException as exc:
            _abort_if_retryable(exc)
            log.exception("cannot show the page of game %s in its thread", record.id)

    def _page_card(self, record: GameRecord, picture: discord.File | None) -> discord.Embed:
        """A new page's heading card (issue 13): the round, the phase and whose turn, in that
        seat's colour, with the board picture inside when the page opens with one. Edits
        leave it as it is: the page's lines and waiting line are its text."""
        hosted = self.service.game_of(record)
        seen = hosted.engine.view(self.service.state_of(record), None)
        lang = self.language(record)
        title, seat = hosted.words.page_heading(seen, lang, hosted.words.names(seen, lang))
        colour = hosted.words.seat_colour(seen, seat) if seat else None
        image = f"attachment://{picture.filename}" if picture is not None else None
        return discord.Embed.from_dict(embed(title, colour=colour, image=image))

    def _ai_line(self, record: GameRecord, seat: str, action: dict[str, Any], lang: str,
                 names: dict[str, str]) -> str:
        """"🤖 Rome (AI): …": an AI's move, its sealed answers by kind only."""
        hosted = self.service.game_of(record)
        shown = {"kind": action.get("kind"), "hidden": True} \
            if action.get("kind") in hosted.secret_actions else action
        # A player away (bot/away.py): played for him, not by a robot seat.
        key = "game.away_move" if seat in self.service.away_seats(record) else "game.ai_move"
        return t(key, lang, player=names.get(seat, seat),
                 action=hosted.words.action_label(shown, lang, names))

    async def board_file(self, record: GameRecord, events: list[Any]) -> discord.File | None:
        """The public board, drawn in the render thread, highlighting what `events` touched
        (None if drawing failed: the message goes without it)."""
        hosted = self.service.game_of(record)
        seen = hosted.engine.view(self.service.state_of(record), None)
        png = await board_png(hosted.renderer, seen, self.language(record),
                              highlight_of(hosted.renderer, events))
        return discord.File(io.BytesIO(png), board_file_name(record)) if png else None

    async def screen_file(self, record: GameRecord, seat: str,
                          user: int) -> discord.File | None:
        """The player's private screen (his own view only), drawn in a worker thread."""
        hosted = self.service.game_of(record)
        seen = hosted.engine.view(self.service.state_of(record), seat)
        png = await screen_png(hosted.renderer, seen, self.service.language_of(record, user))
        return discord.File(io.BytesIO(png), "screen.png") if png else None

    # --- AI players ---------------------------------------------------------------------
    def wake(self, game_id: int) -> None:
        """Let the AI players of this game answer what they owe (in a task of its own, one
        per game; a wake during a burst makes it look again)."""
        self._wake.add(game_id)
        task = self._drivers.get(game_id)
        if task is None or task.done():
            self._drivers[game_id] = asyncio.create_task(self._drive(game_id))

    async def _drive(self, game_id: int) -> None:
        pause = float(getattr(self.bot.settings, "ai_pause_seconds", 0))
        conflicts = 0
        while game_id in self._wake and conflicts < 5:
            self._wake.discard(game_id)
            events: list[Any] = []
            record = None
            while True:
                try:
                    done = await self.service.ai_move(game_id)
                except ServiceError:  # a human answered meanwhile: look again
                    conflicts += 1
                    self._wake.add(game_id)
                    break
                except Exception:
                    log.exception("AI move in game %s failed", game_id)
                    return
                if done is None:
                    break
                outcome, seat, action = done
                record = outcome.game
                events.extend(outcome.events)
                await self.publish(outcome, acted=seat, board=False, ai_action=action)
                if pause:
                    await asyncio.sleep(pause)
            if record is not None and any(e.audience is None for e in events):
                lang = self.language(record)
                seen = self.service.game_of(record).engine.view(
                    self.service.state_of(record), None)
                picture = await self.board_file(record, events)
                extra = {"file": picture} if picture is not None else {}
                await self.to_thread(record, t("game.board_alt", lang, game=record.id,
                                               round=seen.get("round")), **extra)
                if record.id in self._pages:  # that picture is the page's
                    self._pages[record.id].board_changed = False

    async def ask(self, record: GameRecord, awaited: list[str], seats: dict[str, int],
                  names: dict[str, str], *, board: bool = True, changed: bool = True) -> None:
        """Show the thread's page (`changed`: its events did) with who is awaited now as its
        last line and the "My turn" button (it pings only when a new page is posted), then DM
        each of the `awaited` (newly owed) his decision page, opening with what this outcome
        told him alone (`_held`). `seats`: seat -> user."""
        await self._recall(record.id)
        lang = self.language(record)
        state = self.service.state_of(record)
        hosted = self.service.game_of(record)
        owed = sorted(seat for seat in self.service.owed_players(record, state)
                      if not self.service.ai_level(record, seat))
        dues = self.service.dues_of(record)
        away = self.service.away_seats(record)
        waiting = ", ".join(
            awaited_line(f"{seat_in(seat, lang, names)} <@{seats[seat]}>", dues.get(seat), lang,
                         away.get(seat))
            for seat in owed if seat in seats)
        page = self._page(record, hosted.words.turn_key(hosted.engine.view(state, None)))
        line = t("game.waiting", lang, players=waiting) if waiting else ""
        now = self.service.clock()
        page.pingable = [seats[seat] for seat in owed if seat in seats
                         and (await self.prefs.of(seats[seat])).pings(now)]
        posted = page.message
        if changed or line != page.waiting or page.message is None:
            page.waiting = line
            await self._show_page(record, page, board=board)
        posted = page.message if page.message != posted else None  # a new message: it pinged
        awaited = [seat for seat in awaited if not self.service.ai_level(record, seat)]
        key = page.key
        for seat in awaited:
            user = seats.get(seat)
            if user is None:
                continue
            prefs = await self.prefs.of(user)
            if not prefs.dms(now):
                await self._not_by_dm(record, user, prefs, now,
                                      self._held.pop((record.id, seat), []),
                                      pinged=posted is not None)
                continue
            earlier = await self.service.storage.take_undelivered(user, record.id, held=True)
            earlier = [line for line in earlier if line != delivery.DECISION_HELD]
            note = "\n".join([*earlier, *self._held.pop((record.id, seat), [])])
            mine = self.service.language_of(record, user)
            recap = self.recap(record, self._since.pop((record.id, seat), []), mine)
            page_ = await decision_page_for(self.service, record, seat, 0, mine,
                                            "\n".join(p for p in (recap, note) if p))
            view = to_view(page_)
            extra: dict[str, Any] = {"view": view} if view else {}
            screen = await self.screen_file(record, seat, user)
            if screen is not None:
                extra["file"] = screen
            last = self._dm_pages.get((record.id, seat))
            edit = last.message if last is not None and last.user == user and last.answered \
                and last.key == key and not note else None
            sent = await self._send_dm(user, page_.content, edit=edit, **extra)
            if sent is not None:
                self._dm_pages[(record.id, seat)] = _DMPage(user, sent[1], key)
            else:
                # The page itself is not kept (its buttons go stale: "My turn" draws it
                # afresh), only what it told him alone.
                if note:
                    await self.service.storage.queue_dm(user, record.id, note)
                # Said once per player and game (stored: a restart does not say it again).
                if await self.service.storage.warn_once(user, record.id):
                    await self.to_thread(record, t("game.dm_failed", lang, user=f"<@{user}>"),
                                         allowed_mentions=MENTION_USERS)
        await self._remember(record)

    async def _not_by_dm(self, record: GameRecord, user: int, prefs: Prefs, now: float,
                         lines: list[str], *, pinged: bool) -> None:
        """A decision owed by a player who does not want its DM now (`/settings`): in his
        quiet hours it waits for their end (its private lines, and a mark that names the
        game then); in digest mode his lines wait for his digest; in ping mode the thread
        pings him (the new page did, else a line of its own) and his lines wait for his next
        command or click, as closed DMs' do."""
        storage = self.service.storage
        if prefs.in_quiet(now):
            until = prefs.hold_until(now) or now  # a digest's lines wait for the digest
            for line in lines:
                await storage.queue_dm(user, record.id, line, until)
            if prefs.notify != "digest":
                await storage.queue_dm(user, record.id, delivery.DECISION_HELD,
                                       prefs.quiet_end(now))
            return
        hold = prefs.hold_until(now)  # digest mode: his next digest; ping mode: none
        for line in lines:
            await storage.queue_dm(user, record.id, line, hold)
        if prefs.notify == "ping" and not pinged:
            await self.ping(record, user)

    async def ping(self, record: GameRecord, user: int, *, reminder: bool = False) -> None:
        """A line of the thread that pings one player for the decision he owes (ping mode):
        his deadline and the "My turn" button."""
        lang = self.language(record)
        seat = record.seat_of(user)
        due = self.service.dues_of(record).get(seat.seat or "") if seat else None
        when = t("settings.due", lang, deadline=timestamp(due)) if due else ""
        key = "settings.ping_reminder" if reminder else "settings.ping"
        await self.to_thread(record, t(key, lang, user=f"<@{user}>", game=record.id,
                                       due=when).rstrip(),
                             view=turn_view(record.id, t("button.my_turn", lang)),
                             allowed_mentions=discord.AllowedMentions(
                                 everyone=False, roles=False, users=[discord.Object(user)]))

    async def private_line(self, user: int, game: int, content: str) -> None:
        """A private line told at once, unless his `/settings` defer it (quiet hours, the
        digest: held until then; ping mode: until his next command, as closed DMs' are)."""
        prefs = await self.prefs.of(user)
        now = self.service.clock()
        if prefs.notify == "ping":
            await self.service.storage.queue_dm(user, game, content)
        elif (hold := prefs.hold_until(now)) is not None:
            await self.service.storage.queue_dm(user, game, content, hold)
        else:
            await self.dm(user, content, game=game)

    async def _recall(self, game_id: int) -> None:
        """A game's seat notes, read from the database once per process (a restart keeps
        the DM pages to edit and the recaps, migration 11)."""
        if game_id in self._recalled:
            return
        notes = await self.service.storage.seat_notes(game_id)
        if game_id in self._recalled:  # read meanwhile by another task of this process
            return
        self._recalled.add(game_id)
        for seat, note in notes.items():
            key = (game_id, seat)
            self._noted[key] = orjson.dumps(note, default=str)
            page = page_of(note)
            if page is not None:
                self._dm_pages.setdefault(key, page)
            if note.get("since"):
                self._since.setdefault(key, since_of(note))

    async def _remember(self, record: GameRecord) -> None:
        """Store the seat notes of a game that changed (all removed once it is over). A
        failure is logged: the game goes on, a restart would only start them again."""
        changes: dict[str, dict[str, Any] | None] = {}
        for seat in record.seating():
            key = (record.id, seat)
            note = note_of(self._dm_pages.get(key), self._since.get(key)) \
                if record.status == "active" else None
            packed = orjson.dumps(note, default=str)
            if self._noted.get(key, b"null") != packed:
                changes[seat] = note
                self._noted[key] = packed
        if changes:
            try:
                await self.service.storage.set_seat_notes(record.id, changes)
            except Exception:
                log.exception("game %s: cannot keep the players' notes", record.id)

    def recap(self, record: GameRecord, events: list[Any], lang: str) -> str:
        """What happened since a player's last decision: the thread's lines of those public
        events, repeated lines grouped ("2× …"), the last RECAP_LINES of them."""
        if not events:
            return ""
        hosted = self.service.game_of(record)
        names = hosted.words.names(hosted.engine.view(self.service.state_of(record), None), lang)
        grouped: list[list[Any]] = []
        for line in hosted.words.thread_lines(events, lang, names):
            if grouped and grouped[-1][0] == line:
                grouped[-1][1] += 1
            else:
                grouped.append([line, 1])
        lines = [line if n == 1 else f"{n}× {line}" for line, n in grouped]
        shown = [clip(line, 200) for line in lines[-RECAP_LINES:]]
        if len(lines) > RECAP_LINES:
            shown.insert(0, "…")
        return "\n".join([t("game.recap", lang), *shown])

    async def send_held(self) -> int:
        """The held private messages whose time has come, by DM (their player's DMs closed:
        kept for his next command). Returns how many were taken."""
        held = await self.service.storage.take_held(self.service.clock())
        await delivery.deliver_held(self, held)
        return len(held)

    async def send_digests(self) -> int:
        """The daily digests whose hour has come (`/settings notify digest`)."""
        return await delivery.send_digests(self, self._digests)

    async def remind(self, record: GameRecord, owed: set[str]) -> None:
        """Each seat's reminder, with its own deadline and the button that opens his
        decisions (`TurnButton` works in DMs too)."""
        dues = self.service.dues_of(record)
        due_game = await self.service.deadline_of(record.id)
        now = self.service.clock()
        for s in record.players:
            if s.seat in owed and not self.service.ai_level(record, s.seat):
                prefs = await self.prefs.of(s.user)
                if prefs.in_quiet(now):  # told with the game's deadline when they end
                    await self.service.storage.queue_dm(s.user, record.id,
                                                        delivery.DECISION_HELD,
                                                        prefs.quiet_end(now))
                    continue
                if prefs.notify == "ping":
                    await self.ping(record, s.user, reminder=True)
                    continue
                mine = self.service.language_of(record, s.user)
                due = dues.get(s.seat, due_game)
                when = timestamp(due) if due else ""
                await self.dm(s.user, t("game.reminder", mine, game=record.id, deadline=when),
                              view=turn_view(record.id, t("button.my_turn", mine)))
