"""Winning in the Build phase (6.1): buying the Pyramids or a fifth HW wins at once.

Who could win is noted as the phase opens. When several could and the Culture Leader is not
among them, they win together at once (those able to build the Pyramids, else all of them);
otherwise the builder who completes such a purchase wins (the Culture Leader's precedence is
exercised through the order he chooses). Both checks are declared by the package's MODULE.
"""

from __future__ import annotations

from ...board import PYRAMIDS
from ...events import EventLog
from ...flow import title_holder
from ...state import GameState
from .payment import affords
from .placement import hw_on_offer


def culture_leader(state: GameState) -> str:
    return title_holder(state, "culture")


def can_win_by_pyramids(state: GameState, player: str) -> bool:
    return state.pyramids_available and affords(state, player,
                                                state.rules.data["components"].costs[PYRAMIDS])


def can_win_by_hw(state: GameState, player: str) -> bool:
    fifth = state.rules.data["components"].hw_costs[5]
    return len(state.hw.get(player, [])) == 4 and bool(hw_on_offer(state)) and affords(
        state, player, fifth
    )


def could_win(state: GameState) -> list[str]:
    """The players able, when the phase opens, to buy the Pyramids or their 5th HW."""
    return [p for p in state.players
            if can_win_by_pyramids(state, p) or can_win_by_hw(state, p)]


def win_without_leader(state: GameState, ev: EventLog) -> tuple[list[str], str] | None:
    """6.1, when none of the players able to win is the Culture Leader: several of them win
    together at once — those able to build the Pyramids, else all of them. One alone wins when
    he completes his purchase (the normal course of the phase)."""
    candidates = state.build.could_win if state.build else []
    if culture_leader(state) in candidates or len(candidates) < 2:
        return None
    pyramids = [p for p in candidates if can_win_by_pyramids(state, p)]
    winners, condition = (pyramids, PYRAMIDS) if pyramids else (candidates, "hw")
    ev.public("build_victory", winners=winners, condition=condition, could_win=candidates)
    return winners, condition


def win_by_purchase(state: GameState, ev: EventLog) -> tuple[list[str], str] | None:
    """6.1: the builder who completes the Pyramids or his fifth HW wins at once (the Culture
    Leader's precedence was exercised through the order he chose)."""
    b = state.build
    if b is None or b.current is None or not b.bought:
        return None
    item = b.bought[-1]["item"]
    if item == PYRAMIDS:
        return [b.current], PYRAMIDS
    if item == "hw" and len(state.hw[b.current]) >= 5:
        return [b.current], "hw"
    return None
