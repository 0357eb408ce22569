"""The games the bot can host: each is an engine module behind the same API (docs/engine.md),
plus what the lobby needs to know (player counts, seats)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.games.core import GameEngine
from bot.games.mare_nostrum import ENGINE as MARE_NOSTRUM
from bot.games.mare_nostrum.setup import empires_for, player_counts


@dataclass(frozen=True, slots=True)
class Ruleset:
    name: str
    engine: GameEngine[Any]  # the kit's protocol: the service needs nothing else
    min_players: int
    max_players: int
    seats: Callable[[int], list[str]]  # the player ids (empires) for n players, in seat order
    # Action kinds whose content is hidden from the other players (sealed or private): the log
    # shows only their kind to others.
    secret_actions: frozenset[str] = frozenset()


RULESETS: dict[str, Ruleset] = {
    # The player counts and each count's empires come from the engine's set-up tables.
    "mare_nostrum": Ruleset(
        "mare_nostrum", MARE_NOSTRUM, min(player_counts()), max(player_counts()), empires_for,
        frozenset({"choose_production", "make_offer", "give_compensation", "pay"}),
    ),
}
DEFAULT_RULESET = "mare_nostrum"
