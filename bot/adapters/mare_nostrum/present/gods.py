"""The Mythology's gods in words (004 l.214–216: «Le joueur pose la carte du dieu devant lui»):
who holds which god, and which were used, on the public status and on each player's screen.
Reads only the view's public sub-state `mythology.gods`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....catalog import semicolon, t
from ....games.mare_nostrum.modules.mythology.gods.state import GODS, NAME
from ....presenters import fmt, seat_in


def gods_line(view: Mapping[str, Any], lang: str, names: Mapping[str, str]) -> list[str]:
    """ "Gods: Mars (Rome); Baal (Greece, used)" — nothing when the game has no gods, or none
    is held."""
    part = (view.get("substates") or {}).get(NAME)
    if not isinstance(part, Mapping) or not part.get("holders"):
        return []
    holders: Mapping[str, str] = part["holders"]
    used = set(part.get("used", ()))
    shown = [
        t(
            "mn.game.god_holder_used" if god in used else "mn.game.god_holder",
            lang,
            god=fmt(god, lang, {}),
            holder=seat_in(holders[god], lang, names),
        )
        for god in GODS
        if god in holders
    ]
    return [t("mn.game.gods", lang, gods=semicolon(lang).join(shown))]


_TARGETED = frozenset({"use_god", "god_used", "god_destroyed"})
_BUILDING = {"baal": "city", "vulcan": "caravan"}


def target_names(
    kind: str, data: Mapping[str, Any], lang: str, names: Mapping[str, str]
) -> dict[str, str]:
    """A god's target in words, to merge into `names`: "latium:2" -> "Latium (caravan)",
    "tyrrhenum:rome" -> "Mare Tyrrhenum (Rome)"."""
    target, god = data.get("target"), data.get("god")
    if kind not in _TARGETED or not isinstance(target, str) or ":" not in target:
        return {}
    area, _, rest = target.rpartition(":")
    if god in _BUILDING:
        what = t(f"mn.value.{_BUILDING[str(god)]}", lang)
    else:
        what = seat_in(rest, lang, names)
    return {target: f"{fmt(area, lang, {})} ({what})"}
