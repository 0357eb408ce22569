"""Neptun's words on the pictures: its part of the catalog (`neptun.port.roma`...), the same
names as in the messages, registered here so that the pictures draw without the registry
(demo, gallery, benchmarks)."""

from __future__ import annotations

from typing import Any

from bot.catalog import add_namespace, t
from bot.games.neptun.data import load
from bot.games.neptun.locales import LOCALES, NAMESPACE

add_namespace(NAMESPACE, LOCALES)


def word(key: str, lang: str, **params: Any) -> str:
    return t(f"{NAMESPACE}.{key}", lang, **params)


def contract_text(city: int | None, good_card: int | None, lang: str) -> str:
    """A contract as a short line: goods → port; a face-down one as "?"."""
    if city is None or good_card is None:
        return "?"
    data = load()
    return (
        f"{word(f'goods.{data.goods_cards[good_card]}', lang)} → "
        f"{word(f'port.{data.cities[city].city}', lang)}"
    )
