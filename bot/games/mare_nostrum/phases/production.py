"""Phase I — Production (section 1): every player collects from the buildings he controls."""

from __future__ import annotations

from functools import cache
from typing import Any

from ...core.rules import RulesModule
from .. import rng
from ..actions import Action, ChooseProduction
from ..board import COIN, board
from ..control import hooks_for
from ..events import EventLog
from ..flow import next_phase
from ..hooks import PRODUCTION_COLLECTED, PRODUCTION_EXTRAS
from ..prompts import PromptHandler, add_prompt, remove_prompt
from ..resources import add
from ..state import GameState, Prompt
from ..windows import PRODUCTION, open_window

# Phase Production: its phase, prompt handlers and action kinds (composed into the rules
# object by bot.games.mare_nostrum.base).
MODULE: RulesModule[GameState] = RulesModule("empires.production")


def draw_legendary(state: GameState, ev: EventLog) -> str | None:
    """Draw a legendary commodity at random; reshuffle the discard when the pile is empty
    (1.4). With every legendary token in players' hands, nothing is drawn (our ruling)."""
    if not state.legendary_pile and state.legendary_discard:
        state.legendary_pile, state.legendary_discard = state.legendary_discard, []
        ev.public("legendary_reshuffled", count=len(state.legendary_pile))
    if not state.legendary_pile:
        ev.public("legendary_pile_empty")
        return None
    i = rng.pick_index(state, len(state.legendary_pile))
    return state.legendary_pile.pop(i)


def production_of(state: GameState) -> dict[str, dict[str, int]]:
    """What each player collects from his buildings this phase, before legendary draws, and
    what powers add (PRODUCTION_EXTRAS): {player: {resource type: n, "legendary": n draws,
    "<prompt kind>:<province>": 1 for a decision owed before collecting there}}."""
    board = state.board
    out: dict[str, dict[str, int]] = {p: {} for p in state.players}
    doublers, occupant, influence = _doublers(state.board_key), state.occupant, state.influence
    for pid, row in state.built.items():
        if not any(row):
            continue
        slots = board.provinces[pid].slots
        # building_controller of each built slot, inlined: the occupier, else the marker's
        # holder (asked slot by slot: no list of them, no set where no temple or market is).
        occ = occupant.get(pid) or [None] * len(row)
        holder = influence.get(pid)
        # Temples and markets double only for the player who controls them (4.3.2).
        temples, markets = doublers[pid]
        temple = _controllers(row, occ, holder, temples) if temples else _NOBODY
        market = _controllers(row, occ, holder, markets) if markets else _NOBODY
        for i, slot in enumerate(slots):
            if not row[i]:
                continue
            who = occ[i] or holder
            if who is None or who not in out:
                continue
            got = out[who]
            if slot.kind in ("city", "capital"):
                got[COIN] = got.get(COIN, 0) + (2 if who in temple else 1)
            elif slot.kind == "caravan" and slot.commodity:
                n = 2 if who in market else 1
                got[slot.commodity] = got.get(slot.commodity, 0) + n
            elif slot.kind == "legendary_city":
                got[COIN] = got.get(COIN, 0) + 1
                got["legendary"] = got.get("legendary", 0) + 1
                if who in temple:
                    got["production_choice:" + pid] = 1
    for player, got in out.items():
        for extra in hooks_for(state, player)[PRODUCTION_EXTRAS]:
            for key, n in extra(state, player).items():
                got[key] = got.get(key, 0) + n
    return out


_NOBODY: frozenset[str] = frozenset()  # no temple (or market) in a province


def _controllers(row: list[bool], occ: list[str | None], holder: str | None,
                 slots: tuple[int, ...]) -> set[str | None]:
    """Who controls the built ones of these slots (a plain loop: no comprehension's call)."""
    found = set()
    for i in slots:
        if row[i]:
            found.add(occ[i] or holder)
    return found


@cache
def _doublers(board_key: str) -> dict[str, tuple[tuple[int, ...], tuple[int, ...]]]:
    """Each province's temple slots and market slots on one board (most have neither)."""
    return {pid: (tuple(i for i, s in enumerate(p.slots) if s.kind == "temple"),
                  tuple(i for i, s in enumerate(p.slots) if s.kind == "market"))
            for pid, p in board(board_key).provinces.items()}


@MODULE.phase("production")
def enter(state: GameState, ev: EventLog) -> None:
    for player, got in production_of(state).items():
        hand = state.hands[player]
        received: list[str] = []
        for rtype, n in got.items():
            if rtype == "legendary":
                for _ in range(n):
                    token = draw_legendary(state, ev)
                    if token:
                        add(hand, token + "*")
                        received.append(token + "*")
            elif ":" in rtype:  # a decision owed before collecting there
                kind, province = rtype.split(":")
                add_prompt(state, kind, player, province=province)
            else:
                add(hand, rtype, n)
                received.extend([rtype] * n)
        ev.private("produced", (player,), player=player, resources=sorted(received))
        ev.public("production", player=player, count=len(received))
    collected(state, ev)


def collected(state: GameState, ev: EventLog) -> None:
    """Go on once the last collection decision (legendary choices, the powers' own) is
    settled: the decisions owed after collection (PRODUCTION_COLLECTED), then the next
    phase."""
    if state.prompts:
        return
    for after in state.rules.on[PRODUCTION_COLLECTED]:
        after(state, ev)
    settled(state, ev)


def settled(state: GameState, ev: EventLog) -> None:
    """The phase ends once no decision is owed, after its play window (B6 W-prod)."""
    if not state.prompts and not open_window(
            state, PRODUCTION, {"round": state.round}, state.players, state.players[0], ev):
        next_phase(state, ev)


def _after_window(state: GameState, ctx: Any, ev: EventLog) -> None:
    next_phase(state, ev)


MODULE.window_point(PRODUCTION, _after_window)


def _legal(state: GameState, prompt: Prompt) -> list[Action]:
    pid = prompt.data["province"]
    return [ChooseProduction(prompt.player, pid, "coin"),
            ChooseProduction(prompt.player, pid, "legendary")]


def _perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, ChooseProduction)
    # Sealed (rulings §11): the answer is kept until every player has chosen.
    prompt.data["answer"] = action.choice
    prompt.data["answered"] = True
    ev.private("production_chosen", (action.player,), province=action.province,
               choice=action.choice)
    if all(p.data.get("answered") for p in state.prompts if p.kind == "production_choice"):
        for p in [p for p in state.prompts if p.kind == "production_choice"]:
            hand = state.hands[p.player]
            if p.data["answer"] == "coin":
                add(hand, COIN)
                got = COIN
            else:
                token = draw_legendary(state, ev)
                if token:
                    add(hand, token + "*")
                got = (token + "*") if token else ""
            ev.private("produced", (p.player,), player=p.player, resources=[got] if got else [])
            remove_prompt(state, p)
        collected(state, ev)


def _legal_unanswered(state: GameState, prompt: Prompt) -> list[Action]:
    return [] if prompt.data.get("answered") else _legal(state, prompt)


MODULE.handler(PromptHandler(
    kind="production_choice", actions=(ChooseProduction,), legal=_legal_unanswered,
    perform=_perform,
    default=lambda state, prompt: ChooseProduction(prompt.player, prompt.data["province"], "coin"),
))
