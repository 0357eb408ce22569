"""Atlas, section 3: Troia, a Legendary City module of Mare Nostrum: Empires
(military). Its six HW tiles replace six base tiles; its three objectives and its event deck use
the machinery the three Legendary City modules share (`modules/legends/`). See
docs/legendary-cities.md.
"""

from __future__ import annotations

from ...rules import register_module
from .. import legends
from . import powers  # noqa: F401  (their declarations, on MODULE)
from .module import MODULE

legends.install(MODULE, "troia")

register_module(MODULE)

NAMES: tuple[str, ...] = (MODULE.name,)
