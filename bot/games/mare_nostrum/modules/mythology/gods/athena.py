"""Athéna (MG-10): «ajoute +2 pour le décompte d'un titre» (l.196: «un bonus de 2 pour
n'importe lequel des titres»). C-60: used at the role count — a step just before the roles
are counted, where its holder names a role or keeps the god."""

from __future__ import annotations

from .....core.errors import IllegalAction
from ....actions import Action
from ....events import EventLog
from ....flow import next_phase
from ....prompts import PromptHandler, add_prompt, remove_prompt
from ....rulesets.mn2003.hooks import ROLE_BONUS
from ....state import GameState, Prompt
from ..module import MODULE
from .actions import KeepGod, UseGod
from .state import ATHENA, gods, holder_of

ATHENA_BONUS = 2


def roles(state: GameState) -> list[str]:
    return list(state.rules.data["mn2003.roles"])


@MODULE.phase("athena", before="roles")
def enter(state: GameState, ev: EventLog) -> None:
    holder = holder_of(state, ATHENA)
    if holder is None:
        next_phase(state, ev)
        return
    add_prompt(state, "athena", holder)


def _legal(state: GameState, prompt: Prompt) -> list[Action]:
    p = prompt.player
    return [*(UseGod(p, ATHENA, r) for r in roles(state)), KeepGod(p, ATHENA)]


def _check(state: GameState, prompt: Prompt, action: Action) -> None:
    assert isinstance(action, UseGod | KeepGod)
    if action.god != ATHENA:
        raise IllegalAction("answer for Athéna", code="wrong_god", god=action.god)
    if isinstance(action, UseGod) and action.target not in roles(state):
        raise IllegalAction(
            f"{action.target!r} is not a role", code="athena_not_role", target=action.target
        )


def _perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    remove_prompt(state, prompt)
    if isinstance(action, UseGod):
        g = gods(state)
        g.used.append(ATHENA)
        g.athena[action.player] = action.target
        ev.public("god_used", player=action.player, god=ATHENA, target=action.target)
    else:
        ev.public("god_kept", player=action.player, god=ATHENA)
    next_phase(state, ev)


@MODULE.hook(ROLE_BONUS)
def _athena_bonus(state: GameState, player: str) -> dict[str, int] | None:
    role = gods(state).athena.get(player)
    return {role: ATHENA_BONUS} if role is not None else None


MODULE.handler(
    PromptHandler(
        kind="athena",
        actions=(UseGod, KeepGod),
        legal=_legal,
        check=_check,
        perform=_perform,
        public_listing=True,
        default=lambda state, prompt: KeepGod(prompt.player, ATHENA),
    )
)
