"""Set-up (MISE EN PLACE): the starting position for 3, 4 or 5 players."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core.rules import Rules
from . import rng
from .board import (
    COMMODITIES,
    Board,
    board,
    default_board_key,
    empire_setups,
    has_board,
)
from .errors import MalformedAction
from .rules import DEFAULT_RULESET, check_modules, hw_tiles_of, rules_for
from .state import GameState


def player_counts(ruleset: str = DEFAULT_RULESET, modules: Sequence[str] = ()) -> tuple[int, ...]:
    """The player counts the set-up tables provide for (3, 4 and 5 in the base game; a module
    may replace the table: the rules' `player_counts` data)."""
    return tuple(sorted(int(n) for n in _empires_table(ruleset, modules)))


def _empires_table(ruleset: str, modules: Sequence[str]) -> Mapping[str, list[str]]:
    table: Mapping[str, list[str]] = rules_for(ruleset, tuple(modules)).data["player_counts"]
    return table


def empires_for(player_count: int, ruleset: str = DEFAULT_RULESET,
                modules: Sequence[str] = ()) -> list[str]:
    """The empires in play, in seat order: Rome, Greece, Carthage (+ Egypt at 4, + Babylon at
    5), from the set-up tables of these rules."""
    counts = player_counts(ruleset, modules)
    if player_count not in counts:
        raise MalformedAction(f"Mare Nostrum: Empires is played by {counts[0]} to {counts[-1]} "
                              f"players, not {player_count}", code="bad_player_count",
                              count=player_count, min=counts[0], max=counts[-1])
    return list(_empires_table(ruleset, modules)[str(player_count)])


def board_of(players: Sequence[str], options: Mapping[str, Any] | None,
             rules: Rules[GameState] | None = None) -> Board:
    """The board a new game is played on: `options["board"]` when it names one (a module's
    board, a variant), else the one the rules name for this many players (their `board_keys`
    data: a module's map), else the base game's board for this many players."""
    key = (options or {}).get("board")
    if key is None:
        keys: Mapping[str, str] = rules.data.get("board_keys", {}) if rules is not None else {}
        return board(keys.get(str(len(players))) or default_board_key(len(players)))
    if not isinstance(key, str) or not has_board(key):
        raise MalformedAction(f"no board {key!r}", code="unknown_board", board=str(key))
    chosen = board(key)
    missing = sorted({pid for eid in players for pid in empire_setups()[eid].provinces}
                     - set(chosen.provinces))
    if missing:  # every empire starts on its printed provinces
        raise MalformedAction(f"board {key} lacks the starting provinces {', '.join(missing)}",
                              code="board_mismatch", board=key, provinces=missing)
    return chosen


def initial_state(
    players: Sequence[str], options: Mapping[str, Any] | None, seed: int
) -> GameState:
    players = list(players)
    options = options or {}
    ruleset = str(options.get("ruleset") or DEFAULT_RULESET)
    modules = options.get("modules") or ()
    if not isinstance(modules, list | tuple) or not all(isinstance(m, str) for m in modules):
        raise MalformedAction("modules: a list of module names", code="unknown_module",
                              module=str(modules))
    chosen = check_modules(ruleset, modules)
    expected = empires_for(len(players), ruleset, chosen)
    if sorted(players) != sorted(expected) or len(set(players)) != len(players):
        raise MalformedAction(
            f"with {len(players)} players the empires are {', '.join(expected)}",
            code="bad_empires", expected=expected,
        )
    rules = rules_for(ruleset, chosen)
    the_board = board_of(players, options, rules)
    setups = empire_setups()
    state = GameState(players=players, seed=int(seed), board_key=the_board.key,
                      ruleset=ruleset, modules=chosen, window_quiet=_window_quiet(players, options))
    state.built = {pid: [False] * len(p.slots) for pid, p in the_board.provinces.items()}
    state.occupant = {pid: [None] * len(p.slots) for pid, p in the_board.provinces.items()}
    # Another ruleset places its own starting position (the rules' `initial_position` data:
    # 2003's Situations de départ, rulesets/mn2003); the base game's is its printed screens.
    position = rules.data.get("initial_position")
    if position is not None:
        position(state, options)
        for part in state.rules.substates.values():
            state.substates.setdefault(part.name, part.new(state))
        return state
    for eid in players:
        e = setups[eid]
        for pid in e.provinces:
            state.influence[pid] = eid
        for pid, specs in e.buildings.items():
            slots = the_board.provinces[pid].slots
            for spec in specs:
                kind, _, arg = spec.partition(":")
                for i, slot in enumerate(slots):
                    if state.built[pid][i] or slot.kind != kind:
                        continue
                    if kind == "caravan" and slot.commodity != arg:
                        continue
                    state.built[pid][i] = True
                    break
        for pid, n in e.legions.items():
            state.legions.setdefault(pid, {})[eid] = n
        for pid in e.fortresses:
            state.fortresses.setdefault(pid, []).append(eid)
        for sid, n in e.triremes.items():
            state.triremes.setdefault(sid, {})[eid] = n
        state.hands[eid] = dict(e.resources)
        state.hw[eid] = [e.hero]
    state.titles = dict(rules.data["starting_titles"][str(len(players))])
    state.legendary_pile = list(COMMODITIES)
    # "For a first game": 5 random HW tiles face up, the rest face down, the Pyramids apart.
    market = [t.id for t in hw_tiles_of(state).values() if t.kind in ("hero", "wonder")]
    market = rng.shuffled(state, market)
    face_up = state.rules.data["hw_market_size"]
    state.hw_market, state.hw_deck = market[:face_up], market[face_up:]
    state.pyramids_available = True
    # The modules' own parts, made once the base set-up is done (they may read it).
    for part in state.rules.substates.values():
        state.substates[part.name] = part.new(state)
    return state


def _window_quiet(players: Sequence[str], options: Mapping[str, Any]) -> list[str]:
    """`options["window_quiet"]`: the players never asked in a play window where they hold
    nothing playable (ruling 17), in seat order."""
    quiet = options.get("window_quiet") or []
    if not isinstance(quiet, list | tuple) or not all(q in players for q in quiet):
        raise MalformedAction("window_quiet: a list of the game's players",
                              code="bad_window_quiet", value=str(quiet))
    return [p for p in players if p in quiet]


def seat_order() -> tuple[str, ...]:
    """Every empire of the base game in seat order (n players: the first n)."""
    return tuple(empires_for(max(player_counts())))
