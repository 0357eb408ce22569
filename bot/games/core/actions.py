"""Actions: frozen dataclasses, one per kind of decision; text is parsed only at the edge.

Every action names the player who makes it. `to_dict` gives the form stored in the action log
and carried in Discord custom ids; `parse_action` reads it back against the action kinds of one
rules object (a game's kinds are the rules' data, never a process-wide table).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass, fields
from functools import lru_cache
from types import UnionType
from typing import (
    Any,
    ClassVar,
    Literal,
    Protocol,
    TypeVar,
    Union,
    cast,
    get_args,
    get_origin,
    get_type_hints,
)

from .errors import MalformedAction


@dataclass(frozen=True, slots=True)
class Action:
    kind: ClassVar[str] = "action"
    # True: the answer shows what was hidden (a card played from a secret hand), so it is
    # never taken back (rulings §13), whatever its events.
    reveals: ClassVar[bool] = False
    player: str

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out


def parse_action(types: Mapping[str, type[Action]], data: Any) -> Action:
    """Parse an action from its dict form, checking the kind against `types` and the field
    names and types against its class's annotations: `str`, `int`, `bool`, a `Literal` (one of
    its declared values, else MalformedAction) and `tuple[X, ...]` of those (from a list)."""
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise MalformedAction("an action is a dict with a 'kind'")
    cls = types.get(data["kind"])
    if cls is None:
        raise MalformedAction(f"unknown action kind {data['kind']!r}", kind=data["kind"])
    kwargs: dict[str, Any] = {}
    for f in _fields_of(cls):
        if f.name not in data:
            if f.optional:
                continue
            raise MalformedAction(f"{cls.kind}: missing field {f.name!r}")
        kwargs[f.name] = f.read(cls.kind, data[f.name])
    if len(data) - 1 > len(kwargs):
        extra = set(data) - {"kind"} - set(kwargs)
        raise MalformedAction(f"{cls.kind}: unknown fields {sorted(extra)}")
    return cls(**kwargs)


# --- the field table of an action class -----------------------------------------------------

@dataclass(frozen=True, slots=True)
class _Field:
    """How one field of an action class is read from its dict form."""

    name: str
    optional: bool  # it has a default
    sequence: bool  # a tuple, read from a list: `accepts` is said of each element
    accepts: Callable[[Any], bool]
    expects: str  # what the error says the value must be

    def read(self, kind: str, value: Any) -> Any:
        if self.sequence:
            if not isinstance(value, list | tuple) or not all(map(self.accepts, value)):
                raise MalformedAction(f"{kind}: field {self.name!r} must be {self.expects}")
            return tuple(value)
        if not self.accepts(value):
            raise MalformedAction(f"{kind}: field {self.name!r} must be {self.expects}")
        return value


_FIELDS: dict[type[Action], tuple[_Field, ...]] = {}
_PRIMITIVES: dict[Any, tuple[Callable[[Any], bool], str]] = {
    str: (lambda v: isinstance(v, str), "a string"),
    # A bool is an int to Python, never to the parser.
    int: (lambda v: isinstance(v, int) and not isinstance(v, bool), "an integer"),
    bool: (lambda v: isinstance(v, bool), "true or false"),
}


def check_parsable(cls: type[Action]) -> None:
    """Raise TypeError if the parser cannot read a field of this action class (composing the
    rules calls it: a wrong annotation fails at start-up, not at a click)."""
    _fields_of(cls)


def _fields_of(cls: type[Action]) -> tuple[_Field, ...]:
    """The fields of an action class with their annotations resolved (`typing.get_type_hints`),
    computed once per class: the parser runs at every click."""
    table = _FIELDS.get(cls)
    if table is None:
        table = _FIELDS[cls] = _field_table(cls)
    return table


def _field_table(cls: type[Action]) -> tuple[_Field, ...]:
    hints = get_type_hints(cls)
    table = []
    for f in fields(cls):
        annotation = hints[f.name]
        sequence = get_origin(annotation) is tuple
        if sequence:
            args = get_args(annotation)
            if len(args) != 2 or args[1] is not Ellipsis:
                raise TypeError(f"{cls.__name__}.{f.name}: only tuple[X, ...] is parsed")
            annotation = args[0]
        accepts, expects = _accepts(annotation, f"{cls.__name__}.{f.name}")
        optional = f.default is not MISSING or f.default_factory is not MISSING
        table.append(_Field(f.name, optional, sequence, accepts,
                            "a list" if sequence else expects))
    return tuple(table)


def _accepts(annotation: Any, where: str) -> tuple[Callable[[Any], bool], str]:
    """The test of a value (or of a list's element) against its field's annotation."""
    if annotation in _PRIMITIVES:
        return _PRIMITIVES[annotation]
    values = _literal_values(annotation)
    if values is None:
        raise TypeError(f"{where}: the parser reads str, int, bool, tuple[X, ...] and Literal "
                        f"fields, not {annotation!r}")
    # By type and value: a Literal["1"] takes no 1, a Literal[1] no True.
    allowed = frozenset((type(v), v) for v in values)
    primitive = tuple({type(v) for v in values})

    def accepts(value: Any) -> bool:
        return type(value) in primitive and (type(value), value) in allowed

    return accepts, f"one of {list(values)}"


def _literal_values(annotation: Any) -> tuple[Any, ...] | None:
    """The values of a Literal, or of a union of Literals; None for anything else."""
    if get_origin(annotation) is Literal:
        return get_args(annotation)
    if get_origin(annotation) in (Union, UnionType):
        parts = [_literal_values(a) for a in get_args(annotation)]
        if all(p is not None for p in parts):
            return tuple(v for p in parts if p is not None for v in p)
    return None


# --- interning ------------------------------------------------------------------------------

A = TypeVar("A", bound=Action)
_INTERNED_MAX = 200_000  # a board has far fewer distinct actions; a bound all the same


def _make(cls: type[Action], *args: Any) -> Action:
    return cls(*args)


class _Interner(Protocol):
    def __call__(self, cls: type[A], /, *args: Any) -> A: ...


# cls(*args), shared: listings build the same frozen actions over and over (every move of
# every legion, every offer of a hand), and a lookup costs a third of a construction. Actions
# are immutable values, so sharing one is safe. functools' cache finds a shared action in C,
# without a Python frame.
_shared = lru_cache(maxsize=_INTERNED_MAX)(_make)
interned = cast(_Interner, _shared)
