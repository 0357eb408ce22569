#!/usr/bin/env bash
# Sets up a virtual environment (once) and runs every check: lint, types, tests.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[dev]'
.venv/bin/python -m ruff check .
.venv/bin/python -m mypy bot cogs rendering tests benchmarks scripts  # strict: pyproject.toml
# Both cores: the seeded playouts dominate the run time.
.venv/bin/python -m pytest -n 2 "$@"
