"""Neptun's engine object (the kit's `GameEngine`), the only entry point adapters use:

    state, events = ENGINE.new_game(players, options, seed)
    ENGINE.legal_actions(state, player), ENGINE.apply(state, action), ENGINE.view(state, viewer)
    ENGINE.to_json(state) / ENGINE.from_json(data), ENGINE.replay(players, options, seed, log)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core.engine import KitEngine
from ..core.events import Event, EventLog
from .flow import enter_phase
from .rules import rules_for, rules_of
from .setup import initial_state
from .state import NeptunState, state_from_dict, state_to_dict
from .view import view


def new_game(players: Sequence[str], options: Mapping[str, Any] | None = None,
             seed: int = 0) -> tuple[NeptunState, list[Event]]:
    """The set-up, then round A's first pick turn."""
    state = initial_state(players, options, seed)
    ev = EventLog()
    ev.public("game_started", players=list(state.players), sequence=list(state.sequence),
              markers=dict(state.markers), wind=state.wind, tiles=dict(state.tiles))
    enter_phase(state, rules_of(state).phase_order[0], ev)
    return state, list(ev)


def _known_ruleset(state: NeptunState) -> None:
    rules_for(state.ruleset)  # refuses a snapshot of a ruleset this process does not have


ENGINE: KitEngine[NeptunState] = KitEngine(
    "neptun", setup=new_game, rules_of=rules_of, default_rules=rules_for, view=view,
    dump=state_to_dict, load=state_from_dict, validate=_known_ruleset)
