"""A game's rules as one immutable object, composed from modules.

A *module* (the base game's phases, a set of hero and wonder tiles, an expansion, a test-only
variant) declares what it brings in a `RulesModule`: phases in the turn, prompt handlers, action
kinds, handlers of named hook points, victory checks, data tables, and edits of what earlier
modules declared. Declaring changes nothing process-wide. `compose(key, modules)` plays the
declarations of the modules in order onto a draft and freezes it into a `Rules`; a game builds
one per combination of ruleset and modules and chooses it from the game's state, so two games
with different rules run side by side in one process.

Hook points are named objects (`HookPoint`), not strings typed at each use: a power changes
behaviour only through a hook its module handles, never by a check of its id inside a phase.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import TYPE_CHECKING, Any, Generic, NoReturn, Protocol, Self, TypeVar

from .actions import Action, check_parsable, parse_action
from .events import EventLog
from .prompts import PromptHandler
from .windows import WINDOW, Resume, WindowParticipant, WindowPoint

S = TypeVar("S")  # a game's state
R = TypeVar("R")  # what a hook's handlers return
Enter = Callable[[S, EventLog], None]  # opens a phase: creates its first prompts


@dataclass(frozen=True, slots=True, eq=False)
class HookPoint(Generic[R]):
    """A named place where modules may change a rule. `doc` says when it is asked, with what
    arguments, and how the answers of several handlers combine.

    Compared and hashed by identity (a C-speed key of `Rules.on`); every point is recorded
    when it is made, so that composing rules resolves each one to its handlers."""

    name: str
    doc: str = ""

    def __post_init__(self) -> None:
        _POINTS.append(self)


# Every hook point made so far (they are module constants: a few dozen).
_POINTS: list[HookPoint[Any]] = []
# `Rules.on_for`'s tables kept per rules object (cleared when full).
_ON_FOR_SIZE = 4096


class SubState(Protocol):
    """A module's own part of a game's state (event decks, objectives, barbarians, gods...):
    typed, JSON-able through `to_dict` / `from_dict`, and shown to each viewer through `view`
    (None: a spectator), which must leave out what that viewer may not see."""

    def to_dict(self) -> dict[str, Any]: ...

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self: ...

    def view(self, viewer: str | None) -> dict[str, Any]: ...


@dataclass(frozen=True, slots=True)
class SubStateSpec(Generic[S]):
    """A registered sub-state: its class, and how a new game makes it."""

    name: str
    cls: type[SubState]
    new: Callable[[S], SubState]


@dataclass(frozen=True, slots=True)
class VictoryCheck(Generic[S]):
    """A victory condition asked at `timing` (a name the game's phases define, e.g. "build",
    "end_of_military", "end_of_claims"): returns (winners, condition) or None."""

    name: str
    timing: str
    check: Callable[[S, EventLog], tuple[list[str], str] | None]


@dataclass(slots=True)
class RulesDraft(Generic[S]):
    """The rules while modules are composed into them (edits may change anything here)."""

    phase_order: list[str] = field(default_factory=list)
    phases: dict[str, Enter[S]] = field(default_factory=dict)
    handlers: dict[str, PromptHandler[S]] = field(default_factory=dict)
    actions: dict[str, type[Action]] = field(default_factory=dict)
    hooks: dict[str, list[Callable[..., Any]]] = field(default_factory=dict)
    # The handlers declared with `owner=`: the powers (tile ids) they answer for.
    owners: dict[Callable[..., Any], frozenset[str]] = field(default_factory=dict)
    victory: list[VictoryCheck[S]] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)
    substates: dict[str, SubStateSpec[S]] = field(default_factory=dict)
    # Play windows (core.windows): how the game resumes after each point, and who may play.
    window_resume: dict[str, Resume] = field(default_factory=dict)
    window_participants: dict[str, list[WindowParticipant[S]]] = field(default_factory=dict)

    def place_phase(self, name: str, *, after: str | None = None,
                    before: str | None = None) -> None:
        """Put `name` in the turn: at the end, or right after / before another phase."""
        if name in self.phase_order:
            self.phase_order.remove(name)
        anchor = after or before
        if anchor is None:
            self.phase_order.append(name)
            return
        if anchor not in self.phase_order:
            raise KeyError(f"no phase {anchor!r} to place {name!r} next to")
        i = self.phase_order.index(anchor) + (1 if after else 0)
        self.phase_order.insert(i, name)


Declaration = Callable[[RulesDraft[Any]], None]


class RulesModule(Generic[S]):
    """The declarations of one module, in the order they are made. `requires`: the modules it
    builds on (they must come before it in a composition)."""

    def __init__(self, name: str, *, requires: Sequence[str] = ()) -> None:
        self.name = name
        self.requires = tuple(requires)
        self._declarations: list[Declaration] = []

    def _declare(self, declaration: Declaration) -> None:
        self._declarations.append(declaration)

    def phase(self, name: str, *, after: str | None = None,
              before: str | None = None) -> Callable[[Enter[S]], Enter[S]]:
        """A phase (or a step between phases) of the turn, with the function that opens it."""
        def deco(enter: Enter[S]) -> Enter[S]:
            def declare(draft: RulesDraft[Any]) -> None:
                draft.phases[name] = enter
                draft.place_phase(name, after=after, before=before)
            self._declare(declare)
            return enter
        return deco

    def handler(self, handler: PromptHandler[S]) -> PromptHandler[S]:
        """The handler of one prompt kind (replaces an earlier module's for that kind)."""
        def declare(draft: RulesDraft[Any]) -> None:
            draft.handlers[handler.kind] = handler
            for cls in handler.actions:
                draft.actions.setdefault(cls.kind, cls)
        self._declare(declare)
        return handler

    def action(self, cls: type[Action]) -> type[Action]:
        """An action kind the game's parser accepts."""
        def declare(draft: RulesDraft[Any]) -> None:
            draft.actions[cls.kind] = cls
        self._declare(declare)
        return cls

    def hook(self, point: HookPoint[R], *, owner: str | Iterable[str] | None = None,
             ) -> Callable[[Callable[..., R]], Callable[..., R]]:
        """A handler of a hook point, asked after those of earlier modules.

        `owner`: the power (or powers) without which the handler answers nothing for the
        player it is asked about (None, the fold's value unchanged, an empty listing): a
        phase asking the point for one player (`Rules.on_for`) then skips it for a player
        holding none of them. The handler still tests the power itself."""
        owners = None if owner is None else frozenset(
            (owner,) if isinstance(owner, str) else owner)

        def deco(fn: Callable[..., R]) -> Callable[..., R]:
            def declare(draft: RulesDraft[Any]) -> None:
                draft.hooks.setdefault(point.name, []).append(fn)
                if owners is not None:
                    draft.owners[fn] = owners
            self._declare(declare)
            return fn
        return deco

    def answers(self, kind: str, *classes: type[Action]) -> None:
        """Action kinds that also answer an earlier module's prompt `kind` (a power's own
        answers in a phase's turn): its handler lists, checks and performs them through hook
        points of its own."""
        def declare(draft: RulesDraft[Any]) -> None:
            handler = draft.handlers[kind]
            draft.handlers[kind] = replace(handler, actions=(*handler.actions, *classes))
            for cls in classes:
                draft.actions.setdefault(cls.kind, cls)
        self._declare(declare)

    def window_point(self, point: WindowPoint, resume: Resume) -> None:
        """A moment where a play window may open (core.windows), and how the game's course
        resumes after it (`resume(state, ctx, ev)`)."""
        def declare(draft: RulesDraft[Any]) -> None:
            draft.window_resume[point.name] = resume
        self._declare(declare)

    def window(self, point: WindowPoint, participant: WindowParticipant[S]) -> None:
        """What a player may play at a window point; its action kinds answer the `window`
        prompt (declared earlier, with the window points, by the game's base)."""
        def declare(draft: RulesDraft[Any]) -> None:
            if WINDOW not in draft.handlers:
                raise KeyError(f"no {WINDOW!r} prompt handler before {self.name!r}")
            draft.window_participants.setdefault(point.name, []).append(participant)
            handler = draft.handlers[WINDOW]
            new = tuple(c for c in participant.actions if c not in handler.actions)
            draft.handlers[WINDOW] = replace(handler, actions=(*handler.actions, *new))
            for cls in participant.actions:
                draft.actions.setdefault(cls.kind, cls)
        self._declare(declare)

    def victory(self, name: str, timing: str) -> Callable[
            [Callable[[S, EventLog], tuple[list[str], str] | None]],
            Callable[[S, EventLog], tuple[list[str], str] | None]]:
        """A victory condition, asked at `timing` in the order declared."""
        def deco(fn: Callable[[S, EventLog], tuple[list[str], str] | None],
                 ) -> Callable[[S, EventLog], tuple[list[str], str] | None]:
            def declare(draft: RulesDraft[Any]) -> None:
                draft.victory.append(VictoryCheck(name, timing, fn))
            self._declare(declare)
            return fn
        return deco

    def substate(self, name: str, cls: type[SubState],
                 new: Callable[[S], SubState]) -> None:
        """A part of the game's state that this module owns, made by `new(state)` when a game
        starts (after the base set-up); serialised and viewed with the rest."""
        def declare(draft: RulesDraft[Any]) -> None:
            if name in draft.substates:
                raise ValueError(f"two modules declare the sub-state {name!r}")
            draft.substates[name] = SubStateSpec(name, cls, new)
        self._declare(declare)

    def data(self, key: str, value: Any) -> None:
        """A data table of the rules (costs, supplies, tiles...): a later module replaces it."""
        def declare(draft: RulesDraft[Any]) -> None:
            draft.data[key] = value
        self._declare(declare)

    def edit(self, fn: Callable[[RulesDraft[S]], None]) -> Callable[[RulesDraft[S]], None]:
        """Any other change of what earlier modules declared (remove a phase, wrap a
        handler...), applied in its turn."""
        self._declare(fn)
        return fn

    def install(self, draft: RulesDraft[S]) -> None:
        for declaration in self._declarations:
            declaration(draft)


K = TypeVar("K")
V = TypeVar("V")


class ReadOnlyDict(dict[K, V]):
    """A dict that refuses changes: a rules object's tables. Read at a plain dict's speed (the
    phases read them on every action; a MappingProxyType's `get` costs twice as much)."""

    def _refuse(self, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError("a rules object's tables are read-only")

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse


class HookTable(ReadOnlyDict[HookPoint[Any], tuple[Callable[..., Any], ...]]):
    """Each hook point's handlers in one rules object, resolved when the rules are composed:
    `rules.on[POINT]` is a tuple (empty when no module handles the point), read by one
    subscript with no call. A point made after the rules were composed has no handler in
    them: it reads empty too."""

    def __missing__(self, point: HookPoint[Any]) -> tuple[Callable[..., Any], ...]:
        return ()

    if TYPE_CHECKING:  # typed by the point's answer; at run time, dict's own subscript
        def __getitem__(self, point: HookPoint[R]) -> tuple[Callable[..., R], ...]: ...


@dataclass(frozen=True, slots=True, eq=False)
class Rules(Generic[S]):
    """The rules of one combination of ruleset and modules. Read-only: built once, shared by
    every game that plays them; compared and hashed by identity (a cache keyed on a rules
    object is keyed on that combination)."""

    key: tuple[str, ...]  # (ruleset, *modules)
    phase_order: tuple[str, ...]
    phases: Mapping[str, Enter[S]]
    handlers: Mapping[str, PromptHandler[S]]
    actions: Mapping[str, type[Action]]
    hooks: Mapping[str, tuple[Callable[..., Any], ...]]
    victory: tuple[VictoryCheck[S], ...]
    data: Mapping[str, Any]
    substates: Mapping[str, SubStateSpec[S]]
    # `victory` by timing, in module order (a phase asks at each of its moments).
    victory_by_timing: Mapping[str, tuple[VictoryCheck[S], ...]]
    window_resume: Mapping[str, Resume]
    window_participants: Mapping[str, tuple[WindowParticipant[S], ...]]
    # `hooks` by point object, every point resolved (`HookTable`): what the hot paths read.
    on: HookTable = field(default_factory=lambda: HookTable())
    # The handlers declared with an owner (`RulesModule.hook(..., owner=)`), and `on` without
    # those a player's powers do not name, by his powers (`on_for`; filled as asked).
    owners: Mapping[Callable[..., Any], frozenset[str]] = field(
        default_factory=lambda: ReadOnlyDict())
    tables_for: dict[tuple[str | None, ...], HookTable] = field(default_factory=dict)
    # How a copy of a state holding these rules finds them again (`pickle`): the game's
    # function that composes them, and its arguments. None: not picklable.
    rebuild: tuple[Callable[..., Rules[Any]], tuple[Any, ...]] | None = None

    def __reduce__(self) -> tuple[Callable[..., Rules[Any]], tuple[Any, ...]]:
        if self.rebuild is None:
            raise TypeError(f"the rules {self.key} do not say how to find them again")
        return self.rebuild

    def parse(self, data: Any) -> Action:
        """An action from its dict form, among this game's action kinds."""
        return parse_action(self.actions, data)

    def handlers_of(self, point: HookPoint[R]) -> tuple[Callable[..., R], ...]:
        return self.on[point]

    def on_for(self, powers: tuple[str | None, ...]) -> HookTable:
        """`on` for a player holding these powers (None entries ignored; the tuple is the
        cache key, so a game passes them in a stable order): each point's handlers without
        those declared for other powers only. Read where a point is asked about one player
        and most of its handlers are powers he lacks (a battle's four roll bonuses)."""
        table = self.tables_for.get(powers)
        if table is None:
            if not self.owners:
                table = self.on
            else:
                held = set(powers)
                owners = self.owners
                # Only the points with a handler declared for a power differ from `on`: the
                # others are copied at C speed (a table is made for each new set of powers).
                table = HookTable({**self.on, **{point: tuple(
                    fn for fn in self.on[point]
                    if fn not in owners or not owners[fn].isdisjoint(held))
                    for point in owned_points(self)}})
            if len(self.tables_for) >= _ON_FOR_SIZE:  # bounded: players' powers are few
                self.tables_for.clear()
            self.tables_for[powers] = table
        return table

    def ask(self, point: HookPoint[R], *args: Any) -> list[R]:
        """Every handler's answer, in module order."""
        return [fn(*args) for fn in self.on[point]]

    def fold(self, point: HookPoint[R], value: R, *args: Any) -> R:
        """`value` passed through every handler in turn (each returns the new value)."""
        for fn in self.on[point]:
            value = fn(value, *args)
        return value

    def victory_at(self, timing: str) -> Iterable[VictoryCheck[S]]:
        return self.victory_by_timing.get(timing, ())


@cache
def owned_points(rules: Rules[Any]) -> frozenset[HookPoint[Any]]:
    """The points of these rules where a handler is declared with its power (`owner=`): only
    there does a player's table (`Rules.on_for`) differ from `rules.on` (cached: rules are
    immutable, hashed by identity)."""
    owned = rules.owners.keys()
    return frozenset(point for point, fns in rules.on.items() if not owned.isdisjoint(fns))


def compose(key: Sequence[str], modules: Sequence[RulesModule[S]], *,
            rebuild: tuple[Callable[..., Rules[Any]], tuple[Any, ...]] | None = None,
            ) -> Rules[S]:
    """Play the modules' declarations in order and freeze the result. A module whose
    `requires` are not earlier in the list is refused (its edits would find nothing).
    `rebuild`: how a pickled copy finds these rules again (`Rules.rebuild`)."""
    draft: RulesDraft[S] = RulesDraft()
    seen: set[str] = set()
    for module in modules:
        missing = [r for r in module.requires if r not in seen]
        if missing:
            raise ValueError(f"module {module.name!r} needs {missing} before it")
        module.install(draft)
        seen.add(module.name)
    unknown = [p for p in draft.phase_order if p not in draft.phases]
    if unknown:
        raise ValueError(f"phases without an entry: {unknown}")
    for cls in draft.actions.values():
        check_parsable(cls)
    hooks = {k: tuple(v) for k, v in draft.hooks.items()}
    return Rules(
        key=tuple(key),
        phase_order=tuple(draft.phase_order),
        phases=ReadOnlyDict(dict(draft.phases)),
        handlers=ReadOnlyDict(dict(draft.handlers)),
        actions=ReadOnlyDict(dict(draft.actions)),
        hooks=ReadOnlyDict(hooks),
        victory=tuple(draft.victory),
        data=ReadOnlyDict(dict(draft.data)),
        substates=ReadOnlyDict(dict(draft.substates)),
        victory_by_timing=ReadOnlyDict({
            timing: tuple(v for v in draft.victory if v.timing == timing)
            for timing in dict.fromkeys(v.timing for v in draft.victory)}),
        window_resume=ReadOnlyDict(dict(draft.window_resume)),
        window_participants=ReadOnlyDict(
            {k: tuple(v) for k, v in draft.window_participants.items()}),
        on=HookTable({point: hooks.get(point.name, ()) for point in _POINTS}),
        owners=ReadOnlyDict({fn: o for fn, o in draft.owners.items()
                             if any(fn in fns for fns in hooks.values())}),
        rebuild=rebuild,
    )
