"""The Mythology module's rules object: every declaration of the expansion is made on
`MODULE` by the files of this package (set-up, offerings and gods, creatures and the military
changes, heroes and wonders). It builds on the 2003 ruleset: composed with Empires it is
refused (`module_order`)."""

from __future__ import annotations

from ....core.rules import RulesModule
from ...state import GameState

NAME = "mythology"

MODULE: RulesModule[GameState] = RulesModule(NAME, requires=("mn2003.tables",))
