"""The Greek blockade (004 l.288–290; aid §B.9.3, C-39): «Le Grec, et lui seul, peut, après
qu'un autre joueur a annoncé son intention de convoyer des troupes dans une province sous
influence grecque, attaquer les flottes de ce joueur. Il peut attaquer dans n'importe quelles
cases maritimes où le convoyage a lieu (…). Après les combats, le joueur peut convoyer
normalement partout où il lui reste une chaîne ininterrompue de trirèmes.»"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...actions import Action, Battle
from ...events import EventLog
from ...prompts import PromptHandler, add_prompt, remove_prompt
from ...rulesets.mn2003 import military as base
from ...rulesets.mn2003.geography import is_sea, land_neighbours, sea_neighbours, seas_of
from ...rulesets.mn2003.placement import linked, trireme_seas
from ...state import GameState, Prompt
from .army_state import WALKERS, army, kind_of

GREEK = "greece"


@dataclass(frozen=True, slots=True)
class PassBlockade(Action):
    """The Greek lets the convoy sail (or stops fighting)."""

    kind: ClassVar[str] = "pass_blockade"


def convoy_seas(state: GameState, mover: str, source: str) -> list[str]:
    """The seas of the mover's fleet chain from the source's coast: where the convoy sails."""
    fleet = trireme_seas(state, mover)
    frontier = [s for s in seas_of(source, state.board_key) if s in fleet]
    seen = set(frontier)
    while frontier:
        for nxt in sea_neighbours(frontier.pop(), state.board_key):
            if nxt in fleet and nxt not in seen:
                seen.add(nxt)
                frontier.append(nxt)
    return sorted(seen)


def _move_of(action: Action) -> tuple[str, str] | None:
    """(source, target) of a land move that may be convoyed, else None."""
    from .creature_moves import MoveCreatures

    if isinstance(action, base.March):
        return action.source, action.target
    if isinstance(action, MoveCreatures) and kind_of(action.player) in WALKERS:
        return action.source, action.target
    return None


def threatened_seas(state: GameState, action: Action) -> list[str]:
    """C-39 §1: a convoy (no shared border) announced by another player into a province under
    Greek influence, while the Greek has triremes in seas of its chain: those seas."""
    move = _move_of(action)
    mover = action.player
    if move is None or mover == GREEK or GREEK not in state.players:
        return []
    source, target = move
    if (
        is_sea(source, state.board_key)
        or state.influence.get(target) != GREEK
        or target in land_neighbours(source, state.board_key)
    ):
        return []
    return [s for s in convoy_seas(state, mover, source) if state.triremes[s].get(GREEK)]


def intercept(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> bool:
    """Hold up the convoy and ask the Greek (the wrapped military turn asks this first)."""
    part = army(state)
    if part.blockade:
        part.blockade = {}  # the convoy going on after the blockade
        return False
    seas = threatened_seas(state, action)
    if not seas:
        return False
    remove_prompt(state, prompt)
    part.blockade = {"move": action.to_dict(), "seas": seas}
    ev.public("blockade_announced", player=action.player, target=_target(action), seas=seas)
    add_prompt(state, "blockade", GREEK, mover=action.player, seas=seas)
    return True


def _target(action: Action) -> str:
    move = _move_of(action)
    assert move is not None
    return move[1]


def _legal(state: GameState, prompt: Prompt) -> list[Action]:
    mover = prompt.data["mover"]
    battles: list[Action] = [
        Battle(GREEK, s, mover)
        for s in prompt.data["seas"]
        if state.triremes.get(s, {}).get(GREEK) and state.triremes.get(s, {}).get(mover)
    ]
    return [*battles, PassBlockade(GREEK)]


def _perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    remove_prompt(state, prompt)
    if isinstance(action, Battle):
        base._battle(state, GREEK, action.area, action.opponent, ev)  # resumes through reopen
        return
    conclude(state, ev)


def reopen(state: GameState, ev: EventLog) -> None:
    """After a blockade battle: ask the Greek again while he can still fight, else go on."""
    part = army(state)
    mover = part.blockade["move"]["player"]
    prompt = add_prompt(state, "blockade", GREEK, mover=mover, seas=part.blockade["seas"])
    if len(_legal(state, prompt)) == 1:
        remove_prompt(state, prompt)
        conclude(state, ev)


def conclude(state: GameState, ev: EventLog) -> None:
    """C-39 §3: the mover convoys if a chain of his is still unbroken, else the move is
    dropped (his units stay, and may move otherwise)."""
    part = army(state)
    action = state.rules.parse(part.blockade["move"])
    part.blockade = {}
    move = _move_of(action)
    assert move is not None
    source, target = move
    mover = action.player
    turn = add_prompt(state, "military_turn", mover)
    if target in linked(state, mover, [source]):
        part.blockade = {"cleared": True}  # read (and dropped) by `intercept`
        state.rules.handlers["military_turn"].perform(state, turn, action, ev)
        return
    ev.public("convoy_broken", player=mover, source=source, target=target)


HANDLER: PromptHandler[GameState] = PromptHandler(
    kind="blockade",
    actions=(Battle, PassBlockade),
    legal=_legal,
    perform=_perform,
    public_listing=True,
    default=lambda state, prompt: PassBlockade(prompt.player),
)
