"""Building Mythology positions for the creature and military tests: a game through the
engine's entry points, driven to the phase a test needs (whatever phases the module puts
between, each answered with its default), pieces and hands set by hand where a clause needs
them."""

from __future__ import annotations

from typing import Any

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Action, ChooseNext, EndTurn
from bot.games.mare_nostrum.events import Event
from bot.games.mare_nostrum.modules.mythology.army_state import CreatureState, army
from bot.games.mare_nostrum.modules.mythology.gods.actions import PassOffering
from bot.games.mare_nostrum.rulesets.mn2003.construction import EndConstruction
from bot.games.mare_nostrum.rulesets.mn2003.data import PLAYER_COUNTS
from bot.games.mare_nostrum.rulesets.mn2003.substate import sub
from bot.games.mare_nostrum.rulesets.mn2003.trade import NameAmount
from bot.games.mare_nostrum.state import GameState, Prompt

OPTIONS: dict[str, Any] = {"ruleset": "2003", "modules": ["mythology"]}


def civs(n: int) -> list[str]:
    return list(PLAYER_COUNTS[str(n)])


def new(n: int = 4, seed: int = 1) -> GameState:
    state, _ = engine.new_game(civs(n), OPTIONS, seed)
    return state


def act(state: GameState, action: Action) -> list[Event]:
    return engine.apply_in_place(state, action)


def legal(state: GameState, player: str) -> list[Action]:
    return engine.legal_actions(state, player)


def prompt_of(state: GameState, kind: str) -> Prompt:
    return next(p for p in state.prompts if p.kind == kind)


def _default(state: GameState, p: Prompt, first: str) -> Action:
    if p.kind in ("construction_order", "military_order"):
        rest = p.data["remaining"]
        return ChooseNext(p.player, first if first in rest else rest[0])
    if p.kind == "construction_turn":
        return EndConstruction(p.player)
    options = legal(state, p.player)
    if isinstance(options[0], NameAmount):
        return NameAmount(p.player, 0)
    # No god offered to: the creature tests' players hold none (the gods' own tests do).
    return next((a for a in options if isinstance(a, PassOffering)), options[0])


def to_phase(state: GameState, phase: str, first: str) -> None:
    """Answer every prompt with its default until `phase` opens (naming `first` to play
    first when asked)."""
    while state.phase != phase or state.prompts[0].kind.endswith("_order"):
        p = state.prompts[0]
        if state.phase == phase and p.kind.endswith("_order"):
            act(state, ChooseNext(p.player, first))
            return
        act(state, _default(state, p, first))


def to_construction(n: int = 4, builder: str = "egypt", seed: int = 1) -> GameState:
    state = new(n, seed)
    to_phase(state, "construction", builder)
    assert state.prompts[0].kind == "construction_turn" and state.prompts[0].player == builder
    return state


def to_military(n: int = 4, player: str = "rome", seed: int = 1) -> GameState:
    """Round 1's military phase, `player`'s turn, at his sea step."""
    state = new(n, seed)
    to_phase(state, "military", player)
    assert state.prompts[0].kind == "military_turn" and state.prompts[0].player == player
    return state


def to_land_step(state: GameState, player: str) -> None:
    # The start's Périclès trireme (C-58), still on land, would have to sail first.
    for there in sub(state).docked.values():
        there.pop(player, None)
    sub(state).docked = {p: d for p, d in sub(state).docked.items() if d}
    act(state, EndTurn(player))
    assert state.military is not None and state.military.step == "land_moves"


def creatures(state: GameState) -> CreatureState:
    return army(state)


def put(state: GameState, area: str, owner: str, n: int = 1) -> None:
    """Creatures placed by hand (the test lists again after an edit)."""
    army(state).at.setdefault(area, {})[owner] = n
