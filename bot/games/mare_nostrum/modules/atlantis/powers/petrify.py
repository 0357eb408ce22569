"""MÉDÉE and MÉDUSE, Phase IV (L126–146): once a turn, petrify all of one opponent's triremes in
a sea where she has a trireme (Médée) / all of one opponent's units in a province where she has
a unit (Méduse); they « sont considérées comme n'existant plus dans cette Mer / Province
jusqu'à la fin du tour de jeu »; never the same area two turns in a row.

Ruling A9: the petrified units are taken off the board until the end of the game turn (after
Claims): they cannot move, fight, carry, connect, be attacked or destroyed, and no presence
test sees them (war, conqueror, control, influence placement); they stay out of their owner's
supply and still count for his Military level. When they come back, a province holding two
sides' units is at war and a conquest status gained there meanwhile lapses (pillages stand).
Used in her own Military turn, at any step before the conquests, or in the pre-battle window
of a battle she takes part in (A9 a; core.windows), there against the other side's units in
the battle's area (decided: docs/atlas.md) — by the same predicate (`_why`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .....core.windows import WindowParticipant
from ....actions import Action, interned
from ....control import area_order, empires_with_units, figure_ids_in, has_power
from ....errors import IllegalAction
from ....events import EventLog
from ....flow import next_phase
from ....hooks import (
    LEVEL_BONUSES,
    MILITARY_TURN_ACTIONS,
    MILITARY_TURN_CHECK,
    MILITARY_TURN_PERFORM,
    PIECES_OFF_BOARD,
)
from ....kinds import MilitaryStep
from ....phases.military import review_conqueror
from ....state import GameState
from ....windows import BATTLE_START, participate
from ..actions import Petrify
from ..module import MODULE
from .records import Petrified, Use, records

MEDEA = "medea"
MEDUSA = "medusa"


def _power(state: GameState, area: str) -> str:
    return MEDEA if state.board.is_sea(area) else MEDUSA


def _units(state: GameState, area: str, player: str) -> tuple[int, bool, int]:
    """(legions, fortress, triremes) of his in an area."""
    if state.board.is_sea(area):
        return 0, False, state.triremes.get(area, {}).get(player, 0)
    return (state.legions.get(area, {}).get(player, 0),
            player in state.fortresses.get(area, ()), 0)


def _has_units(state: GameState, area: str, player: str) -> bool:
    legions, fortress, triremes = _units(state, area, player)
    return bool(legions or fortress or triremes) or (
        bool(state.figures) and bool(figure_ids_in(state, area, player)))


def _used(state: GameState, player: str, power: str, rnd: int) -> str | None:
    """The area his power was used on in round `rnd` (None: not used then)."""
    return next((u["area"] for u in records(state).uses
                 if u["player"] == player and u["power"] == power and u["round"] == rnd), None)


def _why(state: GameState, player: str, area: str, opponent: str) -> IllegalAction | None:
    """Why this petrification is refused now (None: allowed): the area's rules, then the
    opponent's."""
    why = _area_why(state, player, area)
    return why if why is not None else _opponent_why(state, player, area, opponent)


def _area_why(state: GameState, player: str, area: str) -> IllegalAction | None:
    """What refuses any petrification of his in this area: the area, then his power's clauses
    (`_power_why`), then the area's own (`_place_why`). The listing asks the power's once per
    power, the area's once per area, then `_opponent_why` for each opponent."""
    board = state.board
    if not (board.is_sea(area) or board.is_province(area)):
        return IllegalAction("unknown area", code="unknown_area", area=area)
    power = _power(state, area)
    why = _power_why(state, player, power)
    return why if why is not None else _place_why(
        state, player, area, power, _used(state, player, power, state.round - 1))


def _power_refused(state: GameState, player: str, power: str) -> str | None:
    """He has the power, and has not used it this turn: else the refusal's code (the listings
    ask this, building no refusal)."""
    if not has_power(state, player, power):
        return "no_power"
    if _used(state, player, power, state.round) is not None:
        return "power_used"
    return None


def _power_why(state: GameState, player: str, power: str) -> IllegalAction | None:
    code = _power_refused(state, player, power)
    if code == "no_power":
        return IllegalAction(f"{player} does not have {power}'s power", code="no_power",
                             power=power)
    if code == "power_used":
        return IllegalAction(f"{power}'s power was already used this turn", code="power_used",
                             power=power)
    return None


def _place_why(state: GameState, player: str, area: str, power: str, last: str | None
               ) -> IllegalAction | None:
    """Not the area of his last turn's use (`last`: `_used` the round before), and a unit of
    his there."""
    if last == area:
        return IllegalAction(f"not {area} two turns in a row", code="same_area_twice",
                             power=power, area=area)
    if not _has_units(state, area, player):
        return IllegalAction(f"no unit of yours in {area}", code="no_unit", area=area)
    return None


def _opponent_why(state: GameState, player: str, area: str, opponent: str
                  ) -> IllegalAction | None:
    if opponent == player or opponent not in state.players or not _has_units(
            state, area, opponent):
        return IllegalAction(f"{opponent} has no unit in {area}", code="no_target_units",
                             area=area, opponent=opponent)
    return None


def _held(state: GameState, player: str, provinces: bool, seas: bool) -> list[str]:
    """The areas (board order) holding his units: provinces (legions, fortress), seas."""
    held: set[str] = set()
    if provinces:
        held.update([a for a, d in state.legions.items() if d.get(player)])
        held.update([a for a, f in state.fortresses.items() if player in f])
        if state.figures:
            held.update([f["area"] for f in state.figures.values() if f["owner"] == player])
    if seas:
        held.update([a for a, d in state.triremes.items() if d.get(player)])
    # A few areas: sorted by rank rather than the whole board scanned.
    return sorted(held, key=area_order(state.board_key).__getitem__)


def _candidates(state: GameState, player: str) -> list[Petrify]:
    """Every petrification `_why` allows now: its clauses asked once per power, then once per
    area where he has units, against each player with units there (the others are refused by
    `_why` all the same)."""
    last = {p: _used(state, player, p, state.round - 1) for p in (MEDEA, MEDUSA)
            if _power_refused(state, player, p) is None}
    if not last:
        return []
    out: list[Petrify] = []
    for area in _held(state, player, MEDUSA in last, MEDEA in last):
        power = _power(state, area)
        if _place_why(state, player, area, power, last[power]) is None:
            out += [interned(Petrify, player, area, o) for o in _present(state, area)
                    if o != player and _opponent_why(state, player, area, o) is None]
    return out


def _present(state: GameState, area: str) -> list[str]:
    """The players with units in an area, in seat order (`_has_units` of each, in one pass:
    the others are refused by `_opponent_why` all the same)."""
    if state.board.is_sea(area):
        there = state.triremes.get(area) or {}
        return [p for p in state.players if there.get(p)]
    return empires_with_units(state, area)


@MODULE.hook(MILITARY_TURN_ACTIONS, owner=(MEDEA, MEDUSA))
def _petrify_actions(state: GameState, player: str, step: MilitaryStep) -> Sequence[Action]:
    return _candidates(state, player) if step != "conquest" else ()


@MODULE.hook(MILITARY_TURN_CHECK)
def _petrify_check(state: GameState, player: str, action: Action) -> bool:
    if not isinstance(action, Petrify):
        return False
    why = _why(state, player, action.area, action.opponent)
    if why is not None:
        raise why
    return True


@MODULE.hook(MILITARY_TURN_PERFORM)
def _petrify_perform(state: GameState, player: str, action: Action, ev: EventLog) -> bool:
    if not isinstance(action, Petrify):
        return False
    _petrify(state, player, action, ev)
    return True


def _petrify(state: GameState, player: str, action: Petrify, ev: EventLog) -> None:
    area, opponent, power = action.area, action.opponent, _power(state, action.area)
    legions, fortress, triremes = _units(state, area, opponent)
    figures = figure_ids_in(state, area, opponent) if state.board.is_province(area) else []
    for fid in figures:  # his special figures (the Centaurs) are units too (A8)
        del state.figures[fid]
    if triremes:
        del state.triremes[area][opponent]
    if legions:
        del state.legions[area][opponent]
    if fortress:
        state.fortresses[area].remove(opponent)
    rec = records(state)
    rec.petrified.append(Petrified(owner=opponent, area=area, legions=legions,
                                   fortress=fortress, triremes=triremes, figures=figures,
                                   power=power,
                                   by=player, round=state.round))
    # Only this round's and the last round's uses matter (A9 e).
    rec.uses = [u for u in rec.uses if u["round"] >= state.round - 1]
    rec.uses.append(Use(player=player, power=power, area=area, round=state.round))
    ev.public("petrified", player=player, power=power, area=area, opponent=opponent,
              legions=legions, fortress=fortress, triremes=triremes, figures=figures)
    if state.board.is_province(area):  # his conquest there ends if he has no unit left
        review_conqueror(state, area, ev, "battle")


# --- in the pre-battle window of her battle (A9 a) ----------------------------------------------

def _other_side(player: str, ctx: Mapping[str, Any]) -> str | None:
    """The other side of the battle, if she is one of its two."""
    sides = (ctx["attacker"], ctx["defender"])
    return sides[1 - sides.index(player)] if player in sides else None


def _window_plays(state: GameState, player: str, ctx: Mapping[str, Any]) -> list[Action]:
    """Petrify the other side's units in the battle's area, if `_why` allows it now."""
    other = _other_side(player, ctx)
    # _why's power clauses first, without building their refusal: every battle asks both
    # sides.
    if (other is None or _power_refused(state, player, _power(state, ctx["area"])) is not None
            or _why(state, player, ctx["area"], other) is not None):
        return []
    return [interned(Petrify, player, ctx["area"], other)]


def _window_check(state: GameState, player: str, action: Action,
                  ctx: Mapping[str, Any]) -> None:
    assert isinstance(action, Petrify)
    if (action.area, action.opponent) != (ctx["area"], _other_side(player, ctx)):
        raise IllegalAction("only the other side's units in this battle's area",
                            code="not_this_battle", area=ctx["area"])
    why = _why(state, player, action.area, action.opponent)
    if why is not None:
        raise why


def _window_perform(state: GameState, player: str, action: Action, ctx: Mapping[str, Any],
                    ev: EventLog) -> None:
    assert isinstance(action, Petrify)
    _petrify(state, player, action, ev)


# The holders of the tiles, their uses and the units on the board are public: asking only
# those with a play reveals nothing (concerned: None).
participate(MODULE, BATTLE_START, WindowParticipant(
    "atlantis.petrify", (Petrify,), plays=_window_plays, perform=_window_perform,
    check=_window_check))


@MODULE.hook(PIECES_OFF_BOARD)
def _petrified_pieces(state: GameState, player: str, piece: str) -> int:
    out = 0
    for p in records(state).petrified:  # usually none (asked by every supply count)
        if p["owner"] == player:
            out += {"legion": p["legions"], "trireme": p["triremes"],
                    "fortress": int(p["fortress"])}.get(piece, 0)
    return out


@MODULE.hook(LEVEL_BONUSES)
def _still_in_the_military_level(state: GameState, player: str) -> Mapping[str, int] | None:
    if not records(state).petrified:  # the usual case: asked for each empire's levels
        return None
    n = sum(p["legions"] + p["triremes"] + int(p["fortress"])
            for p in records(state).petrified if p["owner"] == player)
    return {"military": n} if n else None


@MODULE.phase("atlantis.turn_end", after="claims")
def _turn_end(state: GameState, ev: EventLog) -> None:
    """« jusqu'à la fin du tour de jeu »: the petrified units come back (A9 d)."""
    rec = records(state)
    back, rec.petrified = rec.petrified, []
    for p in back:
        area, owner = p["area"], p["owner"]
        if p["triremes"]:
            d = state.triremes.setdefault(area, {})
            d[owner] = d.get(owner, 0) + p["triremes"]
        if p["legions"]:
            d = state.legions.setdefault(area, {})
            d[owner] = d.get(owner, 0) + p["legions"]
        if p["fortress"]:
            state.fortresses.setdefault(area, []).append(owner)
        for fid in p.get("figures", []):
            state.figures[fid] = {"owner": owner, "area": area}
        ev.public("unpetrified", owner=owner, area=area, legions=p["legions"],
                  fortress=p["fortress"], triremes=p["triremes"], figures=p.get("figures", []))
        if state.board.is_province(area):  # at war again: a conquest gained meanwhile lapses
            review_conqueror(state, area, ev, "battle")
    next_phase(state, ev)


MODULE.answers("military_turn", Petrify)
