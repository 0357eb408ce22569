"""Ishtar's option (a) (page 8, L700–756; D9): « Vous pouvez construire dans une de vos Provinces
non-contrôlées comme s'il s'agissait de la Province de votre Capitale » — for the rest of his
Build turn, one province under his influence that enemy units keep him from controlling is his
to place units and buildings in, as his capital's always is (4.6)."""

from __future__ import annotations

from bot.games.mare_nostrum.actions import Buy, ChooseNext, EndTurn
from bot.games.mare_nostrum.modules.legends.actions import PlayEvent
from bot.games.mare_nostrum.modules.legends.state import legends

from ..builder import rejected
from ..test_build import buy
from ..test_build import start as start_build
from .scenario import LegendsScenario

ISHTAR = "ierusalem.ishtar"


def _occupied_gallia() -> LegendsScenario:
    """Rome's Gallia (influence his, a free city space) held by a Greek legion; Rome builds."""
    s = LegendsScenario(("ierusalem",)).give("rome", ISHTAR)
    s.hand("rome", coin=12)
    s.legions("gallia", "greece", 1)
    start_build(s, "rome")
    return s


def _buys_in(s: LegendsScenario, player: str, province: str) -> list[Buy]:
    return [a for a in s.legal(player) if isinstance(a, Buy) and a.target == province]


def test_ishtar_a_builds_in_his_uncontrolled_province_as_in_his_capital_s() -> None:
    """ISHTAR: « Vous pouvez construire dans une de vos Provinces non-contrôlées comme s'il
    s'agissait de la Province de votre Capitale »."""
    s = _occupied_gallia()
    assert not _buys_in(s, "rome", "gallia")  # not controlled: nothing goes there
    targets = {a.target for a in s.legal("rome") if isinstance(a, PlayEvent)}
    assert "gallia:build" in targets
    assert "latium:build" not in targets and "italia:build" not in targets  # he controls them
    s.act(PlayEvent("rome", ISHTAR, "gallia:build"))
    assert legends(s.state).discards["ierusalem"] == [ISHTAR]
    assert any(e.kind == "ishtar_build_there" for e in s.events)
    buys = _buys_in(s, "rome", "gallia")
    assert "legion" in {a.item for a in buys}
    building = next(a for a in buys if a.slot >= 0)
    buy(s, "rome", building.item, "gallia", building.slot)
    assert s.state.built["gallia"][building.slot]
    had = s.state.legions["gallia"].get("rome", 0)
    buy(s, "rome", "legion", "gallia")
    assert s.state.legions["gallia"]["rome"] == had + 1


def test_ishtar_a_lasts_for_the_rest_of_his_build_turn_only() -> None:
    """D9: « Option (a) names one province … for the rest of that Build turn »."""
    s = _occupied_gallia()
    s.act(PlayEvent("rome", ISHTAR, "gallia:build"))
    s.act(EndTurn("rome"))
    nxt = [p for p in s.state.prompts if p.kind == "choose_next"]
    if nxt:
        s.act(ChooseNext(nxt[0].player, "greece"))
    assert s.state.build is not None
    s.state.build.current = "rome"  # a later turn of his (a test's shortcut)
    s.state.round += 1
    assert not _buys_in(s, "rome", "gallia")


def test_ishtar_a_refused_on_a_province_he_controls_changes_nothing() -> None:
    s = _occupied_gallia()
    before = s.state.clone()
    rejected(s, PlayEvent("rome", ISHTAR, "italia:build"), "bad_target")
    assert legends(s.state).hands["rome"] == [ISHTAR]
    assert s.state.version == before.version
