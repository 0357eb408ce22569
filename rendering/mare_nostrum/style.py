"""Colours, fonts and the words drawn on the images, in English and French."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

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

COMMODITY_ABBR: dict[str, dict[str, str]] = {
    "en": {"ceramic": "Ce", "diamond": "Di", "papyrus": "Pa", "metal": "Me", "perfume": "Pe",
           "marble": "Ma", "wood": "Wo", "gold": "Go", "grain": "Gr", "oil": "Oi",
           "sheep": "Sh", "wine": "Wi", "gladiator": "Gl", "coin": "$"},
    "fr": {"ceramic": "Cé", "diamond": "Di", "papyrus": "Pa", "metal": "Mé", "perfume": "Pf",
           "marble": "Mb", "wood": "Bo", "gold": "Or", "grain": "Bl", "oil": "Hu",
           "sheep": "Mo", "wine": "Vi", "gladiator": "Gl", "coin": "$"},
}

RESOURCE_NAMES: dict[str, dict[str, str]] = {
    "en": {"coin": "Coins", "ceramic": "Ceramic", "diamond": "Diamond", "papyrus": "Papyrus",
           "metal": "Metal", "perfume": "Perfume", "marble": "Marble", "wood": "Wood",
           "gold": "Gold", "grain": "Grain", "oil": "Oil", "sheep": "Sheep", "wine": "Wine",
           "gladiator": "Gladiators"},
    "fr": {"coin": "Pièces", "ceramic": "Céramique", "diamond": "Diamant",
           "papyrus": "Papyrus", "metal": "Métal", "perfume": "Parfum", "marble": "Marbre",
           "wood": "Bois", "gold": "Or", "grain": "Blé", "oil": "Huile", "sheep": "Mouton",
           "wine": "Vin", "gladiator": "Gladiateurs"},
}

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "round": "Round", "production": "Production", "trade": "Trade", "build": "Build",
        "military": "Military", "claims": "Claims", "over": "Game over",
        "title_trade": "Trade Leader", "title_culture": "Culture Leader",
        "title_military": "Military Leader", "held_by": "held by", "nobody": "nobody",
        "waiting": "Waiting for", "nobody_waiting": "Nobody to wait for",
        "hw": "Heroes & Wonders", "market": "Market", "deck": "deck", "pyramids": "Pyramids",
        "winners": "Winner", "legend": "Legend",
        "caravan": "caravan", "market_b": "market", "city": "city", "capital": "capital",
        "legendary_city": "legendary", "temple": "temple", "legion": "legion",
        "fortress": "fortress", "trireme": "trireme", "influence": "influence",
        "war": "at war", "occupied": "occupied",
        "screen": "Screen of", "resources": "Resources", "legendary_note": "legendary",
        "total": "Total", "afford": "What you can pay", "sets3": "Sets of 3",
        "sets6": "Sets of 6", "sets3_for": "influence, city, caravan, legion, trireme, fortress",
        "sets6_for": "market, temple", "hw_price": "Hero/Wonder", "pyr_price": "Pyramids",
        "types": "commodity types", "none": "none", "yes": "yes", "no": "no",
        "basic_rule": ("sets of 3 and 6: coins alone, or all-different commodities; "
                       "HW and Pyramids: with your heroes' sets"),
        "spectator": "spectator view: no hand",
    },
    "fr": {
        "round": "Tour", "production": "Production", "trade": "Commerce",
        "build": "Construction", "military": "Militaire", "claims": "Revendications",
        "over": "Partie terminée",
        "title_trade": "Maître du Commerce", "title_culture": "Leader Politique",
        "title_military": "Chef Militaire", "held_by": "détenu par", "nobody": "personne",
        "waiting": "En attente de", "nobody_waiting": "Personne à attendre",
        "hw": "Héros & Merveilles", "market": "Marché", "deck": "pioche",
        "pyramids": "Pyramides", "winners": "Vainqueur", "legend": "Légende",
        "caravan": "caravane", "market_b": "marché", "city": "ville", "capital": "capitale",
        "legendary_city": "légendaire", "temple": "temple", "legion": "légion",
        "fortress": "forteresse", "trireme": "trirème", "influence": "influence",
        "war": "en guerre", "occupied": "occupé",
        "screen": "Paravent de", "resources": "Ressources", "legendary_note": "légendaire",
        "total": "Total", "afford": "Ce que vous pouvez payer", "sets3": "Lots de 3",
        "sets6": "Lots de 6",
        "sets3_for": "influence, ville, caravane, légion, trirème, forteresse",
        "sets6_for": "marché, temple", "hw_price": "Héros/Merveille",
        "pyr_price": "Pyramides", "types": "types de marchandises", "none": "aucune",
        "yes": "oui", "no": "non",
        "basic_rule": ("combinaisons de 3 et 6 : Impôts seuls, ou Biens tous différents ; "
                       "HM et Pyramides : avec vos Héros"),
        "spectator": "vue spectateur : pas de main",
    },
}

# Heroes & Wonders in French, in ordinary case (the data holds the printed capitals).
HW_NAMES_FR = {
    "caesar": "César", "cleopatra": "Cléopâtre", "hammurabi": "Hammourabi",
    "hannibal": "Hannibal", "pericles": "Périclès", "antigone": "Antigone",
    "castor_pollux": "Castor & Pollux", "circe": "Circé", "gilgamesh": "Gilgamesh",
    "hamilcar": "Hamilcar", "hercules": "Hercule", "nebuchadnezzar": "Nabuchodonosor",
    "penthesilea": "Penthésilée", "perseus": "Persée", "ramesses": "Ramsès II",
    "sheba": "Reine de Saba", "spartacus": "Spartacus", "colossus": "Colosse",
    "pharos": "Phare", "artemis": "Temple d'Artémis", "hanging_gardens": "Jardins suspendus",
    "zeus": "Statue de Zeus", "pyramids": "Pyramides",
}

EMPIRE_NAMES_FR = {"rome": "Rome", "greece": "Grèce", "carthage": "Carthage",
                   "egypt": "Égypte", "babylon": "Babylone", "atlantis": "Atlantide"}


def words(lang: str) -> dict[str, str]:
    return WORDS.get(lang, WORDS["en"])


def empire_name(view: Mapping[str, Any], empire: str, lang: str) -> str:
    if lang == "fr" and empire in EMPIRE_NAMES_FR:
        return EMPIRE_NAMES_FR[empire]
    empires = view.get("empires")
    if isinstance(empires, dict) and isinstance(empires.get(empire), dict):
        return str(empires[empire].get("name", empire))
    return empire
