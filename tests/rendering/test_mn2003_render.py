"""The 2003 board picture (issue 17, "Bot, picture and AI"; docs/rendering.md "The 2003
ruleset"): chosen by the view's ruleset, the whole board with the neutral pieces, temples and
markets drawn where built, the role cards from the view, hand sizes and never hand contents."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from bot.games.mare_nostrum.rulesets.mn2003.substate import sub
from bot.games.mare_nostrum.view import view
from rendering.mare_nostrum import board_image, mn2003, render
from rendering.mare_nostrum.layout import point
from tests.rendering.mn2003_states import late, opening


def _pixels(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


def _box_indices(img: Image.Image, x: int, y: int, r: int = 3) -> set[int]:
    pixels = img.load()
    assert pixels is not None
    return {int(pixels[x + dx, y + dy]) for dx in range(-r, r + 1) for dy in range(-r, r + 1)}  # type: ignore[arg-type]


def test_the_picture_is_chosen_by_the_views_ruleset() -> None:
    v = view(opening(), None)
    assert render(v) == mn2003.render(v)
    assert render(v) != board_image.render(v)
    assert render(v) == render(v)  # deterministic


def test_s02_absent_civilisations_stand_as_neutral_pieces_in_their_own_colour() -> None:
    """003 l.223: «À moins de 5 joueurs, on neutralise les civilisations qui ne sont pas mises
    en jeu en plaçant sur leur capitale : 1 pion influence, 1 pion légion et 1 pion
    forteresse»."""
    state = opening(3)
    v = view(state, None)
    neutral = mn2003.palette().solid(mn2003.NEUTRAL)
    img = _pixels(render(v))
    lay = board_image.map_spec().lay["provinces"]
    for civ in sub(state).neutrals:
        capital = {
            "rome": "latium",
            "egypt": "aegyptus",
            "babylon": "babylonia",
            "greece": "achaea",
            "carthage": "africa",
        }[civ]
        ix, iy = point(lay[capital], "influence")
        assert neutral in _box_indices(img, ix, iy, 6), civ
    assert (img.getpalette() or [])[neutral * 3 : neutral * 3 + 3] == list(
        mn2003.NEUTRAL_COLOURS[0]
    )


def test_bd08_a_temple_and_a_market_are_drawn_where_built() -> None:
    """003 l.297: «Dans une province, il ne peut construire qu'un seul temple, un seul marché
    et une seule forteresse»: no printed slot, an icon where one stands."""
    state = opening()
    before = _pixels(render(view(state, None)))
    sub(state).temples.append("gallia")
    sub(state).markets.append("gallia")
    after = _pixels(render(view(state, None)))
    points = mn2003._temple_market_points("gallia", board_image.map_spec())
    pal = mn2003.palette()
    for kind in ("temple", "market"):
        x, y = points[kind]
        assert pal[kind] not in _box_indices(before, x, y + 3)
        assert pal[kind] in _box_indices(after, x, y + 3)


def test_no_empty_temple_or_market_slot_is_printed() -> None:
    """C-5: the 2003 board has no temple or market sites; the map shows only city sites and
    resource icons."""
    img = _pixels(render(view(opening(), None)))
    spec = board_image.map_spec()
    area = spec.lay["provinces"]["thracia"]
    kinds = [s.kind for s in spec.board.provinces["thracia"].slots]
    tx, ty = area["slots"][kinds.index("temple")]
    land = _box_indices(img, tx, ty, 0)
    assert _box_indices(img, tx, ty, 5) <= land | {mn2003.palette().tint("green")}


def test_r06_hand_sizes_are_drawn_never_their_contents() -> None:
    """004 l.198–199: «Le nombre de cartes de chaque joueur doit-il être connu ? Oui»: the
    size, never the cards."""
    state = late()
    base = render(view(state, None))
    assert render(view(state, "rome")) == base  # a seat's picture shows nothing private
    first = state.players[0]
    size = sum(state.hands[first].values())
    state.hands[first] = {"marble": size}  # other cards, same number
    assert render(view(state, None)) == base
    state.hands[first] = {"marble": size + 1}
    assert render(view(state, None)) != base


def test_the_role_cards_come_from_the_view_a_fourth_role_included() -> None:
    """003 l.247: «un joueur va jouer un rôle privilégié symbolisé par une carte»; a module's
    role (the Mythology's High Priest) is a fourth card."""
    v: dict[str, Any] = dict(view(opening(), None))
    assert mn2003.role_ids(v) == ["trade", "culture", "military"]
    x = mn2003.ROLE_X + 3 * (mn2003.ROLE_W + mn2003.ROLE_GAP) + mn2003.ROLE_W // 2
    y = mn2003.ROLE_Y + mn2003.ROLE_H - 6
    tile = mn2003.palette()["tile"]
    assert tile not in _box_indices(_pixels(render(v)), x, y, 2)
    v["titles"] = {**v["titles"], "high_priest": v["players"][0]}
    assert mn2003.role_ids(v)[-1] == "high_priest"
    assert tile in _box_indices(_pixels(render(v)), x, y, 2)


def test_a_late_game_fits_the_budget_and_draws_triremes_on_land() -> None:
    """003 (rule 5, mn2003.md A.10 #22): triremes are built on land and sail at their first
    move; until then they stand in their province's unit row."""
    state = late()
    png = render(
        view(state, None), highlight={"areas": ["macedonia"], "dice": {"rome": [5]}}, lang="fr"
    )
    assert len(png) <= 150 * 1024
    assert _pixels(png).size == (board_image.WIDTH, board_image.HEIGHT)
    plain = render(view(state, None))
    sub(state).docked.clear()
    assert render(view(state, None)) != plain
