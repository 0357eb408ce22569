"""What every seat sees of a 2003 game beyond the Empires view: the number of cards each
player holds («Le nombre de cartes de chaque joueur doit-il être connu ? Oui», 004
l.198–199), never their contents; the role counts as they stand (C-28)."""

from __future__ import annotations

from typing import Any

from ... import resources as res
from ...state import GameState
from .roles import counts


def public_view(state: GameState) -> dict[str, Any]:
    return {
        "mn2003.public": {
            "hand_sizes": {p: res.total(state.hands[p]) for p in state.players},
            "role_counts": {p: counts(state, p) for p in state.players},
        }
    }
