"""The picture of an Atlas game (module `atlantis`): Hispania and Mauretania in play on the base
map's frame, the legendary islands in an inset, the sixth empire on every track and panel, the
Atlantean track and the petrified units; complete, deterministic, small and honest."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from bot.games.mare_nostrum.board import board
from bot.games.mare_nostrum.view import view
from rendering.mare_nostrum import board_image, render, render_screen, style
from rendering.mare_nostrum.layout import layout, map_name, point
from tests.engine.atlantis.scenario import FIVE_A, FOUR_A, SIX, AtlasScenario
from tests.rendering.states import crowded_six, crowded_six_view
from tests.rendering.test_render import _inside, _overlap

ATLAS = "atlas"
WEST_PROVINCES = ["atlantis", "gadira", "hesperides", "baetica", "lusitania", "tarraconensis",
                  "mauretania"]
WEST_SEAS = ["atlanticus", "fretum", "balearicum"]
TURQUOISE = style.EMPIRE_COLOURS["turquoise"][0]


def decode(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _spec() -> board_image.MapSpec:
    return board_image.map_spec(ATLAS)


# --- which map ------------------------------------------------------------------------------


@pytest.mark.parametrize(("key", "name"), [("atlas/4", ATLAS), ("atlas/5", ATLAS),
                                           ("atlas/6", ATLAS), ("empires/3", "empires"),
                                           ("empires/5", "empires"), ("", "empires")])
def test_board_key_chooses_the_map(key: str, name: str) -> None:
    assert map_name(key) == name


@pytest.mark.parametrize("players", [FOUR_A, FIVE_A, SIX])
def test_atlas_games_draw_the_atlas_map(players: list[str]) -> None:
    """The Atlas map keeps the base picture's width (1600 px: it was 2000 px, which Discord's
    preview shrank to 0.275), so that its names and pieces read as the base map's."""
    state = AtlasScenario(players).state
    img = decode(render(view(state, None)))
    assert img.size == (_spec().width, board_image.HEIGHT)
    assert _spec().width == board_image.WIDTH
    for pid in state.board.covered:  # the covered provinces greyed, as on the base map
        x, y = layout(ATLAS)["provinces"][pid]["label"]
        assert img.getpixel((x, y + 20)) in (style.COVERED, style.COVERED_HATCH), pid


# --- layout data ----------------------------------------------------------------------------


def test_atlas_layout_places_every_province_sea_and_slot() -> None:
    lay, whole = layout(ATLAS), board("atlas/6")
    assert set(lay["provinces"]) == set(whole.provinces)
    assert set(lay["seas"]) == set(whole.seas)
    assert set(WEST_PROVINCES) <= set(lay["provinces"]) and set(WEST_SEAS) <= set(lay["seas"])
    w, h = lay["map_size"]
    for pid, area in lay["provinces"].items():
        assert len(area["slots"]) == len(whole.provinces[pid].slots), pid
        for x, y in [*area["slots"], area["label"], area["influence"], area["units"]]:
            assert 0 <= x < w and 0 <= y < h, pid
        for pt in [area["label"], area["influence"], *area["slots"]]:
            assert _inside((pt[0], pt[1]), area["polygon"]), (pid, pt)
    for sid, sea in lay["seas"].items():
        for x, y in (sea["label"], sea["units"]):
            assert 0 <= x < w and 0 <= y < h, sid


def test_atlas_base_part_is_the_base_map_shifted() -> None:
    """The base map's areas keep their shapes, shifted east by the Atlantis strip."""
    base, atlas = layout(), layout(ATLAS)
    dx = atlas["map_size"][0] - base["map_size"][0]
    for pid, area in base["provinces"].items():
        assert atlas["provinces"][pid]["polygon"] == [[x + dx, y] for x, y in area["polygon"]]


def test_atlas_labels_do_not_overlap() -> None:
    boxes = list(board_image.label_boxes(ATLAS).items())
    assert len(boxes) == len(layout(ATLAS)["provinces"]) + len(layout(ATLAS)["seas"])
    for i, (a, ba) in enumerate(boxes):
        for b, bb in boxes[i + 1:]:
            assert not _overlap(ba, bb), (a, b)


def test_atlas_names_clear_of_slots_units_legend_and_track() -> None:
    spec = _spec()
    boxes = board_image.label_boxes(ATLAS)
    assert spec.track is not None
    pieces: list[tuple[str, tuple[int, int, int, int]]] = [("track", spec.track)]
    for pid, area in spec.lay["provinces"].items():
        ux, uy = area["units"]
        bx, by = board_image.UNITS_BOX
        pieces.append((pid, (ux - bx, uy - by, ux + bx, uy + by)))
        pieces += [(pid, (x - 12, y - 12, x + 12, y + 12)) for x, y in area["slots"]]
    for sid, sea in spec.lay["seas"].items():
        ux, uy = sea["units"]
        fx, fy = board_image.FLEET_BOX
        pieces.append((sid, (ux - fx, uy - fy, ux + fx, uy + fy)))
    for owner, piece in pieces:
        for other, box in boxes.items():
            assert not _overlap(piece, box), (owner, other)
    # The track box and the legend lie on no province's land (the track in the panel, the
    # legend over the unplayed steppe north of the Black Sea).
    for box in (spec.track, spec.legend):
        x0, y0, x1, y1 = box
        corners = [(x0, y0), (x1, y0), (x0, y1), (x1, y1), ((x0 + x1) // 2, y1)]
        for pid, area in spec.lay["provinces"].items():
            for ring in [area["polygon"], *area["parts"]]:
                assert not any(_inside(c, ring) for c in corners), (box, pid)
                assert not any(x0 < x < x1 and y0 < y < y1 for x, y in ring), (box, pid)
    assert spec.track[1] >= board_image.MAP_H  # the Atlantean track in the panel


# --- every Atlantis area drawn --------------------------------------------------------------


def test_every_atlantis_area_drawn() -> None:
    static = board_image.static_map((), "en", ATLAS)
    img = static.image.convert("RGB")
    lay = layout(ATLAS)
    for pid in WEST_PROVINCES:
        area = lay["provinces"][pid]
        assert static.tint_masks[pid][1].getbbox() is not None, pid  # its plain land
        x, y = area["label"]
        ink = {img.getpixel((x + dx, y + dy)) for dx in range(-20, 21) for dy in range(-6, 7)}
        assert style.INK in ink, pid  # its name
        for sx, sy in area["slots"]:
            assert img.getpixel((sx - 6, sy + 6)) not in (style.LAND, style.SEA), pid
    for sid in WEST_SEAS:
        x, y = lay["seas"][sid]["label"]
        ink = {img.getpixel((x + dx, y + dy)) for dx in range(-30, 31) for dy in range(-12, 13)}
        assert style.SEA_TEXT in ink, sid


def test_atlantean_units_and_influence_drawn() -> None:
    s = AtlasScenario(SIX).legions("lusitania", "atlantis", 2).triremes("fretum", "atlantis", 1)
    img = decode(render(view(s.state)))
    lay = layout(ATLAS)
    ix, iy = point(lay["provinces"]["atlantis"], "influence")  # Atlantis's own province
    assert img.getpixel((ix - 6, iy - 5)) == TURQUOISE
    ux, uy = point(lay["provinces"]["lusitania"], "units")
    assert img.getpixel((ux - 8, uy - 7)) == TURQUOISE
    ux, uy = point(lay["seas"]["fretum"], "units")
    assert img.getpixel((ux - 10, uy - 5)) == TURQUOISE


# --- the sixth empire on the panels ---------------------------------------------------------


def _has(img: Image.Image, box: tuple[int, int, int, int], colour: tuple[int, int, int]) -> bool:
    crop = img.crop(box)
    return any(c == colour for _n, c in crop.getcolors(1 << 16) or [])


def test_sixth_empire_on_every_track_and_panel() -> None:
    spec = _spec()
    v = crowded_six_view()
    img = decode(render(v))
    # Heroes & Wonders: the sixth row, Atlantis's disc and its tiles' border.
    y = spec.hw_y + 5 * spec.hw_row
    assert img.getpixel((board_image.HW_X + 10 - 6, y + board_image.TILE_H // 2 - 4)) == TURQUOISE
    assert _has(img, (board_image.HW_X + 112, y, board_image.HW_X + 560, y + 3), TURQUOISE)
    # Every title track: a turquoise disc at Atlantis's level.
    for t_i in range(3):
        ty = board_image.TRACK_Y + t_i * board_image.TRACK_STEP
        assert _has(img, (0, ty + 14, 900, ty + 66), TURQUOISE), t_i
    # The header's waiting list names all six.
    assert _has(img, (540, board_image.MAP_H + 4, spec.width, board_image.MAP_H + 28), TURQUOISE)


def test_title_held_by_atlantis_shown_in_its_colour() -> None:
    s = AtlasScenario(SIX).title("trade", "atlantis")
    img = decode(render(view(s.state)))
    ty = board_image.TRACK_Y
    assert _has(img, (120, ty - 10, 420, ty + 10), TURQUOISE)


def test_atlantean_track_shows_face_up_tiles_only() -> None:
    spec = _spec()
    assert spec.track is not None
    x0, y0, x1, _y1 = spec.track
    s = AtlasScenario(SIX)
    before = decode(render(view(s.state)))
    track = s.state.substates["atlantean_track"]
    face_up = list(track.face_up)  # type: ignore[attr-defined]
    assert face_up  # at 6 players the track is face up
    track.face_up = []  # type: ignore[attr-defined]
    after = decode(render(view(s.state)))
    tile_row = (x0 + 4, y0 + 26, x1 - 4, y0 + 26 + board_image.TILE_H)
    assert before.crop(tile_row).tobytes() != after.crop(tile_row).tobytes()
    assert _has(before, tile_row, style.PIECES["tile"])
    assert not _has(after, tile_row, style.PIECES["tile"])


def test_atlantis_player_screen() -> None:
    s = AtlasScenario(SIX)
    img = decode(render_screen(view(s.state, "atlantis")))
    assert img.getpixel((5, 5)) == TURQUOISE  # the screen's header in Atlantis's colour


# --- petrified units -------------------------------------------------------------------------


def test_petrified_units_marked_in_stone() -> None:
    """Médée's triremes and Méduse's legions, off the board in the engine, are drawn in their
    area in stone grey, edged in their owner's colour."""
    lay = layout(ATLAS)
    stone = style.PIECES[style.STONE]
    s = crowded_six()
    img = decode(render(view(s.state)))
    s.state.substates["atlantean_powers"].petrified = []  # type: ignore[attr-defined]
    plain = decode(render(view(s.state)))
    ux, uy = point(lay["provinces"]["mauretania"], "units")
    row = (ux - 80, uy - 11, ux + 80, uy + 11)
    assert _has(img, row, stone) and not _has(plain, row, stone)
    assert _has(img, row, style.EMPIRE_COLOURS["black"][0])  # Carthage's edge
    ux, uy = point(lay["seas"]["balearicum"], "units")
    row = (ux - 120, uy - 9, ux + 120, uy + 9)
    assert _has(img, row, stone) and not _has(plain, row, stone)


# --- determinism, size, hidden information ---------------------------------------------------


def test_atlas_same_view_same_bytes() -> None:
    v = crowded_six_view()
    first = render(v)
    board_image.static_map.cache_clear()
    assert render(v) == first
    assert render(v, lang="fr") != first
    assert render_screen(v) == render_screen(v)


def test_crowded_six_player_state_stays_small() -> None:
    png = render(crowded_six_view(), highlight={"areas": ["balearicum", "baetica"],
                                                "dice": {"atlantis": [1, 2, 3]}})
    assert len(png) <= 150 * 1024


def test_atlas_board_same_for_every_viewer() -> None:
    """The board picture shows public facts only: every seat and a spectator see the same."""
    state = crowded_six().state
    pictures = {render(view(state, viewer)) for viewer in [None, *SIX]}
    assert len(pictures) == 1


def test_atlas_board_ignores_hands_and_face_down_tiles() -> None:
    """Nobody's resources, nor the order of the face-down Atlantean tiles (the introductory
    option), change the picture."""
    s = AtlasScenario(SIX, modules=("atlantis", "atlantis_intro"))
    track: Any = s.state.substates["atlantean_track"]
    assert len(track.hidden) >= 2
    before = render(view(s.state, "rome"))
    s.hand("rome", coin=30).hand("atlantis", gold_l=2, metal=9)
    track.hidden = list(reversed(track.hidden))
    assert render(view(s.state, "rome")) == before


# --- names ------------------------------------------------------------------------------------


def test_atlas_names_are_the_catalogs_and_the_boards() -> None:
    """The Atlantean areas and tiles are drawn with the catalog's names, which agree with the
    Atlas data's printed names (one name per thing)."""
    from bot.catalog import t
    from bot.games.mare_nostrum.modules.atlantis.data import tiles

    whole = board("atlas/6")
    for area in [*WEST_PROVINCES, *WEST_SEAS]:
        printed = whole.provinces[area].name if area in whole.provinces else whole.seas[area].name
        for lang in ("en", "fr"):
            assert t(f"mn.value.{area}", lang).upper() == printed
            assert style.area_label(area, "?", lang) == printed
    for tile_id, tile in tiles().items():
        assert style.hw_name(tile_id, "en") == tile.name_en
        assert style.hw_name(tile_id, "fr").upper() == tile.name_fr
    assert style.words("fr")["atlantean_track"] == "Héros atlantes"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_atlas_legend_words_fit_in_its_box(lang: str) -> None:
    """The legend sits at the picture's east edge, in five columns: each key's word ends
    before the next column's icon, and the last column's inside the box."""
    spec = _spec()
    x0, _y0, x1, _y1 = spec.legend
    cols = spec.legend_cols
    col_w = (x1 - x0) // cols
    w = style.words(lang)
    keys = ["caravan", "market_b", "city", "capital", "legendary_city", "temple", "legion",
            "fortress", "trireme", "influence", "war", "occupied", "petrified", "centaurs"]
    for i, word in enumerate(keys):
        col = i % cols
        end = x0 + 20 + col * col_w + 22 + style.text_width(w[word], 12)
        limit = x1 if col == cols - 1 else x0 + 20 + (col + 1) * col_w - 14
        assert end < limit, word
    assert x1 <= spec.width
