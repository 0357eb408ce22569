"""Telling the players: public events to the game thread (events with no audience only),
private events and decision pages by DM, with the thread as the fallback for closed DMs."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.i18n import t
from bot.presenters import empire_names, private_messages, public_messages
from bot.service import GameService, Outcome
from bot.storage import GameRecord

from .play import decision_page_for
from .ui import to_view, turn_view

log = logging.getLogger(__name__)
MENTION_USERS = discord.AllowedMentions(everyone=False, roles=False, users=True)


class Notifier:
    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self._told: set[tuple[int, int]] = set()  # (game, user) told about closed DMs

    @property
    def service(self) -> GameService:
        service: GameService = self.bot.service
        return service

    @staticmethod
    def language(record: GameRecord) -> str:
        return str(record.options.get("language", "en"))

    async def to_thread(self, record: GameRecord, content: str, **kwargs: Any) -> None:
        channel = self.bot.get_partial_messageable(record.thread_id or record.channel_id)
        try:
            await channel.send(content, allowed_mentions=kwargs.pop("allowed_mentions",
                                                                    MENTION_USERS), **kwargs)
        except discord.HTTPException:
            log.exception("cannot post in the thread of game %s", record.id)

    async def dm(self, user_id: int, content: str, **kwargs: Any) -> bool:
        """Send a DM; False (and remembered) when the user's DMs are closed."""
        try:
            channel = await self.bot.create_dm(discord.Object(user_id))
            await channel.send(content, **kwargs)
        except (discord.Forbidden, discord.NotFound):
            await self.service.storage.set_dm_status(user_id, False)
            return False
        except discord.HTTPException:
            log.exception("DM to %s failed", user_id)
            return False
        await self.service.storage.set_dm_status(user_id, True)
        return True

    async def publish(self, outcome: Outcome, acted: str | None = None) -> None:
        """Everything an outcome changes for the players, in order."""
        record = outcome.game
        lang = self.language(record)
        engine = self.service.ruleset(record).engine
        state = self.service.state_of(record)
        names = empire_names(engine.view(state, None))
        seats = {s.empire: s.user for s in record.players if s.empire}
        for message in public_messages(outcome.events, lang, names):
            await self.to_thread(record, message, allowed_mentions=discord.AllowedMentions.none())
        langs = {e: self.service.language_of(record, u) for e, u in seats.items()}
        privates = private_messages(outcome.events, langs, names)
        for empire, messages in privates.items():
            for message in messages:
                if empire in seats:
                    await self.dm(seats[empire], message)
        if outcome.by_default:
            who = ", ".join(names.get(p, p) for p in outcome.by_default)
            await self.to_thread(record, t("game.by_default", lang, players=who))
        if record.status == "over":
            seen = engine.view(state, None)
            winners = ", ".join(names.get(p, p) for p in seen.get("winners", []))
            await self.to_thread(record, t("game.over", lang, game=record.id, winners=winners))
            return
        to_ask = set(outcome.newly_owed) | (set(outcome.by_default) & outcome.owed_after)
        to_ask.discard(acted or "")
        await self.ask(record, sorted(to_ask), seats, names)

    async def ask(self, record: GameRecord, empires: list[str], seats: dict[str, int],
                  names: dict[str, str]) -> None:
        """Announce who is awaited (with the thread's "My turn" button) and DM each of them
        his decision page."""
        if not empires:
            return
        lang = self.language(record)
        waiting = ", ".join(f"{names.get(e, e)} <@{seats[e]}>" for e in empires if e in seats)
        await self.to_thread(record, t("game.waiting", lang, players=waiting),
                             view=turn_view(record.id, t("button.my_turn", lang)))
        for empire in empires:
            user = seats.get(empire)
            if user is None:
                continue
            page = await decision_page_for(self.service, record, empire, 0,
                                           self.service.language_of(record, user))
            view = to_view(page)
            ok = await self.dm(user, page.content, **({"view": view} if view else {}))
            if not ok and (record.id, user) not in self._told:
                # Said once a game (and process); the waiting line mentions him anyway.
                self._told.add((record.id, user))
                await self.to_thread(record, t("game.dm_failed", lang, user=f"<@{user}>"))

    async def remind(self, record: GameRecord, empires: set[str]) -> None:
        due = await self.service.deadline_of(record.id)
        when = f"<t:{int(due)}:R>" if due else ""
        for s in record.players:
            if s.empire in empires:
                mine = self.service.language_of(record, s.user)
                await self.dm(s.user, t("game.reminder", mine, game=record.id, deadline=when))
