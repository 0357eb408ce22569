"""The kit's events (`bot.games.core.events`), under the names the rules use."""

from ..core.events import Event, EventLog

__all__ = ["Event", "EventLog"]
