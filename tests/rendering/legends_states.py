"""A game with the three Legendary City modules, for the renderer's tests and the gallery:
set up by the engine (seeded), then arranged as a mid-game."""

from __future__ import annotations

from typing import Any

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.modules.legends.state import legends
from bot.games.mare_nostrum.modules.legends.tile_state import tile_state
from bot.games.mare_nostrum.modules.syracusae.powers.archimedes import greek_fire
from tests.engine.builder import FIVE

CITIES = ["troia", "ierusalem", "syracusae"]


def _deal(part: Any, city: str, n: int) -> list[str]:
    """The top n cards of a city's deck (taken off it: cards are conserved)."""
    cards, part.decks[city] = part.decks[city][:n], part.decks[city][n:]
    return list(cards)


def three_cities(players: list[str] | None = None, seed: int = 3) -> Any:
    """Round 6, Military: one objective taken by Greece, one by Carthage; hands of 0 to 3
    cards; each city's discard pile started; battles won; Rome's Myrmidons in battle in
    Dacia, Egypt's Mausoleum in Aegyptus, Babylon's Greek-fire trireme."""
    players = players or FIVE
    state, _ = engine.new_game(players, {"modules": CITIES}, seed)
    state.round, state.phase, state.prompts = 6, "military", []
    part = legends(state)
    part.taken[part.objectives[0]] = "greece"
    part.taken[part.objectives[2]] = "carthage"
    for k, p in enumerate(players):
        part.hands[p] = _deal(part, CITIES[k % 3], k % 4)
    for k, city in enumerate(CITIES):
        part.discards[city] = _deal(part, city, k + 1)
    part.wins.update({players[0]: 2, players[1]: 3, players[3]: 1})
    state.hw.setdefault(players[0], []).append("achilles")
    state.figures["myrmidons"] = {"owner": players[0], "area": "dacia"}
    state.legions.setdefault("dacia", {})[players[1]] = 2
    tile_state(state).figures["myrmidons"] = players[0]
    state.hw.setdefault(players[3], []).append("halicarnassus")
    tile_state(state).mausoleum[players[3]] = "aegyptus"
    state.hw.setdefault(players[4], []).append("archimedes")
    greek_fire(state).owner = players[4]
    state.triremes.setdefault("cyprium", {})[players[4]] = 2
    return state
