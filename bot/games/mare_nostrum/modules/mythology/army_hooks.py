"""The creatures' own hook points: where another part of the Mythology (the heroes) plugs
into the creatures' answers."""

from __future__ import annotations

from ....core.rules import HookPoint

SHOT_STARTING: HookPoint[bool] = HookPoint(
    "mythology.shot_starting",
    "(state, shoot, ev) -> bool; the titans' shot (`creature_moves.Shoot`) before its dice: "
    "True holds it (the handler calls `creature_moves.shoot` again, or resumes the turn)",
)
