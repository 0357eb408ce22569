"""The Mythology's picture (issue 18, "Bot, picture and AI"; docs/rendering.md "The
Mythology"): the western board read the 2003 way, the gods with their holders, the High
Priest's card, ceramic, the creatures by kind (owner's colour, neutral slate), never a hand's
contents, in English and French."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image, ImageDraw

from bot.games.mare_nostrum.modules.mythology.gods.state import GODS, gods
from bot.games.mare_nostrum.rulesets.mn2003.substate import sub
from bot.games.mare_nostrum.view import view
from rendering.core.text import recording
from rendering.mare_nostrum import board_image, mn2003, mythology, render
from rendering.mare_nostrum.highlight import highlight_from_events
from rendering.mare_nostrum.layout import point
from tests.rendering.mythology_states import (
    creatures_part,
    midgame,
    opening,
    with_creatures,
    without_creatures,
)


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
    picture is the Atlas map (2000 px), 1220 px high for the panel."""
    v = view(opening(3), None)
    img = _pixels(render(v))
    assert img.size == (2000, mythology.HEIGHT)
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
    """A creature's hexagon is as wide as a legion's square (6.6 px at the Atlas map's
    preview, docs/rendering.md), its owner's colour the first thing seen."""
    assert mythology.R >= board_image.UNIT
    # The western board is the former 2000 px Atlas map (the Atlas picture is 1600 px now).
    assert mythology.FRAME.map == "western"
    assert board_image.map_spec(mythology.FRAME.map).width == 2000
    assert mythology.PIECE_W * 550 / 2000 >= 6.6


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
