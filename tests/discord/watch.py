"""The payload watch of the full-game tests: every payload checked as it is sent — public
ones (thread, channel, non-ephemeral replies, thread names, file names) hold no private
event's text and no player's hand, a DM only its addressee's."""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import bot.service as service_module
from bot.adapters.mare_nostrum.present import empire_names, hand_text
from bot.adapters.mare_nostrum.present.legends import card_lines
from bot.adapters.mare_nostrum.present.mn2003 import commodity_names
from bot.i18n import t
from bot.presenters import digest, event_text
from bot.service import GameService
from tests.discord.harness import EPHEMERAL, FakeAPI, Harness, Sent


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _strings(v)


class WatchedAPI(FakeAPI):
    """Checks every payload as it is sent: public ones must hold no hidden information, a DM
    only its addressee's."""

    def __init__(self) -> None:
        super().__init__()
        self.service: GameService | None = None
        self.secrets: dict[str, set[str]] = {}  # private text -> empires allowed to see it
        self.public_texts: set[str] = set()
        self.checked = 0
        self.composed = 0  # private payloads carrying an offer/payment compose select
        self.kinds_chosen = 0  # offers composed in two steps (kinds, then tokens)
        self.seats: dict[int, str] = {}  # user -> empire, once the game has started

    def unrevealed(self) -> dict[str, set[str]]:
        """The private events' texts no public event has said since."""
        return {k: v for k, v in self.secrets.items() if k not in self.public_texts}

    def state(self) -> Any:
        """Game #1's state now (None before it starts)."""
        if self.service is None or 1 not in self.service._states:
            return None
        return self.service._states[1][1]

    def secret_lines(self) -> dict[str, set[str]]:
        """Hidden information now: private event texts and each player's hand line."""
        out = self.unrevealed()
        state = self.state()
        if state is None:
            return out
        for player, hand in state.hands.items():
            if sum(hand.values()):
                # A hand as the presenter words it (a 2003 game: its commodities by their
                # 2003 names, X-02), and the Empires way too.
                for lang in ("en", "fr"):
                    wordings = {hand_text(hand, lang, names) for names in
                                ({}, commodity_names({"ruleset": state.ruleset}, lang))}
                    for text in wordings:
                        line = t("game.resources", lang, hand=text)
                        out.setdefault(line, set()).add(player)
                        if sum(hand.values()) >= 2:  # the hand itself, in any wording
                            out.setdefault(text, set()).add(player)
        for line, players in legends_secrets(state).items():
            out.setdefault(line, set()).update(players)
        return out

    def _public(self, method: str, path: str, payload: Any) -> bool | None:
        """True/False for a message payload (public or private), None for other requests."""
        payload = payload or {}
        m = re.fullmatch(r"(?:POST|PATCH) /channels/(\d+)/messages(?:/\d+)?",
                         f"{method} {path}")
        if m:
            return int(m[1]) not in self.dm_channels
        m = re.fullmatch(r"POST /interactions/\d+/([\w.-]+)/callback", f"{method} {path}")
        if m:
            kind, data = payload.get("type"), payload.get("data") or {}
            if kind in (4, 5):
                return not (data.get("flags") or 0) & EPHEMERAL
            if kind == 7:
                return self._is_public_message(self.messages[self._sources[m[1]]])
            return None
        m = re.fullmatch(r"(POST|PATCH) /webhooks/\d+/([\w.-]+)(/messages/@original)?",
                         f"{method} {path}")
        if m:
            original = self.messages.get(self.originals.get(m[2], -1))
            if original is not None and (m[3] or not original.content):
                return self._is_public_message(original)
            return not (payload.get("flags") or 0) & EPHEMERAL
        if path.endswith("/threads"):
            return True
        return None

    def _is_public_message(self, msg: Sent) -> bool:
        if msg.channel_id in self.dm_channels:
            return False
        return not msg.ephemeral

    def handle(self, method: str, path: str, payload: Any, files: list[str]) -> Any:
        public = self._public(method, path, payload)
        if public is not None:
            texts = [*_strings(payload), *files]
            dm_user = None
            m = re.fullmatch(r"/channels/(\d+)/messages(?:/\d+)?", path)
            if m and int(m[1]) in self.dm_channels:
                dm_user = self.dm_channels[int(m[1])]
            me = self._empire_of(dm_user)
            if any(re.fullmatch(r"mn:\d+:v\d+:c[01]", s) for s in texts):  # shows the hand
                assert not public, f"a compose page sent to {path}"
                self.composed += 1
            for secret, allowed in self.secret_lines().items():
                if public or (dm_user is not None and me not in allowed):
                    leaked = [s for s in texts if occurs(s, secret)]
                    assert not leaked, f"{secret!r} sent to {path} ({public=})"
            self.checked += 1
        return super().handle(method, path, payload, files)

    def _empire_of(self, user: int | None) -> str | None:
        return self.seats.get(user) if user is not None else None


def legends_secrets(state: Any) -> dict[str, set[str]]:
    """The Legendary Cities' hidden cards now, as their holders' pages word them: each event
    card in a hand, and the draft's cards its holder has in front of him."""
    leg = (getattr(state, "substates", None) or {}).get("legends")
    out: dict[str, set[str]] = {}
    if leg is None:
        return out
    held = [(p, list(h)) for p, h in leg.hands.items() if h]
    if leg.draft is not None and leg.draft["cards"]:
        held.append((leg.draft["holder"], list(leg.draft["cards"])))
    for player, cards in held:
        for lang in ("en", "fr"):
            for line in card_lines(cards, lang):
                out.setdefault(line, set()).add(player)
    return out


def occurs(text: str, secret: str) -> bool:
    """`secret` stands in `text` as a whole: not as the head or tail of a longer resource list
    (one player's "1× coin" inside another's "1× coin, 1× gold" is no leak)."""
    start = 0
    while (i := text.find(secret, start)) >= 0:
        before, after = text[max(0, i - 2):i], text[i + len(secret):i + len(secret) + 1]
        if before != ", " and after != ",":
            return True
        start = i + 1
    return False


def record_private_events(api: WatchedAPI, monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep the texts of every private event (as the DMs say them), and the public ones."""
    real = GameService._apply

    async def spy(self: GameService, record: Any, answers: Any) -> Any:
        outcome = await real(self, record, answers)
        state = self.state_of(outcome.game)
        names = empire_names(self.game_of(outcome.game).engine.view(state, None))
        for e in outcome.events:
            for lang in ("en", "fr"):
                text = event_text(e.kind, e.data, lang, names)
                if e.audience is None:
                    api.public_texts.add(text)
                else:
                    api.secrets.setdefault(text, set()).update(e.audience)
        return outcome

    monkeypatch.setattr(GameService, "_apply", spy)
    real_start = GameService.start

    async def start_spy(self: GameService, game_id: int, user_id: int) -> Any:
        # The seats are dealt inside `start`, whose first DMs go out before the click returns:
        # the checker must know who sits where from that moment on.
        outcome = await real_start(self, game_id, user_id)
        api.seats = {s.user: str(s.seat) for s in outcome.game.players}
        return outcome

    monkeypatch.setattr(GameService, "start", start_spy)


async def next_owed(h: Harness) -> tuple[Any, Any, str, int] | None:
    """The next decision owed in game 1 with something to answer: (state, its engine, the
    seat, its user), or None when the game is over or waits for nobody."""
    service = h.bot.service
    record = await service.game(1)
    state = service.state_of(record)
    engine = service.game_of(record).engine
    owed = [p for p in sorted(service.owed_players(record, state))
            if engine.legal_actions(state, p)]
    if record.status != "active" or not owed:
        return None
    user = record.user_of(owed[0])
    assert user is not None
    return state, engine, owed[0], user


async def start_game(h: Harness, users: tuple[int, ...], **options: Any) -> Sent:
    """The first user opens `/mn new` (with `options`), the others join, he starts: the lobby
    message (game #1)."""
    iid = await h.command(users[0], "new", players=len(users), **options)
    lobby = h.api.responses(iid)[0]
    for user in users[1:]:
        await h.click(user, lobby, "mn:1:lobby:join")
    await h.click(users[0], lobby, "mn:1:lobby:start")
    return lobby


@asynccontextmanager
async def watched_game(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    seed: int,
    users: tuple[int, ...],
    **options: Any,
) -> AsyncIterator[tuple[Harness, WatchedAPI]]:
    """Game #1 opened with `options` by the first user, joined and started (start_game),
    every payload watched: the seats and the game's seed drawn from random.Random(seed), the
    private events recorded, the watcher told who sits where."""
    rng = random.Random(seed)
    monkeypatch.setattr(service_module, "secrets", SimpleNamespace(randbits=rng.getrandbits))
    api = WatchedAPI()
    record_private_events(api, monkeypatch)
    async with Harness(tmp_path / "games.sqlite3", api) as h:
        api.service = h.bot.service
        await start_game(h, users, **options)
        record = await h.bot.service.game(1)
        api.seats = {s.user: str(s.seat) for s in record.players}
        yield h, api


def answer_on(
    page: Sent, index: int, action: dict[str, Any]
) -> tuple[str, list[str] | None] | None:
    """The button (custom_id, None) or menu option (custom_id, [value]) of the index-th legal
    answer on a decision page; None when the page does not show it."""
    dig = digest(action)
    for custom_id in page.custom_ids():
        if custom_id.endswith(f":a{index}.{dig}"):
            return custom_id, None
        comp = page.component(custom_id)
        if comp["type"] == 3 and any(o["value"] == f"{index}.{dig}" for o in comp["options"]):
            return custom_id, [f"{index}.{dig}"]
    return None
