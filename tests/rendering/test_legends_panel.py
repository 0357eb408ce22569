"""The Legendary City modules on the board picture (issue 15, "the picture"): the objectives
free or taken and by whom, each player's hand size (never its cards), the discard piles,
the victory markers, and the cities' figures (Myrmidons, Mausoleum, Greek-fire trireme)."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.modules.legends.state import legends
from rendering.core.text import recording
from rendering.mare_nostrum import board_image, legends_panel, render, style
from rendering.mare_nostrum.layout import units_point
from tests.rendering.legends_states import three_cities

GREEN = style.EMPIRE_COLOURS["green"][0]
RED = style.EMPIRE_COLOURS["red"][0]
ORANGE = style.PIECES["war"]


def _decode(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _texts(state: Any, viewer: str | None = None, lang: str = "en") -> list[str]:
    with recording() as texts:
        render(engine.view(state, viewer), lang=lang)
    return list(texts)


def _has(img: Image.Image, box: tuple[int, int, int, int], colour: tuple[int, int, int]) -> bool:
    return any(c == colour for _n, c in img.crop(box).getcolors(1 << 16) or [])


def test_objectives_face_up_free_or_taken_and_by_whom() -> None:
    """2.1: « Placez à côté du plateau de jeu les 3 tuiles Objectif [...] face visible. » The
    strip names the three, a taken one filled in its taker's colour with his letter."""
    state = three_cities()
    part = legends(state)
    texts = _texts(state)
    for obj in part.objectives:
        assert style.item_name(obj, "en") in texts
    img = _decode(render(engine.view(state, None)))
    y = board_image.HEIGHT + 32
    first = (legends_panel.OBJ_X, y, legends_panel.OBJ_X + legends_panel.OBJ_W, y + 30)
    second_x = legends_panel.OBJ_X + legends_panel.OBJ_W + 6
    second = (second_x, y, second_x + legends_panel.OBJ_W, y + 30)
    assert _has(img, first, GREEN)  # taken by Greece
    assert not _has(img, second, GREEN) and not _has(img, second, RED)  # free


def test_hand_sizes_shown_never_the_cards() -> None:
    """2.2: a player keeps his card « sans la révéler aux autres joueurs »; « Il n'y a pas de
    limite au nombre de cartes qu'un joueur peut détenir. » Each hand's size is drawn; no card
    of any hand is, whoever looks (the picture is the same for every viewer)."""
    state = three_cities()
    part = legends(state)
    tops = {pile[-1] for pile in part.discards.values() if pile}
    held = {c for hand in part.hands.values() for c in hand} - tops
    assert held
    for viewer in (None, "rome", "carthage"):
        texts = _texts(state, viewer)
        assert not {style.item_name(c, "en") for c in held} & set(texts), viewer
        for p, hand in part.hands.items():
            assert str(len(hand)) in texts, p
    spectator = render(engine.view(state, None))
    assert render(engine.view(state, "carthage")) == spectator  # Carthage holds 2 cards


def test_discard_piles_show_their_count_and_top_card() -> None:
    """2.3: « Une fois jouée, une carte Événement est défaussée dans la pile de défausse »
    (face up, B9): each city's pile by its count and its top card, and its deck's size."""
    state = three_cities()
    part = legends(state)
    texts = _texts(state, lang="fr")
    for city, pile in part.discards.items():
        top = style.item_name(pile[-1], "fr")
        assert any(
            t.startswith(f"défausse\u202f: {len(pile)} ({top})")
            or t.startswith(f"défausse : {len(pile)} ({top})")
            for t in texts
        ), city
        assert any(t.endswith(f": {part.decks[city].__len__()}") for t in texts), city


def test_victory_markers_count_the_battles_won() -> None:
    """« Les marqueurs Victoire sont utilisés pour comptabiliser les Batailles remportées par
    chaque joueur. » Each player's count is drawn beside his hand size."""
    state = three_cities()
    legends(state).wins["greece"] = 7
    assert "7" in _texts(state)


def test_myrmidons_drawn_in_their_province_unit_row() -> None:
    """ACHILLE: « placez immédiatement la figurine Myrmidons sur votre Province Capitale. Il
    s'agit d'une Unité terrestre. » A hoplite shield in Rome's red in Dacia's unit row, with
    Greece's legions there: a battle (outlined in orange)."""
    state = three_cities()
    img = _decode(render(engine.view(state, None)))
    ux, uy = units_point("dacia")
    row = (ux - 60, uy - 14, ux + 60, uy + 14)
    assert _has(img, row, RED) and _has(img, row, GREEN) and _has(img, row, ORANGE)


def test_greek_fire_badge_on_archimedes_and_its_owner_named() -> None:
    """ARCHIMÈDE: « placez gratuitement et immédiatement la figurine Trirème à feu grégeois en
    jeu. » It is one of his triremes on the board (E1): his Archimède tile gets the flame
    badge, and the strip names the figure with its owner's letter."""
    state = three_cities()
    texts = _texts(state)
    assert any(t.startswith(style.item_name("greek_fire", "en")) for t in texts)
    img = _decode(render(engine.view(state, None)))
    players = engine.view(state, None)["players"]
    y = board_image.HW_Y + players.index("babylon") * board_image.HW_ROW
    x = board_image.HW_X + 112
    tiles = (x, y - 4, x + 4 * board_image.TILE_W, y + board_image.TILE_H + 4)
    assert _has(img, tiles, ORANGE)


def test_a_game_without_the_cities_has_no_strip() -> None:
    """The strip belongs to the Legendary City modules: other pictures keep their size."""
    plain, _ = engine.new_game(["rome", "greece", "carthage"], None, 1)
    assert _decode(render(engine.view(plain, None))).size == (1600, board_image.HEIGHT)
    cities = _decode(render(engine.view(three_cities(), None)))
    assert cities.size == (1600, board_image.HEIGHT + legends_panel.STRIP_H)
