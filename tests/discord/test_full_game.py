"""Issue 4's proof: a complete seeded 3-player game, played to victory through slash commands,
buttons and selects only (the engine is only read, to choose), with a restart of the bot in
the middle; every public payload is checked against the hidden information of that moment."""

from __future__ import annotations

import random
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import bot.service as service_module
from bot.adapters.mare_nostrum.present import hand_text
from bot.ai import make_player
from bot.i18n import t
from tests.discord.harness import CHANNEL, Harness, Sent, compose_values
from tests.discord.watch import WatchedAPI, answer_on, next_owed, start_game
from tests.discord.watch import record_private_events as _record_private_events

USERS = (1, 2, 3)


def _compose(page: Sent, action: dict[str, Any]) -> tuple[str, list[str]] | None:
    """The compose multi-select of an offer or payment, and the values naming `action`'s
    tokens (the k-th token of a type is `<type>.<k>`), when the page composes it."""
    for custom_id in page.custom_ids():
        if not re.search(r":c[01]$", custom_id):
            continue
        comp = page.component(custom_id)
        values = compose_values(action.get("resources"))
        offered = {o["value"] for o in comp["options"]}
        if action["kind"] in ("make_offer", "pay") and set(values) <= offered and \
                comp["min_values"] <= len(values) <= comp["max_values"]:
            return custom_id, values
    return None


async def _choose_kinds(h: Harness, user: int, page: Sent, action: dict[str, Any]) -> None:
    """An offer from a hand too large for one select: first the kinds of its tokens (the page
    then shows the tokens of those kinds)."""
    for custom_id in page.custom_ids():
        comp = page.component(custom_id)
        if custom_id.endswith(":c0") and all("." not in o["value"] for o in comp["options"]):
            kinds = sorted(set(action.get("resources") or ()))
            if action["kind"] == "make_offer" and kinds:
                await h.click(user, page, custom_id, values=kinds)
                assert any(c.endswith(":c1") for c in page.custom_ids()), page.content
                if isinstance(h.api, WatchedAPI):
                    h.api.kinds_chosen += 1
            return


def _find(page: Sent, index: int, action: dict[str, Any]
          ) -> tuple[str, list[str] | None] | None:
    composed = _compose(page, action)
    if composed is not None:
        return composed
    return answer_on(page, index, action)


async def _play_one(h: Harness, ais: dict[str, Any], *, click: bool = True
                    ) -> tuple[Sent, str, list[str] | None, int] | None:
    """The next owed decision: /mn play, choose like the standard AI, find it on the page
    (turning pages if needed) and click it (unless click=False: then return what to click)."""
    owed = await next_owed(h)
    if owed is None:
        return None
    state, engine, empire, user = owed
    legal = engine.legal_actions(state, empire)
    action = ais[empire].choose(engine.view(state, empire), legal)
    index = legal.index(action)
    iid = await h.command(user, "play", game=1)
    (page,) = h.api.responses(iid)
    assert page.ephemeral and len(page.components) <= 5 and len(page.content) <= 2000
    await _choose_kinds(h, user, page, action.to_dict())
    found = _find(page, index, action.to_dict())
    turned = 0
    while found is None:  # turn the pages forward (Next is the highest page number)
        nav = [c for c in page.custom_ids() if re.search(r":p\d+$", c)]
        assert nav and turned < 10, f"{action} not on the page"
        await h.click(user, page, max(nav, key=lambda c: int(c.rsplit("p", 1)[1])))
        turned += 1
        found = _find(page, index, action.to_dict())
    if not click:
        return page, found[0], found[1], user
    before = len(await h.bot.storage.actions(1))
    await h.click(user, page, found[0], values=found[1])
    # His answer, then only the answers forced after it (issue 13: logged without a user).
    new = (await h.bot.storage.actions(1))[before:]
    assert new and new[0].user_id == user, page.content
    assert all(a.user_id is None for a in new[1:]), page.content
    return page, found[0], found[1], user


async def test_a_complete_game_through_discord_with_a_restart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = random.Random(11)  # seats and seed
    monkeypatch.setattr(service_module, "secrets", SimpleNamespace(randbits=rng.getrandbits))
    db = tmp_path / "games.sqlite3"
    api = WatchedAPI()
    _record_private_events(api, monkeypatch)
    async with Harness(db, api) as first:
        api.service = first.bot.service
        await start_game(first, USERS)
        record = await first.bot.service.game(1)
        api.seats = {s.user: str(s.seat) for s in record.players}
        ais = {str(s.seat): make_player("standard", i) for i, s in enumerate(record.players)}
        for _ in range(120):
            assert await _play_one(first, ais)
        pending = await _play_one(first, ais, click=False)  # a page of the first process
        assert pending is not None
    async with Harness(db, api) as second:  # a new process on the same SQLite file
        api.service = second.bot.service
        page, custom_id, values = pending[:3]
        user = pending[3]
        before = len(await second.bot.storage.actions(1))
        await second.click(user, page, custom_id, values=values)
        assert len(await second.bot.storage.actions(1)) == before + 1
        for _ in range(2000):
            if await _play_one(second, ais) is None:
                break
        record = await second.bot.service.game(1)
        assert record.status == "over"
        assert await second.bot.service.verify(1)
        state = second.bot.service.state_of(record)
        winners = state.winners
    thread = api.thread_of(CHANNEL)
    posted = api.in_channel(thread)
    text = "\n".join(m.content for m in posted)
    names = {"rome": "Rome", "greece": "Greece", "carthage": "Carthage"}
    assert "Game #1 is over" in text or "is over" in text
    assert all(names.get(w, w) in text.splitlines()[-1] for w in winners)
    assert sum(1 for m in posted if "mare-nostrum-1.png" in m.files) >= 10
    assert any(m.custom_ids() == ["mn:1:turn"] for m in posted)
    assert all(f"<@{u}>" in text for u in USERS)  # the seating
    for user, empire in api.seats.items():
        dms = api.dms(user)
        pages = [m for m in dms if m.custom_ids() or m.history]
        assert pages and all("screen.png" in m.files for m in pages)
        # His private events (production draws, his sealed offers...) came to him by DM, or
        # on the page of the click that caused them (issue 13: no extra DM repeating it).
        got = "\n".join([*(m.content for m in dms),
                         *(c for m in api.replies_to(user) for c in [m.content, *m.history])])
        mine = [s for s, allowed in api.secrets.items() if allowed == {empire}]
        assert sum(1 for s in mine if s in got) >= 5, empire
    assert api.checked > 500
    # Issue 4: « a clear summary before ending the turn » on every Build page.
    summaries = [m for u in api.seats for m in api.dms(u) if "This turn you placed" in m.content]
    assert summaries and all("Ending your turn keeps" in m.content for m in summaries)
    assert api.composed > 0, "offers or payments were composed (by DM or ephemeral only)"
    assert len(api.secrets) > 20, "private events were seen (and kept out of the thread)"
    # The checker does catch a leak, and a compose page (it lists the hand) in the thread.
    with pytest.raises(AssertionError):
        api.handle("POST", f"/channels/{thread}/messages",
                   {"content": next(iter(api.secret_lines()))}, [])
    with pytest.raises(AssertionError, match="compose"):
        api.handle("POST", f"/channels/{thread}/messages", {"content": "x", "components": [
            {"type": 1, "components": [{"type": 3, "custom_id": "mn:1:v9:c0"}]}]}, [])


async def test_the_watch_catches_a_hand_in_the_thread(tmp_path: Path) -> None:
    api = WatchedAPI()
    async with Harness(tmp_path / "g.sqlite3", api) as h:
        api.service = h.bot.service
        await start_game(h, USERS)
        state = h.bot.service.state_of(await h.bot.service.game(1))
        hand = next(iter(state.hands.values()))
        line = t("game.resources", "en", hand=hand_text(hand, "en"))
        with pytest.raises(AssertionError):
            api.handle("POST", f"/channels/{api.thread_of(CHANNEL)}/messages",
                       {"content": "oops " + line}, [])
