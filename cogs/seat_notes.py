"""What the notifier remembers of each player between two of his decisions, kept in the
database (`seat_notes`, migration 11) so that a restart loses neither: his last decision
page's DM (his next decision on the same thread page edits it) and the public events since his
last decision (the recap that opens his next page)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.games.core.events import Event


@dataclass
class DMPage:
    user: int
    message: int
    key: tuple[Any, ...]
    answered: bool = False


def note_of(page: DMPage | None, since: list[Any] | None) -> dict[str, Any] | None:
    """A seat's note as stored (None: nothing to remember). Only public events are kept."""
    note: dict[str, Any] = {}
    if page is not None:
        note["dm"] = {
            "user": page.user,
            "message": page.message,
            "key": list(page.key),
            "answered": page.answered,
        }
    if since:
        note["since"] = [{"kind": e.kind, "data": e.data} for e in since]
    return note or None


def page_of(note: dict[str, Any]) -> DMPage | None:
    dm = note.get("dm")
    if not isinstance(dm, dict):
        return None
    return DMPage(
        int(dm["user"]), int(dm["message"]), tuple(dm.get("key") or ()), bool(dm.get("answered"))
    )


def since_of(note: dict[str, Any]) -> list[Any]:
    return [
        Event(str(e["kind"]), dict(e.get("data") or {}), None)
        for e in note.get("since") or ()
        if isinstance(e, dict)
    ]
