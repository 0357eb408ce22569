"""C-14's game option `first_builder_only`: «skip step 3; the first in the Leader's order wins
alone» — no shared win when several who are not the Leader politique could win."""

from __future__ import annotations

import pytest

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.errors import EngineError
from bot.games.mare_nostrum.rulesets.mn2003 import cards as c
from bot.games.mare_nostrum.rulesets.mn2003.trade import NameAmount
from bot.games.mare_nostrum.state import GameState

from .helpers import act, new, part, prompt_of
from .test_cards import give


def _started(**options: bool) -> GameState:
    state = new(4, 1, **options)
    while state.phase == "start":
        p = state.prompts[0]
        act(state, engine.legal_actions(state, p.player)[0])
    return state


def test_v02_first_builder_only_no_shared_win_the_phase_is_played_in_the_leaders_order() -> None:
    """C-14 step 4: «Game option `first_builder_only`: skip step 3; the first in the
    Leader's order wins alone»."""
    state = _started(first_builder_only=True)
    assert part(state).first_builder_only
    give(state, "rome", c.AGAMEMNON, c.ZEUS)
    give(state, "greece", c.SOLOMON, c.COLOSSUS)
    state.hands["rome"] = {"coin": 9}
    state.hands["greece"] = {"coin": 9}
    act(state, NameAmount("carthage", 0))
    assert not state.over
    assert prompt_of(state, "construction_order").player == state.titles["culture"]
    again = engine.from_json(engine.to_json(state))
    assert part(again).first_builder_only


def test_v02_without_the_option_the_win_is_shared() -> None:
    """C-14 step 3 stays the default: «they share the win»."""
    state = _started()
    assert not part(state).first_builder_only
    give(state, "rome", c.AGAMEMNON, c.ZEUS)
    give(state, "greece", c.SOLOMON, c.COLOSSUS)
    state.hands["rome"] = {"coin": 9}
    state.hands["greece"] = {"coin": 9}
    act(state, NameAmount("carthage", 0))
    assert state.over and state.winners == ["rome", "greece"]


def test_a_bad_first_builder_only_is_refused() -> None:
    with pytest.raises(EngineError) as caught:
        new(4, 1, first_builder_only="yes")
    assert caught.value.code == "bad_game_option"
