"""A Discord without Discord (docs: /work/shared/design/testing-discord.md).

The real bot, CommandTree and dynamic items run; only the two HTTP doors are replaced: the bot's
REST `HTTPClient.request` and the webhook adapter used for interaction responses and
follow-ups. Both go to `FakeAPI`, which answers with plausible payloads and records every
message: where it went (channel, thread, DM, interaction), content, components, files, flags.
"""

from __future__ import annotations

import asyncio
import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, cast

import discord
import orjson
from aiohttp import ClientResponse
from discord.webhook.async_ import AsyncWebhookAdapter, async_context
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource

from bot.client import MareNostrumBot
from bot.embeds import text_of
from bot.settings import Settings

if TYPE_CHECKING:
    from discord.types.gateway import InteractionCreateEvent
    from discord.types.user import User as UserPayload

    from cogs.mn import MareNostrum

APP_ID = 4242
GUILD = 1000
CHANNEL = 2000
BOT_USER: UserPayload = {"id": "4242", "username": "mare-nostrum", "discriminator": "0",
                         "avatar": None, "global_name": None, "bot": True}
EPHEMERAL = 64
_ids = itertools.count(10_000)


def _user(uid: int) -> dict[str, Any]:
    return {"id": str(uid), "username": f"user{uid}", "discriminator": "0", "avatar": None,
            "global_name": f"User {uid}"}


@dataclass
class Sent:
    """One message as Discord would hold it."""

    id: int
    channel_id: int
    where: str  # "channel" | "thread" | "dm" | "interaction" | "followup"
    content: str = ""
    components: list[dict[str, Any]] = field(default_factory=list)
    flags: int = 0
    files: list[str] = field(default_factory=list)
    interaction_id: int | None = None
    history: list[str] = field(default_factory=list)  # earlier contents (edits)
    embeds: list[dict[str, Any]] = field(default_factory=list)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def text(self) -> str:
        """What the message shows: its content, then its embeds' words."""
        return "\n".join([self.content, *(text_of(e) for e in self.embeds)]).strip("\n")

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for row in self.components for c in row.get("components", [])
                if "custom_id" in c]

    def component(self, custom_id: str) -> dict[str, Any]:
        for row in self.components:
            items: list[dict[str, Any]] = row.get("components", [])
            for c in items:
                if c.get("custom_id") == custom_id:
                    return c
        raise KeyError(custom_id)

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id), "channel_id": str(self.channel_id), "author": BOT_USER,
            "content": self.content, "timestamp": "2026-01-01T00:00:00+00:00",
            "edited_timestamp": None, "tts": False, "mention_everyone": False, "mentions": [],
            "mention_roles": [], "attachments": [], "embeds": self.embeds, "pinned": False,
            "type": 0,
            "flags": self.flags, "components": self.components,
        }


class UserOption(int):
    """A user given to a slash command option (`player=UserOption(2)`)."""


UserArg = UserOption  # the name the admin tests use


class FakeAPI:
    def __init__(self) -> None:
        self.messages: dict[int, Sent] = {}
        self.log: list[tuple[str, str, Any]] = []  # (method, path, payload)
        self.threads: dict[int, int] = {}  # thread id -> parent channel
        self.dm_channels: dict[int, int] = {}  # dm channel id -> user
        self.closed_dms: set[int] = set()
        self.originals: dict[str, int] = {}  # interaction token -> message id
        self.callbacks: list[dict[str, Any]] = []
        # Requests Discord would have refused (400 Invalid Form Body): (method, path, why).
        self.refused: list[tuple[str, str, str]] = []
        # Filled by the harness when it builds an interaction, keyed by its token.
        self._channels: dict[str, int] = {}
        self._sources: dict[str, int] = {}
        self._iids: dict[str, int] = {}
        self.users: dict[int, int] = {}  # interaction id -> the user who made it

    # --- queries ----------------------------------------------------------------------
    def in_channel(self, channel_id: int) -> list[Sent]:
        return [m for m in self.messages.values()
                if m.channel_id == channel_id and m.where in ("channel", "thread")]

    def dms(self, user_id: int) -> list[Sent]:
        return [m for m in self.messages.values()
                if m.where == "dm" and self.dm_channels.get(m.channel_id) == user_id]

    def replies_to(self, user_id: int) -> list[Sent]:
        """The answers to a user's own interactions (his ephemeral pages among them)."""
        return [m for m in self.messages.values()
                if m.interaction_id is not None and self.users.get(m.interaction_id) == user_id]

    def responses(self, interaction_id: int) -> list[Sent]:
        return [m for m in self.messages.values() if m.interaction_id == interaction_id]

    def thread_of(self, parent: int) -> int:
        return next(t for t, p in self.threads.items() if p == parent)

    # --- answering --------------------------------------------------------------------
    def handle(self, method: str, path: str, payload: Any, files: list[str]) -> Any:
        why = self.refusal(method, path, payload or {}, files)
        if why is not None:  # never delivered, so not in the log either
            self.refused.append((method, path, why))
            field_, _, detail = why.partition(": ")
            raise _http_error(400, 50035, "Invalid Form Body", errors={field_: detail})
        self.log.append((method, path, payload))
        for pattern, fn in self._routes():
            m = re.fullmatch(pattern, f"{method} {path}")
            if m:
                return fn(payload or {}, files, *m.groups())
        raise AssertionError(f"unexpected request {method} {path}")

    # --- what Discord refuses ---------------------------------------------------------------
    # Its limits on a message (docs: resources/message, interactions/message-components).
    CONTENT, EMBEDS, EMBED_TITLE, EMBED_DESCRIPTION = 2000, 10, 256, 4096
    ROWS, PER_ROW, CUSTOM_ID, BUTTON_LABEL, PLACEHOLDER = 5, 5, 100, 80, 150
    OPTIONS, OPTION_TEXT, CHOICES, CHOICE_TEXT, THREAD_NAME = 25, 100, 25, 100, 100
    SELECTS = (3, 5, 6, 7, 8)  # string, user, role, mentionable and channel selects
    EMBED_FIELDS, FIELD_NAME, FIELD_VALUE, FOOTER, EMBED_TOTAL = 25, 256, 1024, 2048, 6000

    @classmethod
    def refusal(cls, method: str, path: str, payload: Any, files: list[str]) -> str | None:
        """Why Discord would answer this request "400 Invalid Form Body" (as "<field>: <why>"),
        or None when it would accept it."""
        route = f"{method} {path}"
        if re.fullmatch(r"POST /interactions/\d+/[\w.-]+/callback", route):
            kind, data = payload.get("type"), payload.get("data") or {}
            if kind == 8:  # autocomplete
                return cls._choices_refusal(data.get("choices") or [])
            if kind in (4, 7):  # a new message, or the edit of the clicked one
                return cls._message_refusal(data, files, new=kind == 4, at="data.")
            return None
        if re.fullmatch(r"POST /channels/\d+/messages/\d+/threads", route):
            name = str(payload.get("name") or "")
            return f"name: {len(name)} characters" if len(name) > cls.THREAD_NAME else None
        if re.fullmatch(r"POST /webhooks/\d+/[\w.-]+|POST /channels/\d+/messages", route):
            return cls._message_refusal(payload, files, new=True)
        if re.fullmatch(r"PATCH /(webhooks/\d+/[\w.-]+|channels/\d+)/messages/[\w@]+", route):
            return cls._message_refusal(payload, files, new=False)
        return None

    @classmethod
    def _choices_refusal(cls, choices: list[dict[str, Any]]) -> str | None:
        if len(choices) > cls.CHOICES:
            return f"data.choices: {len(choices)} choices (at most {cls.CHOICES})"
        for i, choice in enumerate(choices):
            for key in ("name", "value"):
                if len(str(choice.get(key, ""))) > cls.CHOICE_TEXT:
                    return f"data.choices.{i}.{key}: longer than {cls.CHOICE_TEXT}"
        return None

    @classmethod
    def _message_refusal(cls, msg: dict[str, Any], files: list[str], *, new: bool,
                         at: str = "") -> str | None:
        content = msg.get("content") or ""
        if len(content) > cls.CONTENT:
            return f"{at}content: {len(content)} characters (at most {cls.CONTENT})"
        embeds = msg.get("embeds") or []
        if len(embeds) > cls.EMBEDS:
            return f"{at}embeds: {len(embeds)} embeds (at most {cls.EMBEDS})"
        for i, embed in enumerate(embeds):
            for key, most in (("title", cls.EMBED_TITLE), ("description", cls.EMBED_DESCRIPTION)):
                if len(embed.get(key) or "") > most:
                    return f"{at}embeds.{i}.{key}: longer than {most}"
            why = cls._embed_refusal(embed)
            if why is not None:
                return f"{at}embeds.{i}.{why}"
        rows = msg.get("components") or []
        if len(rows) > cls.ROWS:
            return f"{at}components: {len(rows)} rows (at most {cls.ROWS})"
        seen: set[str] = set()
        for r, row in enumerate(rows):
            items = row.get("components") or []
            where = f"{at}components.{r}.components"
            if not 1 <= len(items) <= cls.PER_ROW:
                return f"{where}: {len(items)} components (1 to {cls.PER_ROW})"
            if len(items) > 1 and any(i.get("type") in cls.SELECTS for i in items):
                return f"{where}: a select menu fills its row alone"
            for n, item in enumerate(items):
                why = cls._item_refusal(item, seen)
                if why is not None:
                    return f"{where}.{n}.{why}"
        if new and not (content or embeds or rows or files or msg.get("attachments")):
            return f"{at}content: cannot send an empty message"
        return None

    @classmethod
    def _embed_refusal(cls, embed: dict[str, Any]) -> str | None:
        """Why Discord would refuse one embed's fields, footer or size ("<field>: <why>")."""
        fields = embed.get("fields") or []
        if len(fields) > cls.EMBED_FIELDS:
            return f"fields: {len(fields)} fields (at most {cls.EMBED_FIELDS})"
        for n, f in enumerate(fields):
            for key, most in (("name", cls.FIELD_NAME), ("value", cls.FIELD_VALUE)):
                if not 1 <= len(f.get(key) or "") <= most:
                    return f"fields.{n}.{key}: 1 to {most} characters"
        if len((embed.get("footer") or {}).get("text") or "") > cls.FOOTER:
            return f"footer.text: longer than {cls.FOOTER}"
        total = len(embed.get("title") or "") + len(embed.get("description") or "") + sum(
            len(f.get("name") or "") + len(f.get("value") or "") for f in fields) + len(
            (embed.get("footer") or {}).get("text") or "")
        return f"total: {total} characters" if total > cls.EMBED_TOTAL else None

    @classmethod
    def _item_refusal(cls, item: dict[str, Any], seen: set[str]) -> str | None:
        """Why one button or select would be refused ("<field>: <why>")."""
        custom_id = item.get("custom_id")
        if custom_id is not None:
            if not 1 <= len(custom_id) <= cls.CUSTOM_ID:
                return f"custom_id: {len(custom_id)} characters (1 to {cls.CUSTOM_ID})"
            if custom_id in seen:
                return "custom_id: duplicated in the message"
            seen.add(custom_id)
        if item.get("type") == 2 and len(item.get("label") or "") > cls.BUTTON_LABEL:
            return f"label: longer than {cls.BUTTON_LABEL}"
        if item.get("type") not in cls.SELECTS:
            return None
        if len(item.get("placeholder") or "") > cls.PLACEHOLDER:
            return f"placeholder: longer than {cls.PLACEHOLDER}"
        low, high = item.get("min_values", 1), item.get("max_values", 1)
        options = item.get("options") or []
        if item.get("type") == 3:
            if not 1 <= len(options) <= cls.OPTIONS:
                return f"options: {len(options)} options (1 to {cls.OPTIONS})"
            for o, option in enumerate(options):
                for key in ("label", "value", "description"):
                    if len(option.get(key) or "") > cls.OPTION_TEXT:
                        return f"options.{o}.{key}: longer than {cls.OPTION_TEXT}"
            if high > len(options):
                return f"max_values: {high} is more than the {len(options)} options"
        if not (0 <= low <= cls.OPTIONS and 1 <= high <= cls.OPTIONS and low <= high):
            return f"min_values: {low} to {high} is not a valid range"
        return None

    def _routes(self) -> list[tuple[str, Any]]:
        return [
            (r"POST /interactions/(\d+)/([\w.-]+)/callback", self._callback),
            (r"GET /webhooks/\d+/([\w.-]+)/messages/@original", self._get_original),
            (r"PATCH /webhooks/\d+/([\w.-]+)/messages/@original", self._edit_original),
            (r"POST /webhooks/\d+/([\w.-]+)", self._followup),
            (r"POST /channels/(\d+)/messages/(\d+)/threads", self._thread),
            (r"POST /channels/(\d+)/messages", self._channel_message),
            (r"PATCH /channels/(\d+)/messages/(\d+)", self._channel_edit),
            (r"POST /users/@me/channels", self._open_dm),
            (r"PUT /applications/\d+(?:/guilds/\d+)?/commands", self._sync),
        ]

    def _sync(self, payload: Any, files: list[str]) -> Any:
        return [{**c, "id": str(next(_ids)), "application_id": str(APP_ID), "version": "1",
                 "default_member_permissions": None, "dm_permission": True}
                for c in payload]

    def _new(self, channel_id: int, where: str, payload: dict[str, Any], files: list[str],
             interaction_id: int | None = None) -> Sent:
        msg = Sent(next(_ids), channel_id, where, payload.get("content") or "",
                   payload.get("components") or [], payload.get("flags") or 0, files,
                   interaction_id, embeds=list(payload.get("embeds") or []))
        self.messages[msg.id] = msg
        return msg

    @staticmethod
    def _edit(msg: Sent, payload: dict[str, Any], files: list[str]) -> None:
        msg.history.append(msg.content)
        if "content" in payload:
            msg.content = payload["content"] or ""
        if "components" in payload:
            msg.components = payload["components"] or []
        if "embeds" in payload:
            msg.embeds = list(payload["embeds"] or [])
        msg.files += files

    def _callback(self, payload: dict[str, Any], files: list[str], iid: str,
                  token: str) -> Any:
        self.callbacks.append({"interaction": int(iid), **payload})
        kind, data = payload.get("type"), payload.get("data") or {}
        message: Sent | None = None
        if kind == 4:  # CHANNEL_MESSAGE_WITH_SOURCE
            message = self._new(self._channels[token], "interaction", data, files, int(iid))
            self.originals[token] = message.id
        elif kind == 5:  # deferred: the message comes with the follow-up
            message = self._new(self._channels[token], "interaction",
                                {"flags": data.get("flags", 0)}, files, int(iid))
            self.originals[token] = message.id
        elif kind == 7:  # UPDATE_MESSAGE: edit the message carrying the component
            message = self.messages[self._sources[token]]
            self._edit(message, data, files)
        out: dict[str, Any] = {"interaction": {"id": iid, "type": 2}}
        if message is not None:
            out["resource"] = {"type": kind, "message": message.payload()}
            out["interaction"]["response_message_id"] = str(message.id)
        return out

    def _get_original(self, payload: Any, files: list[str], token: str) -> Any:
        return self.messages[self.originals[token]].payload()

    def _edit_original(self, payload: Any, files: list[str], token: str) -> Any:
        msg = self.messages[self.originals[token]]
        self._edit(msg, payload, files)
        return msg.payload()

    def _followup(self, payload: Any, files: list[str], token: str) -> Any:
        original = self.messages.get(self.originals.get(token, -1))
        if original is not None and not original.content and not original.history \
                and not original.components and original.where == "interaction" \
                and not original.files and not original.embeds:
            self._edit(original, payload, files)  # the first follow-up after a defer
            original.flags |= payload.get("flags") or 0
            return original.payload()
        msg = self._new(self._channels[token], "followup", payload, files,
                        self._iids.get(token))
        return msg.payload()

    def _thread(self, payload: Any, files: list[str], channel: str, message: str) -> Any:
        tid = next(_ids)
        self.threads[tid] = int(channel)
        return thread_payload(tid, int(channel), payload.get("name", "thread"))

    def _channel_message(self, payload: Any, files: list[str], channel: str) -> Any:
        cid = int(channel)
        if cid in self.dm_channels:
            if self.dm_channels[cid] in self.closed_dms:
                raise _http_error(403, 50007, "Cannot send messages to this user")
            return self._new(cid, "dm", payload, files).payload()
        where = "thread" if cid in self.threads else "channel"
        return self._new(cid, where, payload, files).payload()

    def _channel_edit(self, payload: Any, files: list[str], channel: str, message: str) -> Any:
        msg = self.messages[int(message)]
        assert msg.channel_id == int(channel), "a message edited through another channel"
        self._edit(msg, payload, files)
        return msg.payload()

    def _open_dm(self, payload: Any, files: list[str]) -> Any:
        user = int(payload["recipient_id"])
        cid = next((c for c, u in self.dm_channels.items() if u == user), None)
        if cid is None:
            cid = next(_ids)
            self.dm_channels[cid] = user
        return {"id": str(cid), "type": 1, "recipients": [_user(user)], "last_message_id": None}


def thread_payload(tid: int, parent: int, name: str = "thread") -> dict[str, Any]:
    return {"id": str(tid), "type": 11, "guild_id": str(GUILD), "parent_id": str(parent),
            "name": name, "owner_id": BOT_USER["id"],
            "thread_metadata": {"archived": False, "auto_archive_duration": 10080,
                                "archive_timestamp": "2026-01-01T00:00:00+00:00",
                                "locked": False},
            "message_count": 0, "member_count": 1, "rate_limit_per_user": 0, "flags": 0}


def _http_error(status: int, code: int, message: str,
                errors: dict[str, str] | None = None) -> discord.HTTPException:
    """The exception discord.py raises for this answer of Discord's: 403 Forbidden, 404 Not
    Found, else HTTPException (a 400 with `errors`: field -> why, as Discord details them)."""
    reasons = {400: "Bad Request", 403: "Forbidden", 404: "Not Found"}
    # discord.py reads only `status` and `reason` of the HTTP response it is given.
    response = cast(ClientResponse,
                    SimpleNamespace(status=status, reason=reasons.get(status, "Error")))
    data: dict[str, Any] = {"code": code, "message": message}
    if errors:
        data["errors"] = {field: {"_errors": [{"code": "INVALID", "message": why}]}
                          for field, why in errors.items()}
    if status == 403:
        return discord.Forbidden(response, data)
    if status == 404:
        return discord.NotFound(response, data)
    return discord.HTTPException(response, data)


def _unpack(payload: Any, form: Any, files: Any) -> tuple[Any, list[str]]:
    names = [f.filename for f in files or []]
    if form:
        for part in form:
            if part.get("name") == "payload_json":
                payload = orjson.loads(part["value"])
    return payload, names


class FakeWebhookAdapter(AsyncWebhookAdapter):
    def __init__(self, api: FakeAPI) -> None:
        super().__init__()  # type: ignore[no-untyped-call]  # discord.py leaves it unannotated
        self.api = api

    async def request(self, route: Any, session: Any, *, payload: Any = None,
                      multipart: Any = None, files: Any = None, **_: Any) -> Any:
        body, names = _unpack(payload, multipart, files)
        return self.api.handle(route.method, route.url.removeprefix(route.BASE), body, names)


class HarnessSettings(Settings):
    """The given values and the defaults: neither the environment nor a .env file is read."""

    @classmethod
    def settings_customise_sources(
        cls, settings_cls: type[BaseSettings], init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource, dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        return (init_settings,)


class Harness:
    """One bot on one database, talking to a FakeAPI."""

    def __init__(self, db: Path, api: FakeAPI | None = None,
                 database_url: str | None = None) -> None:
        self.api = api or FakeAPI()
        # `database_url`: a PostgreSQL database instead of the SQLite file `db`.
        settings = HarnessSettings(discord_token="x", database_path=db, ai_pause_seconds=0,
                                   database_url=database_url)
        self.bot = MareNostrumBot(settings, run_loops=False)

        async def request(route: Any, *, files: Any = None, form: Any = None,
                          **kwargs: Any) -> Any:
            body, names = _unpack(kwargs.get("json"), form, files)
            return self.api.handle(route.method, route.url.removeprefix(route.BASE), body,
                                   names)

        self.bot.http.request = request  # type: ignore[method-assign]

    def cog(self) -> MareNostrum:
        """The bot's `/mn` cog (its deadline scan `tick`, its command group)."""
        cog = self.bot.get_cog("MareNostrum")
        assert cog is not None
        # Not isinstance: load_extension runs cogs/mn.py afresh for every bot, so the cog's
        # class is a copy of the MareNostrum imported here, with the same methods.
        return cast("MareNostrum", cog)

    async def __aenter__(self) -> Harness:
        async_context.set(FakeWebhookAdapter(self.api))
        await self.bot._async_setup_hook()
        # What login() would have set: who the bot is and its application.
        state = self.bot._connection
        state.user = discord.ClientUser(state=state, data=BOT_USER)
        state.application_id = APP_ID
        await self.bot.setup_hook()
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.settle()
        await self.bot.close()

    async def settle(self) -> None:
        """Wait for every task the dispatch started (command and component handlers)."""
        me = asyncio.current_task()
        for _ in range(20):
            pending = [t for t in asyncio.all_tasks() if t is not me and not t.done()
                       and "pytest" not in repr(t.get_coro())
                       and "timeout_task" not in repr(t.get_coro())]
            if not pending:
                return
            await asyncio.wait(pending, timeout=0.5)
        raise AssertionError(f"tasks still running: {pending}")

    def _dispatch(self, payload: dict[str, Any]) -> None:
        """Hand discord.py an interaction as the gateway would (INTERACTION_CREATE)."""
        # The payloads are built as plain dicts (_base): the TypedDict of the gateway event
        # cannot follow their keys, added by kind of interaction.
        self.bot._connection.parse_interaction_create(cast("InteractionCreateEvent", payload))

    # --- building interactions ----------------------------------------------------------
    def _base(self, user: int, locale: str, channel: dict[str, Any] | None,
              kind: int, data: dict[str, Any], permissions: int,
              guild: int = GUILD) -> dict[str, Any]:
        iid = next(_ids)
        token = f"tok-{iid}"
        payload: dict[str, Any] = {
            "id": str(iid), "application_id": str(APP_ID), "type": kind, "token": token,
            "version": 1, "locale": locale, "data": data, "attachment_size_limit": 8 << 20,
            "app_permissions": str((1 << 53) - 1), "entitlements": [],
            "authorizing_integration_owners": {},
        }
        if channel is not None and channel.get("type") == 11:
            channel = thread_payload(int(channel["id"]), int(channel["parent_id"]))
        if channel is None or channel.get("type") != 1:
            channel = channel or {"id": str(CHANNEL), "type": 0}
            channel = {"guild_id": str(guild), "name": "games", "position": 0,
                       "permission_overwrites": [], "nsfw": False, "parent_id": None, **channel}
            payload.update(guild_id=str(guild), guild_locale="en-US", context=0, member={
                "user": _user(user), "roles": [], "joined_at": "2026-01-01T00:00:00+00:00",
                "deaf": False, "mute": False, "flags": 0, "permissions": str(permissions)})
        else:
            payload.update(user=_user(user), context=1)
        payload["channel"] = channel
        payload["channel_id"] = channel["id"]
        self.api._channels[token] = int(channel["id"])
        self.api._iids[token] = iid
        self.api.users[iid] = user
        return payload

    async def command(self, user: int, sub: str, locale: str = "en-US",
                      channel: int | None = None, permissions: int = 0,
                      guild: int = GUILD, dm: bool = False, **options: Any) -> int:
        """Run `/mn <sub> key:value...` as `user` (in `guild`, or in his DMs with `dm`);
        `sub` may name a phase's group too ("trade offer": `/mn trade offer`), or another
        top-level command ("/neptun voyage sail"). Returns the interaction id."""
        opts = _options(options)
        data: dict[str, Any] = _command(sub, opts)
        users = [v for v in options.values() if isinstance(v, UserOption)]
        if users:
            data["resolved"] = {"users": {str(u): _user(u) for u in users}}
        ch = {"id": str(channel), "type": 11 if channel in self.api.threads else 0,
              "parent_id": str(self.api.threads.get(channel or 0, CHANNEL))} if channel else None
        if dm:
            ch = {"id": str(next(_ids)), "type": 1}
        payload = self._base(user, locale, ch, 2, data, permissions, guild)
        self._dispatch(payload)
        await self.settle()
        return int(payload["id"])

    async def click(self, user: int, message: Sent, custom_id: str,
                    values: list[str] | None = None, locale: str = "en-US",
                    guild: int = GUILD, permissions: int = 0, forged: bool = False) -> int:
        """Click a button (or choose `values` in a select) of a recorded message. `forged`:
        send `custom_id` even though the message has no such component (a hostile client)."""
        payload = self._click_payload(user, message, custom_id, values, locale, guild,
                                      permissions, forged)
        self._dispatch(payload)
        await self.settle()
        return int(payload["id"])

    async def burst(self, clicks: Sequence[tuple[int, Sent, str, list[str] | None]]
                    ) -> list[int]:
        """Several clicks (user, message, custom_id, values) arriving in the same instant:
        all dispatched before any handler runs, then settled together."""
        payloads = [self._click_payload(user, message, custom_id, values)
                    for user, message, custom_id, values in clicks]
        for payload in payloads:
            self._dispatch(payload)
        await self.settle()
        return [int(p["id"]) for p in payloads]

    def _click_payload(self, user: int, message: Sent, custom_id: str,
                       values: list[str] | None = None, locale: str = "en-US",
                       guild: int = GUILD, permissions: int = 0,
                       forged: bool = False) -> dict[str, Any]:
        comp = {"type": 2 if values is None else 3} if forged else message.component(custom_id)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": comp["type"]}
        if values is not None:
            data["values"] = values
        if message.channel_id in self.api.dm_channels:
            channel: dict[str, Any] = {"id": str(message.channel_id), "type": 1}
        elif message.channel_id in self.api.threads:
            channel = {"id": str(message.channel_id), "type": 11,
                       "parent_id": str(self.api.threads[message.channel_id])}
        else:
            channel = {"id": str(message.channel_id), "type": 0}
        payload = self._base(user, locale, channel, 3, data, permissions, guild)
        payload["message"] = message.payload()
        if forged:  # discord.py dispatches only a component the message carries
            item: dict[str, Any] = {"type": comp["type"], "custom_id": custom_id}
            item.update({"style": 1, "label": "x"} if comp["type"] == 2 else
                        {"options": [{"label": "x", "value": "x"}]})
            payload["message"]["components"] = [{"type": 1, "components": [item]}]
        self.api._sources[payload["token"]] = message.id
        return payload

    async def autocomplete(self, user: int, sub: str, option: str, typed: str,
                           locale: str = "en-US", channel: int | None = None,
                           **given: Any) -> list[dict[str, Any]]:
        """What `/mn <sub>` suggests while `user` types `typed` in `option`, the options
        `given` already filled in (`sub` may name a phase's group: "trade take", or another
        top-level command: "/neptun voyage sail")."""
        opts = [*_options(given), {"name": option, "type": 4 if option == "game" else 3,
                                   "value": typed, "focused": True}]
        data = _command(sub, opts)
        ch = {"id": str(channel), "type": 11 if channel in self.api.threads else 0,
              "parent_id": str(self.api.threads.get(channel or 0, CHANNEL))} if channel else None
        payload = self._base(user, locale, ch, 4, data, 0)
        self._dispatch(payload)
        await self.settle()
        answer = next(c for c in self.api.callbacks if c["interaction"] == int(payload["id"]))
        assert answer["type"] == 8, answer
        choices: list[dict[str, Any]] = answer["data"]["choices"]
        return choices


def _options(options: dict[str, Any]) -> list[dict[str, Any]]:
    """Slash command options as Discord sends them (by the type of each value)."""
    types = {bool: 5, int: 4, str: 3, UserOption: 6}
    return [{"name": k, "type": types[type(v)],
             "value": str(v) if isinstance(v, UserOption) else v}
            for k, v in options.items()]


def _command(sub: str, options: list[dict[str, Any]]) -> dict[str, Any]:
    """An application command's data: `/mn <sub>`, or `/<root> <sub>` when `sub` starts with
    a slash ("/neptun contract take")."""
    root = "mn"
    if sub.startswith("/"):
        root, _, sub = sub[1:].partition(" ")
    return {"id": "1", "name": root, "type": 1, "options": _sub(sub, options)}


def _sub(sub: str, options: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A subcommand of /mn ("play"), or of one of its groups ("trade offer")."""
    group, _, name = sub.rpartition(" ")
    command = {"name": name, "type": 1, "options": options}
    return [{"name": group, "type": 2, "options": [command]}] if group else [command]


def compose_values(resources: Any) -> list[str]:
    """The values of a compose select (offer/payment) naming these resource types: the k-th
    token of a type is `<type>.<k>`."""
    seen: dict[str, int] = {}
    values = []
    for rtype in resources or ():
        seen[rtype] = seen.get(rtype, 0) + 1
        values.append(f"{rtype}.{seen[rtype]}")
    return values
