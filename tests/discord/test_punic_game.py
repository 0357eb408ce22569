"""A seeded 2-player Punic Wars game (issue 16) played to its victory through Discord only —
/mn new with the module, join, start, then /mn play pages and clicks chosen like the standard
AI — with every payload watched as it is sent: no public one holds a hand, a sealed offer or a
private event, a DM only its addressee's. The module's words reach the thread."""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace

import pytest

import bot.service as service_module
from bot.ai import make_player
from tests.discord.harness import CHANNEL, Harness
from tests.discord.test_full_game import _play_one
from tests.discord.watch import WatchedAPI, start_game
from tests.discord.watch import record_private_events as _record_private_events

USERS = (1, 2)


async def test_a_punic_wars_game_through_discord(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = random.Random(16)  # seats and seed
    monkeypatch.setattr(service_module, "secrets", SimpleNamespace(randbits=rng.getrandbits))
    api = WatchedAPI()
    _record_private_events(api, monkeypatch)
    async with Harness(tmp_path / "games.sqlite3", api) as h:
        api.service = h.bot.service
        await start_game(h, USERS, modules="punic_wars")
        record = await h.bot.service.game(1)
        assert record.options["modules"] == ["punic_wars"]
        assert sorted(str(s.seat) for s in record.players) == ["carthage", "rome"]
        ais = {str(s.seat): make_player("standard", i) for i, s in enumerate(record.players)}
        for _ in range(1500):
            if await _play_one(h, ais) is None:
                break
        record = await h.bot.service.game(1)
        assert record.status == "over"
        assert await h.bot.service.verify(1)
        status = h.api.responses(await h.command(USERS[0], "status", game=1))[0].text  # an embed
    text = "\n".join(m.content for m in api.in_channel(api.thread_of(CHANNEL)))
    assert "External Market" in text  # the market refilled at each Trade
    assert "is over" in text
    assert "hires a barbarian legion" in text  # hires clicked on a decision page
    assert "Barbarians:" in status and "External Market:" in status
    assert api.checked > 200
    assert len(api.secrets) > 5, "private events were seen (and kept out of the thread)"
