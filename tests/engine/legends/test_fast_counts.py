"""The objectives' counts made once for every player (a speed-up of the check after every
action, B1) give, for each player, what the objective's words count for him alone; and the
cards listed at a moment from the per-rules table are those of the cards' own timings. Through
seeded games, at every position."""

from __future__ import annotations

import random

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.control import building_controller
from bot.games.mare_nostrum.modules.legends import data, play
from bot.games.mare_nostrum.modules.legends import objectives as obj
from bot.games.mare_nostrum.setup import empires_for
from bot.games.mare_nostrum.state import GameState

from ..test_playouts import choose

CITIES = ["troia", "ierusalem", "syracusae"]


def _plain_counts(state: GameState, player: str) -> tuple[int, int, int, int]:
    """Provinces of his influence holding a unit of his; seas where his triremes are alone;
    buildings he controls; of which markets and temples — counted for him alone."""
    manned = sum(
        1
        for p, owner in state.influence.items()
        if owner == player
        and (
            state.legions.get(p, {}).get(player, 0) > 0
            or player in state.fortresses.get(p, [])
            or any(f["area"] == p and f["owner"] == player for f in state.figures.values())
        )
    )
    alone = sum(
        1
        for there in state.triremes.values()
        if there.get(player, 0) > 0 and all(n == 0 for e, n in there.items() if e != player)
    )
    buildings = markets_temples = 0
    for p, row in state.built.items():
        for i, built in enumerate(row):
            if built and building_controller(state, p, i) == player:
                buildings += 1
                kind = state.board.provinces[p].slots[i].kind
                markets_temples += kind in ("market", "temple")
    return manned, alone, buildings, markets_temples


def test_objective_counts_for_every_player_equal_each_players_own_count() -> None:
    for modules, players, seed in ((CITIES, 5, 3), (["atlantis", *CITIES], 6, 4)):
        rnd = random.Random(seed)
        seats = empires_for(players, "empires", tuple(modules))
        state, _ = engine.new_game(seats, {"modules": modules}, seed)
        n = 0
        while not state.over:
            n += 1
            for player in state.players if n % 4 == 0 else ():  # every 4th position
                manned = obj._manned_provinces(state).get(player, 0)
                alone = obj._seas_alone(state).get(player, 0)
                buildings, markets_temples = obj.building_counts(state)[player]
                assert (manned, alone, buildings, markets_temples) == _plain_counts(
                    state, player
                ), (player, len(state.prompts))
            player = rnd.choice(sorted({p.player for p in engine.owed(state)}))
            engine.apply_in_place(state, choose(rnd, engine.legal_actions(state, player)))


def test_cards_listed_at_a_moment_are_those_whose_timing_names_it() -> None:
    state, _ = engine.new_game(empires_for(5, "empires", tuple(CITIES)), {"modules": CITIES}, 1)
    table = play.cards_table(state)
    assert set(table) == {
        data.card_id(c, n) for c in CITIES for n in data.raw()["cards"][c] if n != data.DECOY
    } | ({data.card_id(c, data.DECOY) for c in CITIES} & set(table))
    for where in {w for card in table.values() for w in card.when}:
        hand_plays, named = play._cards_at(state.rules, where)
        assert hand_plays == {
            c for c, card in table.items() if where in card.when and not data.is_decoy(c)
        }
        assert [c for c, _card in named] == [c for c, card in table.items() if where in card.when]


def test_remembered_board_counts_equal_fresh_ones_at_every_position() -> None:
    """The counts the check after every action remembers (`objectives._unchanged`: kept while
    nothing they read changes) are the fresh counts, position after position, across two
    games played in turn (one slot per count, shared by every game of the process)."""
    games = []
    for modules, players, seed in ((CITIES, 5, 5), (["atlantis", *CITIES], 6, 6)):
        seats = empires_for(players, "empires", tuple(modules))
        games.append((random.Random(seed), engine.new_game(seats, {"modules": modules}, seed)[0]))
    counts = {
        "alexander": obj._manned_provinces,
        "poseidon": obj._seas_alone,
        "buildings": obj.building_counts,
    }
    while any(not state.over for _rnd, state in games):
        for rnd, state in games:
            if state.over:
                continue
            for key, count in counts.items():
                assert obj._memo(state, {}, key, count) == count(state), key
            player = rnd.choice(sorted({p.player for p in engine.owed(state)}))
            engine.apply_in_place(state, choose(rnd, engine.legal_actions(state, player)))


def test_a_remembered_count_follows_a_change_made_outside_any_action() -> None:
    state, _ = engine.new_game(empires_for(5, "empires", tuple(CITIES)), {"modules": CITIES}, 2)
    before = obj._memo(state, {}, "buildings", obj.building_counts)
    province = next(p for p, row in state.built.items() if not all(row) and state.influence.get(p))
    state.built[province][state.built[province].index(False)] = True  # in place: same list
    after = obj._memo(state, {}, "buildings", obj.building_counts)
    holder = state.influence[province]
    assert after[holder][0] == before[holder][0] + 1
    assert after == obj.building_counts(state)
