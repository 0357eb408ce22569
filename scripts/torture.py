"""Crash-safety torture run: SIGKILL a child that plays and persists games N times.

    .venv/bin/python scripts/torture.py [--kills 1000] [--max-delay-ms 200] [--seed 0]
        [--dir DIR]

After each kill the database must pass `PRAGMA integrity_check`, every game must load, its
snapshot must equal the replay of its action log, and every action the child acknowledged
(after its commit returned) must be in the database. Prints a report; exit status 1 on failure.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.torture.harness import Report, TortureError, final_check, torture


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=1000)
    parser.add_argument("--max-delay-ms", type=float, default=200.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--dir", type=Path, default=None, help="keep the database here")
    args = parser.parse_args()
    workdir = args.dir or Path(tempfile.mkdtemp(prefix="torture-"))
    workdir.mkdir(parents=True, exist_ok=True)

    def progress(done: int, report: Report) -> None:
        if done % 50 == 0 or done == args.kills:
            print(f"  {done}/{args.kills} kills, {report.acks_verified} acks verified",
                  flush=True)

    print(f"torture: {args.kills} kills, database in {workdir}")
    try:
        report = torture(workdir, args.kills, max_delay_ms=args.max_delay_ms, seed=args.seed,
                         progress=progress)
        games = asyncio.run(final_check(workdir / "torture.sqlite3"))
    except TortureError as exc:
        print(f"FAILED: {exc}")
        return 1
    print("\n".join(report.lines()))
    print(f"final check:         {games} games replayed from scratch = their snapshots")
    return 0


if __name__ == "__main__":
    sys.exit(main())
