"""A second game plays through the unchanged bot (issue 12): the test-only toy game
(tests/toygame: its own engine on the kit, presenter, renderer, seats, secret bid and phase
cogs) is registered, then played to its end through the lobby, a phase cog's slash commands,
decision pages by DM and their buttons, a deadline, and a restart on the same database —
without a line of the service, storage, notifier or lobby knowing it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bot import registry
from tests.discord.harness import CHANNEL, Harness, Sent
from tests.toygame.entry import GAME

CREATOR, ANA = 1, 2


@pytest.fixture
def toy() -> Iterator[registry.Game]:
    """The toy game in the registry while the test runs (its cogs load with the bot)."""
    entry = registry.register(GAME)
    yield entry
    registry.unregister(GAME.id)


def _page(h: Harness, user: int) -> Sent:
    """The latest decision page sent to `user` by DM."""
    return [m for m in h.api.dms(user) if m.custom_ids()][-1]


def _button(page: Sent, label: str) -> str:
    return next(str(c["custom_id"]) for row in page.components for c in row["components"]
                if c.get("label") == label)


def _labels(page: Sent) -> list[str]:
    return [c["label"] for row in page.components for c in row["components"]]


def _thread(h: Harness, thread: int) -> list[str]:
    return [m.content for m in h.api.in_channel(thread)]


async def test_the_toy_game_is_played_to_its_end(tmp_path: Path, toy: registry.Game) -> None:
    db = tmp_path / "games.sqlite3"
    async with Harness(db) as h:
        # The lobby: the game chosen in /mn new, a player joins, the creator starts.
        iid = await h.command(CREATOR, "new", players=2, game="toy")
        lobby = h.api.responses(iid)[0]
        assert lobby.content.startswith("**toy — game #1**")
        seat_choice = lobby.component("mn:1:lobby:seat")["options"]
        assert [o["label"] for o in seat_choice][1:] == ["North", "East"]  # the toy's names
        thread = h.api.thread_of(CHANNEL)
        await h.click(ANA, lobby, "mn:1:lobby:join")
        await h.click(CREATOR, lobby, "mn:1:lobby:start")
        record = await h.bot.service.game(1)
        assert (record.game, record.status) == ("toy", "active")
        seat = {user: s for s, user in record.seating().items()}
        name = {user: s.title() for user, s in seat.items()}
        assert sorted(seat.values()) == ["east", "north"]
        text = "\n".join(_thread(h, thread))
        assert "Round 1: Bid." in text and "Waiting for:" in text  # the toy's own words

        # Each player's decision page by DM: one button per bid, his screen attached.
        for user in (CREATOR, ANA):
            page = _page(h, user)
            assert _labels(page) == ["Bid 0", "Bid 1", "Bid 2", "Bid 3"]
            assert "screen.png" in page.files and "3 coins, 0 points" in page.content

        # The creator bids through the Bid phase's slash command: sealed (his DM only).
        before = len(_thread(h, thread))
        iid = await h.command(CREATOR, "/toy bid place", channel=thread, amount=2)
        (done,) = h.api.responses(iid)
        assert done.ephemeral and done.content.startswith("✓ Bid 2")
        assert any("You bid 2 (sealed" in m.content for m in h.api.dms(CREATOR))
        assert not any("You bid" in m.content for m in h.api.dms(ANA))
        assert len(_thread(h, thread)) == before  # nothing public about a sealed bid
        # The log shows the others' sealed bid by its kind only.
        iid = await h.command(ANA, "log", channel=thread)
        log = h.api.responses(iid)[0].content
        assert "A sealed bid" in log and "Bid 2" not in log

        # A command out of its phase says where the game is and changes nothing.
        iid = await h.command(ANA, "/toy claim take", channel=thread, reward="point")
        assert h.api.responses(iid)[0].content == "#1: Bid ≠ Claim"
        # A bid the engine refuses (more than her coins) is told, and changes nothing.
        iid = await h.command(ANA, "/toy bid place", channel=thread, amount=7)
        assert "bad_bid" in h.api.responses(iid)[0].content
        assert len(await h.bot.storage.actions(1)) == 1

        # Ana bids with a button of her DM page: the bids are revealed, the creator won.
        page = _page(h, ANA)
        await h.click(ANA, page, _button(page, "Bid 1"))
        assert page.content.startswith("✓ Bid 1")
        text = "\n".join(_thread(h, thread))
        bids = {CREATOR: 2, ANA: 1}
        in_seat_order = ", ".join(f"{name[s.user]} {bids[s.user]}" for s in record.players)
        assert f"Bids: {in_seat_order}." in text
        assert f"{name[CREATOR]} wins the round." in text
        claim = _page(h, CREATOR)
        assert _labels(claim) == ["A point", "2 coins"]
        api = h.api

    # A new process on the same database: the deadline, durable, passes there.
    async with Harness(db, api) as h:
        due = await h.bot.service.deadline_of(1)
        assert due is not None
        h.bot.service.clock = lambda: due + 1
        await h.cog().tick()
        text = "\n".join(_thread(h, thread))
        assert f"the default answer was applied for {name[CREATOR]}" in text
        assert f"{name[CREATOR]} takes a point." in text and "Round 2: Bid." in text
        iid = await h.command(ANA, "status", channel=thread)
        status = h.api.responses(iid)[0].text
        assert "round 2, phase Bid" in status
        assert f"{name[CREATOR]}: 1 coins, 1 points" in status

        # Round 2: Ana by command, the creator with a button of the page the new process sent.
        before = len(_thread(h, thread))
        await h.command(ANA, "/toy bid place", channel=thread, amount=3)
        assert len(_thread(h, thread)) == before
        page = _page(h, CREATOR)
        assert _labels(page) == ["Bid 0", "Bid 1"]  # he paid 2 of his 3 coins
        await h.click(CREATOR, page, _button(page, "Bid 1"))
        assert f"{name[ANA]} wins the round." in "\n".join(_thread(h, thread))
        page = _page(h, ANA)
        await h.click(ANA, page, _button(page, "2 coins"))

        record = await h.bot.service.game(1)
        assert record.status == "over"
        text = "\n".join(_thread(h, thread))
        assert f"Game #1 is over. Winner(s): {name[CREATOR]}." in text
        # Every sealed bid went to its bidder alone.
        for m in h.api.messages.values():
            if "You bid" in m.content:
                assert m.where == "dm"
        assert [a.action["kind"] for a in await h.bot.storage.actions(1)] == [
            "bid", "bid", "claim", "bid", "bid", "claim"]
