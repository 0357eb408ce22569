"""Play whatever the engine asks, through Discord only, as far as the phases go: every page
fits Discord, every click is accepted, the thread never shows a private event."""

from __future__ import annotations

import logging

import pytest

from bot.presenters import event_text
from tests.discord.harness import CHANNEL, Harness, compose_values

PLAYERS = (1, 2, 3)


async def test_playthrough(h: Harness, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.ERROR)
    iid = await h.command(1, "new", players=3)
    lobby = h.api.responses(iid)[0]
    for joiner in PLAYERS[1:]:
        await h.click(joiner, lobby, "mn:1:lobby:join")
    await h.click(1, lobby, "mn:1:lobby:start")
    thread = h.api.thread_of(CHANNEL)
    service = h.bot.service
    engine = service.game_of(await service.game(1)).engine
    for step in range(40):
        record = await service.game(1)
        owed = service.owed_players(record, service.state_of(record))
        if record.status != "active" or not owed:
            break
        user = record.user_of(sorted(owed)[0])
        assert user is not None
        iid = await h.command(user, "play", game=1)
        (page,) = h.api.responses(iid)
        assert page.ephemeral and page.custom_ids(), page.content
        assert len(page.components) <= 5 and len(page.content) <= 2000
        first = page.custom_ids()[0]
        comp = page.component(first)
        # A select: its first option, or the first tokens of a compose select (an offer).
        values = [comp["options"][0]["value"]] if comp["type"] == 3 else None
        if first.endswith(":c0"):  # an offer or payment to compose: one the engine accepts
            empire = sorted(owed)[0]
            legal = engine.legal_actions(service.state_of(record), empire)
            values = compose_values(next(a.to_dict()["resources"] for a in legal
                                         if a.kind in ("make_offer", "pay")))
        before = len(await h.bot.storage.actions(1))
        await h.click(user, page, first, values=values)
        if ":p" in first:  # a page button: choose on the next page
            continue
        assert len(await h.bot.storage.actions(1)) == before + 1, (step, page.content)
    public = "\n".join(m.content for m in h.api.in_channel(thread))
    assert "You receive" not in public and "Your sealed offer" not in public
    assert event_text("produced", {"resources": []}, "en", {}) not in public
    assert await service.verify(1), "the snapshot is the replay of the action log"
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
