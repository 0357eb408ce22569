"""Mare Nostrum in the game registry: its engine, rulesets and modules, seats (empires),
presenter (`present/`), pictures, AI levels, phase cogs, catalog and help topics."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.ai.random_player import RandomPlayer
from bot.games.mare_nostrum import ENGINE
from bot.games.mare_nostrum.ai import make_standard
from bot.games.mare_nostrum.invariants import check_invariants
from bot.games.mare_nostrum.locales import LOCALES, NAMESPACE
from bot.games.mare_nostrum.rules import DEFAULT_RULESET, optional_modules
from bot.games.mare_nostrum.rulesets.mn2003.setup import STARTS
from bot.games.mare_nostrum.setup import empires_for, player_counts
from bot.registry import Game, RulesetChoice, register
from rendering import mare_nostrum as pictures
from rendering.mare_nostrum.highlight import highlight_from_events

from .help import HELP
from .present import PRESENTER


class Pictures:
    """The board and the private screen (rendering.mare_nostrum)."""

    def board(self, view: Mapping[str, Any], *, highlight: dict[str, Any] | None = None,
              lang: str = "en") -> bytes:
        return pictures.render(view, highlight=highlight, lang=lang)

    def screen(self, view: Mapping[str, Any], lang: str = "en") -> bytes:
        return pictures.render_screen(view, lang=lang)

    def highlight(self, public_events: list[dict[str, Any]]) -> dict[str, Any] | None:
        return highlight_from_events(public_events)


def _counts(ruleset: str, modules: tuple[str, ...]) -> tuple[int, ...]:
    """The counts the rules of this ruleset and these modules set up (Atlas: 4 to 6)."""
    return player_counts(ruleset, modules)


def _seats(options: Mapping[str, Any], n: int) -> list[str]:
    """The empires in play for these engine options, in seat order (Atlas: Atlantis too)."""
    return empires_for(n, str(options.get("ruleset") or DEFAULT_RULESET),
                       tuple(options.get("modules") or ()))


GAME = register(Game(
    id="mare_nostrum",
    engine=ENGINE,
    # Empires with its optional modules; the 2003 first edition (rulesets/mn2003) with its own
    # (the Mythology), from either start, with C-14's variant (no shared win) and the
    # Mythology's long game (the engine refuses it without the module).
    rulesets=(RulesetChoice(DEFAULT_RULESET, optional_modules()),
              RulesetChoice("2003", optional_modules("2003"), starts=STARTS,
                            variants=("first_builder_only", "long_game"))),
    player_counts=_counts,
    seats=_seats,
    presenter=PRESENTER,
    renderer=Pictures(),
    ai_levels={"random": RandomPlayer, "standard": make_standard},
    invariants=check_invariants,
    # Shown to others by kind only (the log, an AI's move in the thread): a draft's pick, a card
    # play (a play that waits may turn void, the card still his), Didon's secret store.
    secret_actions=frozenset({"choose_production", "make_offer", "give_compensation", "pay",
                              "choose_resource", "swap_card", "end_construction",
                              "keep_event", "play_event", "store_goods", "hermes_take",
                              "isis_give"}),
    # One cog per phase (cogs/mare_nostrum/), loaded by the bot in turn order; the 2003
    # ruleset's after them (its trade and military commands join the groups made before);
    # then the event cards' `/mn card`, answered in any phase.
    extensions=tuple(f"cogs.mare_nostrum.{phase}"
                     for phase in ("production", "trade", "offerings", "build", "military",
                                   "claims", "trade_2003", "construction", "military_2003",
                                   "creatures", "card")),
    catalog=NAMESPACE,
    locales=LOCALES,
    help=HELP,
))
