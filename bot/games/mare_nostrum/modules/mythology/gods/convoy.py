"""Poséidon when a convoy is announced (MG-16): «peut détruire une trirème adverse (même au
moment où son propriétaire tente de l'utiliser pour convoyer …)»; FAQ l.479–480: «Est-ce que
si Poséidon détruit la flotte au moment où le joueur annonce son convoyage, les unités
transportées sont perdues ? Non. Par contre, le convoyage est annulé.»

A march along a trireme chain (its target is no land neighbour of its source) opens a play
window for Poséidon's holder, when he is not the mover: he may sink one of the mover's
triremes in that chain. If one sinks, the convoy is cancelled (the legions stay and may move
otherwise); else the march goes on."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .....core.windows import WindowParticipant, WindowPoint
from ....actions import Action
from ....events import EventLog
from ....rulesets.mn2003 import military
from ....rulesets.mn2003.geography import land_neighbours, sea_neighbours, seas_of
from ....rulesets.mn2003.hooks import MARCH_STARTING
from ....rulesets.mn2003.military import March
from ....state import GameState
from ....windows import open_window, participate
from ..module import MODULE
from .actions import UseGod
from .ishtar import RESUME, strike
from .state import POSEIDON, gods, holder_of

Ctx = Mapping[str, Any]
CONVOY = WindowPoint(
    "mythology.convoy",
    "a march along a trireme chain is announced (C-60): Poséidon's holder, when he is not "
    "the mover. ctx: player, source, target, count.",
)


def chain(state: GameState, player: str, source: str) -> list[str]:
    """The seas of his fleet reachable from `source`'s shores: the chain a convoy uses."""
    fleet = {s for s, owners in state.triremes.items() if owners.get(player)}
    frontier = [s for s in seas_of(source, state.board_key) if s in fleet]
    seen = set(frontier)
    while frontier:
        for nxt in sea_neighbours(frontier.pop(), state.board_key):
            if nxt in fleet and nxt not in seen:
                seen.add(nxt)
                frontier.append(nxt)
    return sorted(seen)


def _plays(state: GameState, player: str, ctx: Ctx) -> Sequence[Action]:
    if holder_of(state, POSEIDON) != player or player == ctx["player"]:
        return []
    mover = ctx["player"]
    return [UseGod(player, POSEIDON, f"{sea}:{mover}") for sea in gods(state).battle["seas"]]


def _perform(state: GameState, player: str, action: Action, ctx: Ctx, ev: EventLog) -> None:
    assert isinstance(action, UseGod)
    g = gods(state)
    g.used.append(POSEIDON)
    ev.public("god_used", player=player, god=POSEIDON, target=action.target)
    g.battle["poseidon"] = [player, action.target]


def _convoyable(state: GameState, march: Action) -> bool:
    """A march of legions, or a move of creatures that go as legions do (with their legions:
    creature_moves.py); a griffon flies and a kraken swims, never convoyed."""
    if isinstance(march, March):
        return True
    from ..army_state import WALKERS, kind_of
    from ..creature_moves import MoveCreatures

    return isinstance(march, MoveCreatures) and kind_of(march.player) in WALKERS


@MODULE.hook(MARCH_STARTING)
def _convoy_announced(state: GameState, march: Any, ev: EventLog) -> bool:
    if not _convoyable(state, march):
        return False
    g = gods(state)
    if g.battle.get("convoy") == march.to_dict():  # the window is over: the march goes on
        g.battle = {}
        return False
    holder = holder_of(state, POSEIDON)
    beside = land_neighbours(march.source, state.board_key)
    if holder is None or holder == march.player or march.target in beside:
        return False
    seas = chain(state, march.player, march.source)
    if not seas:
        return False
    g.battle = {"convoy": march.to_dict(), "seas": seas}
    ctx = {
        "player": march.player,
        "source": march.source,
        "target": march.target,
        "count": march.count if isinstance(march, March) else march.legions + march.creatures,
    }
    if open_window(state, CONVOY, ctx, [holder], march.player, ev):
        return True
    g.battle = {}
    return False


def _after_window(state: GameState, ctx: Ctx, ev: EventLog) -> None:
    g = gods(state)
    played = g.battle.pop("poseidon", None)
    if played is not None:
        user, target = played
        sea, _, mover = target.rpartition(":")
        g.battle["fleet"] = state.triremes.get(sea, {}).get(mover, 0)
        g.battle["sea"] = sea
        if strike(state, user, POSEIDON, target, mover, {}, ev, resume="convoy"):
            return
    _settle(state, {}, ev)


def _settle(state: GameState, ctx: Ctx, ev: EventLog) -> None:
    """Cancelled if a trireme of the chain sank (the legions stay), else carried out."""
    g = gods(state)
    held: dict[str, Any] = g.battle
    march = state.rules.parse(held["convoy"])
    sunk = "sea" in held and (
        state.triremes.get(held["sea"], {}).get(march.player, 0) < held["fleet"]
    )
    if sunk:
        g.battle = {}
        ev.public("convoy_cancelled", player=march.player, source=held["convoy"]["source"])
        military.resume_turn(state, march.player, ev)
        return
    held.pop("sea", None)
    if isinstance(march, March):
        military.carry_out(state, march, ev)
    else:  # creatures (and their legions) convoyed: the module's own move
        from ..creature_moves import MoveCreatures, move

        assert isinstance(march, MoveCreatures)
        move(state, march, ev)


RESUME["convoy"] = _settle
MODULE.window_point(CONVOY, _after_window)
participate(
    MODULE,
    CONVOY,
    WindowParticipant("mythology.poseidon_convoy", (UseGod,), plays=_plays, perform=_perform),
)
