"""The named hook points of Mare Nostrum: where a module (a hero's or wonder's power, an
expansion) changes a rule without the phase knowing who. Each says when it is asked, with what,
and how several handlers' answers combine. A phase asks `rules_of(state)` for the handlers of
a point; a module declares one with `MODULE.hook(POINT)`.

Handlers are asked in module order. The combinations used:
- *sum*: every handler's number is added (bonuses, extra dice);
- *fold*: the value passes through every handler, each returning it changed or as given;
- *first answer*: the first handler that answers (not None) decides, the later are not asked;
- *take over*: handlers return a bool; the first that returns True has taken the step over
  (owed a decision, ended the game...) and the later handlers and the phase's own course are
  skipped; the handler hands back to the phase with the function its doc names;
- *every answer*: each handler's answer counts (listings are concatenated).
A point no handler declares costs a dict lookup: the phases ask nothing then.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..core.rules import HookPoint

# --- Phase I: Production (section 1) ---------------------------------------------------------

PRODUCTION_EXTRAS: HookPoint[Mapping[str, int]] = HookPoint(
    "production.extras",
    "(state, player) -> {key: n}: what he collects on top of his buildings (Circé, Temple "
    "d'Artémis). A key is a resource type, or `<prompt kind>:<province>` for a decision he owes "
    "before collecting there. Sum: every answer is added to his collection, in module order.")

PRODUCTION_COLLECTED: HookPoint[None] = HookPoint(
    "production.collected",
    "(state, ev) -> None: once everyone has collected (decisions included), each handler may "
    "owe decisions (add prompts: Colosse). The phase ends when none is owed; an answer to such "
    "a prompt calls production.settled(state, ev).")

# --- Phase II: Trade (section 2) -------------------------------------------------------------

OFFER_SIZES: HookPoint[range | None] = HookPoint(
    "trade.offer_sizes",
    "(state, player, face) -> range | None: the offer sizes he may seal instead of the played "
    "face (Antigone: 0 to 5). First answer. He takes part when one of his sizes is a non-empty "
    "offer his hand can make.")

# --- Phase III: Build (sections 3, 6.1) -------------------------------------------------------

# Build (3.1, 6.1): asked in module order when the phase opens, before the 6.1 resolution,
# with (state, ev); the first handler that returns True has taken the opening over (Persée).
BUILD_START: HookPoint[bool] = HookPoint(
    "build.start", "(state, ev) -> bool: True when the handler has taken the phase's opening "
    "over; the later handlers and the usual opening are skipped.")
