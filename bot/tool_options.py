"""The command-line options that choose a game, shared by the offline tools (simulate, demo):
`--game`, `--ruleset`, `--modules`, `--players`, `--start`, `--variants`, checked against the
game's registry entry (and what its engine refuses, by a trial set-up)."""

from __future__ import annotations

import argparse
from typing import Any

from .games.core.errors import EngineError
from .registry import DEFAULT_GAME, games


def add_game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", default=DEFAULT_GAME,
                        help=f"the game to play ({', '.join(sorted(games()))})")
    parser.add_argument("--ruleset", default=None, help="the game's ruleset (its default)")
    parser.add_argument("--modules", default="",
                        help="optional modules of the ruleset, comma-separated")
    parser.add_argument("--players", type=int, default=None,
                        help="number of players (the game's smallest count)")
    parser.add_argument("--start", default=None,
                        help="the start, for a ruleset that offers several (its first)")
    parser.add_argument("--variants", default="",
                        help="variants of the ruleset switched on, comma-separated "
                             "(the 2003 Mythology's long_game)")


def check_game_options(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Validate the game options (parser.error on a bad one) and set `args.options`, the
    engine options they make, and `args.players`."""
    hosted = games().get(args.game)
    if hosted is None:
        parser.error(f"unknown game {args.game!r}; known: {', '.join(sorted(games()))}")
    choice = hosted.ruleset(args.ruleset)
    if choice is None:
        known = ", ".join(r.name for r in hosted.rulesets)
        parser.error(f"{args.game} has no ruleset {args.ruleset!r}; known: {known}")
    modules = tuple(m.strip() for m in args.modules.split(",") if m.strip())
    unknown = [m for m in modules if m not in choice.modules]
    if unknown:
        parser.error(f"unknown module(s) {unknown} for {args.game} {choice.name}; known: "
                     f"{', '.join(choice.modules) or 'none'}")
    try:
        low, high = hosted.player_range(choice.name, modules)
    except EngineError as exc:  # modules the rules do not combine (the Punic Wars: alone)
        parser.error(f"modules {', '.join(modules)}: {exc.detail} ({exc.code})")
    if args.players is None:
        args.players = low
    if not low <= args.players <= high:
        parser.error(f"{args.game} is played by {low} to {high} players, not {args.players}")
    options: dict[str, Any] = {}
    if args.ruleset:
        options["ruleset"] = choice.name
    if modules:
        options["modules"] = list(modules)
    start = getattr(args, "start", None)
    if start is not None:
        if start not in choice.starts:
            parser.error(f"{args.game} {choice.name} has no start {start!r}; known: "
                         f"{', '.join(choice.starts) or 'none'}")
        options["start"] = start
    variants = [v.strip() for v in (getattr(args, "variants", "") or "").split(",") if v.strip()]
    unknown = [v for v in variants if v not in choice.variants]
    if unknown:
        parser.error(f"unknown variant(s) {unknown} for {args.game} {choice.name}; known: "
                     f"{', '.join(choice.variants) or 'none'}")
    options.update(dict.fromkeys(variants, True))
    try:  # what the engine refuses (a module's variant without its module), said at once
        hosted.engine.new_game(hosted.seats(options, args.players), options, 0)
    except EngineError as exc:
        parser.error(f"{exc.detail} ({exc.code})")
    args.options = options
