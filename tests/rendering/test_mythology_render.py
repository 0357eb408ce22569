"""The Mythology's picture (issue 18, "Bot, picture and AI"; docs/rendering.md "The
Mythology"): the western board read the 2003 way, the gods with their holders, the High
Priest's card, ceramic, the creatures by kind (owner's colour, neutral slate), never a hand's
contents, in English and French."""

from __future__ import annotations

import io
import itertools
from typing import Any

import pytest
from PIL import Image, ImageDraw, ImageFont

from bot.games.mare_nostrum.modules.mythology.gods.state import GODS, gods
from bot.games.mare_nostrum.rulesets.mn2003.substate import sub
from bot.games.mare_nostrum.view import view
from rendering.core.text import font, recording, text_width
from rendering.mare_nostrum import board_image, mn2003, mythology, render, style
from rendering.mare_nostrum.highlight import highlight_from_events
from rendering.mare_nostrum.layout import point, rings
from tests.engine.mythology.setup_helpers import started
from tests.rendering.mythology_states import (
    creatures_part,
    midgame,
    opening,
    with_creatures,
    without_creatures,
)
from tests.rendering.test_atlas_inset import _pieces as atlas_pieces
from tests.rendering.test_render import _overlap

PREVIEW = 550  # Discord shows an attached picture about 550 px wide until it is clicked


@pytest.fixture(scope="module")
def mid() -> Any:
    return midgame()


def _pixels(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


def _box(img: Image.Image, x: int, y: int, r: int = 3) -> set[int]:
    pixels = img.load()
    assert pixels is not None
    return {int(pixels[x + dx, y + dy]) for dx in range(-r, r + 1) for dy in range(-r, r + 1)}  # type: ignore[arg-type]


def _words(v: Any, lang: str = "en", static: bool = False) -> list[str]:
    """The words a render draws (with the map's own, drawn once per cache, if `static`)."""
    with recording() as texts:
        if static:
            mn2003.static_map.cache_clear()
        render(v, lang=lang)
    return list(texts)


def test_the_western_board_is_drawn_whole_the_2003_way() -> None:
    """004 (C-30): «le plateau ouest» always joined, whole at every player count; the
    picture is the Atlas map at the base map's 1600 px (issue 18: it was 2000 px, the names
    6.05 px at Discord's preview), 1240 px high for the panel."""
    v = view(opening(3), None)
    img = _pixels(render(v))
    assert img.size == (1600, mythology.HEIGHT)
    assert render(v) == mn2003.render(v) != board_image.render(v)
    words = _words(v, static=True)
    for name in ("ATLANTIS", "HESPERIDES", "GADIRA", "MAURETANIA", "BABYLONIA"):
        assert name in words


def test_b13_ceramic_is_a_commodity_on_the_board() -> None:
    """004 l.90 (B.13): «la céramique» is the 13th resource; its icons take caravans — the
    legend keys its chip, in English and French."""
    v = view(opening(), None)
    en, fr = _words(v, static=True), _words(v, "fr", static=True)
    assert "ceramic" in en and mn2003._abbr("ceramic", "en") in en
    assert "céramique" in fr and mn2003._abbr("ceramic", "fr") in fr
    assert mn2003._abbr("ceramic", "fr") != mn2003._abbr("grain", "fr")


def test_b5_the_high_priest_is_the_fourth_role_card(mid: Any) -> None:
    """004 (B.5): «le Grand Prêtre» — a fourth role, shown with its holder and the counts."""
    v = view(mid, None)
    assert mn2003.role_ids(v) == ["trade", "culture", "military", "high_priest"]
    words = _words(v)
    assert "High Priest" in words and "Grand Prêtre" in _words(v, "fr")
    holder = v["titles"]["high_priest"]
    x = mn2003.ROLE_X + 3 * (mn2003.ROLE_W + mn2003.ROLE_GAP) + 4
    img = _pixels(render(v))
    assert mn2003.palette().solid(v["empires"][holder]["colour"]) in _box(
        img, x, mn2003.ROLE_Y + 60
    )


def test_c60_the_gods_are_shown_with_their_holders(mid: Any) -> None:
    """004 l.214: «Le joueur pose la carte du dieu devant lui»: every god, its holder (name
    and colour), the free ones, a used one marked."""
    v = view(mid, None)
    holders = gods(mid).holders
    words = _words(v)
    for god in GODS:
        assert god.capitalize() in words
    assert words.count("available") == len(GODS) - len(holders)
    assert "used" in words
    img = _pixels(render(v))
    pal = mn2003.palette()
    for k, god in enumerate(GODS):
        x0 = mythology.GODS_X + (k % mythology.GOD_COLS) * (mythology.GOD_W + 5)
        y0 = mythology.GODS_Y + (k // mythology.GOD_COLS) * (mythology.GOD_H + 6)
        disc = _box(img, x0 + 16, y0 + 38, 2)
        if god in holders:
            assert pal.solid(v["empires"][holders[god]]["colour"]) in disc, god
        else:
            assert not {pal.solid(e["colour"]) for e in v["empires"].values()} & disc, god
    french = _words(v, "fr")
    assert "Poséidon" in french
    assert "utilisé" in french


def test_b10_each_creature_is_drawn_by_kind_in_its_owners_colour(mid: Any) -> None:
    """004 l.459–469: «Béhémoth – Carthage, Centaure – Grèce, Griffon – Babylone, Kraken –
    Atlantide, Phoenix – Egypte, Titan – Rome»: one figure per kind, in its owner's colour; a
    kraken at sea beside the fleet."""
    v = with_creatures(mid, None)
    plain = render(without_creatures(mid, None))
    img = _pixels(render(v))
    assert render(v) != plain
    spec = board_image.map_spec(mythology.FRAME.map)
    pal = mn2003.palette()
    part = creatures_part(mid)
    for area, owners in part["at"].items():
        if area in spec.lay["seas"]:
            ux, uy = point(spec.lay["seas"][area], "units")
            assert pal.solid("turquoise") in _box(_pixels(render(v)), ux, uy + 8, 14)
            continue
        for owner in owners:
            colour = mn2003.NEUTRAL if owner in sub(mid).neutrals else v["empires"][owner]["colour"]
            assert pal.solid(colour) in _box(img, *point(spec.lay["provinces"][area], "units"), 40)
    # Every kind has its own emblem: six different drawings on the same hexagon.
    drawn = set()
    for kind in mythology.KINDS:
        one = Image.new("RGB", (40, 40))
        mythology.creature(ImageDraw.Draw(one), kind, 20, 20, (200, 0, 0), (255, 255, 255))
        drawn.add(one.tobytes())
    assert len(drawn) == len(mythology.KINDS)


def test_b4_3_a_neutral_creature_is_drawn_in_slate() -> None:
    """004 l.110: an absent civilisation's capital holds «1 pion unité mythologique» — drawn
    in the neutrals' slate, not in the civilisation's colour."""
    state = opening(5)
    (neutral,) = sub(state).neutrals
    v = with_creatures(state, None)
    capital = next(a for a, owners in creatures_part(state)["at"].items() if neutral in owners)
    spec = board_image.map_spec(mythology.FRAME.map)
    ux, uy = point(spec.lay["provinces"][capital], "units")
    pixels = _box(_pixels(render(v)), ux, uy, 40)
    assert mn2003.palette().solid(mn2003.NEUTRAL) in pixels


def test_the_creatures_left_and_on_card_are_in_the_panel(mid: Any) -> None:
    """«limitées à 3 par joueur»: each player's creature with those he may still build; a
    diving kraken and a phoenix on its card (C-43, C-44) counted apart."""
    words = _words(with_creatures(mid, None))
    assert "Kraken" in _words(view(mid, None), static=True)
    assert "1 on card" in words
    assert "0 to build" in words  # the Atlanteans: 2 at sea, 1 diving
    assert "1 to build" in words  # Rome: 2 on the board


def test_creatures_read_at_discords_preview_width() -> None:
    """A creature's hexagon is as wide as a legion's square (9.6 px at the preview of the
    1600 px picture, docs/rendering.md; 7.7 px when it was 2000 px), its owner's colour the
    first thing seen."""
    assert mythology.R >= board_image.UNIT
    # The western board is drawn on the Atlas map: the base map's frame, the far Atlantic
    # in an inset.
    assert mythology.FRAME.map == "atlas"
    assert board_image.map_spec(mythology.FRAME.map).width == 1600
    assert mythology.PIECE_W * PREVIEW / 1600 >= 9.5


def test_the_picture_works_without_the_creatures_part(mid: Any) -> None:
    """Main's Mythology has no creatures yet: the picture draws none and no creature row."""
    words = _words(without_creatures(mid, None))
    assert not any("to build" in w for w in words)


def test_r06_no_hand_contents_on_the_picture(mid: Any) -> None:
    """004 l.198–199: «Le nombre de cartes de chaque joueur doit-il être connu ? Oui» — the
    number, never the cards: two states differing only in a hand's contents give the same
    bytes, for a spectator and for any seat."""
    base = render(with_creatures(mid, None))
    for seat in mid.players:
        assert render(with_creatures(mid, seat)) == base
    first = mid.players[0]
    size = sum(mid.hands[first].values())
    kept = dict(mid.hands[first])
    try:
        mid.hands[first] = {"marble": size}
        assert render(with_creatures(mid, None)) == base
        mid.hands[first] = {"ceramic": size - 1, "coin": 1}
        assert render(with_creatures(mid, None), lang="fr") == render(
            with_creatures(mid, None), lang="fr"
        )
        assert render(with_creatures(mid, None)) == base
    finally:
        mid.hands[first] = kept


def test_the_picture_stays_small_and_in_both_languages(mid: Any) -> None:
    v = with_creatures(mid, None)
    en = render(v, highlight={"areas": ["atlanticus"], "dice": {"atlantis": [6]}})
    fr = render(v, lang="fr")
    assert len(en) <= 200 * 1024 and len(fr) <= 200 * 1024
    assert "Gods (held until the next offerings)" in _words(v, static=True)
    assert "Dieux (gardés jusqu'aux prochaines offrandes)" in _words(v, "fr", static=True)


def test_a_gods_or_a_creatures_stroke_is_highlighted() -> None:
    """The last action's area: Baal's destruction (the engine's `god_destroyed`), Mars's +6,
    a creatures' move (the `mytharmy` events); a private event never."""
    events: list[dict[str, Any]] = [
        {"kind": "god_used", "audience": None, "data": {"god": "baal", "target": "gallia:1"}},
        {
            "kind": "god_destroyed",
            "audience": None,
            "data": {"god": "baal", "target": "gallia:1", "province": "gallia"},
        },
    ]
    assert highlight_from_events(events) == {"areas": ["gallia"], "dice": {}, "label": ""}
    moved = {"source": "numidia", "target": "africa", "creatures": 1, "legions": 2}
    mars = {"kind": "mars_added", "audience": None, "data": {"area": "africa", "total": 14}}
    hl = highlight_from_events([{"kind": "creatures_moved", "audience": None, "data": moved}, mars])
    assert hl is not None and hl["areas"] == ["numidia", "africa"]
    hidden = {"kind": "kraken_dived", "audience": ["atlantis"], "data": {"area": "atlanticus"}}
    assert highlight_from_events([hidden]) is None


def test_c32_the_heroes_set_aside_are_shown(mid: Any) -> None:
    """004 l.93: «on en écarte 8» — C-32: «la liste est rendue publique»: their names under
    the face-up cards."""
    from bot.games.mare_nostrum.modules.mythology.setup import part

    words = _words(view(mid, None))
    assert "Set aside for this game" in words
    for tile in part(mid).set_aside:
        assert mn2003.card_name(tile, "en") in words


# --- at the base map's scale (issue 18: the picture moved from 2000 to 1600 px) ------------

Box = tuple[int, int, int, int]


def test_names_read_at_discords_preview_width(mid: Any) -> None:
    """The picture is as wide as the base map's, so that a province's name line (18 px bold)
    is at least 7.5 px at Discord's preview (6.05 px at 2000 px), as on the base and Atlas
    pictures."""
    width = _pixels(render(with_creatures(mid, None))).size[0]
    face = font(board_image.PROVINCE_FONT, True)
    assert isinstance(face, ImageFont.FreeTypeFont)
    ascent, descent = face.getmetrics()
    assert (ascent + descent) * PREVIEW / width >= 7.5
    scale = PREVIEW / width
    assert 2 * board_image.UNIT * scale >= 8  # a legion's square
    assert mythology.PIECE_W * scale >= 9.5  # a creature's hexagon


def _map_pieces() -> list[tuple[str, str, Box]]:
    """Every piece of the Mythology's map: the Atlas map's names, influence markers, slots,
    unit rows and fleets, the built temples' and markets' icons (beside the influence marker
    where the board prints neither) and this picture's legend (no Atlantean track here)."""
    spec = board_image.map_spec(mythology.FRAME.map)
    out = [p for p in atlas_pieces() if p[1] not in ("legend", "track")]
    out.append(("", "legend", mythology.FRAME.legend))
    for pid in spec.lay["provinces"]:
        for kind, (x, y) in mn2003._temple_market_points(pid, spec).items():
            h = mn2003.ICON // 2
            out.append((pid, kind, (x - h, y - h, x + h, y + h)))
    return out


def test_nothing_on_the_map_overlaps_another_piece() -> None:
    """No name, influence marker, slot, temple or market, unit row, fleet or the legend
    overlaps another (two fleets' rooms may touch; a province's temple and market stand on
    its own printed slots; Germania's, beside its marker, touch the edge of its unit row's
    room, sized for a battle of two empires)."""
    own = {"slot", "temple", "market"}

    def allowed(a: tuple[str, str, Box], b: tuple[str, str, Box]) -> bool:
        if a[1] == b[1] == "fleet":
            return True
        if a[0] == b[0] and {a[1], b[1]} <= own:
            return True
        return a[0] == b[0] == "germania" and {a[1], b[1]} in ({"units", "market"},)

    clashes = [
        (a[:2], b[:2])
        for a, b in itertools.combinations(_map_pieces(), 2)
        if _overlap(a[2], b[2]) and not allowed(a, b)
    ]
    assert not clashes


def test_the_legend_is_on_unplayed_land_clear_of_the_inset() -> None:
    """The legend lies where the Atlas picture has its own (the steppe north of the Black
    Sea): no province's land under it, and the inset of far ocean left to the legendary
    islands."""
    spec = board_image.map_spec(mythology.FRAME.map)
    x0, y0, x1, y1 = mythology.FRAME.legend
    assert x1 <= spec.width and y1 < board_image.MAP_H
    for pid in spec.lay["provinces"]:
        for ring in rings(pid, spec.name):
            assert not any(x0 < x < x1 and y0 < y < y1 for x, y in ring), pid
    assert spec.inset is not None and not _overlap(mythology.FRAME.legend, spec.inset)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_legend_words_fit_in_its_box(lang: str) -> None:
    """Five columns: each key's word ends before the next column's icon, the last column's
    inside the box, and every row inside it."""
    frame = mythology.FRAME
    x0, y0, x1, y1 = frame.legend
    w = style.words(lang)
    base = ["caravan", "market_b", "city", "capital", "temple", "legion", "fortress", "trireme"]
    labels = [w[k] for k in base] + [mn2003._word("docked", lang), w["influence"]]
    labels += [mn2003._word("neutral", lang), w["war"], w["occupied"]]
    labels += [mn2003._word("conversion", lang)]
    labels += [label for _key, label in frame.layer.legend_cells(lang)]
    cols = frame.legend_cols
    col_w = (x1 - x0) // cols
    for i, label in enumerate(labels):
        col = i % cols
        end = x0 + 20 + col * col_w + 22 + text_width(label, 12)
        limit = x1 if col == cols - 1 else x0 + 20 + (col + 1) * col_w - 14
        assert end < limit, label
    assert y0 + 44 + (len(labels) - 1) // cols * frame.legend_pitch + 14 <= y1


def _panel_boxes(v: Any, lang: str) -> list[tuple[str, Box]]:
    """The panel's parts as drawn for view `v`: role cards, gods, the long game's marker,
    each player's row (name, hand, creature, up to 5 tiles), the face-up cards and the
    heroes set aside (with their headings)."""
    frame, my, tile_w, tile_h = mythology.FRAME, mythology, board_image.TILE_W, board_image.TILE_H
    out: list[tuple[str, Box]] = []
    top, bottom = mn2003.ROLE_Y, mn2003.ROLE_Y + mn2003.ROLE_H
    for k in range(len(mn2003.role_ids(v))):
        x = mn2003.ROLE_X + k * (mn2003.ROLE_W + mn2003.ROLE_GAP)
        out.append((f"role {k}", (x, top, x + mn2003.ROLE_W, bottom)))
    heading = text_width(my._word("gods", lang), 16)
    out.append(("gods heading", (my.GODS_X, my.GODS_Y - 24, my.GODS_X + heading, my.GODS_Y - 8)))
    for k in range(len(GODS)):
        x = my.GODS_X + (k % my.GOD_COLS) * (my.GOD_W + 5)
        y = my.GODS_Y + (k // my.GOD_COLS) * (my.GOD_H + 6)
        out.append((f"god {k}", (x, y, x + my.GOD_W, y + my.GOD_H)))
    out.append(("long game", my.long_game_box()))
    left = mn2003.PLAYERS_X
    for i in range(len(v["players"])):
        y = mn2003.PLAYERS_Y + i * frame.player_row
        out.append((f"player {i}", (left, y - 12, frame.tiles_x + 5 * tile_w, y + 12)))
    shown = my.shown_market(v)
    last_row = frame.market_y + (-(-shown // frame.market_per_row) - 1) * mn2003.MARKET_ROW
    right = left + frame.market_per_row * tile_w
    out.append(("face-up", (left, frame.market_y - 24, right, last_row + tile_h)))
    y = my.set_aside_y(frame, shown)
    out.append(("set aside", (left, y - 8, right, y + 14 + tile_h)))
    return out


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_panel_parts_fit_without_overlap(lang: str) -> None:
    """At 1600 px the panel holds everything the 2000 px one did: the four role cards and
    the eight gods (left of the players' column), six players' rows with five tiles each,
    every face-up card of the opening (the most there are) and the 8 heroes set aside, and
    the long game's marker — inside the picture, none over another, the left column's
    words clear of the players' column."""
    v = view(opening(), None)
    boxes = _panel_boxes(v, lang)
    width, height = board_image.map_spec(mythology.FRAME.map).width, mythology.HEIGHT
    for name, (x0, y0, x1, y1) in boxes:
        assert x0 >= 0 and x1 <= width and y0 >= board_image.MAP_H + 30 and y1 <= height, name
    clashes = [
        (a[0], b[0]) for a, b in itertools.combinations(boxes, 2) if _overlap(a[1], b[1])
    ]
    assert not clashes
    left = [box for name, box in boxes if name.split()[0] in ("role", "god", "gods", "long")]
    assert max(box[2] for box in left) < mn2003.PLAYERS_X - 14  # the column's rule
    text = mythology._word("long_game", lang, hw=5, pyramids=13)
    x0, _y0, x1, _y1 = mythology.long_game_box()
    assert x0 + 10 + text_width(text, 14) < x1


def test_b4_the_long_game_is_marked_on_the_picture() -> None:
    """004 l.87: «Pour une partie plus longue, vous pouvez fixer l'objectif à 5 héros et/ou
    merveilles» (the Pyramids at 13): the long game's goals are shown, the usual game's
    picture has no such marker."""
    plain = _words(view(opening(), None))
    assert not any(w.startswith("Long game") for w in plain)
    long_view = view(started(6, 2, long_game=True), None)
    words = _words(long_view)
    assert "Long game: 5 heroes and/or wonders, or the Pyramids (13), to win" in words
    french = _words(long_view, "fr")
    assert "Partie longue : 5 héros et/ou merveilles, ou les Pyramides (13), pour gagner" in french


def test_c52_legions_lent_by_hercule_are_not_pawns_to_build() -> None:
    """C-52 (Hercule): legions act as creatures until the end of the military turn, counted
    among the creatures on the board (`lent`); they are none of the owner's 3 pawns, so his
    count of creatures still to build does not drop."""
    part = {"at": {"gallia": {"rome": 3}}, "lent": {"gallia": {"rome": 2}}, "dived": {}}
    assert mythology.on_board(part, "rome") == 1
    assert mythology.left_to_build(part, "rome") == 2
