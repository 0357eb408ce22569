"""The modules' handlers declared with their power (`MODULE.hook(POINT, owner=TILE)`: the
special figures' re-purchase — Centaurs, Myrmidons, Greek-fire trireme —, Crésus's purchases,
Ulysse's carrying sea, Médée's and Méduse's petrification...) answer nothing for a player
without that power, so that skipping them for him (`control.hooks_for`) changes no listing;
and each objective's "who meets it" agrees with its per-player predicate. Speed-ups only:
through a seeded game with every module, at many positions."""

from __future__ import annotations

import copy
import random

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.events import EventLog
from bot.games.mare_nostrum.hooks import BUILD_TURN_ACTIONS, MILITARY_TURN_ACTIONS
from bot.games.mare_nostrum.modules.legends import objectives as obj
from bot.games.mare_nostrum.setup import empires_for

from ..test_playouts import choose

MODULES = ["atlantis", "troia", "ierusalem", "syracusae"]
PER_PLAYER = {
    "obj_alexander_dream": obj.alexander_dream,
    "obj_poseidon_legacy": obj.poseidon_legacy,
    "obj_ares_favour": obj.ares_favour,
    "obj_minos_power": obj.minos_power,
    "obj_solomon_wisdom": obj.solomon_wisdom,
    "obj_joshua_conquest": obj.joshua_conquest,
    "obj_horn_of_plenty": obj.horn_of_plenty,
    "obj_daedalus_plans": obj.daedalus_plans,
    "obj_hermes_disciples": obj.hermes_disciples,
}


def test_owned_turn_handlers_answer_nothing_without_their_power() -> None:
    state, _ = engine.new_game(empires_for(6, "empires", tuple(MODULES)), {"modules": MODULES}, 2)
    rules = state.rules
    build = [h for h in rules.on[BUILD_TURN_ACTIONS] if h in rules.owners]
    military = [h for h in rules.on[MILITARY_TURN_ACTIONS] if h in rules.owners]
    assert len(build) >= 5 and len(military) >= 3  # the re-buys, Crésus, Orphée...; Ulysse...
    rnd = random.Random(2)
    asked = 0
    for n in range(1000):
        if state.over:
            break
        if n % 8 == 0:
            bare = copy.deepcopy(state)  # nobody holds a tile or a copied power
            bare.hw = {p: [] for p in bare.players}
            bare.copied = {}
            b, m = bare.build, bare.military
            if b is not None and b.current is not None:
                asked += 1
                assert all(not h(bare, b.current) for h in build), n
            if m is not None and m.current is not None:
                asked += 1
                assert all(not h(bare, m.current, m.step) for h in military), n
        player = rnd.choice(sorted({p.player for p in engine.owed(state)}))
        engine.apply_in_place(state, choose(rnd, engine.legal_actions(state, player)))
    assert asked > 10


def test_who_meets_an_objective_is_who_meets_it_alone() -> None:
    cities = MODULES[1:]
    state, _ = engine.new_game(empires_for(5, "empires", tuple(cities)), {"modules": cities}, 5)
    rnd = random.Random(5)
    ev = EventLog()
    for n in range(1200):
        if state.over:
            break
        if n % 6 == 0:
            for objective, alone in PER_PLAYER.items():
                meeting = set(obj.MEETING[objective](state, ev, {})) & set(state.players)
                assert meeting == {p for p in state.players if alone(state, p, ev)}, objective
        player = rnd.choice(sorted({p.player for p in engine.owed(state)}))
        ev = EventLog()
        ev.extend(engine.apply_in_place(state, choose(rnd, engine.legal_actions(state, player))))


def test_a_players_hook_table_filters_only_the_points_with_an_owned_handler() -> None:
    """`Rules.on_for` copies `on` and filters only the points where a handler is declared with
    a power (`owned_points`): every point reads what filtering all of them would give."""
    from bot.games.core.rules import owned_points
    from bot.games.mare_nostrum.rules import rules_for

    rules = rules_for("empires", tuple(MODULES))
    owners = rules.owners
    assert owned_points(rules)
    for powers in (
        (None,),
        ("caesar",),
        ("chiron", "medea"),
        ("croesus", None, "achilles"),
        ("orpheus", "archimedes", "ulysses", "medusa", "pegasus"),
    ):
        table = rules.on_for(powers)
        for point, fns in rules.on.items():
            assert table[point] == tuple(
                fn for fn in fns if fn not in owners or not owners[fn].isdisjoint(powers)
            ), (point.name, powers)
