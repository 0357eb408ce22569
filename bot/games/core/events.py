"""Events returned by `apply`: what happened, and who may see it."""

from __future__ import annotations

from typing import Any, NamedTuple


class Event(NamedTuple):
    """`audience` None means public; otherwise only the listed players may see it. A named
    tuple rather than a frozen dataclass: every action makes a few, and a tuple is built in a
    third of the time."""

    kind: str
    data: dict[str, Any]
    audience: tuple[str, ...] | None = None

    def visible_to(self, viewer: str | None) -> bool:
        return self.audience is None or (viewer is not None and viewer in self.audience)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "data": self.data,
                "audience": list(self.audience) if self.audience is not None else None}


# Event(kind, data, audience) without the named tuple's own __new__ (a Python frame): every
# action makes one or two events, and this builds the same tuple in 60 % of the time.
_tuple_new = tuple.__new__


class EventLog(list[Event]):
    """Collects events while an action is applied."""

    def public(self, kind: str, **data: Any) -> None:
        self.append(_tuple_new(Event, (kind, data, None)))

    def private(self, kind: str, audience: tuple[str, ...] | list[str], **data: Any) -> None:
        self.append(_tuple_new(Event, (kind, data, tuple(audience))))
