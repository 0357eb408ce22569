"""Mare Nostrum's play windows (rulings 17–18, aid B6/B7; the mechanism: core.windows): the
named moments where a window may open, and the module declaring the `window` prompt.

Each phase opens its windows with `open_window` and declares how it resumes after each
(`MODULE.window_point` in the phase's own module); a module that lets a player play at one
declares a participant with `participate(MODULE, POINT, WindowParticipant(...))`, which also
brings the `window` prompt and its `PassWindow` answer into the game's rules. The base game
declares no participant: no window ever opens in it (one dict lookup at each moment), and its
rules hold no window prompt or answer."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from ..core.rules import RulesDraft, RulesModule
from ..core.windows import (
    WINDOW,
    PassWindow,
    WindowParticipant,
    WindowPoint,
    window_handler,
)
from ..core.windows import open_window as _open
from .events import EventLog
from .rules import rules_of
from .state import GameState

BATTLE_START = WindowPoint(
    "battle_start",
    "the start of a battle, before any dice and any pre-dice effect (B6 "
    "W-battle): its two participants, the attacker first. ctx: area, attacker, defender.",
)
MILITARY_OPEN = WindowPoint(
    "military_open",
    "the Military phase opens, before any power's opening decision (B6 "
    "W-mil-open): every player, the Military Leader first. ctx: round.",
)
PRODUCTION = WindowPoint(
    "after_production",
    "Production, once everyone has collected (B6 W-prod): every player, from "
    "the first seat (decided: docs/engine.md). ctx: round.",
)
TRADE_OPEN = WindowPoint(
    "trade_open",
    "Trade, before the offers (B6 W-trade-open): every player, the Trade Leader first. ctx: round.",
)
TRADE_REVEAL = WindowPoint(
    "trade_reveal",
    "Trade, after the offers are revealed and before the first pick (B6 "
    "W-trade-reveal): every player, the Trade Leader first. ctx: round.",
)
CLAIMS_START = WindowPoint(
    "claims_start",
    "the start of Claims, before the titles are counted (B6 W-claims): every "
    "player, from the first seat (decided: docs/engine.md). ctx: round.",
)

POINTS = (BATTLE_START, MILITARY_OPEN, PRODUCTION, TRADE_OPEN, TRADE_REVEAL, CLAIMS_START)

HANDLER = window_handler(rules_of)


def participate(
    module: RulesModule[GameState], point: WindowPoint, participant: WindowParticipant[GameState]
) -> None:
    """`module` lets a player play `participant`'s plays at `point`; the first participant of
    a game's rules brings the `window` prompt and `PassWindow` into them."""
    module.edit(_with_window_prompt)
    module.window(point, participant)


def _with_window_prompt(draft: RulesDraft[GameState]) -> None:
    if WINDOW not in draft.handlers:
        draft.handlers[WINDOW] = HANDLER
        draft.actions.setdefault(PassWindow.kind, PassWindow)


def open_window(
    state: GameState,
    point: WindowPoint,
    ctx: dict[str, Any],
    players: Collection[str],
    first: str,
    ev: EventLog,
) -> bool:
    """Open a window at `point` for `players`, the conflict order starting at `first`: True
    when someone is asked (the phase stops; the point's resume goes on once all answered),
    False when nobody is (the phase goes on at once)."""
    rules = state.rules  # checked by the entry point (rules_of); asked at every battle
    if not rules.window_participants:  # the base game: no module plays in any window
        return False
    return _open(state, rules, point, ctx, players, first, ev)
