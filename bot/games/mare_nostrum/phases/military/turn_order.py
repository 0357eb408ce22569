"""The order of play and the steps of a turn (section 4, 4.1.2; rulings §12).

The phase opens with the decisions powers owe first (MILITARY_START: Statue de Zeus's peace).
The Military Leader names who plays next (the `military_order` prompt). The active player's
turn (the `military_turn` prompt) walks through steps — sea moves, sea battles (optional), land
moves, land battles (owed) — skipping a step that offers nothing; a step ends with `EndTurn`.
What a step offers is one lazy listing (`step_groups`: moves.move_groups,
battles.battle_groups), read up to its first group to know whether the step offers anything,
in full to list the actions; a submitted move or battle is checked by moves.check_move,
battles.check_battle, with the functions the listing uses. The last step is the conquest
(conquest.conquest_step), after which the turn ends (`end_turn`). After the last player,
victory by conquest (6.2) is checked.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from ...actions import Action, Battle, ChooseNext, EndTurn, Move, interned
from ...control import all_levels, capitals_and_legendary, hooks_for
from ...errors import IllegalAction
from ...events import EventLog
from ...flow import check_victory, next_in_order, next_phase, title_holder
from ...hooks import (
    MILITARY_START,
    MILITARY_TURN_ACTIONS,
    MILITARY_TURN_CHECK,
    MILITARY_TURN_PERFORM,
)
from ...kinds import MilitaryStep
from ...prompts import PromptHandler, add_prompt, remove_prompt
from ...state import GameState, MilitaryState, Prompt
from ...windows import MILITARY_OPEN, open_window
from . import battles, conquest, moves
from .common import LISTINGS, MODULE, OPTIONAL_STEPS, STEPS, phase_state

# --- the order of play ----------------------------------------------------------------------

@MODULE.phase("military")
def enter(state: GameState, ev: EventLog) -> None:
    state.military = MilitaryState()
    # The order the Military Leader chooses is the latest one (tie-break of rulings §8).
    state.last_order = []
    ctx = {"round": state.round}
    if not open_window(state, MILITARY_OPEN, ctx, state.players, title_holder(state, "military"),
                       ev):
        _opened(state, ctx, ev)


def _opened(state: GameState, ctx: Any, ev: EventLog) -> None:
    """After the phase's window (B6 W-mil-open): the powers' opening decisions, then the
    first turn."""
    for start in state.rules.on[MILITARY_START]:
        if start(state, ev):
            return
    next_player(state, ev)


MODULE.window_point(MILITARY_OPEN, _opened)


def next_player(state: GameState, ev: EventLog) -> None:
    next_in_order(state, phase_state(state).done, "military", "military_order", _start_turn,
                  _end_phase, ev)


def _start_turn(state: GameState, player: str, ev: EventLog) -> None:
    m = phase_state(state)
    m.current, m.step = player, STEPS[0]
    m.moved, m.fought, m.battle, m.conquests = {}, [], None, []
    state.last_order.append(player)
    ev.public("military_turn_started", player=player)
    advance(state, ev)


def end_turn(state: GameState, ev: EventLog) -> None:
    m = phase_state(state)
    player = m.current
    assert player is not None
    m.done.append(player)
    m.current = None
    # Levels are derived from the board: announce them as adjusted (4.4).
    ev.public("military_turn_ended", player=player, levels=all_levels(state))
    next_player(state, ev)


def _end_phase(state: GameState, ev: EventLog) -> None:
    counts = {p: capitals_and_legendary(state, p) for p in state.players}
    ev.public("military_phase_ended", capitals_and_legendary=counts)
    state.military = None
    if not check_victory(state, "end_of_military", ev):
        next_phase(state, ev)


def _order_legal(state: GameState, prompt: Prompt) -> list[Action]:
    return [interned(ChooseNext, prompt.player, p) for p in prompt.data["remaining"]]


def _order_check(state: GameState, prompt: Prompt, action: Action) -> None:
    assert isinstance(action, ChooseNext)
    if action.target not in prompt.data["remaining"]:
        raise IllegalAction(f"{action.target} cannot play next", code="bad_choice",
                            target=action.target, remaining=list(prompt.data["remaining"]))


def _order_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, ChooseNext)
    remove_prompt(state, prompt)
    ev.public("military_order_chosen", leader=action.player, target=action.target)
    _start_turn(state, action.target, ev)


# --- the active player's steps --------------------------------------------------------------

def step_groups(state: GameState, player: str, step: MilitaryStep, ordered: bool = True
                ) -> Iterator[Sequence[Action]]:
    """What the step offers besides EndTurn, lazily, in groups that are never empty (a
    source's moves, an area's battles; in the board's order unless not `ordered`): the one
    listing of the step's rules."""
    listing = LISTINGS.get(step)
    if listing is None:
        return iter(())
    return listing[0](state, player, listing[1], ordered)


def step_offers(state: GameState, player: str, step: MilitaryStep) -> bool:
    """Whether the step offers anything besides EndTurn: its listing's first group (in any
    order; `ordered` passed by position, as a keyword costs more on this hot path), or a
    power's own answer (MILITARY_TURN_ACTIONS)."""
    listing = LISTINGS.get(step)  # step_groups, inline
    if listing is not None and next(listing[0](state, player, listing[1], False),
                                    None) is not None:
        return True
    if state.rules.on[MILITARY_TURN_ACTIONS]:  # none in the base game
        for powers in hooks_for(state, player)[MILITARY_TURN_ACTIONS]:  # no generator's frame
            if powers(state, player, step):
                return True
    return False


def step_actions(state: GameState, player: str, step: MilitaryStep) -> list[Action]:
    """What the step offers besides EndTurn (empty: the step is skipped): its moves or
    battles, then the powers' own answers (MILITARY_TURN_ACTIONS)."""
    out: list[Action] = []
    listing = LISTINGS.get(step)  # step_groups, inline
    if listing is not None:
        for group in listing[0](state, player, listing[1], True):
            out.extend(group)
    if state.rules.on[MILITARY_TURN_ACTIONS]:
        for powers in hooks_for(state, player)[MILITARY_TURN_ACTIONS]:
            out.extend(powers(state, player, step))
    return out


def drop_turn_prompt(state: GameState) -> None:
    """The turn's prompt leaves while a battle's decisions are owed (advance puts it back)."""
    # A plain loop: a comprehension is a function call in Python 3.11 (hot: every battle and
    # every step's opening), over a few prompts.
    kept = []
    for p in state.prompts:
        if p.kind != "military_turn":
            kept.append(p)
    state.prompts = kept


def advance(state: GameState, ev: EventLog, after_move: bool = False) -> None:
    """(Re)open the current step, skipping those that offer nothing; then the conquests.
    After a move, the step's prompt (the one the move answered) stays if the step goes on."""
    m = state.military  # phase_state's check inline (hot: after every move)
    assert m is not None, "not in the Military phase"
    player = m.current
    assert player is not None
    if after_move:
        if step_offers(state, player, m.step):
            return  # the step goes on: its prompt stays as it is
        m.step = STEPS[STEPS.index(m.step) + 1]
    drop_turn_prompt(state)
    while m.step != "conquest":
        if step_offers(state, player, m.step):
            add_prompt(state, "military_turn", player, step=m.step)
            return
        m.step = STEPS[STEPS.index(m.step) + 1]
    conquest.conquest_step(state, ev)


def _turn_legal(state: GameState, prompt: Prompt) -> list[Action]:
    m = state.military
    assert m is not None, "not in the Military phase"
    step = m.step
    out = step_actions(state, prompt.player, step)
    if step in OPTIONAL_STEPS:
        out.append(interned(EndTurn, prompt.player))
    return out


def _turn_check(state: GameState, prompt: Prompt, action: Action) -> None:
    step = phase_state(state).step
    if isinstance(action, EndTurn):
        if step not in OPTIONAL_STEPS:
            owed = [a.to_dict() for a in step_actions(state, prompt.player, step)]
            raise IllegalAction("land battles must be fought first", code="battle_owed",
                                battles=owed)
    elif isinstance(action, Move):
        moves.check_move(state, action, step)
    elif isinstance(action, Battle):
        battles.check_battle(state, action, step)
    elif not any(owns(state, prompt.player, action)
                 for owns in state.rules.on[MILITARY_TURN_CHECK]):
        raise IllegalAction(f"{action.kind} does not answer a Military turn",
                            code="wrong_decision", expected="military_turn")


def _turn_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    m = state.military
    assert m is not None, "not in the Military phase"
    if isinstance(action, Move):
        moves.move(state, action, ev)
        advance(state, ev, True)  # after_move (by position: a keyword costs more here)
    elif isinstance(action, EndTurn):
        ev.public("military_step_ended", player=action.player, step=m.step)
        m.step = STEPS[STEPS.index(m.step) + 1]
        advance(state, ev)
    elif isinstance(action, Battle):
        drop_turn_prompt(state)
        battles.fight(state, action, ev)
    elif any(done(state, prompt.player, action, ev)
             for done in state.rules.on[MILITARY_TURN_PERFORM]):
        advance(state, ev, True)  # a power's answer: the step goes on as after a move


def _turn_default(state: GameState, prompt: Prompt) -> Action:
    """Deadline (§12): end an optional step; in land battles, fight the first one owed."""
    step = phase_state(state).step
    if step in OPTIONAL_STEPS:
        return EndTurn(prompt.player)
    return step_actions(state, prompt.player, step)[0]


MODULE.handler(PromptHandler(kind="military_order", actions=(ChooseNext,), legal=_order_legal,
                             perform=_order_perform, check=_order_check,
                             default=lambda state, prompt: _order_legal(state, prompt)[0],
                             public_listing=True))  # who has not moved yet is public
MODULE.handler(PromptHandler(kind="military_turn", actions=(Move, Battle, EndTurn),
                             legal=_turn_legal, perform=_turn_perform, check=_turn_check,
                             default=_turn_default,
                             public_listing=True))  # the units on the board are public
