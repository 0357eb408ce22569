"""The games the bot can host: each is an engine module behind the same API (docs/engine.md),
plus what the lobby needs to know (player counts, seats)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.games.core import GameEngine
from bot.games.mare_nostrum import ENGINE as MARE_NOSTRUM


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


def _mare_nostrum_seats(n: int) -> list[str]:
    # docs/engine.md: 3 players: rome, greece, carthage; 4: + egypt; 5: + babylon.
    return ["rome", "greece", "carthage", "egypt", "babylon"][:n]


RULESETS: dict[str, Ruleset] = {
    "mare_nostrum": Ruleset(
        "mare_nostrum", MARE_NOSTRUM, 3, 5, _mare_nostrum_seats,
        frozenset({"choose_production", "make_offer", "give_compensation", "pay"}),
    ),
}
DEFAULT_RULESET = "mare_nostrum"
