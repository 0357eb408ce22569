"""/mn new with the 2003 ruleset (issue 17): the lobby offers the start, predetermined or free
(003 l.220–222: «ils choisissent eux-mêmes»), shows it, saves it, and the engine plays it."""

from __future__ import annotations

import json
import random
from pathlib import Path
from types import SimpleNamespace

import pytest

import bot.service as service_module
from bot.service import ServiceError
from tests.discord.harness import Harness
from tests.discord.watch import WatchedAPI, next_owed, record_private_events, start_game

CREATOR = 1
USERS = (1, 2, 3)


async def test_s07_a_2003_lobby_opens_with_the_free_start(h: Harness) -> None:
    iid = await h.command(CREATOR, "new", players=3, ruleset="2003", start="free")
    lobby = h.api.responses(iid)[0]
    record = await h.bot.service.game(1)
    assert record.options["ruleset"] == "2003" and record.options["start"] == "free"
    assert "Free start (36 points)" in lobby.content
    assert "Mare Nostrum (2003)" in lobby.content


async def test_s05_the_predetermined_start_may_be_named(h: Harness) -> None:
    await h.command(CREATOR, "new", players=4, ruleset="2003", start="predetermined")
    record = await h.bot.service.game(1)
    assert record.options["start"] == "predetermined"


async def test_a_start_is_refused_with_empires_and_nothing_is_created(h: Harness) -> None:
    iid = await h.command(CREATOR, "new", players=3, start="free")
    (reply,) = h.api.responses(iid)
    assert reply.ephemeral and "one start only" in reply.content
    with pytest.raises(ServiceError):
        await h.bot.service.game(1)


async def test_an_unknown_start_is_refused_and_nothing_is_created(h: Harness) -> None:
    iid = await h.command(CREATOR, "new", players=3, ruleset="2003", start="random")
    (reply,) = h.api.responses(iid)
    assert reply.ephemeral and 'no start "random"' in reply.content
    with pytest.raises(ServiceError):
        await h.bot.service.game(1)


async def test_s07_the_free_start_game_opens_on_its_first_deploy_page(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = random.Random(17)  # seats and seed
    monkeypatch.setattr(service_module, "secrets", SimpleNamespace(randbits=rng.getrandbits))
    api = WatchedAPI()
    record_private_events(api, monkeypatch)
    async with Harness(tmp_path / "games.sqlite3", api) as h:
        api.service = h.bot.service
        await start_game(h, USERS, ruleset="2003", start="free")
        record = await h.bot.service.game(1)
        assert record.status == "active" and record.options["start"] == "free"
        owed = await next_owed(h)
        assert owed is not None
        state, _, seat, user = owed
        # C-7: the first in the drawn order places his first wave.
        assert [p.kind for p in state.prompts] == ["free_start"]
        assert state.prompts[0].player == seat
        iid = await h.command(user, "play", game=1)
        (page,) = h.api.responses(iid)
        assert page.ephemeral and "your decision (Free start)" in page.text
        labels = json.dumps(page.components)
        assert "Deploy" in labels and "End my turn" in labels
        assert api.checked > 0


async def test_v02_the_first_builder_only_variant_is_a_lobby_option(h: Harness) -> None:
    """C-14 step 4: «Game option `first_builder_only`: skip step 3»."""
    iid = await h.command(CREATOR, "new", players=3, ruleset="2003", variants="first_builder_only")
    lobby = h.api.responses(iid)[0]
    record = await h.bot.service.game(1)
    assert record.options["first_builder_only"] is True
    assert "No shared win" in lobby.content
    for user in (2, 3):
        await h.click(user, lobby, "mn:1:lobby:join")
    await h.click(CREATOR, lobby, "mn:1:lobby:start")
    state = h.bot.service.state_of(await h.bot.service.game(1))
    assert state.substates["mn2003"].first_builder_only


async def test_a_variant_is_refused_with_empires_and_nothing_is_created(h: Harness) -> None:
    iid = await h.command(CREATOR, "new", players=3, variants="first_builder_only")
    (reply,) = h.api.responses(iid)
    assert reply.ephemeral and 'no variant "first_builder_only"' in reply.content
    with pytest.raises(ServiceError):
        await h.bot.service.game(1)
