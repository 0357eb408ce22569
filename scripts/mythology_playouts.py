"""The issue 18 offline playouts: seeded random Mythology games (creatures, gods and heroes as
the random play meets them) at 3, 5 and 6 players from both starts, with the checks of
`tests/engine/mythology/test_setup_playouts.py`, recording every seed's outcome (one JSON
line each) instead of stopping at the first failure.

    nice -n 19 .venv/bin/python -m scripts.mythology_playouts --players 3 --start free \
        --seeds 0-99 --out out/myth3free.jsonl

`--heroes` plays `test_mythic_heroes_playouts`' set-up instead (6 players, a copied power
each). A game is cut as a dead economy when nothing was built for `--idle` rounds (random
play can raze every ville and caravan: docs/mythology.md §5), and at 30,000 actions."""

from __future__ import annotations

import argparse
import json
import time
import traceback
from collections import Counter
from typing import Any

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Action
from bot.games.mare_nostrum.state import GameState
from tests.engine.mythology.test_mythic_heroes_playouts import powers
from tests.engine.mythology.test_setup_playouts import new, play


def _economy(state: GameState) -> dict[str, Any]:
    """What a stalled game has left to pay with: each player's hand and buildings."""
    data = json.loads(engine.to_json(state))
    return {
        "hands": {p: sum(h.values()) for p, h in data["hands"].items()},
        "buildings": sum(sum(slots) for slots in data["built"].values()),
        "hw": {p: len(cards) for p, cards in data["hw"].items()},
        "titles": data["titles"],
        "round": state.round,
        "phase": state.phase,
    }


def play_one(
    n: int,
    seed: int,
    start: str,
    idle: int,
    deep_every: int,
    hero_copies: bool,
    replay_every: int = 10,
) -> dict[str, Any]:
    """The suite's playout (`test_setup_playouts.play`: its checks after every action), its
    failure recorded instead of raised, and the replay of its whole log."""
    copied = powers(seed) if hero_copies else None
    state = new(n, seed, start, copied)
    log: list[Action] = []
    t0 = time.process_time()
    out: dict[str, Any] = {"players": n, "start": start, "seed": seed, "heroes": hero_copies}
    try:
        state, log = play(n, seed, start, deep_every, copied, idle)
        replayed = None
        if state.over and seed % replay_every == 0:
            again = new(n, seed, start, copied)
            for action in log:
                engine.apply_in_place(again, action)
            replayed = engine.to_json(again) == engine.to_json(state)
            if not replayed:
                raise AssertionError("replay differs")
        out.update(
            outcome="victory" if state.over and state.winners else "stall",
            victory=state.victory,
            winners=state.winners,
            replayed=replayed,
        )
        if not state.over:
            out["economy"] = _economy(state)
    except Exception as exc:  # recorded, the run goes on with the next seed
        out.update(outcome="error", error=repr(exc)[:2000], trace=traceback.format_exc()[-3000:])
    out.update(
        rounds=state.round,
        actions=len(log),
        cpu=round(time.process_time() - t0, 2),
        kinds=dict(Counter(a.kind for a in log).most_common(12)),
    )
    return out


def _seeds(text: str) -> list[int]:
    if "-" in text:
        a, b = text.split("-")
        return list(range(int(a), int(b) + 1))
    return [int(s) for s in text.split(",")]


def summary(paths: list[str]) -> None:
    """One line per file: games, victories (by kind), dead economies, errors, medians."""
    for path in paths:
        with open(path, encoding="utf-8") as f:
            # A seed run twice (overlapping ranges) counts once: its first record.
            seen: dict[int, dict[str, Any]] = {}
            for line in f:
                row = json.loads(line)
                seen.setdefault(row["seed"], row)
            rows = list(seen.values())
        wins = [r for r in rows if r["outcome"] == "victory"]
        by = Counter(r["victory"] for r in wins)
        stalls = [r["seed"] for r in rows if r["outcome"] == "stall"]
        errors = [r["seed"] for r in rows if r["outcome"] == "error"]
        rounds = sorted(r["rounds"] for r in wins) or [0]
        actions = sum(r["actions"] for r in rows)
        replays = sum(1 for r in rows if r.get("replayed"))
        print(
            f"{path}: {len(rows)} games, {len(wins)} victories {dict(by)}, "
            f"median {rounds[len(rounds) // 2]} rounds ({rounds[0]}-{rounds[-1]}), "
            f"stalls {stalls}, errors {errors}, replays {replays}, {actions} actions, "
            f"{sum(r['cpu'] for r in rows):.0f} s CPU"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--start", choices=("predetermined", "free"), default="predetermined")
    parser.add_argument("--seeds", default="0-99")
    parser.add_argument("--idle", type=int, default=150, help="rounds without a purchase")
    parser.add_argument("--deep-every", type=int, default=40)
    parser.add_argument("--replay-every", type=int, default=10, help="1 replays every seed")
    parser.add_argument("--heroes", action="store_true")
    parser.add_argument("--out")
    parser.add_argument("--summary", nargs="+", help="summarise these result files")
    args = parser.parse_args()
    if args.summary:
        summary(args.summary)
        return
    n = 6 if args.heroes else args.players
    for seed in _seeds(args.seeds):
        row = play_one(
            n, seed, args.start, args.idle, args.deep_every, args.heroes, args.replay_every
        )
        with open(args.out or "playouts.jsonl", "a", encoding="utf-8") as f:
            f.write(json.dumps(row) + "\n")
        print(row["seed"], row["outcome"], row["rounds"], row["actions"], row["cpu"], flush=True)


if __name__ == "__main__":
    main()
