"""Render + PNG encode of a crowded 5-player state, of a crowded 6-player state on the Atlas
board and of a Punic Wars mid-game (barbarians, market, purses, a barbarian battle
highlighted) and of the 2003 ruleset's board (opening and late game), its screen, and the
Mythology's board (6 players, western board, creatures) and screen: median, p99 and size.

Run: `.venv/bin/python benchmarks/bench_render.py [runs]` (goals: median <= 25 ms,
p99 <= 60 ms, PNG <= 150 KiB, never over 1 MiB).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.games.mare_nostrum.view import view
from bot.games.neptun import ENGINE as NEPTUN
from rendering.mare_nostrum import render, render_screen
from rendering.neptun import render_board as neptun_board
from rendering.neptun import render_screen as neptun_screen
from tests.rendering.legends_states import three_cities
from tests.rendering.mn2003_states import late as mn2003_late
from tests.rendering.mn2003_states import opening as mn2003_opening
from tests.rendering.mythology_states import MIDGAME_BATTLE, with_creatures
from tests.rendering.mythology_states import midgame as myth_midgame
from tests.rendering.neptun_states import midgame as neptun_midgame
from tests.rendering.neptun_states import voyage as neptun_voyage
from tests.rendering.punic_states import BATTLE
from tests.rendering.punic_states import midgame as punic_midgame
from tests.rendering.states import crowded_six_view, crowded_view


def measure(fn: object, runs: int) -> tuple[float, float, int]:
    med, p99, _cpu, size = measure_cpu(fn, runs)
    return med, p99, size


def measure_cpu(fn: object, runs: int) -> tuple[float, float, float, int]:
    """Wall-clock median and p99, CPU-time median (`process_time`: what a render costs on a
    machine shared with other work), PNG size."""
    assert callable(fn)
    size = len(fn())  # warm-up: builds the cached static map and fonts
    times, cpu = [], []
    for _ in range(runs):
        c0, t0 = time.process_time(), time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    times.sort()
    p99 = times[min(len(times) - 1, round(0.99 * (len(times) - 1)))]
    return statistics.median(times), p99, statistics.median(cpu), size


def _cases() -> dict[str, object]:
    v = crowded_view("rome")
    six = crowded_six_view("atlantis")
    hi = {"areas": ["aegaeum", "macedonia"], "dice": {"rome": [3, 6], "greece": [2]}}
    neptun = NEPTUN.view(neptun_midgame(5), None)
    neptun_red = NEPTUN.view(neptun_midgame(5), "red")
    neptun_sailing = NEPTUN.view(neptun_voyage(5), None)
    punic = view(punic_midgame(), None)
    opening2003 = view(mn2003_opening(), None)
    late2003 = view(mn2003_late(), None)
    cities = view(three_cities(), None)
    rome2003 = view(mn2003_late(), "rome")
    myth = myth_midgame()
    myth_public = with_creatures(myth, None)
    myth_atlantis = with_creatures(myth, "atlantis")
    return {
        "board (crowded 5p)": lambda: render(v),
        "board + highlight": lambda: render(v, highlight=hi),
        "board, French": lambda: render(v, lang="fr"),
        "player screen": lambda: render_screen(v),
        "board (crowded 6p, Atlas)": lambda: render(six),
        "board (Punic Wars, battle)": lambda: render(punic, highlight=BATTLE),
        "board (2003, opening 4p)": lambda: render(opening2003),
        "board (2003, late 4p)": lambda: render(late2003, highlight=hi),
        "board (three cities 5p)": lambda: render(cities),
        "screen (2003, Rome)": lambda: render_screen(rome2003),
        "board (Mythology 6p)": lambda: render(myth_public, highlight=MIDGAME_BATTLE),
        "screen (Mythology, Atlantis)": lambda: render_screen(myth_atlantis),
        "Neptun board (mid-game 5p)": lambda: neptun_board(neptun),
        "Neptun board (voyages 5p)": lambda: neptun_board(neptun_sailing),
        "Neptun screen": lambda: neptun_screen(neptun_red),
    }


def run(runs: int = 50) -> list[tuple[str, str]]:
    """The rows for `python -m benchmarks.run`."""
    rows = []
    for name, fn in _cases().items():
        med, p99, size = measure(fn, runs)
        rows.append(
            (
                f"render: {name} median / p99 / PNG",
                f"{med:.1f} / {p99:.1f} ms / {size / 1024:.0f} KiB",
            )
        )
    return rows


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    cases = _cases()
    print(f"{'case':<28} {'median ms':>10} {'p99 ms':>8} {'CPU ms':>8} {'PNG KiB':>8}"
          f"   ({runs} runs)")
    for name, fn in cases.items():
        med, p99, cpu, size = measure_cpu(fn, runs)
        print(f"{name:<28} {med:>10.1f} {p99:>8.1f} {cpu:>8.1f} {size / 1024:>8.1f}")


if __name__ == "__main__":
    main()
