"""The 2003 ruleset's words (X-02, ruling C-11): its commodities keep the Empires ids, shown
with the 2003 names (`mn.value.mn2003.<id>`); Empires' names stay as they are."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.i18n import t

RULESET = "2003"
# C-11's table; wood and marble keep their Empires names (no 2003 match).
COMMODITIES = (
    "grain",
    "sheep",
    "oil",
    "gold",
    "papyrus",
    "perfume",
    "metal",
    "wine",
    "gladiator",
    "diamond",
    "ceramic",  # the Mythology's 13th resource (C-11)
)


def commodity_names(view: Mapping[str, Any], lang: str) -> dict[str, str]:
    """The 2003 commodity names for a view of a 2003 game (none for Empires): merged into the
    names the presenter's texts look values up in, as the heroes' names are."""
    if view.get("ruleset") != RULESET:
        return {}
    return {c: t(f"mn.value.mn2003.{c}", lang) for c in COMMODITIES}


def in_language(names: Mapping[str, str], lang: str) -> dict[str, str]:
    """The 2003 commodity names `names` holds, in `lang` (a caller may have made `names` in
    another language: one mapping for a thread and its DMs)."""
    return {c: t(f"mn.value.mn2003.{c}", lang) for c in COMMODITIES if c in names}
