"""The `standard` 2003 player and the Mythology's four-roles victory (C-59: one player holding
all four roles at the round-end count wins). When a player holds three roles — a rival, or
itself — the role that decides it is contested: its purchases that add to that role's count
score `CONTEST` more, if the gap is small enough to close (`REACH`). Without a fourth role
(the plain 2003 game: no such victory) it changes nothing."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

View = Mapping[str, Any]
# What each purchase adds to (rulesets/mn2003/pieces.role_counts, the Mythology's high_priest).
ROLE_ITEMS: dict[str, frozenset[str]] = {
    "trade": frozenset({"caravan", "market"}),
    "culture": frozenset({"city", "temple"}),
    "high_priest": frozenset({"temple", "market"}),
    "military": frozenset({"legion", "fortress", "trireme", "creature", "phoenix"}),
}
FOURTH = "high_priest"
CONTEST = 30.0  # about a ville's worth: a role decides the game
REACH = 2  # the count it is behind by at most (a tied holder keeps his role)


def contested_items(view: View) -> frozenset[str]:
    """The purchases that contest (or complete) a three-role holder's fourth role."""
    titles: Mapping[str, str] = view.get("titles") or {}
    if FOURTH not in titles:
        return frozenset()
    me = str(view.get("viewer"))
    counts: Mapping[str, Mapping[str, int]] = (
        view["substates"].get("mn2003.public", {}).get("role_counts") or {}
    )
    mine = counts.get(me, {})
    out: set[str] = set()
    for holder, n in Counter(titles.values()).items():
        if n < len(titles) - 1:
            continue
        # Its own missing role, or the rival's roles: the one it is nearest to taking.
        roles = [r for r in titles if (titles[r] != me if holder == me else titles[r] == holder)]
        best: tuple[int, str] | None = None
        for role in roles:
            top = max((c.get(role, 0) for p, c in counts.items() if p != me), default=0)
            gap = top - mine.get(role, 0)
            if gap <= REACH and (best is None or (gap, role) < best):
                best = (gap, role)
        if best is not None:
            out |= ROLE_ITEMS.get(best[1], frozenset())
    return frozenset(out)
