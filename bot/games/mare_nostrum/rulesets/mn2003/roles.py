"""The role cards recounted between rounds (003 l.241–255; mn2003.md §A.3, C-28): Maître du
commerce = caravans + markets, Leader politique = villes + temples, Chef militaire = units on
the board (occupied buildings count for the occupier, powers add their bonus). «En cas
d'égalité, c'est celui qui a le rôle qui le garde. Si l'égalité concerne des joueurs qui
n'avaient pas le rôle, son actuel possesseur décide à qui il le lègue.»

The roles are data (`mn2003.roles`, with `mn2003.role_counts`): a module adds a fourth role
(the Mythology's Grand Prêtre) by replacing both tables."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from ....core.rules import RulesModule
from ...actions import Action, AwardTitle
from ...errors import IllegalAction
from ...events import EventLog
from ...flow import next_phase
from ...kinds import Title
from ...prompts import PromptHandler, add_prompt, remove_prompt
from ...state import GameState, Prompt
from .data import ROLES
from .hooks import ROLE_BONUS, ROLES_SETTLED, hooks_for
from .pieces import role_counts
from .substate import sub

MODULE: RulesModule[GameState] = RulesModule("mn2003.roles")
Counter = Callable[[GameState, str], dict[str, int]]


def counts(state: GameState, player: str) -> dict[str, int]:
    """R-02: his counts for every role, with the powers' bonuses (H-07)."""
    counter: Counter = state.rules.data["mn2003.role_counts"]
    out = dict(counter(state, player))
    for h in hooks_for(state, player)[ROLE_BONUS]:
        for role, n in (h(state, player) or {}).items():
            out[role] = out.get(role, 0) + n
    return out


def tied_best(state: GameState, role: str) -> list[str]:
    table = sub(state).counts
    best = max(table[p].get(role, 0) for p in state.players)
    return [p for p in state.players if table[p].get(role, 0) == best]


@MODULE.phase("roles")
def enter(state: GameState, ev: EventLog) -> None:
    sub(state).counts = {p: counts(state, p) for p in state.players}
    ev.public("roles_counted", counts=dict(sub(state).counts))
    _settle(state, list(state.rules.data["mn2003.roles"]), ev)


def _settle(state: GameState, roles: list[str], ev: EventLog) -> None:
    while roles:
        role = roles.pop(0)
        holder = state.titles.get(cast(Title, role))
        tied = tied_best(state, role)
        if holder in tied:
            continue  # a tied holder keeps his role
        if len(tied) == 1 or holder not in state.players:
            _give(state, role, tied[0], ev)
            continue
        assert holder is not None
        add_prompt(state, "award_role", holder, role=role, tied=tied, left=roles)
        return
    for h in state.rules.on[ROLES_SETTLED]:
        h(state, ev)
    if not state.over:
        next_phase(state, ev)


def _give(state: GameState, role: str, player: str, ev: EventLog) -> None:
    state.titles[cast(Title, role)] = player
    ev.public("role_changed", role=role, player=player)


def _award_legal(state: GameState, prompt: Prompt) -> list[Action]:
    return [
        AwardTitle(prompt.player, cast(Title, prompt.data["role"]), p) for p in prompt.data["tied"]
    ]


def _award_check(state: GameState, prompt: Prompt, action: Action) -> None:
    assert isinstance(action, AwardTitle)
    if action.title != prompt.data["role"] or action.winner not in prompt.data["tied"]:
        raise IllegalAction("choose one of the tied players", code="not_tied", winner=action.winner)


def _award_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, AwardTitle)
    remove_prompt(state, prompt)
    _give(state, action.title, action.winner, ev)
    _settle(state, list(prompt.data["left"]), ev)


MODULE.data("mn2003.roles", ROLES)
MODULE.data("mn2003.role_counts", role_counts)
MODULE.handler(
    PromptHandler(
        kind="award_role",
        actions=(AwardTitle,),
        legal=_award_legal,
        check=_award_check,
        perform=_award_perform,
        public_listing=True,
    )
)
