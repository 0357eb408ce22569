"""What every seat sees of a 2003 game beyond the Empires view: the number of cards each
player holds («Le nombre de cartes de chaque joueur doit-il être connu ? Oui», 004
l.198–199), never their contents; the role counts as they stand (C-28); the provinces at war
and the buildings each occupier covers (A.7.1, A.7.3), as the rules count them."""

from __future__ import annotations

from typing import Any

from ... import resources as res
from ...state import GameState
from .pieces import at_war, covered
from .roles import counts
from .substate import sub


def public_view(state: GameState) -> dict[str, Any]:
    return {
        "mn2003.public": {
            "hand_sizes": {p: res.total(state.hands[p]) for p in state.players},
            "role_counts": {p: counts(state, p) for p in state.players},
            "at_war": sorted(p for p in state.legions.keys() | state.fortresses.keys()
                             if at_war(state, p)),
            "covered": {pid: [list(b) for b in cover] for pid in sorted(sub(state).occupied)
                        if (cover := covered(state, pid)[1])},
        }
    }
