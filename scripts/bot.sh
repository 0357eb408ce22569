#!/usr/bin/env bash
# Sets up a virtual environment (once) and runs the bot: `bash scripts/bot.sh [--sync]`.
# Reads DISCORD_TOKEN and the other settings from the environment or .env (see .env.example).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e .
exec .venv/bin/python -m bot "$@"
