"""The 2003 listings made fast (issue 17) still list exactly what the rules allow, along
seeded random games at 3 and 5 players, both starts, and with the Mythology at 6 players:
- construction: every purchase `buy_why` allows among all (item, target, slot) of the board;
- payment (its Pays cached by payment key): every combination of his cards the check accepts;
- military (the marches' destinations cached by reach, the foes read once a listing): every
  (source, target, count, opponent) the rule functions allow (`movable`, `linked`,
  `enemies_at`); the sea step: every sail and sea battle;
- the piece counts made fast (`enemies_at`'s one-owner cases, `on_board` in C) equal the
  plain ones."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Action, Battle, Buy, Pay
from bot.games.mare_nostrum.board import PYRAMIDS as PYRAMIDS_ITEM
from bot.games.mare_nostrum.errors import IllegalAction
from bot.games.mare_nostrum.rules import rules_for
from bot.games.mare_nostrum.rulesets.mn2003 import military
from bot.games.mare_nostrum.rulesets.mn2003.cards import PYRAMIDS
from bot.games.mare_nostrum.rulesets.mn2003.construction import ITEMS, buy_why
from bot.games.mare_nostrum.rulesets.mn2003.geography import (
    caravan_sites,
    city_sites,
    provinces,
    sea_neighbours,
    seas,
    seas_of,
)
from bot.games.mare_nostrum.rulesets.mn2003.military import (
    March,
    Sail,
    fightable,
    movable,
    sea_enemies,
)
from bot.games.mare_nostrum.rulesets.mn2003.pieces import enemies_at, on_board, present
from bot.games.mare_nostrum.rulesets.mn2003.placement import linked
from bot.games.mare_nostrum.rulesets.mn2003.substate import sub
from bot.games.mare_nostrum.state import GameState, Prompt

from .helpers import RULESET, civs
from .test_playouts import choose

MYTHOLOGY = {"ruleset": "2003", "modules": ["mythology"]}
# (players, options): the 2003 ruleset from both starts, and the Mythology (another board,
# a sixth civilisation, its own cards) at 6 players.
SETTINGS: list[tuple[int, dict[str, Any]]] = [
    (3, {**RULESET, "start": "predetermined"}),
    (5, {**RULESET, "start": "free"}),
    (6, MYTHOLOGY),
]


def seats(n: int, options: dict[str, Any]) -> list[str]:
    if "modules" not in options:
        return civs(n)
    return list(rules_for("2003", tuple(options["modules"])).data["player_counts"][str(n)])


def every_buy(state: GameState, player: str) -> list[Buy]:
    """Every purchase a player could name on this game's board, allowed or not."""
    key = state.board_key
    out: list[Buy] = []
    for pid in provinces(key):
        for item in ITEMS:
            if item in ("city", "caravan"):
                where = city_sites if item == "city" else caravan_sites
                out += [Buy(player, item, pid, i) for i in where(pid, key)]
            elif item not in ("hw", PYRAMIDS_ITEM):
                out.append(Buy(player, item, pid))
    out += [Buy(player, "hw", card) for card in state.rules.data["hw_tiles"]]
    out.append(Buy(player, PYRAMIDS_ITEM, PYRAMIDS))
    return out


def allowed(state: GameState, prompt: Prompt) -> set[Buy]:
    return {b for b in every_buy(state, prompt.player) if buy_why(state, prompt, b) is None}


def positions(n: int, options: dict[str, Any], kind: str, wanted: int) -> Iterator[GameState]:
    """Positions of a seeded random game where the player about to answer owes `kind` (the
    listing for him just made), up to `wanted` of them."""
    rnd = random.Random(n)
    state, _ = engine.new_game(seats(n, options), options, n)
    found = 0
    while not state.over and found < wanted:
        player = rnd.choice(sorted({p.player for p in engine.owed(state)}))
        legal = engine.legal_actions(state, player)
        if any(p.kind == kind and p.player == player for p in state.prompts):
            found += 1
            yield state
        engine.apply_in_place(state, choose(rnd, legal))
    assert found == wanted or state.over


def _prompt(state: GameState, kind: str) -> Prompt:
    return next(p for p in state.prompts if p.kind == kind and not p.data.get("answered"))


@pytest.mark.parametrize(("n", "options"), SETTINGS)
def test_the_construction_listing_is_every_purchase_buy_why_allows(
    n: int, options: dict[str, Any]
) -> None:
    for state in positions(n, options, "construction_turn", 60 if n < 6 else 30):
        prompt = _prompt(state, "construction_turn")
        listed = [a for a in engine.legal_actions(state, prompt.player) if isinstance(a, Buy)]
        assert len(listed) == len(set(listed))
        assert set(listed) == allowed(state, prompt), state.round


def _multisets(held: dict[str, int], size: int) -> Iterator[tuple[str, ...]]:
    """Every sorted multiset of `size` of these cards (each type at most as many as held)."""
    types = sorted(t for t, n in held.items() if n)

    def grow(i: int, left: int, acc: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
        if left == 0:
            yield acc
            return
        if i == len(types):
            return
        for k in range(min(held[types[i]], left), -1, -1):
            yield from grow(i + 1, left - k, acc + (types[i],) * k)

    return grow(0, size, ())


@pytest.mark.parametrize(("n", "options"), SETTINGS)
def test_the_payment_listing_is_every_payment_the_check_allows(
    n: int, options: dict[str, Any]
) -> None:
    for state in positions(n, options, "construction_payment", 40):
        prompt = _prompt(state, "construction_payment")
        player = prompt.player
        listed = [a for a in engine.legal_actions(state, player) if isinstance(a, Pay)]
        accepted = set()
        for cards in _multisets(state.hands[player], prompt.data["cost"]):
            try:
                engine.check(state, Pay(player, cards))
            except IllegalAction:
                continue
            accepted.add(Pay(player, cards))
        assert len(listed) == len(set(listed))
        assert set(listed) == accepted


@pytest.mark.parametrize(("n", "options"), SETTINGS)
def test_the_march_listing_is_every_march_the_rules_allow(
    n: int, options: dict[str, Any]
) -> None:
    marches = 0
    for state in positions(n, options, "military_turn", 150):
        prompt = _prompt(state, "military_turn")
        player = prompt.player
        listed = [a for a in engine.legal_actions(state, player) if isinstance(a, March)]
        allowed_marches = set()
        if state.military is not None and state.military.step == "land_moves":
            for src in provinces(state.board_key):
                reach = linked(state, player, [src]) - {src}
                for dst in reach:
                    for k in range(1, movable(state, src, player) + 1):
                        for o in enemies_at(state, dst, player) or [""]:
                            allowed_marches.add(March(player, src, dst, k, o))
        assert len(listed) == len(set(listed))
        assert set(listed) == allowed_marches
        marches += len(listed)
    assert marches


@pytest.mark.parametrize(("n", "options"), SETTINGS)
def test_the_sea_step_listing_is_every_sail_and_sea_battle_the_rules_allow(
    n: int, options: dict[str, Any]
) -> None:
    """The sails (made once per player and area) and sea battles (his fleet's seas read once
    a listing): a trireme built on land sails to a sea of its province, one at sea to an
    adjacent sea if it has not moved (`movable`); a sea battle where he has triremes that
    have not fought (`fightable`) against each other owner there (`sea_enemies`)."""
    sails = 0
    for state in positions(n, options, "military_turn", 150):
        if state.military is None or state.military.step != "sea_moves":
            continue
        prompt = _prompt(state, "military_turn")
        player = prompt.player
        # The ruleset's own listing (a module's power may add sails: the Mythology's Atlas).
        listed = military._turn_legal(state, prompt)
        key = state.board_key
        expected: set[Action] = set()
        for pid, docked in sub(state).docked.items():
            if docked.get(player):
                expected |= {Sail(player, pid, s) for s in seas_of(pid, key)}
        for sea in seas(key):
            if movable(state, sea, player):
                expected |= {Sail(player, sea, s) for s in sea_neighbours(sea, key)}
            if fightable(state, sea, player)[0]:
                expected |= {Battle(player, sea, o) for o in sea_enemies(state, sea, player)}
        moves = [a for a in listed if isinstance(a, (Sail, Battle))]
        assert len(moves) == len(set(moves))
        assert set(moves) == expected
        sails += len(moves)
    assert sails


@pytest.mark.parametrize(("n", "options"), SETTINGS)
def test_the_fast_piece_counts_equal_the_plain_ones(n: int, options: dict[str, Any]) -> None:
    """`enemies_at` (its one-owner cases without `present`'s list) is `present` without the
    player, in every province for every seat and neutral; `on_board` (counted in C) is the
    plain sum over the board; along seeded games (the Mythology's creatures included)."""
    checked = 0
    for state in positions(n, options, "military_turn", 60):
        owners = [*state.players, *sub(state).neutrals]
        for pid in provinces(state.board_key):
            for who in owners:
                assert enemies_at(state, pid, who) == [o for o in present(state, pid) if o != who]
                checked += 1
        for who in state.players:
            docked = sum(d.get(who, 0) for d in sub(state).docked.values())
            assert on_board(state, who, "legion") == sum(
                d.get(who, 0) for d in state.legions.values()
            )
            assert on_board(state, who, "trireme") == docked + sum(
                d.get(who, 0) for d in state.triremes.values()
            )
            assert on_board(state, who, "fortress") == sum(
                f.count(who) for f in state.fortresses.values()
            )
            assert on_board(state, who, "influence") == sum(
                1 for o in state.influence.values() if o == who
            )
    assert checked
