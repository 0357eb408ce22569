"""Phase V — Claims (section 5): each title goes to the highest level; the holder breaks ties.
Victory by the three titles is checked at the end of the phase (6.3)."""

from __future__ import annotations

from typing import Any

from ...core.rules import RulesModule
from ..actions import Action, AwardTitle
from ..control import all_levels
from ..events import EventLog
from ..flow import check_victory, next_phase
from ..kinds import TITLES, Title
from ..prompts import PromptHandler, add_prompt, remove_prompt
from ..state import GameState, Prompt
from ..windows import CLAIMS_START, open_window

# Phase Claims: its phase, prompt handlers and action kinds (composed into the rules
# object by bot.games.mare_nostrum.base).
MODULE: RulesModule[GameState] = RulesModule("empires.claims")


def contenders(state: GameState, title: Title,
               lv: dict[str, dict[str, int]] | None = None) -> list[str]:
    """The players with the highest level on a title's track, in seat order. `lv`: the
    levels, when the caller has them (the board does not change during the phase)."""
    lv = all_levels(state) if lv is None else lv
    best = max(lv[p][title] for p in state.players)
    return [p for p in state.players if lv[p][title] == best]


def award(state: GameState, title: Title, winner: str, ev: EventLog) -> None:
    old = state.titles.get(title)
    state.titles[title] = winner
    if old != winner:
        ev.public("title_changed", title=title, old=old, new=winner)
        if title == "trade":
            # The played trade tokens come back whenever the title changes hands (2.1).
            state.trade_tokens_used = []
    else:
        ev.public("title_kept", title=title, holder=winner)


@MODULE.phase("claims")
def enter(state: GameState, ev: EventLog) -> None:
    """The phase's window first (B6 W-claims), then the titles."""
    ctx = {"round": state.round}
    if not open_window(state, CLAIMS_START, ctx, state.players, state.players[0], ev):
        _count(state, ctx, ev)


def _count(state: GameState, ctx: Any, ev: EventLog) -> None:
    levels = all_levels(state)
    ev.public("levels", levels=levels)
    for title in TITLES:
        tied = contenders(state, title, levels)
        holder = state.titles.get(title)
        if len(tied) == 1:
            award(state, title, tied[0], ev)
        elif holder is not None:
            add_prompt(state, "award_title", holder, title=title, tied=tied)
        else:
            # A title nobody holds: the tied player first in the last order chosen (rulings §8).
            order = [p for p in state.last_order if p in tied] or tied
            add_prompt(state, "award_title", order[0], title=title, tied=tied)
    _finish_if_done(state, ev)


MODULE.window_point(CLAIMS_START, _count)


def _finish_if_done(state: GameState, ev: EventLog) -> None:
    if state.prompts:
        return
    if not check_victory(state, "end_of_claims", ev):
        next_phase(state, ev)


@MODULE.victory("the three titles (6.3)", "end_of_claims")
def _titles_victory(state: GameState, ev: EventLog) -> tuple[list[str], str] | None:
    """6.3: whoever holds the three titles once they are awarded wins."""
    holders = set(state.titles.get(t) for t in TITLES)
    if len(holders) == 1 and None not in holders:
        return [state.titles["trade"]], "titles"
    return None


def _legal(state: GameState, prompt: Prompt) -> list[Action]:
    return [AwardTitle(prompt.player, prompt.data["title"], p) for p in prompt.data["tied"]]


def _perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, AwardTitle)
    remove_prompt(state, prompt)
    award(state, action.title, action.winner, ev)
    _finish_if_done(state, ev)


def _default(state: GameState, prompt: Prompt) -> Action:
    # Deadline: the holder keeps the title if he is tied, else the first tied player (§12).
    tied = prompt.data["tied"]
    keep = prompt.player if prompt.player in tied else tied[0]
    return AwardTitle(prompt.player, prompt.data["title"], keep)


MODULE.handler(PromptHandler(kind="award_title", actions=(AwardTitle,), legal=_legal,
                             perform=_perform, default=_default,
                             public_listing=True))  # the tied players are public
