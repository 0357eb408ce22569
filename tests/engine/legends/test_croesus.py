"""CRÉSUS (Ierusalem, L366–376), ruling D1."""

from __future__ import annotations

from bot.games.mare_nostrum.actions import Buy
from bot.games.mare_nostrum.modules.ierusalem.actions import CroesusBuy

from ..test_build import rejects
from ..test_build import start as start_build
from .scenario import CityScenario


def croesus(coins: int) -> CityScenario:
    s = CityScenario(("ierusalem",))
    s.hw("rome", "caesar", "croesus")
    s.hand("rome", coin=coins)
    s.influence("thracia", "rome")  # a city, a temple, a caravan and a market slot
    s.legions("thracia", "greece", 0)
    s.building("thracia", "city", present=False)
    s.building("thracia", "caravan", present=False)
    start_build(s, "rome")
    return s


def of(s: CityScenario) -> list[CroesusBuy]:
    return [a for a in s.legal("rome") if isinstance(a, CroesusBuy)]


def test_cresus_influence_cite_ou_caravane_pour_1_impot() -> None:
    """« Une fois par tour, vous pouvez: ➤ soit acheter 1 marqueur Influence, 1 Cité ou 1
    Caravane pour 1 Impôt [...] »"""
    s = croesus(1)
    offered = of(s)
    assert {a.item for a in offered} == {"influence", "city", "caravan"}
    assert CroesusBuy("rome", "city", "thracia", 0) in offered
    assert not [b for b in s.legal("rome") if isinstance(b, Buy)]  # 1 coin buys nothing else
    s.act(offered[0])
    assert s.state.hands["rome"] == {}
    assert not of(s)


def test_cresus_marche_ou_temple_pour_4_impots_une_fois_par_tour() -> None:
    """« ▶ soit acheter 1 Marché ou 1 Temple pour 4 Impôts. » Once a turn, whichever option
    (D1); coins only."""
    s = croesus(9)
    market = next(a for a in of(s) if a.item in ("market", "temple"))
    s.act(market)
    assert s.state.hands["rome"] == {"coin": 5}
    assert not of(s)
    rejects(s, CroesusBuy("rome", "influence", market.target, -1), "power_used")


def test_cresus_coins_only() -> None:
    """D1: coins only — commodities pay nothing."""
    s = CityScenario(("ierusalem",))
    s.hw("rome", "caesar", "croesus")
    s.hand("rome", grain=3, wine=2)
    start_build(s, "rome")
    assert not of(s)


def test_cresus_the_placement_rules_still_apply() -> None:
    """The usual placement rules: not in a province he neither controls nor reaches."""
    s = croesus(4)
    rejects(s, CroesusBuy("rome", "city", "aegyptus", 0), "bad_croesus_buy")
