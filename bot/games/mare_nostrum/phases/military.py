"""Phase: military — placeholder in the skeleton commit; the phase module replaces it."""

from __future__ import annotations

from ..events import EventLog
from ..flow import phase
from ..state import GameState


@phase("military")
def enter(state: GameState, ev: EventLog) -> None:
    ev.public("phase_placeholder", phase="military")
