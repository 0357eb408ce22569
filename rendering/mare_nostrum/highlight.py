"""What the board picture highlights after an action: the areas the last action touched and,
for a battle, each side's dice — built from the action's public events only."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

# The Mythology's public events that strike one area, and the field naming it: Baal, Vulcain
# and Poséidon destroying (`god_destroyed`), Mars's +6, a centaur's or the titans' shot, a
# kraken diving or surfacing.
MYTHOLOGY_AREAS: dict[str, str] = {
    "god_destroyed": "province",
    "mars_added": "area",
    "centaur_struck": "area",
    "titans_shot": "target",
    "kraken_dived": "area",
    "kraken_surfaced": "sea",
}


def highlight_from_events(events: Iterable[Mapping[str, Any]]) -> dict[str, Any] | None:
    """Events as dicts (`Event.to_dict()`); private ones are ignored, so nothing hidden can
    reach the picture."""
    areas: list[str] = []
    dice: dict[str, list[int]] = {}
    label = ""
    for event in events:
        if event.get("audience") is not None:
            continue
        kind, data = event.get("kind"), event.get("data") or {}
        # A flight: Pégase (Atlas); a barbarian hire and battle: the Punic Wars; the
        # Mythology's creatures moving with legions.
        if kind in ("moved", "flight", "barbarian_moved", "creatures_moved"):
            areas += [a for a in (data.get("source"), data.get("target")) if a]
        elif kind in ("battle", "barbarian_battle"):
            areas.append(str(data.get("area")))
            for side in data.get("sides") or []:
                dice[str(side.get("player"))] = [int(v) for v in side.get("dice") or []]
            label = " – ".join(f"{s.get('sum', 0)}→{s.get('hits', 0)}"
                               for s in data.get("sides") or [])
        elif kind in ("conquest", "converted"):
            areas.append(str(data.get("province")))
        elif kind == "petrified":  # Médée, Méduse (Atlas)
            areas.append(str(data.get("area")))
        elif kind in MYTHOLOGY_AREAS:  # a god's or a creature's stroke (the Mythology)
            areas.append(str(data.get(MYTHOLOGY_AREAS[kind])))
        elif kind == "placed":
            areas.append(str(data.get("target")))  # a tile id for a HW: not drawn as an area
    if not areas:
        return None
    unique = list(dict.fromkeys(areas))
    return {"areas": unique, "dice": dice, "label": label}
