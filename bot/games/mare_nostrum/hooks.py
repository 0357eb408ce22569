"""The named hook points of Mare Nostrum: where a module (a hero's or wonder's power, an
expansion) changes a rule without the phase knowing who. Each says when it is asked, with what,
and how several handlers' answers combine. A phase asks `rules_of(state)` for the handlers of
a point; a module declares one with `MODULE.hook(POINT)`."""

from __future__ import annotations

from ..core.rules import HookPoint

# Build (3.1, 6.1): asked in module order when the phase opens, before the 6.1 resolution,
# with (state, ev); the first handler that returns True has taken the opening over (Persée).
BUILD_START: HookPoint[bool] = HookPoint(
    "build.start", "(state, ev) -> bool: True when the handler has taken the phase's opening "
    "over; the later handlers and the usual opening are skipped.")
