"""Atlas, section 7: the Punic Wars, Mare Nostrum: Empires for two players (Rome against
Carthage) with a neutral barbarian power both may hire. See docs/punic-wars.md."""

from __future__ import annotations

from ...rules import register_module
from . import barbarians, data, market, purse, victory  # noqa: F401  (their declarations, on MODULE)
from .module import MODULE

data.register()
# G12: « combining with other modules. Not addressed. PROPOSAL: not offered. »
register_module(MODULE, alone=True)

NAMES: tuple[str, ...] = (MODULE.name,)
