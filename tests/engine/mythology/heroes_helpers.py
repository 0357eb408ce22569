"""Mythology positions for the mythological heroes' tests: a 4-player game through the
engine's entry points to the moment a test needs; cards, hands and pieces set by hand where a
clause needs them."""

from __future__ import annotations

from bot.games.mare_nostrum.actions import ChooseNext
from bot.games.mare_nostrum.modules.mythology.gods.actions import PassOffering
from bot.games.mare_nostrum.modules.mythology.mythic_heroes.holding import MythicHeroes, heroes
from bot.games.mare_nostrum.state import GameState
from tests.engine.mn2003.helpers import act

from .gods_helpers import to_offerings


def grant(state: GameState, player: str, *cards: str) -> None:
    """He holds these cards (taken off the offer if there)."""
    for card in cards:
        if card in state.hw_market:
            state.hw_market.remove(card)
        state.hw.setdefault(player, []).append(card)


def to_construction(builder: str = "rome", seed: int = 1) -> GameState:
    """Round 1's Construction phase, `builder`'s turn (nobody made an offering)."""
    state = to_offerings(seed=seed)
    while state.phase == "offerings":
        p = state.prompts[0]
        if p.kind.endswith("_order"):
            act(state, ChooseNext(p.player, p.data["remaining"][0]))
        else:
            act(state, PassOffering(p.player))
    order = next(p for p in state.prompts if p.kind == "construction_order")
    act(state, ChooseNext(order.player, builder))
    return state


def part(state: GameState) -> MythicHeroes:
    return heroes(state)
