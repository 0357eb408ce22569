"""Embeds as plain dicts in Discord's JSON shape (`discord.Embed.from_dict` reads them), fitted
to Discord's limits. Pure: the presenters' output goes in, the notifier and the commands turn
the dict into a `discord.Embed`, and `scripts/embed_shots.py` draws the same dict for the docs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .presenters import clip
from .registry import Presenter

# Discord's limits on one embed (docs: resources/message, "Embed Limits").
TITLE, DESCRIPTION, FIELDS, FIELD_NAME, FIELD_VALUE = 256, 4096, 25, 256, 1024
FOOTER, AUTHOR, TOTAL = 2048, 256, 6000
DEFAULT_COLOUR = 0x1F6FB2  # the bot's own blue: a game without seat colours

Embed = dict[str, Any]


def field(name: str, value: str, inline: bool = True) -> dict[str, Any]:
    return {
        "name": clip(name or "\u200b", FIELD_NAME),
        "value": clip(value or "\u200b", FIELD_VALUE),
        "inline": inline,
    }


def embed(
    title: str,
    description: str = "",
    *,
    colour: int | None = None,
    fields: Sequence[Mapping[str, Any]] = (),
    footer: str = "",
    image: str | None = None,
) -> Embed:
    """An embed within every limit: each part clipped, at most 25 fields, and the fields that
    would pass the 6,000 characters of the whole left out (the last one says so with "…")."""
    out: Embed = {
        "type": "rich",
        "title": clip(title, TITLE),
        "color": DEFAULT_COLOUR if colour is None else colour,
    }
    if description:
        out["description"] = clip(description, DESCRIPTION)
    if footer:
        out["footer"] = {"text": clip(footer, FOOTER)}
    if image:
        out["image"] = {"url": image}
    used = size(out)
    kept: list[dict[str, Any]] = []
    for f in list(fields)[:FIELDS]:
        item = field(str(f["name"]), str(f["value"]), bool(f.get("inline", True)))
        cost = len(item["name"]) + len(item["value"])
        if used + cost > TOTAL:
            break
        kept.append(item)
        used += cost
    if kept:
        out["fields"] = kept
    return out


def size(e: Mapping[str, Any]) -> int:
    """The characters Discord counts against an embed's 6,000: title, description, field
    names and values, footer and author."""
    total = len(e.get("title") or "") + len(e.get("description") or "")
    total += sum(
        len(f.get("name") or "") + len(f.get("value") or "") for f in e.get("fields") or []
    )
    total += len((e.get("footer") or {}).get("text") or "")
    total += len((e.get("author") or {}).get("name") or "")
    return total


def text_of(e: Mapping[str, Any]) -> str:
    """Every word an embed shows, in reading order (for tests that look for hidden words, and
    for the plain-text fallback)."""
    parts = [e.get("title") or "", e.get("description") or ""]
    for f in e.get("fields") or []:
        parts += [f.get("name") or "", f.get("value") or ""]
    parts.append((e.get("footer") or {}).get("text") or "")
    return "\n".join(p for p in parts if p)


def status_colour(view: Mapping[str, Any], words: Presenter) -> int | None:
    """The colour of a game's card: the seat awaited when one alone is, else the bot's."""
    awaited = sorted({str(p["player"]) for p in view.get("pending", [])})
    if view.get("over"):
        awaited = [str(w) for w in view.get("winners", [])][:1]
    return words.seat_colour(view, awaited[0]) if len(awaited) == 1 else None
