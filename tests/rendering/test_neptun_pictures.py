"""Neptun's pictures: deterministic, within Discord's preview goals, every port drawn, the
private screen drawn from the owner's view only."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from bot import demo
from bot.catalog import t
from bot.games.neptun import ENGINE
from bot.games.neptun.data import load
from rendering.core.geo import source
from rendering.neptun import Pictures, render_board, render_screen
from rendering.neptun.board import static_layer
from rendering.neptun.layout import HEIGHT, PORTS, PROJECTION, WIDTH
from rendering.neptun.style import COLOURS, CRETA, LAND, SEA
from tests.rendering.neptun_states import midgame, opening, voyage


def test_the_board_is_deterministic_and_small() -> None:
    view = ENGINE.view(midgame(5), None)
    first = render_board(view)
    static_layer.cache_clear()
    assert render_board(view) == first
    assert len(first) <= 150 * 1024
    image = Image.open(io.BytesIO(first))
    assert image.width >= 900 and image.format == "PNG"
    assert render_board(view, "fr") != first  # the French names and labels


def test_every_port_is_drawn_in_its_regions_colour() -> None:
    data = load()
    image = Image.open(io.BytesIO(render_board(ENGINE.view(opening(3), None)))).convert("RGB")
    assert set(PORTS) == set(data.ports)
    for port, (x, y) in PORTS.items():
        region = data.region_of[port]
        want = COLOURS[data.colours[region]] if region else CRETA
        got = image.getpixel((x + 4, y + 4))
        assert isinstance(got, tuple)
        assert max(abs(a - b) for a, b in zip(got, want, strict=True)) < 24, (port, got)


def test_the_screen_is_drawn_from_the_owners_view() -> None:
    state = midgame(5)
    red = ENGINE.view(state, "red")
    green = ENGINE.view(state, "green")
    assert red["hand"] != green["hand"] or red["manifests"] != green["manifests"]
    assert render_screen(red) != render_screen(green)
    assert Pictures().screen(red, "fr") == render_screen(red, "fr")
    assert len(render_screen(red)) <= 150 * 1024


def test_the_demo_draws_neptun(tmp_path: Path) -> None:
    """`python -m bot demo --game neptun --out DIR`: a picture after each round and at the
    end, drawn by Neptun's renderer."""
    assert demo.main(["--game", "neptun", "--players", "4", "--out", str(tmp_path)]) == 0
    pictures = sorted(p.name for p in tmp_path.glob("*.png"))
    assert pictures == ["final.png", "round-01.png", "round-02.png", "round-03.png"]
    final = Image.open(tmp_path / "final.png")
    assert final.size == (WIDTH, HEIGHT)


def test_the_map_is_the_real_mediterranean_with_creta_an_island() -> None:
    """Land and sea where they are on Earth (Natural Earth's land, rendering/core/geo): Sicilia,
    Creta and Anatolia are land, the Ionian Sea and the Libyan Sea south of Creta are sea; the
    picture credits the source."""
    image = Image.open(io.BytesIO(render_board(ENGINE.view(opening(3), None)))).convert("RGB")

    def near(lon: float, lat: float, colour: tuple[int, int, int]) -> bool:
        x, y = PROJECTION(lon, lat)
        got = image.getpixel((round(x), round(y)))
        assert isinstance(got, tuple)
        return max(abs(a - b) for a, b in zip(got, colour, strict=True)) < 16

    for lon, lat in [(14.2, 37.5), (24.2, 35.25), (33.0, 38.5)]:  # Sicilia, Creta, Anatolia
        assert near(lon, lat, LAND), (lon, lat)
    for lon, lat in [(18.0, 36.0), (24.5, 34.2), (5.0, 39.0)]:  # Ionian, Libyan, Balearic
        assert near(lon, lat, SEA), (lon, lat)
    assert "Natural Earth" in source()
    assert "Natural Earth" in t("neptun.picture.credit", "en")
    assert "Natural Earth" in t("neptun.picture.credit", "fr")


def test_the_board_draws_nothing_a_spectator_cannot_see() -> None:
    """Hidden information (oar cards in hand, the card sealed this turn) never reaches the
    public picture: drawn from any merchant's own view, the board is the spectator's board."""
    state = voyage(5)
    public = render_board(ENGINE.view(state, None))
    assert any(ENGINE.view(state, p).get("chosen") is not None for p in state.players)
    for player in state.players:
        assert render_board(ENGINE.view(state, player)) == public, player
