"""A complete seeded game through the Discord harness, shared by the whole-game tests of the
2003 ruleset and of its Mythology module: the game opened in the lobby, its first round and
its last rounds answered through Discord (each decision by the phase command that answers it,
every option first found in its autocomplete, typed in the game's thread; a decision with no
command on the `/mn play` decision page), the rounds between through the service. Every
payload is watched as it is sent (tests/discord/watch.py). The choices are a function of the
position, so an engine-only run of the same game first tells how many rounds it lasts."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.games.mare_nostrum import engine as mn_engine
from bot.games.mare_nostrum.actions import Action
from bot.games.mare_nostrum.state import GameState
from tests.discord.harness import CHANNEL, Harness
from tests.discord.watch import WatchedAPI, answer_on, next_owed, watched_game

USERS = (1, 2, 3)
Options = dict[str, Any]
Chooser = Callable[[GameState, str, list[Action]], Action]
# The phase command (under /mn) and its options answering an action, or None: its page.
CommandOf = Callable[[str, dict[str, Any]], tuple[str, Options] | None]


def rounds_to_victory(state: GameState, choose: Chooser) -> int:
    """The round in which the game ends, played engine-only with the same choices."""
    state = mn_engine.from_json(mn_engine.to_json(state))
    for _ in range(20_000):
        if state.over:
            return state.round
        owed = sorted({p.player for p in mn_engine.owed(state)})
        player = next(p for p in owed if mn_engine.legal_actions(state, p))
        mn_engine.apply_in_place(
            state, choose(state, player, mn_engine.legal_actions(state, player))
        )
    raise AssertionError("no victory")


async def suggested(h: Harness, user: int, thread: int, command: str, options: Options) -> None:
    """Each option's value is among the command's autocomplete choices, the options before it
    filled in, when the value itself is typed: only legal values, at most 25, within
    Discord's limits."""
    given: Options = {}
    for name, value in options.items():
        choices = await h.autocomplete(user, command, name, value, channel=thread, **given)
        assert 1 <= len(choices) <= 25, (command, name, value)
        assert value in [c["value"] for c in choices], (command, name, value, choices)
        given[name] = value


async def on_page(h: Harness, user: int, index: int, action: dict[str, Any]) -> None:
    iid = await h.command(user, "play", game=1)
    (page,) = h.api.responses(iid)
    assert page.ephemeral and len(page.content) <= 2000
    found = answer_on(page, index, action)
    assert found is not None, (action, page.content)
    await h.click(user, page, found[0], values=found[1])


async def play_one(
    h: Harness,
    thread: int,
    used: Counter[str],
    by_service: Callable[[int], bool],
    choose: Chooser,
    command_of: CommandOf,
) -> bool:
    """The next owed decision, answered; False when none is owed."""
    owed = await next_owed(h)
    if owed is None:
        return False
    state, engine, empire, user = owed
    view = engine.view(state, empire)
    legal = engine.legal_actions(state, empire)
    chosen = choose(state, empire, legal)
    action = chosen.to_dict()
    before = len(await h.bot.storage.actions(1))
    if by_service(state.round):  # the middle of the game
        record = await h.bot.service.game(1)
        await h.bot.service.submit(1, user, action, record.version)
        used["service"] += 1
        return True
    command = command_of(str(view["phase"]), action)
    if command is None:
        await on_page(h, user, legal.index(chosen), action)
        used[f"page {action['kind']}"] += 1
    else:
        name, options = command
        await suggested(h, user, thread, name, options)
        iid = await h.command(user, name, channel=thread, **options)
        (reply,) = h.api.responses(iid)
        assert reply.ephemeral and reply.content.startswith("✓"), (name, options, reply.content)
        used[name] += 1
    logged = await h.bot.storage.actions(1)
    assert len(logged) >= before + 1 and logged[before].action == action, action
    return True


async def play_through_discord(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    choose: Chooser,
    command_of: CommandOf,
    last_rounds: int,
    **options: Any,
) -> tuple[Counter[str], WatchedAPI]:
    """A complete game opened with `options`, its first round and its `last_rounds` last
    rounds through Discord; it must end in a victory the service's replay confirms. The
    commands and pages used, and the watched API."""
    used: Counter[str] = Counter()
    async with watched_game(tmp_path, monkeypatch, 7, USERS, **options) as (h, api):
        thread = api.thread_of(CHANNEL)
        record = await h.bot.service.game(1)
        last = rounds_to_victory(h.bot.service.state_of(record), choose)

        def by_service(round_: int) -> bool:
            return 1 < round_ <= last - last_rounds

        for _ in range(int(os.environ.get("MN2003_SLASH_STEPS", "20000"))):
            if not await play_one(h, thread, used, by_service, choose, command_of):
                break
        record = await h.bot.service.game(1)
        assert record.status == "over", used
        assert await h.bot.service.verify(1)
        winners = h.bot.service.state_of(record).winners
    posted = "\n".join(m.content for m in api.in_channel(thread))
    assert "is over" in posted and winners, winners
    assert not api.refused
    assert api.checked > 50
    return used, api
