"""ARCHIMÈDE and the Greek-fire trireme (Syracusae, L456–468), ruling E1's stop-gap, A12."""

from __future__ import annotations

from bot.games.mare_nostrum.actions import EndTurn
from bot.games.mare_nostrum.control import levels, supply_left
from bot.games.mare_nostrum.modules.figure_actions import RebuyFigure
from bot.games.mare_nostrum.modules.syracusae.actions import PlaceGreekFire
from bot.games.mare_nostrum.modules.syracusae.module import TILES
from bot.games.mare_nostrum.modules.syracusae.powers.archimedes import greek_fire
from bot.games.mare_nostrum.state import GameState

from ..builder import rejected
from ..test_build import buy
from ..test_build import start as start_build
from .scenario import CityScenario


def his_triremes(state: GameState, player: str) -> int:
    return sum(t.get(player, 0) for t in state.triremes.values())


def bought() -> CityScenario:
    s = CityScenario(("syracusae",))
    s.state.hw_market[0] = "archimedes"
    s.hand("rome", coin=7)
    start_build(s, "rome")
    buy(s, "rome", "hw", "archimedes", pay=("coin",) * 7)
    return s


def test_archimede_a_l_achat_placez_gratuitement_la_trireme_a_feu_gregeois() -> None:
    """« À l'achat de ce Héros, placez gratuitement et immédiatement la figurine Trirème à feu
    grégeois en jeu. Il s'agit d'une Unité maritime. » E1: a sea beside a province of his."""
    s = bought()
    before = his_triremes(s.state, "rome")
    supply = supply_left(s.state, "rome", "trireme")
    assert PlaceGreekFire("rome", "tyrrhenum") in s.legal("rome")
    rejected(s, PlaceGreekFire("rome", "aegaeum"), "not_controlled")
    s.act(PlaceGreekFire("rome", "tyrrhenum"))
    assert s.state.hands["rome"] == {}
    assert his_triremes(s.state, "rome") == before + 1
    assert greek_fire(s.state).owner == "rome"
    assert s.kinds("greek_fire_placed")
    assert EndTurn("rome") in s.legal("rome")  # his turn goes on
    # E1: not from his 5 triremes' supply.
    assert supply_left(s.state, "rome", "trireme") == supply


def test_archimede_the_greek_fire_trireme_is_not_counted_in_the_military_level() -> None:
    """E1: « Not counted in the Military level », like the other special units; the tile's
    « BONUS TITRE Militaire : 1 » counts."""
    s = CityScenario(("syracusae",))
    base = levels(s.state, "rome")["military"]
    s.hw("rome", "archimedes")
    assert levels(s.state, "rome")["military"] == base + 1
    s.triremes("tyrrhenum", "rome", s.state.triremes.get("tyrrhenum", {}).get("rome", 0) + 1)
    greek_fire(s.state).owner = "rome"
    assert levels(s.state, "rome")["military"] == base + 1


def test_archimede_the_greek_fire_trireme_is_destroyed_with_his_last_trireme() -> None:
    """E1: it fights as one trireme; triremes being alike, it is the last of his to go
    (decided): destroyed once he has none on the board."""
    s = bought()
    s.act(PlaceGreekFire("rome", "tyrrhenum"))
    assert not [a for a in s.legal("rome") if isinstance(a, RebuyFigure)]
    for sea in s.state.triremes.values():
        sea.pop("rome", None)
    s.act(EndTurn("rome"))  # any action: the figure is seen gone
    assert greek_fire(s.state).owner == ""
    assert s.kinds("greek_fire_destroyed")


def test_archimede_si_la_trireme_a_feu_gregeois_est_detruite_rachetee_pour_3() -> None:
    """« Si la Trirème à feu grégeois est détruite, vous pouvez à nouveau l'acquérir avec une
    combinaison de 3 Ressources. » In his Build turn, placed as on purchase (E1)."""
    s = CityScenario(("syracusae",))
    s.hw("rome", "archimedes")
    s.hand("rome", coin=3)
    start_build(s, "rome")
    rebuy = RebuyFigure("rome", "greek_fire", ("coin", "coin", "coin"))
    assert rebuy in s.legal("rome")
    rejected(s, RebuyFigure("rome", "greek_fire", ("coin", "coin")), "bad_payment")
    s.act(rebuy)
    assert s.state.hands["rome"] == {}
    s.act(PlaceGreekFire("rome", "tyrrhenum"))
    assert greek_fire(s.state).owner == "rome"
    assert EndTurn("rome") in s.legal("rome")
    assert not [a for a in s.legal("rome") if isinstance(a, RebuyFigure)]


def test_archimede_castor_pollux_may_not_copy_him() -> None:
    """A12: Archimède's power is a unique figure: Castor & Pollux may not copy him."""
    assert "archimedes" in TILES.uncopyable
    assert "archimedes" not in TILES.pending and not TILES.pending
