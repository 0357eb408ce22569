"""A ruleset's commands joining a phase group another cog made (`/mn trade amount` of the 2003
ruleset beside Empires' `/mn trade offer`): the rulesets share a phase's id and its group, so
/mn keeps room for other games' groups (Discord allows 25 children), and a command answers
whatever ruleset's game is in that phase (its `Form` reads the legal actions; a command whose
answer the game does not take says so, as any phase command does)."""

from __future__ import annotations

from typing import Any, ClassVar

from discord import app_commands

from .phase import PhaseCog


class JoinedPhase(PhaseCog):
    """A phase cog whose commands go into the existing group `joins` of /mn (loaded after the
    cog that makes it), instead of a group of its own."""

    joins: ClassVar[str]

    def __init__(self, bot: Any) -> None:
        super().__init__(bot)
        self._joined: list[str] = []

    def _target(self) -> app_commands.Group:
        parent = self._parent()
        target = parent.get_command(self.joins) if parent is not None else None
        if not isinstance(target, app_commands.Group):
            raise RuntimeError(
                f"/{self.root} {self.joins} is not in the tree: load its cog "
                "before the cogs joining it"
            )
        return target

    async def cog_load(self) -> None:
        """add_cog has put this cog's own group at the top of the tree: move its commands into
        the target group and drop the empty group."""
        group, target = self.app_command, self._target()
        if group is None:
            raise RuntimeError("a joined phase cog is a group cog")
        self.bot.tree.remove_command(group.name)
        for command in list(group.commands):
            group.remove_command(command.name)
            target.add_command(command)
            self._joined.append(command.name)

    async def cog_unload(self) -> None:
        parent = self._parent()
        target = parent.get_command(self.joins) if parent is not None else None
        if isinstance(target, app_commands.Group):  # else it was unloaded first, with them
            for name in self._joined:
                target.remove_command(name)
        self._joined.clear()
