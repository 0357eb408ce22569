"""ORPHÉE, Phase III (L150–154), ruling A10."""

from __future__ import annotations

from collections.abc import Callable

from bot.games.mare_nostrum.actions import Battle
from bot.games.mare_nostrum.control import levels, supply_left
from bot.games.mare_nostrum.modules.atlantis.actions import ReturnLegion
from bot.games.mare_nostrum.modules.atlantis.powers.records import records

from ..builder import Scenario
from ..test_build import rejects
from ..test_build import start as start_build
from ..test_heroes_military import finish_steps
from ..test_heroes_military import start as start_military
from .scenario import AtlasScenario


def lost_battle(dice: Callable[..., None], rolls: list[int], kept: int = 0) -> Scenario:
    """Rome attacks Atlantis's two legions in gadira and kills them (Atlantis holds Orphée,
    with `kept` legions already on the tile)."""
    s = AtlasScenario().hw("atlantis", "atlas", "orpheus")
    records(s.state).orpheus["atlantis"] = kept
    s.legions("gadira", "atlantis", 2).legions("gadira", "rome", 2)
    start_military(s, "rome")
    finish_steps(s, "rome")
    dice([6, 6], rolls)
    s.act(Battle("rome", "gadira", "atlantis"))
    return s


def test_orphee_une_legion_detruite_lors_des_batailles_va_sur_la_tuile(
        dice: Callable[..., None]) -> None:
    """« Placez l'une de vos Légions détruites lors des Batailles sur la tuile ORPHÉE. » The
    legion on the tile is off the board: out of his supply and of his Military level (A10)."""
    s = lost_battle(dice, [1, 1])
    assert "atlantis" not in s.state.legions["gadira"]
    assert records(s.state).orpheus == {"atlantis": 1}
    assert [e.data for e in s.kinds("orpheus_kept")] == [{"player": "atlantis", "area": "gadira"}]
    # 8 legions: one in atlantis, one on the tile.
    assert supply_left(s.state, "atlantis", "legion") == 6
    assert levels(s.state, "atlantis")["military"] == 2  # the legion and fortress in atlantis


def test_orphee_la_tuile_ne_tient_qu_une_legion(dice: Callable[..., None]) -> None:
    """Ruling A10: the tile holds at most one legion: while it is taken, lost legions go back
    to the supply."""
    s = lost_battle(dice, [1, 1], kept=1)
    assert records(s.state).orpheus["atlantis"] == 1
    assert not s.kinds("orpheus_kept")
    assert supply_left(s.state, "atlantis", "legion") == 6


def test_orphee_sans_la_tuile_rien_n_est_garde(dice: Callable[..., None]) -> None:
    """Only Orphée's owner keeps a legion: Rome's lost legions go back to his supply."""
    s = lost_battle(dice, [6, 6])  # Atlantis strikes back: 2 hits on Rome, 2 on Atlantis
    assert records(s.state).orpheus == {"atlantis": 1}
    assert "rome" not in s.state.legions["gadira"]
    assert supply_left(s.state, "rome", "legion") == 8 - 2  # latium and gallia


def test_orphee_une_fois_par_tour_placee_gratuitement_province_controlee_ou_capitale(
        dice: Callable[..., None]) -> None:
    """« Une fois par tour, pendant la Phase Achats, placez gratuitement cette Légion sur l'une
    de vos Provinces contrôlées (ou sur votre Province Capitale). »"""
    s = lost_battle(dice, [1, 1])
    s.state.military = None
    s.hand("atlantis")
    s.legions("gadira", "rome", 0)
    s.legions("hesperides", "rome", 1)  # hesperides is his, but not controlled
    start_build(s, "atlantis")
    offered = {a.province for a in s.legal("atlantis") if isinstance(a, ReturnLegion)}
    assert offered == {"atlantis", "gadira"}
    rejects(s, ReturnLegion("atlantis", "hesperides"), "wrong_province")
    rejects(s, ReturnLegion("atlantis", "latium"), "wrong_province")
    s.act(ReturnLegion("atlantis", "gadira"))
    assert s.state.legions["gadira"] == {"atlantis": 1}
    assert records(s.state).orpheus["atlantis"] == 0
    assert supply_left(s.state, "atlantis", "legion") == 6
    rejects(s, ReturnLegion("atlantis", "atlantis"), "power_used")


def test_orphee_rien_a_placer_sans_legion_sur_la_tuile() -> None:
    s = AtlasScenario().hw("atlantis", "atlas", "orpheus")
    start_build(s, "atlantis")
    assert not [a for a in s.legal("atlantis") if isinstance(a, ReturnLegion)]
    rejects(s, ReturnLegion("atlantis", "atlantis"), "no_legion_kept")
    rejects(s, ReturnLegion("rome", "latium"), "not_your_turn")


def test_orphee_bonus_titre_politique_1() -> None:
    """« Politique: 1 » (L154)."""
    s = AtlasScenario()
    before = levels(s.state, "greece")["culture"]
    s.hw("greece", "pericles", "orpheus")
    assert levels(s.state, "greece")["culture"] == before + 1
