"""Building Mythology positions for the gods' tests: a 2003 game with the module, driven
through the engine's entry points to the moment a test needs; hands, holders and pieces set
by hand where a clause needs them."""

from __future__ import annotations

from typing import Any

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Action
from bot.games.mare_nostrum.kinds import Title
from bot.games.mare_nostrum.modules.mythology.gods.state import Gods, gods
from bot.games.mare_nostrum.rulesets.mn2003.trade import NameAmount
from bot.games.mare_nostrum.state import GameState
from tests.engine.mn2003.helpers import act, civs

OPTIONS: dict[str, Any] = {"ruleset": "2003", "modules": ["mythology"]}
HIGH_PRIEST: Title = "high_priest"


def new(n: int = 4, seed: int = 1) -> GameState:
    state, _ = engine.new_game(civs(n), dict(OPTIONS), seed)
    while state.phase == "start":
        p = state.prompts[0]
        act(state, engine.legal_actions(state, p.player)[0])
    return state


def set_high_priest(state: GameState, player: str) -> None:
    """The High Priest's role (the set-up's recount gives it in a real game)."""
    state.titles[HIGH_PRIEST] = player


def to_offerings(n: int = 4, priest: str = "greece", seed: int = 1) -> GameState:
    """Round 1's Offerings phase opening: the High Priest names the first player."""
    state = new(n, seed)
    set_high_priest(state, priest)
    act(state, NameAmount(state.titles["trade"], 0))
    assert state.phase == "offerings"
    return state


def give(state: GameState, player: str, hand: dict[str, int]) -> None:
    state.hands[player] = dict(hand)


def hold(state: GameState, player: str, *names: str) -> None:
    for god in names:
        gods(state).holders[god] = player


def part(state: GameState) -> Gods:
    return gods(state)


def refused(state: GameState, action: Action) -> str:
    """The error code of a refused action; the state unchanged."""
    before = engine.to_json(state)
    try:
        engine.apply_in_place(state, action)
    except Exception as exc:  # an EngineError: its stable code
        assert engine.to_json(state) == before
        return str(getattr(exc, "code", type(exc).__name__))
    raise AssertionError(f"{action} was accepted")


def to_military(player: str = "rome", n: int = 4, seed: int = 1) -> GameState:
    """Round 1's Military phase, `player`'s turn at his sea step (nobody offered, nobody
    built)."""
    state = to_offerings(n, seed=seed)
    on_to_military(state, player)
    return state


def on_to_military(state: GameState, player: str) -> None:
    """From the offerings or the construction: nobody offers or buys any more, then
    `player`'s military turn at his sea step."""
    from bot.games.mare_nostrum.actions import ChooseNext
    from bot.games.mare_nostrum.modules.mythology.gods.actions import PassOffering
    from bot.games.mare_nostrum.rulesets.mn2003.construction import EndConstruction

    while state.phase in ("offerings", "construction"):
        p = state.prompts[0]
        if p.kind.endswith("_order"):
            act(state, ChooseNext(p.player, p.data["remaining"][0]))
        elif p.kind == "offering":
            act(state, PassOffering(p.player))
        else:
            act(state, EndConstruction(p.player))
    order = next(p for p in state.prompts if p.kind == "military_order")
    act(state, ChooseNext(order.player, player))
