"""Phase: trade — placeholder in the skeleton commit; the phase module replaces it."""

from __future__ import annotations

from ..events import EventLog
from ..flow import phase
from ..state import GameState


@phase("trade")
def enter(state: GameState, ev: EventLog) -> None:
    ev.public("phase_placeholder", phase="trade")
