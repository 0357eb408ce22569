"""The toy game's registry entry (registered by the tests that play it, then removed)."""

from __future__ import annotations

from bot.ai.random_player import RandomPlayer
from bot.registry import CommandGroup, Game, RulesetChoice

from .engine import ENGINE, player_counts, seats
from .pictures import ToyPictures
from .present import PRESENTER

GAME = Game(
    id="toy",
    engine=ENGINE,
    rulesets=(RulesetChoice("classic"), RulesetChoice("deluxe", ("fog", "storms"))),
    player_counts=player_counts,
    seats=seats,
    presenter=PRESENTER,
    renderer=ToyPictures(),
    ai_levels={"random": RandomPlayer, "standard": RandomPlayer},
    secret_actions=frozenset({"bid"}),
    extensions=("tests.toygame.cogs",),
    catalog="toy",
    # Its own top-level command, as Neptun's: /mn has no room left (Discord allows 25).
    commands=CommandGroup(name="toy", name_key="toy.name.toy", description_key="toy.cmd.toy"),
)
