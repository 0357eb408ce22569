"""`python -m bot` runs the bot; `python -m bot --sync` registers the slash commands and exits.

Without Discord (no token needed): `python -m bot simulate ...` plays AI games
(bot.simulate), `python -m bot demo --out DIR ...` writes a demo game with its pictures
(bot.demo), `python -m bot migrate-db --to postgresql://...` moves the SQLite database to
PostgreSQL (bot.storage.move, docs/scaling.md)."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Sequence

from .settings import Settings, SettingsError, load_settings


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bot", description=__doc__)
    parser.add_argument("--sync", action="store_true",
                        help="sync the slash commands (to DEV_GUILD_ID if set), then exit")
    return parser.parse_args(argv)


async def _sync(settings: Settings) -> None:
    from .client import MareNostrumBot

    bot = MareNostrumBot(settings, run_loops=False)
    async with bot:
        await bot.login(settings.discord_token)  # runs setup_hook: the commands are loaded
        synced = await bot.sync_commands()
        where = f"guild {settings.dev_guild_id}" if settings.dev_guild_id else "all guilds"
        print(f"synced {len(synced)} command(s) to {where}")


def _run(settings: Settings) -> None:
    from .client import MareNostrumBot

    bot = MareNostrumBot(settings)
    bot.run(settings.discord_token, log_handler=None)


def _offline(argv: Sequence[str]) -> int | None:
    """`simulate` / `demo` / `migrate-db`: tools that need no token nor settings."""
    if not argv or argv[0] not in ("simulate", "demo", "migrate-db"):
        return None
    if argv[0] == "migrate-db":
        from .storage.move import main as migrate_db

        return migrate_db(argv[1:])
    if argv[0] == "simulate":
        from .simulate import main as simulate

        return simulate(list(argv[1:]))
    from .demo import main as demo

    return demo(list(argv[1:]))


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    offline = _offline(argv)
    if offline is not None:
        return offline
    args = parse_args(argv)
    try:
        settings = load_settings()
    except SettingsError as exc:  # one line per bad or missing value, no traceback
        for problem in exc.problems:
            print(f"error: {problem}", file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if args.sync:
        asyncio.run(_sync(settings))
    else:
        _run(settings)
    return 0


if __name__ == "__main__":
    sys.exit(main())
