"""Ruling G7: the barbarians block the base rules where they stand (shared/design/atlas.md
§6.8): « They are enemy units for both players: they block influence placement and control, and
make a province at war; the influence owner keeps his production (MN 4.5). »

The base game asks its NEUTRAL_UNITS hook point; the module answers it for the provinces
holding barbarian legions or a barbarian fortress."""

from __future__ import annotations

from typing import NoReturn

import pytest

from bot.games.mare_nostrum import control, engine
from bot.games.mare_nostrum.actions import Buy, ChooseNext, Conquer, EndTurn
from bot.games.mare_nostrum.control import (
    capital_province,
    controlled_provinces,
    enemy_units_in,
)
from bot.games.mare_nostrum.events import EventLog
from bot.games.mare_nostrum.hooks import NEUTRAL_UNITS
from bot.games.mare_nostrum.modules.punic_wars.actions import FightBarbarians
from bot.games.mare_nostrum.modules.punic_wars.state import punic
from bot.games.mare_nostrum.phases.military import review_conqueror
from bot.games.mare_nostrum.phases.military.common import phase_state
from bot.games.mare_nostrum.phases.production import enter as produce
from bot.games.mare_nostrum.rules import hooks_of, rules_for
from tests.engine.builder import Scenario, rejected

from .scenario import act, builder, military_turn, owes

RICH = {"coin": 9, "grain": 3, "wine": 3, "oil": 3, "marble": 3, "iron": 3, "gem": 3}


def _start_build(s: Scenario, player: str) -> None:
    s.state.hands[player] = dict(RICH)
    s.enter("build")
    s.act(ChooseNext(s.state.titles["culture"], player))
    assert s.state.build is not None and s.state.build.current == player


def test_g7_no_handler_in_the_base_game() -> None:
    """The hook point is the base's, unanswered without the module: it costs one lookup."""
    assert not rules_for("empires", ()).hooks.get(NEUTRAL_UNITS.name)
    assert len(hooks_of(builder().state, NEUTRAL_UNITS)) == 1


def test_g7_a_base_game_never_asks_the_hook(monkeypatch: pytest.MonkeyPatch) -> None:
    """The control test is hot: in a game without a module's sub-state it asks nothing."""
    state, _ = engine.new_game(["rome", "greece", "carthage"], None, 1)

    def asked(*_args: object) -> NoReturn:
        raise AssertionError("NEUTRAL_UNITS asked in a base game")

    monkeypatch.setattr(control, "neutral_units_in", asked)  # the hook table is never read
    empty = next(
        p for p in state.board.provinces if not state.legions.get(p) and not state.fortresses.get(p)
    )
    assert not enemy_units_in(state, empty, "rome")
    assert controlled_provinces(state, "rome")


def test_g7_they_block_influence_placement() -> None:
    """G7: « They are enemy units for both players: they block influence placement ». A
    neutral province within Rome's reach is offered to his influence; barbarians moved there
    close it (the check refuses it, changing nothing)."""
    s = builder()
    _start_build(s, "rome")
    reach = sorted(
        a.target for a in s.legal("rome") if isinstance(a, Buy) and a.item == "influence"
    )
    assert reach
    target = reach[0]
    s = builder()
    punic(s.state).legions[target] = 1
    _start_build(s, "rome")
    assert Buy("rome", "influence", target) not in s.legal("rome")
    rejected(s, Buy("rome", "influence", target), "bad_placement")


def test_g7_they_block_the_greek_provinces_until_cleared() -> None:
    """G7 with G2: Macedonia, neutral and held by barbarians, opens to influence only when no
    barbarian unit is left there."""
    s = builder()
    s.state.influence["italia"] = "rome"
    s.state.influence["illyria"] = "rome"
    part = punic(s.state)
    assert enemy_units_in(s.state, "macedonia", "rome")
    assert enemy_units_in(s.state, "macedonia", "carthage")
    part.legions.pop("macedonia")
    assert enemy_units_in(s.state, "macedonia", "rome")  # the fortress still stands
    part.fortresses.remove("macedonia")
    assert not enemy_units_in(s.state, "macedonia", "rome")


def test_g7_they_block_control() -> None:
    """G7: « they block influence placement and control »: a province of his where barbarians
    stand is not his to place units in (3.5.1, 4.6), except his capital's."""
    s = builder()
    mine = [
        p for p, e in s.state.influence.items() if e == "rome" and p != capital_province("rome")
    ]
    province = mine[0]
    assert province in controlled_provinces(s.state, "rome")
    punic(s.state).legions[province] = 2
    assert province not in controlled_provinces(s.state, "rome")
    _start_build(s, "rome")
    legal = s.legal("rome")
    assert Buy("rome", "legion", province) not in legal
    rejected(s, Buy("rome", "legion", province), "bad_placement")
    # His capital's province stays open even at war (4.6).
    capital = capital_province("rome")
    punic(s.state).legions[capital] = 1
    assert Buy("rome", "legion", capital) in s.legal("rome")


def test_g7_they_make_a_province_at_war() -> None:
    """G7: « and make a province at war »: a conqueror sharing his province with barbarians
    after a battle loses his status and the conversion he started (4.3, 4.5)."""
    s = builder()
    province = next(
        p for p, e in s.state.influence.items() if e == "rome" and p != capital_province("rome")
    )
    s.legions(province, "carthage", 2)
    s.state.conquerors[province] = "carthage"
    s.state.conversions[province] = {"player": "carthage", "round": s.state.round}
    punic(s.state).legions[province] = 1
    ev = EventLog()
    review_conqueror(s.state, province, ev, "battle")
    assert province not in s.state.conquerors and province not in s.state.conversions
    lost = [e for e in ev if e.kind == "conqueror_lost"]
    assert lost and lost[0].data["reason"] == "at_war"


def test_g7_the_influence_owner_keeps_his_production() -> None:
    """G7: « the influence owner keeps his production (MN 4.5) »: barbarians in every province
    of Rome change nothing to what he collects."""
    collected = []
    for barbarians in (False, True):
        s = builder()
        if barbarians:
            for p, e in s.state.influence.items():
                if e == "rome":
                    punic(s.state).legions[p] = 1
        s.state.hands["rome"] = {}
        ev = EventLog()
        produce(s.state, ev)
        collected.append(
            [e.data for e in ev if e.kind == "production" and e.data.get("player") == "rome"]
        )
    assert collected[0] == collected[1]


def test_g7_no_conquest_where_barbarians_stand() -> None:
    """G7 with 4.3: he conquers a province only where he alone has units; barbarians still
    standing there (a fortress that survived his attack) forbid it, as enemy units do."""
    base = military_turn(70, "rome", "land_moves")
    province = next(
        p
        for p, e in base.influence.items()
        if e == "carthage" and p != capital_province("carthage")
    )
    base.legions[province] = {"rome": 3}
    base.fortresses.pop(province, None)
    part = punic(base)
    part.legions = {}
    part.fortresses = [province]
    base = act(base, EndTurn("rome"))  # to the land battles
    seen = set()
    for counter in range(60):
        state = base.clone()
        state.rng_counter += counter
        state = act(state, FightBarbarians("rome", province))
        stands = province in punic(state).fortresses
        if not state.legions.get(province, {}).get("rome") or stands in seen:
            continue
        seen.add(stands)
        if owes(state, "rome", "military_turn"):  # other battles of his: not fought
            state = act(state, EndTurn("rome"))
        offered = phase_state(state).conquests + [
            a.province for a in engine.legal_actions(state, "rome") if isinstance(a, Conquer)
        ]
        assert (province in offered) == (not stands), (stands, offered)
        if len(seen) == 2:
            return
    raise AssertionError(f"only saw fortress standing={seen}")
