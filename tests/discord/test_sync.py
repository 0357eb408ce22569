"""`--sync` registers the commands: on the dev guild when set, else globally."""

from __future__ import annotations

from tests.discord.harness import APP_ID, Harness


async def test_sync_to_the_dev_guild_then_globally(h: Harness) -> None:
    h.bot.settings = h.bot.settings.model_copy(update={"dev_guild_id": 77})
    synced = await h.bot.sync_commands()
    # /neptun: Neptun's own (Game.commands); /stats, /settings and /away: issue 13, /mn is full.
    assert sorted(c.name for c in synced) == ["away", "mn", "neptun", "settings", "stats"]
    method, path, _ = h.api.log[-1]
    assert (method, path) == ("PUT", f"/applications/{APP_ID}/guilds/77/commands")
    h.bot.settings = h.bot.settings.model_copy(update={"dev_guild_id": None})
    await h.bot.sync_commands()
    assert h.api.log[-1][:2] == ("PUT", f"/applications/{APP_ID}/commands")
    subs = {o["name"]: o for o in h.api.log[-1][2][0]["options"]}
    assert subs["new"]["description_localizations"]["fr"].startswith("Ouvrir")
