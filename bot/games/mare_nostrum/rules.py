"""The rules objects of Mare Nostrum: one per ruleset and combination of modules, chosen from
a game's state (`state.ruleset`, `state.modules`) — never a process-wide table the phases
fill in.

A ruleset is a list of modules (`RULESETS`); optional modules (expansions, variants) register
their declarations in the catalog (`register_module`) and are named by a game's options. The
rules of a combination are composed once and shared by every game that plays it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, TypeVar

from ..core.errors import MalformedAction
from ..core.rules import HookPoint, Rules, RulesModule, compose

if TYPE_CHECKING:
    from .board import Components, HWTile
    from .state import GameState

R = TypeVar("R")
DEFAULT_RULESET = "empires"
# Optional modules by name; a module's package adds itself when imported.
_CATALOG: dict[str, RulesModule[GameState]] = {}
# The optional modules played with no other one (the Punic Wars: ruling G12).
_ALONE: set[str] = set()
# The ruleset each optional module belongs to (a lobby offers it with that ruleset only).
_RULESET_OF: dict[str, str] = {}


def register_module(module: RulesModule[GameState], *, alone: bool = False,
                    ruleset: str = DEFAULT_RULESET) -> RulesModule[GameState]:
    """Make an optional module available to games (its declarations stay its own). `alone`:
    a game naming it names no other optional module; `ruleset`: the ruleset it is played
    with (its `requires` refuse any other at composition)."""
    if module.name in _CATALOG and _CATALOG[module.name] is not module:
        raise ValueError(f"a module named {module.name!r} is already registered")
    _CATALOG[module.name] = module
    _RULESET_OF[module.name] = ruleset
    if alone:
        _ALONE.add(module.name)
    return module


def optional_modules(ruleset: str = DEFAULT_RULESET) -> tuple[str, ...]:
    """The names of the optional modules of a ruleset registered so far (a game's options
    may name them)."""
    return tuple(sorted(n for n in _CATALOG if _RULESET_OF[n] == ruleset))


# The rulesets by name: each a function giving its modules in composition order (called
# lazily: the modules import the phases, which import this module).
_RULESETS: dict[str, Callable[[], Sequence[RulesModule[GameState]]]] = {}


def register_ruleset(name: str, modules: Callable[[], Sequence[RulesModule[GameState]]]
                     ) -> None:
    """Make a ruleset available to games (`options["ruleset"]`): `modules()` lists its rules
    modules in composition order (a ruleset's package registers itself when imported)."""
    if name in _RULESETS and _RULESETS[name] is not modules:
        raise ValueError(f"a ruleset named {name!r} is already registered")
    _RULESETS[name] = modules


def rulesets() -> tuple[str, ...]:
    """The names of the registered rulesets, the default first."""
    return (DEFAULT_RULESET, *sorted(n for n in _RULESETS if n != DEFAULT_RULESET))


def _empires() -> Sequence[RulesModule[GameState]]:
    # Imported here: the phases import `rules_of` from this module.
    from .base import BASE_MODULES

    return BASE_MODULES


register_ruleset(DEFAULT_RULESET, _empires)


def _ruleset(name: str) -> list[RulesModule[GameState]]:
    if name not in _RULESETS:
        raise MalformedAction(f"unknown ruleset {name!r}", code="unknown_ruleset", ruleset=name)
    return list(_RULESETS[name]())


# The rules of each combination played so far: one object per (ruleset, modules).
_BUILT: dict[tuple[str, tuple[str, ...]], Rules[GameState]] = {}


def rules_for(ruleset: str = DEFAULT_RULESET, modules: tuple[str, ...] = ()) -> Rules[GameState]:
    """The rules of a ruleset with these optional modules (in this order), composed once."""
    key = (ruleset, tuple(modules))
    rules = _BUILT.get(key)
    if rules is None:
        chosen = _ruleset(ruleset)
        for name in key[1]:
            if name not in _CATALOG:
                raise MalformedAction(f"unknown module {name!r}", code="unknown_module",
                                      module=name)
            if name in _ALONE and len(key[1]) > 1:
                raise MalformedAction(f"the module {name!r} is played alone",
                                      code="module_alone", module=name)
            chosen.append(_CATALOG[name])
        try:
            rules = compose((ruleset, *key[1]), chosen, rebuild=(rules_for, key))
        except ValueError as exc:  # a module named without one it builds on, or before it
            raise MalformedAction(str(exc), code="module_order",
                                  modules=", ".join(key[1])) from exc
        _BUILT[key] = rules
    return rules


def rules_of(state: GameState) -> Rules[GameState]:
    """The rules this game plays by: `state.rules`, checked against the state's `ruleset` and
    `modules` (the entry points ask it once per call; a test may have changed the modules by
    hand since the state was made). The phases read `state.rules` itself."""
    rules = state.rules
    key = rules.key
    if key[0] != state.ruleset or key[1:] != state.modules:
        rules = rules_for(state.ruleset, state.modules)
        object.__setattr__(state, "rules", rules)  # a base class's slot (state._PlaysBy)
    return rules


def hooks_of(state: GameState, point: HookPoint[R]) -> tuple[Callable[..., R], ...]:
    """The handlers of a hook point in this game's rules, in module order (empty when no
    module handles it). The hot paths read `state.rules.on[point]` inline."""
    handlers: tuple[Callable[..., R], ...] = state.rules.on[point]
    return handlers


def components_of(state: GameState) -> Components:
    """The game's components (costs, supplies, dice...): a table of its rules, which a module
    may replace."""
    comps: Components = state.rules.data["components"]
    return comps


def hw_tiles_of(state: GameState) -> Mapping[str, HWTile]:
    """The game's hero and wonder tiles by id: a table of its rules (a module may add
    tiles)."""
    tiles: Mapping[str, HWTile] = state.rules.data["hw_tiles"]
    return tiles


def check_modules(ruleset: str, modules: Sequence[str]) -> tuple[str, ...]:
    """The modules a new game asks for, validated (their rules can be composed)."""
    chosen = tuple(modules)
    rules_for(ruleset, chosen)
    return chosen
