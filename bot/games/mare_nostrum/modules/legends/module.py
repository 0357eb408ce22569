"""The shared declarations of the Legendary City modules: one `RulesModule` (`LEGENDS`) that
each city's module installs into its game's rules once, however many cities are in play
(`install`): the sub-state, the draft's prompts, the card plays, the objective check."""

from __future__ import annotations

from typing import Any

from ....core.rules import RulesDraft, RulesModule
from ...state import GameState
from . import state

LEGENDS: RulesModule[GameState] = RulesModule("legends")
LEGENDS.substate(state.NAME, state.Legends, state.new)

_INSTALLED = "legends.installed"


def _install_once(draft: RulesDraft[Any]) -> None:
    if draft.data.get(_INSTALLED):
        return  # a second or third city: the machinery is already in these rules
    draft.data[_INSTALLED] = True
    LEGENDS.install(draft)


def install(module: RulesModule[GameState], city: str) -> None:
    """`city`'s module brings the shared machinery (once per rules object)."""
    module.edit(_install_once)
    module.data(f"legends.city.{city}", True)
