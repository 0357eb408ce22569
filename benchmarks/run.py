"""Run every benchmark and print one table: `python -m benchmarks.run [--repeat N]`.

Each benchmark module has `run() -> list[(name, value)]`; with --repeat each one runs N times
and each row shows the run whose first number is the median. Every run is a fresh process:
the engine's caches, the interpreter's memory and the collector start from scratch each time,
so the runs measure the same thing (a warm second run in the same process would be faster,
and the memory figures would carry the earlier benchmarks' allocations)."""

from __future__ import annotations

import argparse
import json
import pkgutil
import re
import subprocess
import sys

import benchmarks


def _number(value: str) -> float:
    m = re.search(r"[-\d.,]+", value)
    return float(m.group(0).replace(",", "")) if m else 0.0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", default="", help="substring of the benchmark module names")
    args = parser.parse_args()
    names = sorted(m.name for m in pkgutil.iter_modules(benchmarks.__path__)
                   if m.name.startswith("bench_") and args.only in m.name)
    for name in names:
        runs = [_run_fresh(name) for _ in range(args.repeat)]
        print(f"\n## {name} (median of {args.repeat} runs)")
        for i, (label, _) in enumerate(runs[0]):
            values = sorted((r[i][1] for r in runs), key=_number)
            print(f"{label:50} {values[len(values) // 2]}")


def _run_fresh(name: str) -> list[tuple[str, str]]:
    code = (f"import json, benchmarks.{name} as m; "
            "print(json.dumps(m.run(), ensure_ascii=False))")
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                         text=True).stdout
    return [(label, value) for label, value in json.loads(out.strip().splitlines()[-1])]


if __name__ == "__main__":
    main()
