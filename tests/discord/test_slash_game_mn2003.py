"""Issue 17 ("Bot, picture and AI"): a complete seeded 3-player game of the 2003 ruleset,
opened in the lobby with the predetermined start and played to a victory (the C-14 check at a
construction phase's opening). Its first round (the start's icon choices included) and its
last rounds go through Discord — every decision with a phase command answered by it (`/mn
trade amount`, `/mn construction buy`, `/mn military march`…), each option first looked up in
its autocomplete, typed in the game's thread; the start's icons and a tied role, which have
no command, on the `/mn play` decision page. The rounds between are answered through the
service (as `test_phase_cogs._advance` does): a whole game through the harness takes a few
minutes, this test a few seconds. Every payload is watched as it is sent
(tests/discord/watch.py, the 2003 hands worded the 2003 way): no public one holds a private
event's text or a hand, a DM only its addressee's.

The choices are a function of the position: the first seat plays the standard AI, the others
are scripted to stand by; an engine-only run of the same game first tells how many rounds it
lasts."""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import bot.service as service_module
from bot.ai import make_player
from bot.games.mare_nostrum import engine as mn_engine
from bot.games.mare_nostrum.actions import Action, EndTurn
from bot.games.mare_nostrum.rulesets.mn2003.construction import EndConstruction
from bot.games.mare_nostrum.rulesets.mn2003.trade import NameAmount
from bot.games.mare_nostrum.state import GameState
from tests.discord.harness import CHANNEL, Harness
from tests.discord.watch import (
    WatchedAPI,
    answer_on,
    next_owed,
    record_private_events,
    start_game,
)

USERS = (1, 2, 3)
Options = dict[str, Any]


def _list(values: Any) -> str:
    return ",".join(str(v) for v in values or ()) or "-"


def _place(a: dict[str, Any]) -> str:
    if not a["target"]:
        return "-"
    return str(a["target"]) + (f".{a['slot']}" if a["slot"] >= 0 else "")


# Each 2003 kind of answer, as the slash command (under /mn) and the options that answer it.
COMMANDS: dict[str, Callable[[str, dict[str, Any]], tuple[str, Options]]] = {
    "name_amount": lambda p, a: ("trade amount", {"number": str(a["amount"])}),
    "make_offer": lambda p, a: ("trade offer", {"resources": _list(a["resources"])}),
    "take_resource": lambda p, a: ("trade take", {"from": a["source"], "token": a["token"]}),
    "give_compensation": lambda p, a: ("trade give", {"resource": a["resource"]}),
    "choose_resource": lambda p, a: ("trade artemis", {"resource": a["resource"]}),
    "ulysses_answer": lambda p, a: ("trade ulysses", {"redirect": str(a["redirect"]).lower()}),
    "choose_next": lambda p, a: (f"{p} next", {"player": a["target"]}),
    "buy": lambda p, a: ("construction buy", {"item": a["item"], "where": _place(a)}),
    "pay": lambda p, a: ("construction pay", {"resources": _list(a["resources"])}),
    "cancel_purchase": lambda p, a: ("construction cancel", {}),
    "end_construction": lambda p, a: ("construction end", {"keep": _list(a["keep"])}),
    "swap_card": lambda p, a: ("construction swap", {"give": a["give"], "take": a["take"]}),
    "place_free_influence": lambda p, a: ("construction influence", {"where": a["target"]}),
    "sail_trireme": lambda p, a: ("military sail", {"from": a["source"], "to": a["target"]}),
    "march": lambda p, a: (
        "military march",
        {
            "from": a["source"],
            "to": a["target"],
            "legions": str(a["count"]),
            "against": a["opponent"] or "-",
        },
    ),
    "battle": lambda p, a: ("military attack", {"where": a["area"], "against": a["opponent"]}),
    "lose_units": lambda p, a: (
        "military losses",
        {"legions": str(a["legions"]), "fortresses": str(a["fortresses"])},
    ),
    "conquer_2003": lambda p, a: (
        "military conquest",
        {"province": a["province"], "choice": a["option"], "building": a["building"] or "-"},
    ),
    "end_turn": lambda p, a: (f"{p} end", {}),
}
PAGE_ONLY = {"choose_icon", "deploy", "award_title"}  # answered on the decision page


async def _suggested(h: Harness, user: int, thread: int, command: str, options: Options) -> None:
    """Each option's value is among its autocomplete choices (the options before it given)."""
    given: Options = {}
    for name, value in options.items():
        choices = await h.autocomplete(user, command, name, value, channel=thread, **given)
        assert 1 <= len(choices) <= 25, (command, name, value)
        assert value in [c["value"] for c in choices], (command, name, value, choices)
        given[name] = value


async def _on_page(h: Harness, user: int, index: int, action: dict[str, Any]) -> None:
    iid = await h.command(user, "play", game=1)
    (page,) = h.api.responses(iid)
    assert page.ephemeral and len(page.content) <= 2000
    found = answer_on(page, index, action)
    assert found is not None, (action, page.content)
    await h.click(user, page, found[0], values=found[1])


def choose(state: GameState, player: str, legal: list[Action]) -> Action:
    """The answer of `player` now, a function of the position alone (both runs agree): the
    first seat plays the standard AI; the others are scripted to stand by (no exchange, end
    each turn), so that the game ends within 13 rounds."""
    if player == state.players[0]:
        return make_player("standard", state.version).choose(mn_engine.view(state, player), legal)
    passive: list[Action] = [a for a in legal if isinstance(a, NameAmount) and a.amount == 0]
    passive += [a for a in legal if isinstance(a, EndTurn | EndConstruction)]
    return (passive or legal)[0]


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
    if 1 < state.round < last:  # the middle of the game: through the service
        record = await h.bot.service.game(1)
        await h.bot.service.submit(1, user, action, record.version)
        used["service"] += 1
        return True
    if action["kind"] in PAGE_ONLY or (phase == "start" and action["kind"] == "end_turn"):
        await _on_page(h, user, legal.index(chosen), action)
        used[f"page {action['kind']}"] += 1
    else:
        command, options = COMMANDS[action["kind"]](phase, action)
        await _suggested(h, user, thread, command, options)
        iid = await h.command(user, command, channel=thread, **options)
        (reply,) = h.api.responses(iid)
        assert reply.ephemeral and reply.content.startswith("✓"), (command, options, reply.content)
        used[command] += 1
    logged = await h.bot.storage.actions(1)
    assert len(logged) >= before + 1 and logged[before].action == action, action
    return True


async def test_a_complete_2003_game_through_discord(
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
        await start_game(h, USERS, ruleset="2003")
        thread = api.thread_of(CHANNEL)
        record = await h.bot.service.game(1)
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
    assert {
        "page choose_icon",
        "trade amount",
        "construction buy",
        "construction pay",
        "construction end",
        "military next",
    } <= set(used), used
    assert any(c.startswith("military ") and c != "military next" for c in used), used
