"""The Mythology's mythological heroes in words: on a player's decision page, the power of
each mythological hero he holds or copied (Castor & Pollux), from the catalog's card texts
(`mn.hwtext.<card>`). Public card texts only: nothing of his hand."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.i18n import has, t

# The heroes' answers are given on the decision pages (DM, /mn play, My turn), as the 2003
# start's choices are: no slash command yet (/mn keeps its room; a later Discord task).
PAGES_ONLY: frozenset[str] = frozenset(
    {
        "spartacus_legion",
        "gilgamesh_fortress",
        "jason_caravan",
        "hero_buy",
        "copy_hero",
        "antigone_choice",
        "midas_convert",
        "medusa_forbid",
        "hercules_creature",
        "hercules_declare",
        "hamilcar_fours",
        "ajax_reroll",
        "aeneas_sea",
    }
)


def page_lines(view: Mapping[str, Any], lang: str) -> list[str]:
    viewer = view.get("viewer")
    if not viewer:
        return []
    held = [str(c) for c in (view.get("hw") or {}).get(viewer) or []]
    copied = (view.get("copied") or {}).get(viewer)
    out = [
        t(
            "mn.mythic_heroes.power",
            lang,
            name=t(f"mn.value.{c}", lang),
            text=t(f"mn.hwtext.{c}", lang),
        )
        for c in held
        if has(f"mn.hwtext.{c}")
    ]
    if copied and has(f"mn.hwtext.{copied}"):
        out.append(
            t(
                "mn.mythic_heroes.copied",
                lang,
                name=t(f"mn.value.{copied}", lang),
                text=t(f"mn.hwtext.{copied}", lang),
            )
        )
    return out
