"""Play complete AI games without Discord, checking the engine's invariants after every action.

    python -m bot.simulate --games 100 --players 5 --ai standard,random --seed 1
                           [--game mare_nostrum] [--ruleset R] [--modules M,...] [--start S]
                           [--variants V,...]

Any registered game may be played (`--game`, its `--ruleset`, `--modules` and `--start`; by default
Mare Nostrum: Empires, 3 players).
`--ai` lists the level of each seat in seat order (rome, greece, carthage, egypt, babylon); a
short list repeats its last level, so `standard,random` is one standard player against random
ones. With `--rotate` the list is rotated by one seat each game (every empire gets each level).
Game i uses the seed S + i. A failing game is reported with a one-line command that replays it;
the exit code is then 1. A progress bar (tqdm) goes to stderr when it is a terminal
(`--progress` forces it, `--no-progress` hides it); the report goes to stdout.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

from tqdm import tqdm

from .ai.play import GameResult, play_game, seat_levels, seat_order
from .registry import DEFAULT_GAME, games
from .tool_options import add_game_options, check_game_options


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bot.simulate", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10)
    add_game_options(parser)
    parser.add_argument("--ai", default="standard,random",
                        help="levels by seat, comma-separated (the game's: "
                             f"{', '.join(sorted(games()[DEFAULT_GAME].ai_levels))} for "
                             "Mare Nostrum)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument("--rotate", action="store_true",
                        help="rotate the levels by one seat each game")
    parser.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                        help="progress bar on stderr (default: when stderr is a terminal)")
    args = parser.parse_args(list(argv))
    check_game_options(parser, args)
    known = games()[args.game].ai_levels
    levels = [x.strip() for x in args.ai.split(",") if x.strip()]
    unknown = [x for x in levels if x not in known]
    if not levels or unknown:
        parser.error(f"unknown AI level(s) {unknown}; known: {', '.join(sorted(known))}")
    args.levels = levels
    return args


def seats_for(levels: list[str], players: int, game: int, rotate: bool,
              game_id: str = DEFAULT_GAME, options: dict[str, Any] | None = None,
              ) -> dict[str, str]:
    seats = list(seat_levels(levels, players, game_id, options).values())
    if rotate:
        shift = game % players
        seats = seats[-shift:] + seats[:-shift] if shift else seats
    return dict(zip(seat_order(players, game_id, options), seats, strict=True))


def replay_command(result: GameResult, choice: str = "") -> str:
    """The command replaying one game; `choice` holds the game options given (if any)."""
    levels = ",".join(result.seats.values())
    return (f"python -m bot.simulate --games 1 --seed {result.seed}{choice} "
            f"--players {len(result.seats)} --ai {levels}")


def _choice(args: argparse.Namespace) -> str:
    """The game options of a run, as command-line options (none for the default game)."""
    out = "" if args.game == DEFAULT_GAME else f" --game {args.game}"
    out += f" --ruleset {args.ruleset}" if args.ruleset else ""
    out += f" --start {args.start}" if args.start else ""
    out += f" --variants {args.variants}" if args.variants else ""
    return out + (f" --modules {args.modules}" if args.modules else "")


def summary(results: list[GameResult], seconds: float) -> list[str]:
    """The lines of the report."""
    n = len(results)
    by_empire: Counter[str] = Counter()
    by_level: Counter[str] = Counter()
    seats_by_level: Counter[str] = Counter()
    by_condition: Counter[str] = Counter()
    for r in results:
        by_condition[r.victory or "none"] += 1
        seats_by_level.update(r.seats.values())
        for w in r.winners:
            by_empire[w] += 1
            by_level[r.seats[w]] += 1
    rounds = [r.rounds for r in results]
    actions = [r.actions for r in results]
    lines = [f"games: {n}  ({seconds:.1f} s)"]
    if not n:
        return lines
    lines.append("wins by empire: " + ", ".join(
        f"{e} {by_empire[e]}" for e in results[0].seats))
    lines.append("wins by AI level (a shared victory counts for each winner): " + ", ".join(
        f"{lv} {by_level[lv]}/{n} games ({by_level[lv] / n:.0%})" for lv in sorted(seats_by_level)))
    lines.append("wins by condition: " + ", ".join(
        f"{c} {k}" for c, k in by_condition.most_common()))
    lines.append(f"rounds: mean {statistics.mean(rounds):.1f}, median "
                 f"{statistics.median(rounds):g}, min {min(rounds)}, max {max(rounds)}")
    lines.append(f"actions per game: mean {statistics.mean(actions):.0f}, max {max(actions)}")
    total_time = sum(r.seconds for r in results)
    lines.append(f"actions/s: {sum(actions) / total_time:,.0f} (invariants checked)"
                 if total_time else "actions/s: -")
    think: Counter[str] = Counter()
    decisions: Counter[str] = Counter()
    for r in results:
        think.update(r.think)
        decisions.update(r.decisions)
    lines.append("decision time: " + ", ".join(
        f"{lv} {think[lv] / decisions[lv] * 1e6:.0f} µs" for lv in sorted(decisions)))
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    results: list[GameResult] = []
    failures: list[GameResult] = []
    t0 = time.perf_counter()
    hide = None if args.progress is None else not args.progress  # None: tqdm asks isatty()
    bar_format = "{l_bar}{bar}| {n_fmt}/{total_fmt} games{postfix} [{elapsed}<{remaining}]"
    with tqdm(total=args.games, file=sys.stderr, disable=hide, dynamic_ncols=True,
              bar_format=bar_format) as bar:
        for i in range(args.games):
            seats = seats_for(args.levels, args.players, i, args.rotate, args.game,
                              args.options)
            result = play_game(seats, args.seed + i, check=True, game_id=args.game,
                               options=args.options)
            result.state = None  # keep memory flat over long runs
            (failures if result.error else results).append(result)
            if result.error:
                bar.set_postfix_str(f"{len(failures)} failed", refresh=False)
            bar.update()
    for line in summary(results, time.perf_counter() - t0):
        print(line)
    for f in failures:
        print(f"FAILED seed {f.seed}: {f.error}")
        print(f"  replay: {replay_command(f, _choice(args))}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
