"""The gods' hook points: where another part of the Mythology (the heroes) plugs into the
Offerings phase."""

from __future__ import annotations

from .....core.rules import HookPoint

EXTRA_GOD_TAKERS: HookPoint[list[str]] = HookPoint(
    "mythology.extra_god_takers",
    "(state) -> [player] who may take one god nobody chose, free, at the end of the Offerings "
    "phase, after every player had his turn (Adonis: 004 l.378, l.483–484); every answer, in "
    "order",
)
PRODUCED_TYPES: HookPoint[list[str] | None] = HookPoint(
    "mythology.produced_types",
    "(state, player) -> [resource type] | None: the types a power made him produce in this "
    "income besides his caravans (Circé's legions, C-35, C-49); united into Hermès's choice",
)
