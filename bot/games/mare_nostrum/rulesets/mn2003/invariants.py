"""What holds after every accepted action of a 2003 game (the playouts and the simulator
check it through the rules' `invariants` table)."""

from __future__ import annotations

from ...state import GameState
from . import tables
from .data import TAX
from .hooks import INVARIANTS
from .pieces import buildings_left, on_board
from .substate import sub


def check(state: GameState) -> list[str]:
    errors: list[str] = []
    handlers = state.rules.handlers
    if state.over:
        if state.prompts or not state.winners:
            errors.append("a finished game has prompts or no winner")
    else:
        owed = [p for p in state.prompts if not p.data.get("answered")]
        if not owed:
            errors.append(f"nobody owes a decision in phase {state.phase}")
        for p in owed:
            if p.kind not in handlers:
                errors.append(f"prompt {p.kind} has no handler")
            elif not handlers[p.kind].legal(state, p):
                errors.append(f"prompt {p.kind} of {p.player} has no legal answer")
    for player in state.players:
        for piece, most in tables.pieces(state).items():
            n = on_board(state, player, piece)
            if not 0 <= n <= most:
                errors.append(f"{player} has {n} {piece} on the board (at most {most})")
        for token, n in state.hands[player].items():
            if n <= 0 or token not in (TAX, *tables.resources(state)):
                errors.append(f"{player} holds {n} {token!r}")
    for kind in ("city", "caravan", "temple", "market"):
        if buildings_left(state, kind) < 0:
            errors.append(f"more {kind} markers on the board than the supply")
    part = sub(state)
    for pid in part.temples + part.markets:
        if pid not in state.influence:
            errors.append(f"a temple or market in {pid}, under nobody's influence")
    held = [c for cards in state.hw.values() for c in cards] + list(state.hw_market)
    if len(held) != len(set(held)) or not set(held) <= set(state.rules.data["hw_tiles"]):
        errors.append(f"cards held twice or unknown: {sorted(held)}")
    for role, holder in state.titles.items():
        if holder not in state.players:
            errors.append(f"role {role} held by {holder}")
    for civ in part.neutrals:
        if civ in state.players:
            errors.append(f"{civ} is both neutral and a player")
    for h in state.rules.on[INVARIANTS]:
        errors += h(state)
    return errors
