"""Plaques (a province's pieces in the open sea) never hide another province's pieces."""

from __future__ import annotations

import pytest

from rendering.mare_nostrum.layout import layout
from tests.rendering.test_render import _inside


@pytest.mark.parametrize("name", ["empires", "atlas"])
def test_no_plaque_covers_another_provinces_pieces(name: str) -> None:
    """A plaque is drawn over the land: no other province's name, influence marker, slot or
    unit row may lie under it (the layout generator places the plaques first, in the sea)."""
    provinces = layout(name)["provinces"]
    plaques = {pid: a["polygon"] for pid, a in provinces.items() if "leader" in a}
    for pid, area in provinces.items():
        points = [area["label"], area["influence"], area["units"], *area["slots"]]
        for other, plaque in plaques.items():
            if other != pid:
                hidden = [p for p in points if _inside((p[0], p[1]), plaque)]
                assert not hidden, (pid, other, hidden)
