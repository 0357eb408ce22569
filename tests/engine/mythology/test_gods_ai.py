"""The `standard` 2003 player's offerings and gods (issue 18: «make an offering when it has a
spare set, use a god when it helps»)."""

from __future__ import annotations

from collections.abc import Callable

from bot.games.core.windows import PassWindow
from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Action, Battle, ChooseNext
from bot.games.mare_nostrum.ai.mn2003 import Standard2003Player
from bot.games.mare_nostrum.modules.mythology.gods.actions import (
    ChooseGod,
    PassOffering,
    UseGod,
)
from bot.games.mare_nostrum.state import GameState
from tests.engine.mn2003.helpers import act

from .gods_helpers import give, hold, to_military, to_offerings


def _choice(state: GameState, player: str) -> Action:
    ai = Standard2003Player(1)
    return ai.choose(engine.view(state, player), engine.legal_actions(state, player))


def test_standard_offers_a_spare_set_to_the_best_god_left() -> None:
    state = to_offerings()
    act(state, ChooseNext("greece", "rome"))
    give(state, "rome", {"coin": 3, "wine": 1, "oil": 1, "grain": 1})
    hold(state, "egypt", "hermes")
    assert _choice(state, "rome") == ChooseGod("rome", "mars")


def test_standard_keeps_a_small_hand_for_building() -> None:
    state = to_offerings()
    act(state, ChooseNext("greece", "rome"))
    give(state, "rome", {"wine": 1, "oil": 1, "grain": 1})
    assert _choice(state, "rome") == PassOffering("rome")


def test_standard_plays_mars_after_the_dice(dice: Callable[..., None]) -> None:
    state = to_military("rome")
    state.triremes["tyrrhenum"] = {"rome": 2, "carthage": 3}
    hold(state, "rome", "mars")
    dice([3, 3], [1, 1, 1])
    act(state, Battle("rome", "tyrrhenum", "carthage"))
    assert PassWindow("rome") in engine.legal_actions(state, "rome")
    assert _choice(state, "rome") == UseGod("rome", "mars")
