"""Issue 18 ("Bot, picture and AI"; "no hidden-card leak"): a complete seeded 3-player game
of the 2003 ruleset with the Mythology module, opened in the lobby and played to a victory.
Its first round and its last rounds go through Discord: every decision with the phase
command that answers it (the 2003 ones, `/mn offerings …` for the gods, `/mn military
creatures …` for the creatures), each option first looked up in its autocomplete, typed in
the game's thread; the decisions that have no command (the start's icons, a god's window,
the mythological heroes) on the `/mn play` decision page. The rounds between go through the
service, as in `test_slash_game_mn2003.py`. Every payload is watched as it is sent
(tests/discord/watch.py): no public one holds a private event's text or a hand, a DM only
its addressee's.

The first two seats play the standard AI, the third stands by (it passes every offering,
trades nothing, ends each turn): the game lasts 9 rounds, its first and last two through
Discord; an engine-only run of the same game first tells how many rounds it lasts."""

from __future__ import annotations

import os
import random
from collections import Counter
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import bot.service as service_module
from bot.ai import make_player
from bot.games.mare_nostrum import engine as mn_engine
from bot.games.mare_nostrum.actions import Action
from bot.games.mare_nostrum.state import GameState
from cogs.mare_nostrum import form_of
from tests.discord.harness import CHANNEL, Harness
from tests.discord.test_slash_game_mn2003 import COMMANDS, PAGE_ONLY, _on_page, _suggested
from tests.discord.watch import WatchedAPI, next_owed, record_private_events, start_game

USERS = (1, 2, 3)
# The passive seats' answers, by kind: what a player standing by does.
STAND_BY = ("pass_offering", "pass_window", "end_turn", "end_construction", "keep_god")


def choose(state: GameState, player: str, legal: list[Action]) -> Action:
    """A function of the position alone (both runs agree)."""
    if player in state.players[:2]:
        return make_player("standard", state.version).choose(mn_engine.view(state, player), legal)
    dicts = [a.to_dict() for a in legal]
    for kind in STAND_BY:
        for action, data in zip(legal, dicts, strict=True):
            if data["kind"] == kind:
                return action
    for action, data in zip(legal, dicts, strict=True):
        if data["kind"] == "name_amount" and data["amount"] == 0:
            return action
    return legal[0]


def rounds_to_victory(state: GameState) -> int:
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


def _command(phase: str, action: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """The phase command answering this action and its options, or None (a page's answer)."""
    kind = str(action["kind"])
    form = form_of(phase, kind)
    if kind in COMMANDS:  # the 2003 test's commands, unless the kind is answered in another
        name, options = COMMANDS[kind](phase, action)  # phase (an offering's payment)
        if form is None or name.split()[0] == phase:
            return name, options
    if form is None:
        return None
    return f"{form.phase} {form.command}", form.row(action)


async def _play_one(h: Harness, thread: int, used: Counter[str], last: int) -> bool:
    owed = await next_owed(h)
    if owed is None:
        return False
    state, engine, empire, user = owed
    view = engine.view(state, empire)
    legal = engine.legal_actions(state, empire)
    chosen = choose(state, empire, legal)
    action = chosen.to_dict()
    before = len(await h.bot.storage.actions(1))
    phase = str(view["phase"])
    if 1 < state.round < last - 1:  # the middle of the game: through the service
        record = await h.bot.service.game(1)
        await h.bot.service.submit(1, user, action, record.version)
        used["service"] += 1
        return True
    command = None if action["kind"] in PAGE_ONLY else _command(phase, action)
    if command is None:
        await _on_page(h, user, legal.index(chosen), action)
        used[f"page {action['kind']}"] += 1
    else:
        name, options = command
        await _suggested(h, user, thread, name, options)
        iid = await h.command(user, name, channel=thread, **options)
        (reply,) = h.api.responses(iid)
        assert reply.ephemeral and reply.content.startswith("✓"), (name, options, reply.content)
        used[name] += 1
    logged = await h.bot.storage.actions(1)
    assert len(logged) >= before + 1 and logged[before].action == action, action
    return True


async def test_a_complete_mythology_game_through_discord(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = random.Random(7)  # seats and seed
    monkeypatch.setattr(service_module, "secrets", SimpleNamespace(randbits=rng.getrandbits))
    api = WatchedAPI()
    record_private_events(api, monkeypatch)
    used: Counter[str] = Counter()
    async with Harness(tmp_path / "games.sqlite3", api) as h:
        api.service = h.bot.service
        await start_game(h, USERS, ruleset="2003", modules="mythology")
        thread = api.thread_of(CHANNEL)
        record = await h.bot.service.game(1)
        assert record.options["modules"] == ["mythology"]
        api.seats = {s.user: str(s.seat) for s in record.players}
        last = rounds_to_victory(h.bot.service.state_of(record))
        for _ in range(int(os.environ.get("MN2003_SLASH_STEPS", "20000"))):
            if not await _play_one(h, thread, used, last):
                break
        record = await h.bot.service.game(1)
        assert record.status == "over", used
        assert await h.bot.service.verify(1)
        winners = h.bot.service.state_of(record).winners
    posted = "\n".join(m.content for m in api.in_channel(thread))
    assert "is over" in posted and winners, winners
    assert not api.refused
    assert api.checked > 50
    # The Mythology's own phase answered by its command, and the 2003 ones.
    assert {"page choose_icon", "trade amount", "construction buy", "military next"} <= set(used), (
        used
    )
    assert {"offerings invoke", "offerings pay", "offerings pass"} <= set(used), used
    assert any(c.startswith("page ") and c.endswith("_god") for c in used), used  # a god held
