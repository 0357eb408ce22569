"""4.3.3 with rulings §4: each conversion takes an influence marker from the converter's
supply; with one marker left, two conversions ready in the same turn make one (found by an
Atlas playout: both were checked before either was made)."""

from __future__ import annotations

from bot.games.mare_nostrum.control import supply_left

from .builder import Scenario
from .test_heroes_military import finish_steps, start


def test_4_3_3_conversions_stop_when_the_influence_markers_run_out() -> None:
    s = Scenario()
    for province in ("germania", "dalmatia", "dacia", "numidia"):
        s.influence(province, "rome")
    s.legions("macedonia", "greece", 0)
    for province in ("macedonia", "thracia"):
        s.legions(province, "rome", 1)
        s.state.conquerors[province] = "rome"
        s.state.conversions[province] = {"player": "rome", "round": 0}
    assert supply_left(s.state, "rome", "influence") == 1
    start(s, "rome")
    finish_steps(s, "rome")
    converted = [e.data["province"] for e in s.kinds("converted")]
    assert len(converted) == 1
    assert supply_left(s.state, "rome", "influence") == 0
    assert [p for p in ("macedonia", "thracia") if s.state.influence[p] == "rome"] == converted
