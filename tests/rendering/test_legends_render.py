"""The Legendary City figures on the picture: the Myrmidons and the Mausoleum are drawn, each
in its owner's colour, and a picture without them keeps its bytes."""

from __future__ import annotations

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.modules.legends.tile_state import tile_state
from rendering.mare_nostrum.board_image import HEIGHT, render_image
from rendering.mare_nostrum.layout import layout, point

PLAYERS = ["rome", "greece", "carthage"]


def test_myrmidons_and_mausoleum_are_drawn_where_they_stand() -> None:
    state, _ = engine.new_game(PLAYERS, {"modules": ["troia", "ierusalem"]}, 1)
    before = render_image(engine.view(state, None))
    state.figures["myrmidons"] = {"owner": "rome", "area": "gallia"}
    tile_state(state).mausoleum["greece"] = "macedonia"
    after = render_image(engine.view(state, None))
    lay = layout()
    changed = [
        (x, y)
        for x, y in (
            point(lay["provinces"]["gallia"], "units"),
            point(lay["provinces"]["macedonia"], "influence"),
        )
        if any(
            before.getpixel((x + dx, y + dy)) != after.getpixel((x + dx, y + dy))
            for dx in range(-10, 11)
            for dy in range(10, 31)
        )
    ]
    assert len(changed) == 2


def test_a_picture_without_the_figures_is_unchanged() -> None:
    """Nothing of the cities' figures: the same bytes with or without the modules' part, but
    for the cities' strip the part adds under the panel (tests/rendering/test_legends_panel.py)."""
    state, _ = engine.new_game(PLAYERS, {"modules": ["troia"]}, 1)
    view = dict(engine.view(state, None))
    full = render_image(view)
    plain = full.crop((0, 0, full.width, HEIGHT)).tobytes()
    view["substates"] = {}
    assert render_image(view).tobytes() == plain
