"""The last action's highlight comes from its public events only."""

from __future__ import annotations

from typing import Any

from rendering.mare_nostrum.highlight import highlight_from_events


def test_battle_highlights_the_area_and_both_sides_dice() -> None:
    events: list[dict[str, Any]] = [
        {"kind": "moved", "audience": None,
         "data": {"player": "rome", "unit": "legion", "source": "italia", "target": "cyrenaica"}},
        {"kind": "battle", "audience": None, "data": {
            "area": "cyrenaica", "sides": [
                {"player": "rome", "dice": [5, 4, 3], "sum": 15, "hits": 3},
                {"player": "egypt", "dice": [3], "sum": 8, "hits": 1}]}},
    ]
    hl = highlight_from_events(events)
    assert hl == {"areas": ["italia", "cyrenaica"],
                  "dice": {"rome": [5, 4, 3], "egypt": [3]}, "label": "15→3 – 8→1"}


def test_private_events_never_reach_the_picture() -> None:
    events = [{"kind": "placed", "audience": ["rome"], "data": {"target": "asia"}}]
    assert highlight_from_events(events) is None


def test_nothing_to_highlight() -> None:
    assert highlight_from_events([{"kind": "phase_started", "audience": None, "data": {}}]) is None


def test_atlantean_powers_highlight_their_areas() -> None:
    """Atlas: Pégase's flight shows where the legions flew from and to, Médée's or Méduse's
    petrification the area petrified."""
    events: list[dict[str, Any]] = [
        {"kind": "flight", "audience": None,
         "data": {"player": "atlantis", "source": "baetica", "target": "gallia"}},
        {"kind": "petrified", "audience": None,
         "data": {"player": "atlantis", "power": "medea", "area": "balearicum",
                  "opponent": "rome"}},
    ]
    hl = highlight_from_events(events)
    assert hl is not None and hl["areas"] == ["baetica", "gallia", "balearicum"]
