"""Neptun in the game registry: its engine, ruleset, player counts, seats (the merchants'
colours), AI levels, invariants, its part of the catalog (`bot/games/neptun/locales`), its
presenter (`present.py`), pictures (`rendering/neptun/`), help topics (`help.py`), and its
own top-level slash command `/neptun` (`COMMANDS`) holding its phase cogs' groups
(`cogs/neptun/`: `/neptun contract …`, `/neptun voyage …`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.ai.random_player import RandomPlayer
from bot.games.neptun import ENGINE, check_invariants, seats
from bot.games.neptun.ai import make as standard
from bot.games.neptun.locales import LOCALES, NAMESPACE
from bot.games.neptun.rules import DEFAULT_RULESET
from bot.games.neptun.setup import MAX_PLAYERS, MIN_PLAYERS
from bot.registry import CommandGroup, Game, RulesetChoice, register
from rendering.neptun import Pictures

from .help import HELP
from .present import PRESENTER

# Its own top-level command: /mn is shared by every game and holds 22 of Discord's 25
# children; a game's own group also keeps its phases' names from colliding with another's.
COMMANDS = CommandGroup(name="neptun", name_key=f"{NAMESPACE}.name.neptun",
                        description_key=f"{NAMESPACE}.cmd.neptun")


def _counts(ruleset: str, modules: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))


def _seats(options: Mapping[str, Any], n: int) -> list[str]:
    return seats(n)


GAME = register(Game(
    id="neptun",
    engine=ENGINE,
    rulesets=(RulesetChoice(DEFAULT_RULESET),),
    player_counts=_counts,
    seats=_seats,
    ai_levels={"random": RandomPlayer, "standard": standard},
    invariants=check_invariants,
    secret_actions=frozenset({"play_oar"}),
    presenter=PRESENTER,
    renderer=Pictures(),
    help=HELP,
    extensions=("cogs.neptun.contracts", "cogs.neptun.voyages"),
    commands=COMMANDS,
    # Its part of the catalog (its names, its engine's error codes): `neptun.<key>`.
    catalog=NAMESPACE,
    locales=LOCALES,
))
