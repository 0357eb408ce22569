"""Actions: frozen dataclasses, one per kind of decision; text is parsed only at the edge.

Every action names the player who makes it. `to_dict` gives the form stored in the action log
and carried in Discord custom ids; `parse_action` reads it back against the action kinds of one
rules object (a game's kinds are the rules' data, never a process-wide table).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, dataclass, fields
from typing import Any, ClassVar, TypeVar

from .errors import MalformedAction


@dataclass(frozen=True, slots=True)
class Action:
    kind: ClassVar[str] = "action"
    player: str

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out


def parse_action(types: Mapping[str, type[Action]], data: Any) -> Action:
    """Parse an action from its dict form, checking the kind against `types` and the field
    names and primitive types against its class."""
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise MalformedAction("an action is a dict with a 'kind'")
    cls = types.get(data["kind"])
    if cls is None:
        raise MalformedAction(f"unknown action kind {data['kind']!r}", kind=data["kind"])
    kwargs: dict[str, Any] = {}
    for f in fields(cls):
        if f.name not in data:
            if f.default is not MISSING:
                continue
            raise MalformedAction(f"{cls.kind}: missing field {f.name!r}")
        value = data[f.name]
        expected = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", "")
        if expected.startswith("tuple"):
            if not isinstance(value, list | tuple) or not all(
                isinstance(v, int if "int" in expected else str) for v in value
            ):
                raise MalformedAction(f"{cls.kind}: field {f.name!r} must be a list")
            value = tuple(value)
        elif expected == "int":
            if not isinstance(value, int) or isinstance(value, bool):
                raise MalformedAction(f"{cls.kind}: field {f.name!r} must be an integer")
        elif expected == "bool":
            if not isinstance(value, bool):
                raise MalformedAction(f"{cls.kind}: field {f.name!r} must be true or false")
        elif not isinstance(value, str):
            raise MalformedAction(f"{cls.kind}: field {f.name!r} must be a string")
        kwargs[f.name] = value
    extra = set(data) - {"kind"} - {f.name for f in fields(cls)}
    if extra:
        raise MalformedAction(f"{cls.kind}: unknown fields {sorted(extra)}")
    return cls(**kwargs)


# --- interning ------------------------------------------------------------------------------

A = TypeVar("A", bound=Action)
_INTERNED: dict[tuple[Any, ...], Action] = {}
_INTERNED_MAX = 100_000  # distinct actions of a board are far fewer; a bound all the same


def interned(cls: type[A], *args: Any) -> A:
    """cls(*args), shared: listings build the same frozen actions over and over (every move
    of every legion, every offer of a hand), and a lookup costs a third of a construction.
    Actions are immutable values, so sharing one is safe."""
    key = (cls, *args)
    action = _INTERNED.get(key)
    if action is None:
        if len(_INTERNED) >= _INTERNED_MAX:
            _INTERNED.clear()
        action = _INTERNED[key] = cls(*args)
    return action  # type: ignore[return-value]
