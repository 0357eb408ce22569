"""The 2003 construction listing made fast (issue 17) still lists exactly what the check
accepts: each listing is compared with every purchase `buy_why` allows among all (item,
target, slot) of the board, along seeded random games at 3 and 5 players, both starts."""

from __future__ import annotations

import random

import pytest

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Buy
from bot.games.mare_nostrum.board import PYRAMIDS as PYRAMIDS_ITEM
from bot.games.mare_nostrum.rulesets.mn2003.cards import CARDS, PYRAMIDS
from bot.games.mare_nostrum.rulesets.mn2003.construction import ITEMS, buy_why
from bot.games.mare_nostrum.rulesets.mn2003.data import BOARD_KEY
from bot.games.mare_nostrum.rulesets.mn2003.geography import (
    caravan_sites,
    city_sites,
    provinces,
)
from bot.games.mare_nostrum.state import GameState, Prompt

from .helpers import RULESET, civs
from .test_playouts import choose


def every_buy(player: str) -> list[Buy]:
    """Every purchase a player could name, allowed or not."""
    out: list[Buy] = []
    for pid in provinces(BOARD_KEY):
        for item in ITEMS:
            if item in ("city", "caravan"):
                where = city_sites if item == "city" else caravan_sites
                sites = where(pid, BOARD_KEY)
                out += [Buy(player, item, pid, i) for i in sites]
            elif item not in ("hw", PYRAMIDS_ITEM):
                out.append(Buy(player, item, pid))
    out += [Buy(player, "hw", card) for card in CARDS]
    out.append(Buy(player, PYRAMIDS_ITEM, PYRAMIDS))
    return out


def allowed(state: GameState, prompt: Prompt) -> set[Buy]:
    return {b for b in every_buy(prompt.player) if buy_why(state, prompt, b) is None}


@pytest.mark.parametrize(("n", "start"), [(3, "predetermined"), (5, "free")])
def test_the_construction_listing_is_every_purchase_buy_why_allows(n: int, start: str) -> None:
    rnd = random.Random(n)
    state, _ = engine.new_game(civs(n), {**RULESET, "start": start}, n)
    listings = 0
    while not state.over and listings < 60:
        player = rnd.choice(sorted({p.player for p in engine.owed(state)}))
        legal = engine.legal_actions(state, player)
        turn = [p for p in state.prompts if p.kind == "construction_turn" and p.player == player]
        if turn:
            listed = [a for a in legal if isinstance(a, Buy)]
            assert len(listed) == len(set(listed))
            assert set(listed) == allowed(state, turn[0]), state.round
            listings += 1
        engine.apply_in_place(state, choose(rnd, legal))
    assert listings == 60 or state.over
