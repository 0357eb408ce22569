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

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.ai import make_player
from bot.games.mare_nostrum import engine as mn_engine
from bot.games.mare_nostrum.actions import Action, EndTurn
from bot.games.mare_nostrum.rulesets.mn2003.construction import EndConstruction
from bot.games.mare_nostrum.rulesets.mn2003.trade import NameAmount
from bot.games.mare_nostrum.state import GameState
from tests.discord.slash_game import Options, play_through_discord


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


def choose(state: GameState, player: str, legal: list[Action]) -> Action:
    """The answer of `player` now, a function of the position alone (both runs agree): the
    first seat plays the standard AI; the others are scripted to stand by (no exchange, end
    each turn), so that the game ends within 13 rounds."""
    if player == state.players[0]:
        return make_player("standard", state.version).choose(mn_engine.view(state, player), legal)
    passive: list[Action] = [a for a in legal if isinstance(a, NameAmount) and a.amount == 0]
    passive += [a for a in legal if isinstance(a, EndTurn | EndConstruction)]
    return (passive or legal)[0]


def command_of(phase: str, action: dict[str, Any]) -> tuple[str, Options] | None:
    """The 2003 command answering this action, or None (the decision page)."""
    if action["kind"] in PAGE_ONLY or (phase == "start" and action["kind"] == "end_turn"):
        return None
    return COMMANDS[action["kind"]](phase, action)


async def test_a_complete_2003_game_through_discord(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    used, _api = await play_through_discord(
        tmp_path, monkeypatch, choose, command_of, 1, ruleset="2003"
    )
    assert {
        "page choose_icon",
        "trade amount",
        "construction buy",
        "construction pay",
        "construction end",
        "military next",
    } <= set(used), used
    assert any(c.startswith("military ") and c != "military next" for c in used), used
