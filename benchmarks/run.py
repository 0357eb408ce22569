"""Run every benchmark and print one table: `python -m benchmarks.run [--repeat N]`.

Each benchmark module has `run() -> list[(name, value)]`; with --repeat the whole suite runs N
times and each row shows the run whose first number is the median."""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import re

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
        module = importlib.import_module(f"benchmarks.{name}")
        runs = [module.run() for _ in range(args.repeat)]
        print(f"\n## {name} (median of {args.repeat} runs)")
        for i, (label, _) in enumerate(runs[0]):
            values = sorted((r[i][1] for r in runs), key=_number)
            print(f"{label:50} {values[len(values) // 2]}")


if __name__ == "__main__":
    main()
