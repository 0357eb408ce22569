"""Mare Nostrum's own AI levels (pure: they read a view and the legal actions). The game's
adapter names them in the registry; the generic `random` level lives in `bot.ai`."""

from collections.abc import Callable, Mapping
from typing import Any

from ..actions import Action
from . import mn2003
from .standard import StandardPlayer, make


class ByRuleset:
    """One AI level across rulesets: the player of the ruleset the view names (each seat
    plays one game, so the first view chooses)."""

    def __init__(self, makers: Mapping[str, Callable[[int], Any]], default: Callable[[int], Any],
                 seed: int) -> None:
        self.makers, self.default, self.seed = makers, default, seed
        self.player: Any = None

    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        if self.player is None:
            self.player = self.makers.get(str(view.get("ruleset")), self.default)(self.seed)
        action: Action = self.player.choose(view, legal)
        return action


def make_standard(seed: int) -> ByRuleset:
    """The `standard` level: Empires' player, or 2003's (ai/mn2003.py)."""
    return ByRuleset({"2003": mn2003.make}, make, seed)


__all__ = ["ByRuleset", "StandardPlayer", "make", "make_standard"]
