"""The nine objective tiles (sections 3.2, 4.2, 5.3), each one predicate, checked after every
resolved action for every player (B1, through the kit's ACTION_RESOLVED): the first to meet
a free objective takes its tile and the game stops for his draft (draft.py). Several players
meeting one objective at once: the active player first, then seat order after him (B1, B7);
one player meeting several: each in the tiles' order, each with its own draft."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from functools import cache
from itertools import product
from operator import attrgetter
from typing import Any, TypeVar

from ....core.actions import Action
from ....core.dispatch import ACTION_RESOLVED
from ....core.errors import IllegalAction
from ....core.windows import conflict_order
from ...control import _unoccupied, figures_in
from ...events import EventLog
from ...hooks import BUILD_TURN_ACTIONS, BUILD_TURN_CHECK, BUILD_TURN_PERFORM
from ...kinds import TITLES
from ...state import GameState
from . import draft
from .actions import RevealPlenty
from .module import LEGENDS
from .state import legends

C = TypeVar("C")
# Who meets an objective now (each objective's one predicate, for every player at once: the
# check after every action asks them all); `memo` holds what several of them read.
Meeting = Callable[[GameState, EventLog, dict[str, Any]], Collection[str]]

HORN_COMMODITIES = 8  # E5: 8 different commodities...
HORN_COINS = 9  # ...or 9 coins


def _at_least(counts: Mapping[str, Any], n: int, column: int | None = None) -> list[str]:
    """The players whose count (or that column of their counts) reaches `n`: a plain loop
    (a comprehension is a function of its own in Python 3.11; asked after every action)."""
    out = []
    for p, c in counts.items():
        if (c if column is None else c[column]) >= n:
            out.append(p)
    return out


def alexander_dream(
    state: GameState, player: str, ev: EventLog, memo: dict[str, Any] | None = None
) -> bool:
    """3.2.1: « avoir 5 Provinces sous son Influence. Chaque Province doit contenir au moins
    une Unité du joueur » (legions, fortresses, special units; his capital counts: C5)."""
    return player in _alexander(state, ev, {} if memo is None else memo)


def _alexander(state: GameState, ev: EventLog, memo: dict[str, Any]) -> Collection[str]:
    return _at_least(_memo(state, memo, "alexander", _manned_provinces), 5)


def _manned_provinces(state: GameState) -> dict[str, int]:
    """For each player, the provinces under his influence holding a unit of his (legions,
    fortresses, special units; one pass over the board for every player: the checks ask each
    player in turn)."""
    out: dict[str, int] = {}
    legions, forts, figures = state.legions, state.fortresses, state.figures
    for province, owner in state.influence.items():
        if owner is None:
            continue
        there = legions.get(province)
        if (
            (there is not None and there.get(owner))
            or owner in forts.get(province, ())
            or (figures and figures_in(state, province, owner))
        ):
            out[owner] = out.get(owner, 0) + 1
    return out


def poseidon_legacy(
    state: GameState, player: str, ev: EventLog, memo: dict[str, Any] | None = None
) -> bool:
    """3.2.2: « avoir des Trirèmes dans 4 Mers différentes, sans que des Trirèmes adverses ne
    soient présentes »."""
    return player in _poseidon(state, ev, {} if memo is None else memo)


def _poseidon(state: GameState, ev: EventLog, memo: dict[str, Any]) -> Collection[str]:
    return _at_least(_memo(state, memo, "poseidon", _seas_alone), 4)


def _seas_alone(state: GameState) -> dict[str, int]:
    """For each player, the seas where his triremes are alone (one pass for every player)."""
    out: dict[str, int] = {}
    for there in state.triremes.values():
        holders = [e for e, c in there.items() if c]
        if len(holders) == 1:
            out[holders[0]] = out.get(holders[0], 0) + 1
    return out


def ares_favour(
    state: GameState, player: str, ev: EventLog, memo: dict[str, Any] | None = None
) -> bool:
    """3.2.3: « remporter 3 Batailles » (the victory markers, B12)."""
    return player in _ares(state, ev, {})


def _ares(state: GameState, ev: EventLog, memo: dict[str, Any]) -> Collection[str]:
    return _at_least(legends(state).wins, 3)


def minos_power(
    state: GameState, player: str, ev: EventLog, memo: dict[str, Any] | None = None
) -> bool:
    """4.2.1: « posséder 2 Titres parmi ceux de Maître du Commerce, Leader Politique et Chef
    Militaire »."""
    return player in _minos(state, ev, {})


def _minos(state: GameState, ev: EventLog, memo: dict[str, Any]) -> Collection[str]:
    held = [state.titles.get(t) for t in TITLES]
    return [p for p in state.players if held.count(p) >= 2]


@cache
def _legendary_provinces(board_key: str) -> frozenset[str]:
    from ...board import board

    b = board(board_key)
    return frozenset(
        p for p, prov in b.provinces.items() if any(s.kind == "legendary_city" for s in prov.slots)
    )


def solomon_wisdom(
    state: GameState, player: str, ev: EventLog, memo: dict[str, Any] | None = None
) -> bool:
    """4.2.2: « placer un Temple dans la Province d'une Cité Légendaire » (any temple placed
    there, the city built or not: D6)."""
    return player in _solomon(state, ev, {})


def _solomon(state: GameState, ev: EventLog, memo: dict[str, Any]) -> Collection[str]:
    provinces = _legendary_provinces(state.board_key)
    out: list[str] = []
    for e in ev:  # a plain loop: asked after every action
        if e.kind == "placed":
            d = e.data
            who = d.get("player")
            if who is not None and d.get("item") == "temple" and d.get("target") in provinces:
                out.append(who)
    return out


def joshua_conquest(
    state: GameState, player: str, ev: EventLog, memo: dict[str, Any] | None = None
) -> bool:
    """4.2.3: « convertir une Province ennemie » (any conversion completed: D6)."""
    return player in _joshua(state, ev, {})


def _joshua(state: GameState, ev: EventLog, memo: dict[str, Any]) -> Collection[str]:
    out: list[str] = []
    for e in ev:
        if e.kind == "converted":
            who, previous = e.data.get("player"), e.data.get("previous")
            if who is not None and previous is not None and previous != who:
                out.append(who)
    return out


def horn_of_plenty(
    state: GameState, player: str, ev: EventLog, memo: dict[str, Any] | None = None
) -> bool:
    """5.3: « posséder et dévoiler 8 jetons Bien différents ou 9 jetons Impôt lors de la Phase
    Achats » — met by the reveal (E5; the reveal's own predicate is `can_reveal_plenty`)."""
    return player in _horn(state, ev, {})


def _horn(state: GameState, ev: EventLog, memo: dict[str, Any]) -> Collection[str]:
    return legends(state).revealed


def can_reveal_plenty(state: GameState, player: str) -> bool:
    """E5: his hand holds 8 different commodity types (a legendary one counts as its type) or
    9 coins; Hannibal's pairs and Cleopatra's mixing do not apply."""
    hand = state.hands.get(player, {})
    if hand.get("coin", 0) >= HORN_COINS:
        return True
    kinds = {t.rstrip("*") for t, n in hand.items() if n and t != "coin"}
    return len(kinds) >= HORN_COMMODITIES


def building_counts(state: GameState) -> dict[str, tuple[int, int]]:
    """Every player's controlled buildings (E6: occupied ones included, not those another
    occupies): (all, markets and temples), in one pass over the board."""
    out: dict[str, list[int]] = {p: [0, 0] for p in state.players}
    built, occupant, influence = state.built, state.occupant, state.influence
    counted = _row_counts(state.board_key)
    # As `control.levels` does: the occupant rows compared at once with the unoccupied
    # board's (occupations are rare), then each held province's count read by its built row.
    occupied: set[str] | frozenset[str] = (
        _NOBODY
        if occupant == _unoccupied(state.board_key)
        else {p for p, occ in occupant.items() if any(occ)}
    )
    for pid, holder in influence.items():
        if holder in out and pid not in occupied:
            rows = counted.get(pid)
            if rows is not None:
                n, mt = rows[tuple(built[pid])]
                if n:
                    counts = out[holder]
                    counts[0] += n
                    counts[1] += mt
    slots_of = state.board.provinces
    for pid in occupied:  # an occupied building counts for its occupier
        occ, marker = occupant[pid], influence.get(pid)
        slots = slots_of[pid].slots
        for i, b in enumerate(built[pid]):
            if b:
                who = occ[i] or marker
                c = out.get(who) if who is not None else None
                if c is not None:
                    c[0] += 1
                    if slots[i].kind in MARKET_TEMPLE:
                        c[1] += 1
    return {p: (c[0], c[1]) for p, c in out.items()}


MARKET_TEMPLE = ("market", "temple")
_NOBODY: frozenset[str] = frozenset()


@cache
def _row_counts(board_key: str) -> dict[str, dict[tuple[bool, ...], tuple[int, int]]]:
    """For each province with slots and each way they may be built (its `built` row): (built
    slots, of which markets and temples)."""
    from ...board import board

    out = {}
    for pid, prov in board(board_key).provinces.items():
        kinds = [s.kind in MARKET_TEMPLE for s in prov.slots]
        if kinds:
            out[pid] = {
                row: (sum(row), sum(k for k, b in zip(kinds, row, strict=True) if b))
                for row in product((False, True), repeat=len(kinds))
            }
    return out


def _memo(
    state: GameState,
    memo: dict[str, Any] | None,
    key: str,
    count: Callable[[GameState], C],
) -> C:
    """`count(state)`, once per objective check (`memo`: what several players' checks read),
    and not at all while what it reads is as it was (`_unchanged`)."""
    if memo is None:
        return count(state)
    if key not in memo:
        memo[key] = _unchanged(state, key, count)
    counts: C = memo[key]
    return counts


# What each board count reads besides the board and the players (the state's own containers,
# by attribute), each with how it is copied: its answer is remembered with a copy of them
# (`_LAST`).
Reads = tuple[tuple[str, Callable[[Any], Any]], ...]


def _lists(areas: dict[str, list[Any]]) -> dict[str, list[Any]]:
    return dict(zip(areas, map(list.copy, areas.values()), strict=True))


def _dicts(areas: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return dict(zip(areas, map(dict.copy, areas.values()), strict=True))


_READS: dict[str, Reads] = {
    "alexander": (
        ("influence", dict),
        ("legions", _dicts),
        ("fortresses", _lists),
        ("figures", _dicts),
    ),
    "poseidon": (("triremes", _dicts),),
    "buildings": (
        ("built", _lists),
        ("occupant", _lists),
        ("influence", dict),
    ),
}
# Per count, everything it reads in one C-speed getter: the board, the players, then `_READS`'s
# parts in their order (no per-part call: the check runs after every action).
_GETTERS: dict[str, Callable[[GameState], tuple[Any, ...]]] = {
    key: attrgetter("board_key", "players", *(name for name, _copy in reads))
    for key, reads in _READS.items()
}
# Per count: (the board, the players, a copy of what it read) and its answer. One slot each,
# compared by content at C speed: most actions change none of it (a purchase's payment, a
# trade pick, a window's answer...), and the counts are loops over every province or sea.
_LAST: dict[str, tuple[tuple[Any, ...], Any]] = {}


def _unchanged(state: GameState, key: str, count: Callable[[GameState], C]) -> C:
    """`count(state)`, remembered with everything it reads (B1's check after every action)."""
    now = _GETTERS[key](state)
    last = _LAST.get(key)
    if last is not None and last[0] == now:
        counts: C = last[1]
        return counts
    counts = count(state)
    copies = [copy(part) for (_name, copy), part in zip(_READS[key], now[2:], strict=True)]
    _LAST[key] = ((now[0], list(now[1]), *copies), counts)
    return counts


def daedalus_plans(
    state: GameState, player: str, ev: EventLog, memo: dict[str, Any] | None = None
) -> bool:
    """5.3.1: « contrôler 12 Bâtiments » (occupied ones included: MN 4.3.2)."""
    return player in _daedalus(state, ev, {} if memo is None else memo)


def _daedalus(state: GameState, ev: EventLog, memo: dict[str, Any]) -> Collection[str]:
    return _at_least(_memo(state, memo, "buildings", building_counts), 12, 0)


def hermes_disciples(
    state: GameState, player: str, ev: EventLog, memo: dict[str, Any] | None = None
) -> bool:
    """5.3.2: « contrôler un total de 3 Marchés et Temples » (occupied ones included)."""
    return player in _hermes(state, ev, {} if memo is None else memo)


def _hermes(state: GameState, ev: EventLog, memo: dict[str, Any]) -> Collection[str]:
    return _at_least(_memo(state, memo, "buildings", building_counts), 3, 1)


MEETING: dict[str, Meeting] = {
    "obj_alexander_dream": _alexander,
    "obj_poseidon_legacy": _poseidon,
    "obj_ares_favour": _ares,
    "obj_minos_power": _minos,
    "obj_solomon_wisdom": _solomon,
    "obj_joshua_conquest": _joshua,
    "obj_horn_of_plenty": _horn,
    "obj_daedalus_plans": _daedalus,
    "obj_hermes_disciples": _hermes,
}


def active_player(state: GameState) -> str:
    """Who resolves first (B1, B7): the builder or the Military player whose turn it is; the
    Trade Leader in Trade; else the first seat."""
    if state.phase == "build" and state.build is not None and state.build.current:
        return state.build.current
    if state.phase == "military" and state.military is not None and state.military.current:
        return state.military.current
    if state.phase == "trade" and state.titles.get("trade") in state.players:
        return state.titles["trade"]
    return state.players[0]


@LEGENDS.hook(ACTION_RESOLVED)
def check_objectives(state: GameState, action: Action, ev: EventLog) -> None:
    """B1: after every resolved action, every free objective for every player."""
    if state.over:
        return
    leg = legends(state)
    if leg.draft is not None or leg.queue:
        return  # a draft moves only cards: nothing an objective reads
    taken = leg.taken
    met: list[list[str]] = []
    if len(taken) < len(leg.objectives):
        memo: dict[str, Any] = {}  # what several checks read, computed once
        order: list[str] | None = None
        for objective in leg.objectives:  # the tiles' order, the free ones
            if objective in taken:
                continue
            # Who meets it, asked for every player at once; the conflict order made only when
            # someone does: nearly every action meets nothing.
            meeting = MEETING[objective](state, ev, memo)
            if meeting:
                if order is None:
                    order = conflict_order(state.players, active_player(state))
                player = next((p for p in order if p in meeting), None)
                if player is None:
                    continue
                taken[objective] = player
                met.append([player, objective])
                ev.public("objective_met", player=player, objective=objective)
    leg.revealed.clear()
    if met:
        draft.start(state, met, ev)


# --- la Corne d'Abondance's reveal (E5): an action of his own Build turn -------------------------


def _plenty_open(state: GameState, player: str) -> bool:
    leg = legends(state)
    horn = "obj_horn_of_plenty"
    return horn in leg.objectives and horn not in leg.taken and can_reveal_plenty(state, player)


def _shown(state: GameState, player: str) -> dict[str, int]:
    """What he reveals: 9 coins, else one token of each of 8 commodity types (legendary
    ones rather than their ordinary type only when he has no ordinary one)."""
    hand = state.hands[player]
    if hand.get("coin", 0) >= HORN_COINS:
        return {"coin": HORN_COINS}
    shown: dict[str, int] = {}
    for token in sorted(hand):
        kind = token.rstrip("*")
        if token != "coin" and hand[token] and not any(t.rstrip("*") == kind for t in shown):
            shown[token] = 1
    return dict(list(shown.items())[:HORN_COMMODITIES])


@LEGENDS.hook(BUILD_TURN_ACTIONS)
def _plenty_actions(state: GameState, player: str) -> list[Action]:
    return [RevealPlenty(player)] if _plenty_open(state, player) else []


@LEGENDS.hook(BUILD_TURN_CHECK)
def _plenty_check(state: GameState, player: str, action: Action) -> bool:
    if not isinstance(action, RevealPlenty):
        return False
    if not _plenty_open(state, player):
        raise IllegalAction(
            "you cannot reveal 8 different commodities or 9 coins now", code="no_plenty"
        )
    return True


@LEGENDS.hook(BUILD_TURN_PERFORM)
def _plenty_perform(state: GameState, player: str, action: Action, ev: EventLog) -> bool:
    if not isinstance(action, RevealPlenty):
        return False
    legends(state).revealed.append(player)
    ev.public("plenty_revealed", player=player, tokens=_shown(state, player))
    return True


LEGENDS.answers("build_turn", RevealPlenty)
