#!/usr/bin/env bash
# Sets up a virtual environment and runs the bot: `bash scripts/bot.sh [--sync]`.
# Installs only when .venv is new or pyproject.toml changed, and compiles the engine only when
# its sources changed (scripts/venv.sh).
# Reads DISCORD_TOKEN and the other settings from the environment or .env (see .env.example).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/venv.sh
ensure_venv run
ensure_compiled  # the engine's hot modules, in C (once per change of the sources)
exec .venv/bin/python -m bot "$@"
