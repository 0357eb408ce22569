"""Issue 15's proof through Discord: a seeded 3-player game with the three Legendary City
modules (Troia, Ierusalem, Syracusae), played for three rounds through /mn play pages and clicks
only (chosen like the standard AI: it drafts, plays cards, answers every window), every payload
watched as it is sent — no public one, and no other player's DM, holds a card of a hand or a
draft's cards (tests/discord/watch.py); every board picture is drawn from a view without any
hand; the log (/mn log, an AI's move) shows a draft's pick and a card play by kind only."""

from __future__ import annotations

import logging
import random
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import bot.pictures as pictures_module
import bot.service as service_module
import cogs.notify as notify_module
from bot.ai import make_player
from tests.discord.harness import CHANNEL, Harness
from tests.discord.test_full_game import _play_one
from tests.discord.watch import WatchedAPI, legends_secrets, start_game
from tests.discord.watch import record_private_events as _record_private_events

USERS = (1, 2, 3)
CITIES = "troia,ierusalem,syracusae"
ROUNDS = 3


async def test_a_legendary_cities_game_through_discord(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    rng = random.Random(15)  # seats and seed
    monkeypatch.setattr(service_module, "secrets", SimpleNamespace(randbits=rng.getrandbits))
    api = WatchedAPI()
    _record_private_events(api, monkeypatch)
    pictures: list[Any] = []
    real_board = pictures_module.board_png

    async def board_spy(drawer: Any, view: Any, *args: Any, **kwargs: Any) -> Any:
        part = (view.get("substates") or {}).get("legends") or {}
        assert not part.get("hand") and not (part.get("draft") or {}).get("cards"), part
        pictures.append(view)
        return await real_board(drawer, view, *args, **kwargs)

    monkeypatch.setattr(notify_module, "board_png", board_spy)
    caplog.set_level(logging.DEBUG)
    async with Harness(tmp_path / "games.sqlite3", api) as h:
        api.service = h.bot.service
        await start_game(h, USERS, modules=CITIES)
        record = await h.bot.service.game(1)
        assert record.options["modules"] == CITIES.split(",")
        ais = {str(s.seat): make_player("standard", i) for i, s in enumerate(record.players)}
        for _ in range(400):  # three rounds (about 200 answers: fast), or to a victory
            state = h.bot.service.state_of(await h.bot.service.game(1))
            if state.round > ROUNDS or await _play_one(h, ais) is None:
                break
        record = await h.bot.service.game(1)
        assert record.status == "over" or h.bot.service.state_of(record).round > ROUNDS
        assert await h.bot.service.verify(1)
        actions = await h.bot.storage.actions(1)
        kinds = [a.action["kind"] for a in actions]
        assert "keep_event" in kinds and "hand_events" in kinds  # drafts by DM
        assert "play_event" in kinds  # cards played
        seats = {s.user: str(s.seat) for s in record.players}
        kept = [(a.player, a.action["card"]) for a in actions if a.action["kind"] == "keep_event"]
        logs = {u: h.api.responses(await h.command(u, "log", game=1))[0].content for u in USERS}
    thread = "\n".join(m.content for m in api.in_channel(api.thread_of(CHANNEL)))
    assert "↳ " in thread  # a played card announced with its effect
    assert "keeps one card" in thread and "card(s) to" in thread  # the draft's public course
    assert pictures  # the board was drawn, each time from a view without a hand
    assert api.checked > 200
    # /mn log: another player's pick by its kind only.
    for user, text in logs.items():
        for player, card in kept:
            if player != seats[user]:
                assert f"Keep {card}" not in text
    # The Python log (the bot's own lines) holds no card of a hand.
    secret_words = {line for line in legends_secrets(h.bot.service.state_of(record))}
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert not any(line in logged for line in secret_words)
