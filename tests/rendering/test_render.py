"""The board picture and the player screen: pure, deterministic, complete and honest."""

from __future__ import annotations

import io
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.games.mare_nostrum.board import full_board
from bot.games.mare_nostrum.view import view
from rendering.mare_nostrum import board_image, render, render_screen, style
from rendering.mare_nostrum.layout import layout, point
from tests.engine.builder import FIVE, THREE, Scenario
from tests.rendering.states import crowded_view, midgame_five, opening_three

ROOT = Path(__file__).resolve().parents[2]


def decode(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def solid(colour: str) -> tuple[int, int, int]:
    return style.EMPIRE_COLOURS[colour][0]


def tint(colour: str) -> tuple[int, int, int]:
    return style.EMPIRE_COLOURS[colour][1]


# --- purity and determinism ------------------------------------------------------------------


def test_same_view_same_bytes() -> None:
    v = view(midgame_five().state, "rome")
    first = render(v, highlight={"areas": ["macedonia"], "dice": {"rome": [1, 6]}})
    board_image.static_map.cache_clear()  # the cached map, rebuilt, gives the same picture
    second = render(v, highlight={"areas": ["macedonia"], "dice": {"rome": [1, 6]}})
    assert first == second
    assert render_screen(v) == render_screen(v)


def test_render_does_not_change_the_view() -> None:
    v = view(midgame_five().state, "rome")
    before = repr(v)
    render(v, highlight={"areas": ["ionium"]}, lang="fr")
    render_screen(v, lang="fr")
    assert repr(v) == before


def test_png_and_size() -> None:
    png = render(view(opening_three().state))
    assert png.startswith(b"\x89PNG")
    assert decode(png).size == (board_image.WIDTH, board_image.HEIGHT)


def test_language_and_highlight_change_the_picture() -> None:
    v = view(midgame_five().state, "rome")
    assert render(v, lang="fr") != render(v, lang="en")
    assert render(v, highlight={"areas": ["macedonia"]}) != render(v)


# --- layout data -----------------------------------------------------------------------------


def test_layout_places_every_province_sea_and_slot() -> None:
    lay, board = layout(), full_board()
    assert set(lay["provinces"]) == set(board.provinces)
    assert set(lay["seas"]) == set(board.seas)
    w, h = lay["map_size"]
    for pid, area in lay["provinces"].items():
        assert len(area["slots"]) == len(board.provinces[pid].slots), pid
        assert len(area["polygon"]) >= 3, pid
        for x, y in [*area["slots"], area["label"], area["influence"], area["units"]]:
            assert 0 <= x < w and 0 <= y < h, pid
    for sid, sea in lay["seas"].items():
        for x, y in (sea["label"], sea["units"]):
            assert 0 <= x < w and 0 <= y < h, sid


def test_no_label_box_overlaps_another() -> None:
    boxes = list(board_image.label_boxes().items())
    for i, (a, ba) in enumerate(boxes):
        for b, bb in boxes[i + 1:]:
            overlap = ba[0] < bb[2] and bb[0] < ba[2] and ba[1] < bb[3] and bb[1] < ba[3]
            assert not overlap, (a, b)


def _overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_names_stay_clear_of_slots_and_units() -> None:
    """No building slot, unit row (two empires in a province, three fleets in a sea) covers a
    name."""
    boxes = board_image.label_boxes()
    lay = layout()
    for pid, area in lay["provinces"].items():
        ux, uy = area["units"]
        bx, by = board_image.UNITS_BOX
        pieces = [(ux - bx, uy - by, ux + bx, uy + by)]
        pieces += [(x - 12, y - 12, x + 12, y + 12) for x, y in area["slots"]]
        for piece in pieces:
            for other, box in boxes.items():
                assert not _overlap(piece, box), (pid, other)
    for sid, sea in lay["seas"].items():
        ux, uy = sea["units"]
        fx, fy = board_image.FLEET_BOX
        fleet = (ux - fx, uy - fy, ux + fx, uy + fy)
        for other, box in boxes.items():
            assert not _overlap(fleet, box), (sid, other)


def test_every_slot_drawn_on_the_map() -> None:
    img = board_image.static_map((), "en").image.convert("RGB")
    for pid, area in layout()["provinces"].items():
        for x, y in area["slots"]:
            assert img.getpixel((x - 6, y + 6)) not in (style.LAND, style.SEA), pid


def _inside(pt: tuple[int, int], poly: list[list[int]]) -> bool:
    x, y = pt
    inside = False
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def test_every_province_content_inside_its_province() -> None:
    """Each province's name, influence marker and slots sit on its own land."""
    for pid, area in layout()["provinces"].items():
        for pt in [area["label"], area["influence"], *area["slots"]]:
            assert _inside((pt[0], pt[1]), area["polygon"]), (pid, pt)


# --- pixel probes ----------------------------------------------------------------------------


def _prov(pid: str) -> dict[str, Any]:
    area: dict[str, Any] = layout()["provinces"][pid]
    return area


def test_influence_marker_has_the_owner_colour() -> None:
    s = Scenario(FIVE).influence("dacia", "egypt").influence("germania", "babylon")
    img = decode(render(view(s.state)))
    for pid, colour in [("dacia", "yellow"), ("germania", "purple"), ("latium", "red"),
                        ("achaea", "green"), ("numidia", "black")]:
        x, y = point(_prov(pid), "influence")
        assert img.getpixel((x - 6, y - 5)) == solid(colour), pid


def test_province_tinted_with_influence_colour() -> None:
    s = Scenario(FIVE).influence("dacia", "egypt")
    img = decode(render(view(s.state)))
    static = board_image.static_map((), "en")
    for pid, colour in [("dacia", "yellow"), ("gallia", "red"), ("mesopotamia", "purple")]:
        (x0, y0), mask = static.tint_masks[pid]
        bbox = mask.getbbox()
        assert bbox is not None
        px = next((x, y) for y in range(bbox[1], bbox[3]) for x in range(bbox[0], bbox[2])
                  if mask.getpixel((x, y)))
        assert img.getpixel((x0 + px[0], y0 + px[1])) == tint(colour), pid
    x, y = _prov("germania")["label"]  # no influence: plain land
    assert img.getpixel((x, y + 16)) == style.LAND


def test_legion_has_its_owner_colour() -> None:
    s = Scenario(FIVE).legions("dacia", "greece", 3)
    img = decode(render(view(s.state)))
    ux, uy = point(_prov("dacia"), "units")
    assert img.getpixel((ux - 8, uy - 7)) == solid("green")


def test_fortress_and_legion_side_by_side() -> None:
    s = Scenario(FIVE)  # latium: Roman legion then fortress
    img = decode(render(view(s.state)))
    ux, uy = point(_prov("latium"), "units")
    # The row is centred: the legion's square at ux - 16, the fortress's tower at ux + 10.
    assert img.getpixel((ux - 16 - 7, uy - 7)) == solid("red")  # the legion
    assert img.getpixel((ux + 10 - 7, uy + 4)) == solid("red")  # the fortress


def test_trireme_has_its_owner_colour() -> None:
    s = Scenario(FIVE).triremes("pontus", "babylon", 2)
    img = decode(render(view(s.state)))
    ux, uy = point(layout()["seas"]["pontus"], "units")
    assert img.getpixel((ux - 10, uy - 5)) == solid("purple")


def test_province_at_war_is_outlined() -> None:
    s = Scenario(FIVE).legions("macedonia", "rome", 2)  # Greece has a legion there
    img = decode(render(view(s.state)))
    x, y = _prov("macedonia")["polygon"][2]
    assert img.getpixel((x, y)) == style.PIECES["war"]
    x, y = _prov("dacia")["polygon"][2]
    assert img.getpixel((x, y)) != style.PIECES["war"]


def test_occupied_building_marked_with_occupier_colour() -> None:
    s = Scenario(FIVE).occupy("latium", 0, "carthage")
    img = decode(render(view(s.state)))
    sx, sy = _prov("latium")["slots"][0]
    assert img.getpixel((sx - 14, sy)) == solid("black")
    assert img.getpixel((sx, sy - 5)) == style.PIECES["capital"]  # the building is drawn


def test_built_and_empty_slots_differ() -> None:
    s = Scenario(FIVE)
    img = decode(render(view(s.state)))
    built = _prov("latium")["slots"][4]  # Roman market
    empty = _prov("germania")["slots"][1]  # nobody's market
    assert img.getpixel((built[0] - 6, built[1] - 6)) == style.PIECES["market"]
    assert img.getpixel((empty[0] - 6, empty[1] - 6)) != style.PIECES["market"]


def test_pending_conversion_marked_with_converter_colour() -> None:
    s = Scenario(FIVE)
    s.state.conversions["gallia"] = {"player": "greece", "round": 1}
    img = decode(render(view(s.state)))
    ix, iy = point(_prov("gallia"), "influence")
    assert img.getpixel((ix - board_image.INFLUENCE_R - 3, iy)) == solid("green")  # the ring
    assert img.getpixel((ix - 10, iy - 5)) == solid("red")  # the marker


def test_covered_provinces_drawn_greyed() -> None:
    state = opening_three().state
    img = decode(render(view(state)))
    for pid in state.board.covered:
        area = _prov(pid)
        x, y = area["label"]
        assert img.getpixel((x, y + 20)) in (style.COVERED, style.COVERED_HATCH), pid


def test_highlight_ring_drawn() -> None:
    v = view(Scenario(FIVE).state)
    img = decode(render(v, highlight={"areas": ["dacia", "pontus"], "dice": {"rome": [6]}}))
    x, y = _prov("dacia")["polygon"][2]
    assert img.getpixel((x, y)) == style.PIECES["highlight"]


# --- size ------------------------------------------------------------------------------------


def test_crowded_state_stays_small() -> None:
    png = render(crowded_view(), highlight={"areas": ["aegaeum"], "dice": {"rome": [1, 2, 3]}})
    assert len(png) < 1024 * 1024
    assert len(png) <= 150 * 1024


# --- the screen ------------------------------------------------------------------------------


class RecordingDict(dict[str, Any]):
    """A view that records which keys the screen reads."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        super().__init__(data)
        self.read: set[str] = set()

    def __getitem__(self, key: str) -> Any:
        self.read.add(key)
        return super().__getitem__(key)

    def get(self, key: str, default: Any = None) -> Any:
        self.read.add(key)
        return super().get(key, default)


def test_screen_reads_only_the_viewers_hand() -> None:
    v = RecordingDict(view(midgame_five().state, "rome"))
    render_screen(v)
    # "ruleset": the screen is chosen by the view's ruleset (public), as the board is.
    assert v.read <= {"viewer", "hand", "purchasing", "empires", "hw", "round", "phase",
                      "ruleset"}


def test_screen_ignores_other_players_hands() -> None:
    s = midgame_five()
    before = render_screen(view(s.state, "rome"))
    s.hand("greece", coin=30, gold_l=1).hand("egypt", papyrus=9)
    assert render_screen(view(s.state, "rome")) == before
    s.hand("rome", coin=1)
    assert render_screen(view(s.state, "rome")) != before


def test_screen_for_spectator() -> None:
    png = render_screen(view(opening_three().state, None))
    assert png.startswith(b"\x89PNG")


@pytest.mark.parametrize(("hand", "size", "expected"), [
    ({"coin": 7}, 3, 2),
    ({"grain": 3, "oil": 1, "wine": 1}, 3, 1),
    ({"grain": 2, "oil": 2, "wine": 2}, 3, 2),
    ({"grain": 1, "grain*": 1, "oil": 2, "wine": 2, "coin": 3}, 3, 3),
    ({"grain": 1, "oil": 1, "wine": 1, "gold": 1, "sheep": 1}, 6, 0),
])
def test_sets_the_hand_can_form(hand: dict[str, int], size: int, expected: int) -> None:
    """The screen's planning aid, computed by the engine (resources.disjoint_sets)."""
    from bot.games.mare_nostrum.resources import disjoint_sets

    assert disjoint_sets(hand, size) == expected


# --- isolation -------------------------------------------------------------------------------


def test_rendering_never_imports_discord_or_the_database() -> None:
    code = (
        "import sys\n"
        "from tests.rendering.states import crowded_view\n"
        "from rendering import mare_nostrum as rendering\n"
        "rendering.render(crowded_view()); rendering.render_screen(crowded_view())\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('discord', 'aiosqlite', 'bot.db')]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)


def test_rendering_source_avoids_engine_state() -> None:
    for path in (ROOT / "rendering").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "import discord" not in text and "aiosqlite" not in text, path
        assert "GameState" not in text and "mare_nostrum.state" not in text, path


def test_three_player_board_renders() -> None:
    s = Scenario(THREE)
    assert decode(render(view(s.state, "greece"), lang="fr")).size == (1600, 1100)


@pytest.mark.parametrize("players", [FIVE, THREE])
def test_every_phase_renders_for_every_viewer(players: list[str]) -> None:
    from bot.games.mare_nostrum.rules import rules_for

    for phase in rules_for().phase_order:
        s = Scenario(players)
        s.enter(phase)
        for viewer in [None, *players]:
            v = view(s.state, viewer)
            assert render(v).startswith(b"\x89PNG")
            assert render_screen(v).startswith(b"\x89PNG")


def test_game_over_shows_the_winner() -> None:
    from bot.games.mare_nostrum.events import EventLog
    from bot.games.mare_nostrum.flow import end_game

    s = Scenario(FIVE)
    before = render(view(s.state))
    end_game(s.state, ["rome"], "capitals", EventLog())
    assert render(view(s.state)) != before


def test_odd_highlight_is_harmless() -> None:
    v = view(Scenario(FIVE).state)
    png = render(v, highlight={"areas": ["atlantis", "ionium"], "dice": {"barbarians": 4},
                               "label": "Bataille"})
    assert png.startswith(b"\x89PNG")


def test_same_bytes_across_processes() -> None:
    code = (
        "import hashlib\n"
        "from bot.games.mare_nostrum.view import view\n"
        "from rendering.mare_nostrum import render, render_screen\n"
        "from tests.rendering.states import midgame_five\n"
        "v = view(midgame_five().state, 'rome')\n"
        "print(hashlib.sha256(render(v) + render_screen(v)).hexdigest())\n"
    )
    digests = {
        subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, capture_output=True,
                       text=True, env={"PYTHONHASHSEED": seed, "PATH": ""}).stdout
        for seed in ("1", "2")
    }
    assert len(digests) == 1


def test_rendering_core_imports_no_game() -> None:
    """The shared drawing code (rendering.core, and the package itself) loads without any
    game: each game's pictures live in their own package."""
    code = (
        "import sys\n"
        "import rendering, rendering.core.text, rendering.core.encode\n"
        "bad = [m for m in sys.modules if m.startswith(('bot', 'discord', 'aiosqlite'))]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)
