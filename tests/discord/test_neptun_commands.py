"""Neptun's commands: its own top-level `/neptun` (its registry entry's `commands`), one group
per phase that asks decisions, each from its own cog module (`cogs/neptun/contracts.py`,
`cogs/neptun/voyages.py`); /mn keeps Mare Nostrum's."""

from __future__ import annotations

from discord import app_commands

from bot.i18n import CatalogTranslator
from bot.registry import game
from tests.discord.harness import Harness

GROUPS = {
    "contract": ("contracts", {"take", "turn"}),
    "voyage": ("voyages", {"oar", "sail", "deliver", "stay", "extra"}),
}
AUTOCOMPLETED = {
    "take": {"contract", "slot"},
    "oar": {"card"},
    "sail": {"to"},
    "deliver": {"contract"},
}


def test_the_registry_entry_brings_the_group_and_one_cog_per_phase() -> None:
    neptun = game("neptun")
    assert neptun.commands is not None and neptun.commands.name == "neptun"
    assert neptun.extensions == ("cogs.neptun.contracts", "cogs.neptun.voyages")
    assert game("mare_nostrum").commands is None  # its phases stay under /mn


async def test_neptun_has_its_own_top_level_command_with_a_group_per_phase(h: Harness) -> None:
    root = h.bot.tree.get_command("neptun")
    assert isinstance(root, app_commands.Group) and root.guild_only
    groups = {c.name: c for c in root.commands}
    assert set(groups) == set(GROUPS)
    for name, (phase, commands) in GROUPS.items():
        group = groups[name]
        assert isinstance(group, app_commands.Group)
        cog = next(c for c in h.bot.cogs.values() if getattr(c, "app_command", None) is group)
        assert type(cog).__module__ == f"cogs.neptun.{phase}"
        assert cog.qualified_name == f"Neptun{phase.capitalize()}"
        assert getattr(cog, "phase", None) == phase
        assert {c.name for c in group.commands} == commands
        for command in group.commands:
            assert isinstance(command, app_commands.Command)
            assert command.qualified_name == f"neptun {name} {command.name}"
            params = {p.name: p for p in command.parameters}
            assert "game" in params and not params["game"].required
            assert {n for n, p in params.items() if p.autocomplete} == {
                "game",
                *AUTOCOMPLETED.get(command.name, ()),
            }
    mn = h.bot.tree.get_command("mn")
    assert isinstance(mn, app_commands.Group)
    assert "neptun" not in {c.name for c in mn.commands}
    assert len(mn.commands) <= 25 and len(root.commands) <= 25


async def test_french_clients_see_french_names(h: Harness) -> None:
    root = h.bot.tree.get_command("neptun")
    assert root is not None
    payload = await root.get_translated_payload(h.bot.tree, CatalogTranslator())
    groups = {g["name"]: g for g in payload["options"]}
    assert groups["contract"]["name_localizations"]["fr"] == "contrat"
    voyage = {c["name"]: c for c in groups["voyage"]["options"]}
    sail = voyage["sail"]
    assert sail["name_localizations"]["fr"] == "naviguer"
    assert sail["description_localizations"]["fr"] == "Naviguer d'une étape vers un port voisin"
    to = next(o for o in sail["options"] if o["name"] == "to")
    assert to["name_localizations"]["fr"] == "vers"
