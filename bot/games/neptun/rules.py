"""The rules objects of Neptun, composed from its modules (the kit's `compose`), one per
ruleset, chosen from a game's state (`state.ruleset`). The base ruleset is the phases'
modules in turn order; a variant is a list that adds or replaces modules."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..core.errors import MalformedAction
from ..core.rules import Rules, RulesModule, compose

if TYPE_CHECKING:
    from .state import NeptunState

DEFAULT_RULESET = "standard"
# How the forecast becomes the next wind (ruling P4): a table of the rules a variant may replace.
NextWind = Callable[[int, int], int]
_BUILT: dict[str, Rules[NeptunState]] = {}


def _modules(ruleset: str) -> list[RulesModule[NeptunState]]:
    # Imported here: the phases import `rules_of` from this module.
    from .contracts import MODULE as CONTRACTS
    from .scoring import END_MODULE
    from .scoring import MODULE as SCORING
    from .voyages import MODULE as VOYAGES

    rulesets = {DEFAULT_RULESET: [CONTRACTS, VOYAGES, SCORING, END_MODULE]}
    if ruleset not in rulesets:
        raise MalformedAction(f"unknown ruleset {ruleset!r}", code="unknown_ruleset",
                              ruleset=ruleset)
    return rulesets[ruleset]


def rules_for(ruleset: str = DEFAULT_RULESET) -> Rules[NeptunState]:
    rules = _BUILT.get(ruleset)
    if rules is None:
        rules = _BUILT[ruleset] = compose((ruleset,), _modules(ruleset))
    return rules


def rules_of(state: NeptunState) -> Rules[NeptunState]:
    rules = _BUILT.get(state.ruleset)
    return rules if rules is not None else rules_for(state.ruleset)


def next_wind_of(state: NeptunState) -> NextWind:
    fn: NextWind = rules_of(state).data["next_wind"]
    return fn
