"""Issue 18 ("Bot, picture and AI"; "no hidden-card leak"): a complete seeded 3-player game
of the 2003 ruleset with the Mythology module, opened in the lobby and played to a victory.
Its first round and its last rounds go through Discord: every decision with the phase
command that answers it (the 2003 ones, `/mn offerings …` for the gods, `/mn military
creatures …` for the creatures), each option first looked up in its autocomplete, typed in
the game's thread; the decisions that have no command (the start's icons, a god's window,
the mythological heroes) on the `/mn play` decision page. The rounds between go through the
service (`tests/discord/slash_game.py`, shared with the 2003 game). Every payload is watched
as it is sent (tests/discord/watch.py): no public one holds a private event's text or a
hand, a DM only its addressee's.

The first two seats play the standard AI, the third stands by (it passes every offering,
trades nothing, ends each turn): the game lasts 9 rounds, its first and last two through
Discord; an engine-only run of the same game first tells how many rounds it lasts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.ai import make_player
from bot.games.mare_nostrum import engine as mn_engine
from bot.games.mare_nostrum.actions import Action
from bot.games.mare_nostrum.state import GameState
from cogs.mare_nostrum import form_of
from tests.discord.slash_game import Options, play_through_discord
from tests.discord.test_slash_game_mn2003 import COMMANDS
from tests.discord.test_slash_game_mn2003 import command_of as command_2003

# The passive seat's answers, by kind: what a player standing by does.
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


def command_of(phase: str, action: dict[str, Any]) -> tuple[str, Options] | None:
    """The phase command answering this action, or None (its decision page): the 2003
    test's, unless the kind is answered in another phase (an offering's payment), else the
    Mythology cogs' own form."""
    form = form_of(phase, str(action["kind"]))
    if action["kind"] in COMMANDS:
        command = command_2003(phase, action)
        if command is None or form is None or command[0].split()[0] == phase:
            return command
    if form is None:
        return None
    return f"{form.phase} {form.command}", form.row(action)


async def test_a_complete_mythology_game_through_discord(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    used, _api = await play_through_discord(
        tmp_path, monkeypatch, choose, command_of, 2, ruleset="2003", modules="mythology"
    )
    # The Mythology's own phase answered by its command, and the 2003 ones.
    assert {"page choose_icon", "trade amount", "construction buy", "military next"} <= set(used), (
        used
    )
    assert {"offerings invoke", "offerings pay", "offerings pass"} <= set(used), used
    assert any(c.startswith("page ") and c.endswith("_god") for c in used), used  # a god held
