"""Atlas, section 1: the Atlantean Empire, a module of Mare Nostrum: Empires.

`atlantis` adds the sixth empire (turquoise, starting hero Atlas) on the Atlantis board joined
west of the base board, for 4, 5 or 6 players, and at 6 players the five Atlantean heroes on
their own face-up track. `atlantis_heroes` adds that track at 4–5 players (ruling A2);
`atlantis_intro` shows its tiles one at a time (the rulebook's introductory option, A2b). See
docs/atlas.md.
"""

from __future__ import annotations

from ...rules import register_module
from . import data, powers, track  # noqa: F401  (their declarations, on MODULE)
from .module import HEROES_AT_4_5, INTRO, MODULE

data.register()
for _module in (MODULE, HEROES_AT_4_5, INTRO):
    register_module(_module)

NAMES: tuple[str, ...] = (MODULE.name, HEROES_AT_4_5.name, INTRO.name)
