"""The Legendary City modules' data (Atlas sections 3–5 and page 8): each city's three
objective tiles and its fifteen event cards with their counts and timings, read once from
`data/legends.json` and checked (every deck adds up to 15)."""

from __future__ import annotations

import json
from functools import cache, lru_cache
from importlib import resources
from typing import Any

DECK_SIZE = 15
DECOY = "decoy"


@cache
def raw() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("data/legends.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    for city, cards in data["cards"].items():
        total = sum(c["count"] for c in cards.values())
        if total != DECK_SIZE:
            raise ValueError(f"{city}'s event deck holds {total} cards, not {DECK_SIZE}")
    return data


def cities() -> tuple[str, ...]:
    return tuple(raw()["cities"])


def objectives(city: str) -> tuple[str, ...]:
    return tuple(raw()["objectives"][city])


def objective_city(objective: str) -> str:
    return next(c for c in cities() if objective in raw()["objectives"][c])


def card_id(city: str, card: str) -> str:
    """A card as held in a hand or a pile: `<city>.<card>` (the three Decoys differ by deck)."""
    return f"{city}.{card}"


def split(card: str) -> tuple[str, str]:
    """(city, card name) of a held card id."""
    city, _, name = card.partition(".")
    return city, name


def deck(city: str) -> list[str]:
    """A city's fifteen cards, unshuffled, in the list's order."""
    return [
        card_id(city, name) for name, c in raw()["cards"][city].items() for _ in range(c["count"])
    ]


def timing(card: str) -> str:
    city, name = split(card)
    cards: dict[str, Any] = raw()["cards"].get(city, {})
    entry = cards.get(name)
    return str(entry["timing"]) if entry else ""


def is_card(card: str) -> bool:
    return bool(timing(card))


@lru_cache(maxsize=1024)  # asked of every card in a hand on every listing
def is_decoy(card: str) -> bool:
    return split(card)[1] == DECOY
