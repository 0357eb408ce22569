"""PÉGASE, Phase IV (L158–162), ruling A11."""

from __future__ import annotations

from bot.games.mare_nostrum.actions import EndTurn, Move
from bot.games.mare_nostrum.modules.atlantis.actions import Fly

from ..builder import Scenario, rejected
from ..test_heroes_military import start
from .scenario import AtlasScenario


def to_land_moves(s: Scenario, player: str) -> None:
    start(s, player)
    assert s.state.military is not None
    while s.state.military.step != "land_moves":
        s.act(EndTurn(player))


def flights(s: Scenario, player: str) -> set[tuple[str, str, int]]:
    return {(a.source, a.target, a.legions) for a in s.legal(player) if isinstance(a, Fly)}


def test_pegase_un_groupe_de_legions_vole_d_une_province_supplementaire() -> None:
    """« Une fois par tour, vous pouvez déplacer un groupe de Légions par air d'une Province
    supplémentaire. » From gallia, two provinces away (lusitania, by tarraconensis), with a
    group of one or both legions; the flown legions have moved."""
    s = AtlasScenario().hw("rome", "caesar", "pegasus").legions("gallia", "rome", 2)
    to_land_moves(s, "rome")
    offered = flights(s, "rome")
    assert {("gallia", "lusitania", 1), ("gallia", "lusitania", 2)} <= offered
    # Only where an ordinary move does not go (decided): tarraconensis is next door.
    assert not {t for src, t, _ in offered if src == "gallia"} & {
        "tarraconensis", "germania", "latium"}
    s.act(Fly("rome", "gallia", "lusitania", 2))
    assert s.state.legions["lusitania"] == {"rome": 2} and "rome" not in s.state.legions["gallia"]
    assert not [a for a in s.legal("rome") if isinstance(a, Move) and a.source == "lusitania"]


def test_pegase_ignore_les_unites_adverses_de_la_premiere_province() -> None:
    """« Ne tenez pas compte d'éventuelles Unités adverses dans la première Province
    traversée. » Atlantis's legions in tarraconensis do not stop the flight to baetica."""
    s = AtlasScenario().hw("rome", "caesar", "pegasus").legions("gallia", "rome", 1)
    s.legions("tarraconensis", "atlantis", 3)
    to_land_moves(s, "rome")
    s.act(Fly("rome", "gallia", "baetica", 1))
    assert s.state.legions["baetica"] == {"rome": 1}
    assert s.state.legions["tarraconensis"] == {"atlantis": 3}


def test_pegase_traverse_une_mer_sans_trireme() -> None:
    """« Si vous traversez en premier une Mer, vous n'avez pas besoin d'y avoir de Trirèmes,
    vous volez. » From the island of atlantis, without a trireme: to hesperides (across the
    ocean), or on to baetica (ocean, gadira, then by land), never to mauretania (no land link
    from a province on the ocean)."""
    s = AtlasScenario().hw("atlantis", "atlas", "pegasus")
    to_land_moves(s, "atlantis")
    offered = flights(s, "atlantis")
    assert {("atlantis", "hesperides", 1), ("atlantis", "gadira", 1),
            ("atlantis", "baetica", 1)} <= offered
    assert ("atlantis", "mauretania", 1) not in offered  # no land link from the coast
    rejected(s, Fly("atlantis", "atlantis", "mauretania", 1), "bad_flight")
    s.act(Fly("atlantis", "atlantis", "baetica", 1))
    assert s.state.legions["baetica"] == {"atlantis": 1}


def test_pegase_une_fois_par_tour() -> None:
    """« Une fois par tour »: one flight in his turn."""
    s = AtlasScenario().hw("rome", "caesar", "pegasus").legions("gallia", "rome", 2)
    to_land_moves(s, "rome")
    s.act(Fly("rome", "gallia", "lusitania", 1))
    assert not flights(s, "rome")
    rejected(s, Fly("rome", "gallia", "baetica", 1), "power_used")


def test_pegase_seulement_son_proprietaire_et_ses_legions_non_deplacees() -> None:
    s = AtlasScenario().legions("gallia", "rome", 1)
    to_land_moves(s, "rome")
    assert not flights(s, "rome")
    rejected(s, Fly("rome", "gallia", "lusitania", 1), "no_power")
    s2 = AtlasScenario().hw("rome", "caesar", "pegasus").legions("gallia", "rome", 1)
    to_land_moves(s2, "rome")
    rejected(s2, Fly("rome", "gallia", "lusitania", 2), "bad_flight")
