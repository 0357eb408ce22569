#!/usr/bin/env bash
# Sets up a virtual environment and runs every check: lint, types, tests.
# Installs the project and its dev extras only when .venv is new or pyproject.toml changed
# (scripts/venv.sh): a clean clone, as in CI, installs everything.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/venv.sh
ensure_venv dev
# The tests run on the compiled engine, as the bot does (test_compiled_engine.py checks it).
ensure_compiled --require
export MARE_NOSTRUM_EXPECT_COMPILED=1
.venv/bin/python -m ruff check .
.venv/bin/python -m mypy bot cogs rendering tests benchmarks scripts  # strict: pyproject.toml
# Both cores: the seeded playouts dominate the run time.
.venv/bin/python -m pytest -n 2 "$@"
