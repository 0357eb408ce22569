"""Colours, fonts, the board's abbreviations, and the words drawn on the images (read from the
message catalog, in English and French)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from bot.catalog import DEFAULT, LANGUAGES, add_namespace, capitalised, has, t
from bot.games.mare_nostrum.locales import LOCALES, NAMESPACE

from ..core.text import RGB, font, roman, text_mask, text_width

__all__ = ["RGB", "font", "roman", "text_mask", "text_width"]


# Empire colours by the colour name of the set-up data: (solid, light tint, text on solid).
EMPIRE_COLOURS: dict[str, tuple[RGB, RGB, RGB]] = {
    "red": ((200, 40, 30), (240, 170, 160), (255, 255, 255)),
    "green": ((40, 135, 55), (178, 220, 168), (255, 255, 255)),
    "black": ((25, 25, 25), (150, 150, 158), (255, 255, 255)),
    "yellow": ((240, 195, 0), (246, 228, 140), (0, 0, 0)),
    "purple": ((125, 60, 170), (206, 184, 230), (255, 255, 255)),
    "turquoise": ((0, 160, 170), (160, 222, 226), (255, 255, 255)),
}
FALLBACK_EMPIRE = ((110, 110, 110), (200, 200, 200), (255, 255, 255))

SEA = (120, 172, 214)
SHALLOW = (150, 194, 228)
SEA_TEXT = (28, 62, 112)
LAND = (236, 222, 184)
DECOR_LAND = (205, 198, 180)
COVERED = (128, 128, 124)
COVERED_HATCH = (100, 100, 96)
BORDER = (96, 78, 50)
COAST = (60, 60, 80)
INK = (34, 28, 20)
PANEL = (244, 236, 214)
PANEL_LINE = (170, 150, 110)

# Fixed palette colours used for the pieces drawn on every render (after the quantised map).
PIECES: dict[str, RGB] = {
    "white": (255, 255, 255),
    "black": (0, 0, 0),
    "ink": INK,
    "grey": (120, 120, 120),
    "war": (255, 120, 0),
    "highlight": (0, 220, 255),
    "highlight_dark": (0, 70, 110),
    "caravan": (205, 150, 85),
    "market": (120, 200, 190),
    "city": (250, 250, 245),
    "capital": (250, 250, 245),
    "legendary": (235, 190, 60),
    "temple": (225, 225, 235),
    "outline": (55, 42, 25),
    "star": (220, 30, 30),
    "panel": PANEL,
    "tile": (252, 248, 236),
    "coin": (235, 190, 40),
    "land": LAND,
}
# Petrified units (Atlas: Médée, Méduse) are drawn in the temples' stone grey: a colour of its
# own would change the palette, and with it every base picture's bytes.
STONE = "temple"

COMMODITY_ABBR: dict[str, dict[str, str]] = {
    "en": {"ceramic": "Ce", "diamond": "Di", "papyrus": "Pa", "metal": "Me", "perfume": "Pe",
           "marble": "Ma", "wood": "Wo", "gold": "Go", "grain": "Gr", "oil": "Oi",
           "sheep": "Sh", "wine": "Wi", "gladiator": "Gl", "coin": "$"},
    "fr": {"ceramic": "Cé", "diamond": "Di", "papyrus": "Pa", "metal": "Mé", "perfume": "Pf",
           "marble": "Mb", "wood": "Bo", "gold": "Or", "grain": "Bl", "oil": "Hu",
           "sheep": "Mo", "wine": "Vi", "gladiator": "Gl", "coin": "$"},
}

# The picture's words by the keys the drawing code uses, from Mare Nostrum's part of the
# catalog: the names of things are the catalog's (phases, titles, pieces: one name per thing,
# the same as in the messages), the rest are the picture's own labels (`picture.*`: headings,
# and the legend's short forms).
add_namespace(NAMESPACE, LOCALES)
_NAMES = {"production": "phase.production", "trade": "phase.trade", "build": "phase.build",
          "military": "phase.military", "claims": "phase.claims", "over": "phase.over",
          "title_trade": "value.trade", "title_culture": "value.culture",
          "title_military": "value.military", "pyramids": "value.pyramids",
          "caravan": "value.caravan", "market_b": "value.market", "city": "value.city",
          "capital": "value.capital", "temple": "value.temple", "legion": "value.legion",
          "fortress": "value.fortress", "trireme": "value.trireme", "war": "value.at_war",
          "centaurs": "value.centaurs"}
_LABELS = ("round", "held_by", "nobody", "waiting", "nobody_waiting", "hw", "market", "deck",
           "winners", "legend", "legendary_city", "influence", "occupied", "screen",
           "resources", "legendary_note", "total", "afford", "sets3", "sets6", "sets3_for",
           "sets6_for", "hw_price", "pyr_price", "types", "none", "yes", "no", "basic_rule",
           "spectator", "atlantean_track", "petrified", "barbarians", "external_market",
           "gold_kept", "conquest_held", "titles_held", "objectives", "event_cards", "discard",
           "hands_wins")


def _key(key: str) -> str:
    return f"{NAMESPACE}.{key}"


@cache
def words(lang: str) -> dict[str, str]:
    lang = lang if lang in LANGUAGES else DEFAULT
    keys = {**_NAMES, **{label: f"picture.{label}" for label in _LABELS}}
    return {word: t(_key(key), lang) for word, key in keys.items()}


def empire_name(view: Mapping[str, Any], empire: str, lang: str) -> str:
    """The catalog's name of an empire; else the view's (an empire of no catalog)."""
    if has(_key(f"empire.{empire}")):
        return t(_key(f"empire.{empire}"), lang)
    empires = view.get("empires")
    if isinstance(empires, dict) and isinstance(empires.get(empire), dict):
        return str(empires[empire].get("name", empire))
    return empire


def area_label(area: str, printed: str, lang: str = DEFAULT) -> str:
    """A province's or sea's name as the board prints it, in capitals ("MARE TYRRHENUM"); the
    board data's printed name for an area the catalog does not name."""
    key = _key(f"value.{area}")
    return t(key, lang).upper() if has(key) else printed


def prompt_name(kind: str, lang: str) -> str:
    """A decision owed, as the waiting line of the board names it (no "your": everyone reads
    it); else as the messages do."""
    for key in (_key(f"picture.prompt.{kind}"), _key(f"prompt.{kind}")):
        if has(key):
            return t(key, lang)
    return kind.replace("_", " ")


def hw_name(tile: str, lang: str) -> str:
    """A hero's or wonder's name (the tile id when the catalog has none)."""
    return t(_key(f"hw.{tile}"), lang) if has(_key(f"hw.{tile}")) else tile


def sets_of(size: int, lang: str) -> str:
    """ "Sets of 2": a set size the printed screen does not list (a power's price)."""
    return t(_key("picture.sets_of"), lang, size=size)


def item_name(item: str, lang: str) -> str:
    """A purchasable item by the catalog's name (the id when it has none)."""
    return t(_key(f"value.{item}"), lang) if has(_key(f"value.{item}")) else item


def resource_label(resource: str, lang: str) -> str:
    """A resource as a row label of the screen: its plural where it has one ("Coins")."""
    plural = _key(f"plural.{resource}")
    key = plural if has(plural) else _key(f"value.{resource}")
    return capitalised(t(key, lang)) if has(key) else resource
