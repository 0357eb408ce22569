"""Invariants that hold after every accepted action. Playouts, fuzzers and the simulator call
`check_invariants`; it returns the list of violations (empty when all is well)."""

from __future__ import annotations

from .board import BUILDING_KINDS, COMMODITIES, RESOURCE_TYPES, empire_setups
from .control import (
    CULTURE_KINDS,
    TRADE_KINDS,
    all_levels,
    building_controller,
    buildings_left,
    capital_province,
    levels,
    supply_left,
    units_in,
)
from .hooks import INVARIANTS, LEVEL_BONUSES, PIECES_OFF_BOARD, TOKENS_ASIDE
from .resources import is_legendary, token_type
from .rules import components_of, hooks_of, hw_tiles_of, rules_of
from .state import GameState
from .view import view

PIECES = ("legion", "trireme", "fortress", "influence")


def check_invariants(state: GameState) -> list[str]:
    own = state.rules.data.get("invariants")
    if own is not None:  # another ruleset's (2003: rulesets/mn2003/invariants.py)
        checked: list[str] = own(state)
        return checked
    errors: list[str] = []
    errors += _prompts(state)
    errors += _legendary(state)
    errors += _pieces(state)
    errors += _occupations(state)
    errors += _hands(state)
    errors += _levels(state)
    for module_invariants in hooks_of(state, INVARIANTS):
        errors += module_invariants(state)
    return errors


def _prompts(state: GameState) -> list[str]:
    errors = []
    if state.over:
        if state.prompts or not state.winners:
            errors.append("a finished game has prompts or no winner")
        return errors
    owed = [p for p in state.prompts if not p.data.get("answered")]
    if not owed:
        errors.append(f"nobody owes a decision in phase {state.phase}")
    handlers = rules_of(state).handlers
    errors += [f"prompt {p.kind} has no handler in this game's rules"
               for p in state.prompts if p.kind not in handlers]
    for p in owed:
        if p.kind not in handlers:
            continue
        if p.player not in state.players:
            errors.append(f"prompt {p.kind} for a non-player {p.player}")
        elif not handlers[p.kind].legal(state, p):
            errors.append(f"prompt {p.kind} of {p.player} has no legal answer")
    return errors


def _legendary(state: GameState) -> list[str]:
    """One legendary token of each commodity: in the pile, the discard, a hand or the trade."""
    seen: list[str] = list(state.legendary_pile) + list(state.legendary_discard)
    for hand in state.hands.values():
        for token, n in hand.items():
            if is_legendary(token):
                seen += [token_type(token)] * n
    if state.trade is not None:
        for tokens in (*state.trade.offers.values(), *state.trade.taken.values()):
            seen += [token_type(t) for t in tokens if is_legendary(t)]
    for aside in hooks_of(state, TOKENS_ASIDE):  # held beside the board by a module
        seen += [token_type(t) for t in aside(state) if is_legendary(t)]
    if sorted(seen) != sorted(COMMODITIES):
        return [f"legendary tokens not conserved: {sorted(seen)}"]
    return []


def _pieces(state: GameState) -> list[str]:
    errors = []
    board = state.board
    limits = components_of(state)
    out = {e: dict.fromkeys(PIECES, 0) for e in state.players}
    for d in state.legions.values():
        for e, n in d.items():
            out[e]["legion"] += n
    for d in state.triremes.values():
        for e, n in d.items():
            out[e]["trireme"] += n
    for lst in state.fortresses.values():
        for e in lst:
            out[e]["fortress"] += 1
    for p, e in state.influence.items():
        if p != capital_province(e):
            out[e]["influence"] += 1
    for aside in hooks_of(state, PIECES_OFF_BOARD):  # held off the board by a power
        for e in state.players:
            for piece in PIECES:
                out[e][piece] += aside(state, e, piece)
    for empire in state.players:
        for piece in PIECES:
            if out[empire][piece] > limits.per_empire[piece]:
                errors.append(f"{empire} has more {piece}s out than the supply holds")
        cap = capital_province(empire)
        if state.influence.get(cap) != empire:
            errors.append(f"the printed influence of {cap} is not {empire}'s")
        # The engine's fast counts agree with these plain ones.
        for piece in PIECES:
            if supply_left(state, empire, piece) != limits.per_empire[piece] - out[empire][piece]:
                errors.append(f"supply_left({empire}, {piece}) disagrees with the board")
    used: dict[str, int] = {}
    for pid, built in state.built.items():
        for slot, b in zip(board.provinces[pid].slots, built, strict=True):
            if b:
                used[slot.kind] = used.get(slot.kind, 0) + 1
    for kind in BUILDING_KINDS:
        if used.get(kind, 0) > limits.buildings[kind]:
            errors.append(f"more {kind} buildings on the board than markers")
        if buildings_left(state, kind) != limits.buildings[kind] - used.get(kind, 0):
            errors.append(f"buildings_left({kind}) disagrees with the board")
    for area, d in state.legions.items():
        if area not in board.provinces:
            errors.append(f"legions in {area}, not a province in play")
        if any(n <= 0 for n in d.values()):
            errors.append(f"non-positive legion count in {area}")
    for fid, f in state.figures.items():
        if f["area"] not in board.provinces or f["owner"] not in state.players:
            errors.append(f"figure {fid} of {f['owner']} in {f['area']}, not a province in play")
    for area, d in state.triremes.items():
        if area not in board.seas:
            errors.append(f"triremes in {area}, not a sea")
        if any(n <= 0 for n in d.values()):
            errors.append(f"non-positive trireme count in {area}")
    for area, lst in state.fortresses.items():
        if area not in board.provinces:
            errors.append(f"fortress in {area}, not a province in play")
        if len(lst) != len(set(lst)):
            errors.append(f"two fortresses of one empire in {area}")
    for area in state.influence:
        if area not in board.provinces:
            errors.append(f"influence in {area}, not a province in play")
    return errors


def _occupations(state: GameState) -> list[str]:
    errors = []
    # A battle whose casualties are still being chosen is reviewed once they are taken
    # (battles._finish_battle: review_conqueror): until then its loser may hold markers.
    settling = {p.data.get("area") for p in state.prompts if p.kind == "casualties"}
    for pid, occ in state.occupant.items():
        counts: dict[str, int] = {}
        for i, who in enumerate(occ):
            if who is None:
                continue
            if not state.built[pid][i]:
                errors.append(f"occupied empty slot {pid}[{i}]")
            if who == state.influence.get(pid):
                errors.append(f"{who} occupies his own building in {pid}")
            counts[who] = counts.get(who, 0) + 1
        conv = state.conversions.get(pid)
        if conv is not None:
            counts[conv["player"]] = counts.get(conv["player"], 0) + 1
            if pid in {s.capital_province for s in empire_setups().values()}:
                errors.append(f"conversion under way in the capital province {pid}")
        for who, n in counts.items():
            if pid not in settling and units_in(state, pid, who) < n:
                errors.append(f"{who} occupies {n} markers in {pid} with fewer units")
    return errors


def _levels(state: GameState) -> list[str]:
    """The engine's fast levels (every empire's, and one empire's) agree with a plain count:
    each built slot on a track for building_controller, every unit, the HW bonuses (5) and
    a module's level bonuses."""
    plain = {e: {"trade": 0, "culture": 0, "military": 0} for e in state.players}
    for pid, row in state.built.items():
        for i, slot in enumerate(state.board.provinces[pid].slots):
            who = building_controller(state, pid, i) if row[i] else None
            if who in plain:
                if slot.kind in TRADE_KINDS:
                    plain[who]["trade"] += 1
                elif slot.kind in CULTURE_KINDS:
                    plain[who]["culture"] += 1
    for pool in (state.legions, state.triremes):
        for units in pool.values():
            for e, n in units.items():
                if e in plain:
                    plain[e]["military"] += n
    for forts in state.fortresses.values():
        for e in forts:
            if e in plain:
                plain[e]["military"] += 1
    for e in state.players:
        for t in state.hw.get(e, ()):
            for title, bonus in hw_tiles_of(state)[t].bonus.items():
                plain[e][title] += bonus
    for more in hooks_of(state, LEVEL_BONUSES):  # a module's bonuses, as the engine adds them
        for e in state.players:
            for title, n in (more(state, e) or {}).items():
                plain[e][title] += n
    errors = []
    if all_levels(state) != plain:
        errors.append(f"all_levels disagrees with a count of the board: {plain}")
    errors += [f"levels({e}) disagrees with a count of the board: {plain[e]}"
               for e in state.players if levels(state, e) != plain[e]]
    return errors


def _hands(state: GameState) -> list[str]:
    errors = []
    for player, hand in state.hands.items():
        for token, n in hand.items():
            if n <= 0 or token_type(token) not in RESOURCE_TYPES:
                errors.append(f"{player} holds {n} × {token!r}")
            if token == "coin*":
                errors.append(f"{player} holds a legendary coin")
    return errors


def check_views(state: GameState) -> list[str]:
    """No view shows another player's resources or unrevealed offer."""
    errors = []
    for viewer in [*state.players, None]:
        v = view(state, viewer)
        if viewer is None and v["hand"] is not None:
            errors.append("a spectator sees a hand")
        if viewer is not None and v["hand"] != state.hands[viewer]:
            errors.append(f"{viewer}'s view does not show his own hand")
        trade = v["trade"]
        if trade is not None and not trade["revealed"]:
            shown = set(trade["offers"])
            if shown - ({viewer} if viewer else set()):
                errors.append(f"{viewer} sees a sealed offer of {shown}")
        if viewer is None and v["my_prompts"]:
            errors.append("a spectator sees prompts")
        if any(p["kind"] and viewer is not None and p not in _own_prompts(state, viewer)
               for p in v["my_prompts"]):
            errors.append(f"{viewer} sees another player's prompt")
    return errors


def _own_prompts(state: GameState, player: str) -> list[dict[str, object]]:
    return [{"kind": p.kind, "data": p.data} for p in state.prompts if p.player == player]
