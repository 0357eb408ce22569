"""The Neptun engine is pure and stands alone: nothing from Mare Nostrum, Discord, Pillow or
the database; the action parser and the deadline defaults."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games.core.errors import EngineError
from bot.games.neptun import ENGINE as E
from bot.games.neptun import PlayOar, Sail, TakeContract, seats
from tests.test_layering import imported

from .builder import advance, game, prompt, voyages

PACKAGE = Path(__file__).resolve().parents[2] / "bot" / "games" / "neptun"


def test_the_engine_imports_nothing_from_mare_nostrum_discord_pil_or_the_database() -> None:
    banned = ("bot.games.mare_nostrum", "discord", "PIL", "aiosqlite", "sqlite3",
              "bot.storage", "asyncpg")
    files = sorted(PACKAGE.rglob("*.py"))
    assert len(files) > 10
    offences = [(f.name, m) for f in files for m in imported(f)
                if any(m == b or m.startswith(b + ".") for b in banned)]
    assert offences == []


def test_actions_round_trip_through_the_parser() -> None:
    for action in [TakeContract("red", 1, 4), PlayOar("red", 12), Sail("red", "roma")]:
        assert E.action_from_dict(action.to_dict()) == action
    for bad in [{"kind": "take_contract", "player": "red", "index": "1", "slot": 0},
                {"kind": "fly", "player": "red"}, "sail"]:
        with pytest.raises(EngineError) as err:
            E.action_from_dict(bad)
        assert err.value.code == "malformed_action"


def test_the_deadline_defaults() -> None:
    """docs/neptun.md: a timed-out picker takes the leftmost contract he may into his leftmost
    free slot (revealing first when none is face up); a timed-out sailor plays his strongest
    rowing card, stays put and delivers there if he can; extra turns are declined."""
    state = game(3, 1)
    p = prompt(state)
    assert E.default_action(state, p).kind == "reveal_contract"
    E.apply_in_place(state, E.default_action(state, p))
    assert E.default_action(state, prompt(state)) == TakeContract(p.player, 0, 0)
    state = voyages(3, 1)
    p = prompt(state)
    default = E.default_action(state, p)
    assert isinstance(default, PlayOar)
    assert default.card == max(state.hands[p.player], key=lambda c: E.view(
        state, p.player)["hand"][state.hands[p.player].index(c)]["rowing"])
    advance(state, lambda s: prompt(s).kind == "voyage_move")
    assert E.default_action(state, prompt(state)).kind == "end_voyage"
    advance(state, lambda s: prompt(s).kind == "extra_turn")
    default = E.default_action(state, prompt(state))
    assert default.kind == "extra_turn" and default.accept is False  # type: ignore[attr-defined]


def test_unknown_ruleset_and_bad_snapshot_are_refused() -> None:
    with pytest.raises(EngineError) as err:
        E.new_game(seats(3), {"ruleset": "nope"}, 1)
    assert err.value.code == "unknown_ruleset"
    with pytest.raises(EngineError) as err:
        E.from_json(b"{}")
    assert err.value.code == "bad_snapshot"
