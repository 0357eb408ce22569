"""Event wordings that depend on the event's values: a card bought (`event.built.hw`: "buys
the Lighthouse", not "builds hero or wonder in the Lighthouse") and a field left empty
(`event.god_used.without_target`: "uses Hermes.", not "uses Hermes .") and a player giving to
himself (`event.isis_gave.to_self`: "Rome keeps a card", not "Rome gives Rome a card"). A
variant is a catalog key beside the event's own; an event without one keeps its template."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.i18n import has, t

# The fields whose value names a variant (`event.<kind>.<value>`).
_NAMING = ("item",)


def variant_key(kind: str, data: Mapping[str, Any]) -> str | None:
    """The catalog key of the event's variant wording, if the catalog has one."""
    for field in _NAMING:
        value = data.get(field)
        if isinstance(value, str) and has(key := f"mn.event.{kind}.{value}"):
            return key
    for field, value in data.items():
        if value in ("", [], {}, ()) and has(key := f"mn.event.{kind}.without_{field}"):
            return key
    player = data.get("player")
    if player is not None and data.get("recipient") == player and has(
        key := f"mn.event.{kind}.to_self"
    ):
        return key
    return None


def building_names(kind: str, data: Mapping[str, Any], lang: str) -> dict[str, str]:
    """A conquest's building in words, to merge into `names`: "city:0" -> "city" (the 2003
    conquest names a site; its number means nothing to a reader)."""
    building = data.get("building")
    if kind != "conquered" or not isinstance(building, str) or ":" not in building:
        return {}
    key = f"mn.value.{building.partition(':')[0]}"
    return {building: t(key, lang)} if has(key) else {}
