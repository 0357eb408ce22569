"""Regressions found by the 2003 engine's speed work and its seeded playouts (issue 17)."""

from __future__ import annotations

from bot.games.mare_nostrum.rulesets.mn2003 import cards as c
from bot.games.mare_nostrum.rulesets.mn2003.data import BOARD_KEY
from bot.games.mare_nostrum.rulesets.mn2003.geography import land_neighbours
from bot.games.mare_nostrum.rulesets.mn2003.pieces import at_war, enemies_at, present

from .helpers import legal, to_land_step, to_military


def test_h14_two_fortresses_of_one_owner_are_not_a_war() -> None:
    """Statue de Zeus: «cette merveille vous permet d'en construire 2» (two fortresses of one
    owner in a province); A.7.1, at war: units of several owners in one province. Found by
    the listing's rewrite: the owner was counted once per fortress, so his own province was
    «at war» (its occupation void, its conquest refused) and every march into it was listed
    twice."""
    state = to_military(4, "rome")
    state.hw["egypt"] = [*state.hw["egypt"], c.ZEUS]
    state.fortresses["aegyptus"] = ["egypt", "egypt"]
    assert present(state, "aegyptus") == ["egypt"]
    assert not at_war(state, "aegyptus")
    assert enemies_at(state, "aegyptus", "rome") == ["egypt"]
    beside = land_neighbours("aegyptus", BOARD_KEY)[0]
    state.legions[beside] = {"rome": 2}
    to_land_step(state, "rome")
    listed = legal(state, "rome")
    assert len(listed) == len(set(listed))
