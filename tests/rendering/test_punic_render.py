"""The picture of a Punic Wars game (issue 16): the barbarians in their own colour, the External
Market, each player's stored gold and the delayed victories' "held last time"; every other
picture unchanged."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from bot.games.mare_nostrum.modules.punic_wars.state import punic
from bot.games.mare_nostrum.view import view
from rendering.mare_nostrum import board_image, render, style
from rendering.mare_nostrum import punic as punic_picture
from rendering.mare_nostrum.highlight import highlight_from_events
from rendering.mare_nostrum.layout import layout, point
from tests.rendering.punic_states import BATTLE, midgame
from tests.rendering.states import crowded_five

BROWN = punic_picture.SOLID


def decode(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _has(img: Image.Image, box: tuple[int, int, int, int], colour: tuple[int, int, int]) -> bool:
    return any(c == colour for _n, c in img.crop(box).getcolors(1 << 16) or [])


def test_the_barbarians_colour_is_no_empire_s_and_outside_the_base_palette() -> None:
    fixed = len(board_image._fixed_colours())
    assert board_image.MAP_COLOURS + fixed <= punic_picture.SOLID_INDEX
    assert BROWN not in {c for trio in style.EMPIRE_COLOURS.values() for c in trio}
    # A base render's palette leaves the barbarians' entries black (unused): its bytes stay.
    img = Image.open(io.BytesIO(render(view(crowded_five().state, None))))
    pal = img.getpalette() or []
    assert pal[punic_picture.SOLID_INDEX * 3 : punic_picture.SOLID_INDEX * 3 + 3] == [0, 0, 0]


def test_barbarian_units_drawn_in_their_own_colour() -> None:
    """7.1's barbarians: legions and fortress in Achaea, Macedonia and Thracia, triremes in
    their seas; and the ones hired into Italia, at war with Rome there (G7)."""
    state = midgame()
    img = decode(render(view(state, None)))
    lay = layout()
    for pid in ("achaea", "macedonia", "thracia", "italia"):
        ux, uy = point(lay["provinces"][pid], "units")
        assert _has(img, (ux - 60, uy - 11, ux + 60, uy + 11), BROWN), pid
    for sid, n in punic(state).triremes.items():
        if n:
            ux, uy = point(lay["seas"][sid], "units")
            assert _has(img, (ux - 90, uy - 10, ux + 90, uy + 10), BROWN), sid
    ux, uy = point(lay["provinces"]["italia"], "units")
    assert _has(img, (ux - 60, uy - 11, ux + 60, uy + 11), style.PIECES["war"])  # swords
    # Without barbarians, nothing brown on the map.
    part = punic(state)
    part.legions, part.fortresses, part.triremes = {}, [], {}
    bare = decode(render(view(state, None)))
    assert not _has(bare, (0, 0, board_image.WIDTH, board_image.MAP_H), BROWN)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_market_purses_and_held_victories_in_the_panel(lang: str) -> None:
    state = midgame()
    img = decode(render(view(state, None), lang=lang))
    box = (board_image.HW_X, punic_picture.BOX_Y - 14, board_image.WIDTH, board_image.MARKET_Y - 22)
    assert _has(img, box, style.PIECES["legendary"])  # the market's legendary tokens
    assert _has(img, box, BROWN)  # the barbarians' key
    # Carthage held the conquest condition last time: its disc on that row.
    row = punic_picture.BOX_Y + 2 * punic_picture.ROW
    assert _has(
        img,
        (board_image.HW_X, row - 8, board_image.WIDTH, row + 8),
        style.EMPIRE_COLOURS["black"][0],
    )
    # The panel box changes with the market and the purses.
    part = punic(state)
    part.market, part.purse = [], {"rome": {}, "carthage": {}}
    assert (
        img.crop(box).tobytes() != decode(render(view(state, None), lang=lang)).crop(box).tobytes()
    )


def test_the_panel_box_fits_between_the_hw_rows_and_the_market() -> None:
    spec = board_image.map_spec()
    last_hw_row = spec.hw_y + 1 * spec.hw_row + board_image.TILE_H  # two players
    assert last_hw_row < punic_picture.BOX_Y - punic_picture.CHIP // 2
    assert punic_picture.BOX_Y + 3 * punic_picture.ROW + 8 < board_image.MARKET_Y - 26


def test_a_barbarian_battle_is_highlighted_with_both_sides_dice() -> None:
    events: list[dict[str, Any]] = [
        {
            "kind": "barbarian_moved",
            "audience": None,
            "data": {"source": "macedonia", "target": "italia"},
        },
        {
            "kind": "barbarian_battle",
            "audience": None,
            "data": {
                "area": "italia",
                "sides": [
                    {"player": "rome", "dice": [4], "sum": 4, "hits": 0},
                    {"player": "barbarians", "dice": [6, 2], "sum": 8, "hits": 1},
                ],
            },
        },
    ]
    hi = highlight_from_events(events)
    assert hi is not None
    assert hi["areas"] == ["macedonia", "italia"]
    assert hi["dice"] == {"rome": [4], "barbarians": [6, 2]}
    img = decode(render(view(midgame(), None), highlight=BATTLE))
    _x, y = point(layout()["provinces"]["italia"], "label")
    assert _has(img, (0, max(0, y - 70), board_image.WIDTH, y - 20), BROWN)  # dice edges


def test_same_view_same_bytes_and_small() -> None:
    v = view(midgame(), None)
    first = render(v, highlight=BATTLE)
    assert render(v, highlight=BATTLE) == first
    assert len(first) <= 150 * 1024
    assert render(v) == render(view(midgame(), "rome"))  # nothing of a hand on the board
