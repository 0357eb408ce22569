"""Hook points shared by the Legendary City modules' tiles and their event cards."""

from __future__ import annotations

from ....core.rules import HookPoint

CARD_SHIELDED: HookPoint[bool] = HookPoint(
    "legends.card_shielded",
    "(state, player, province) -> bool: whether an event card played by `player` may not "
    "target this province or what stands in it (Halicarnasse's Mausoleum: « cette province ne "
    "peut subir aucune agression, que ce soit par des unités ou des cartes Événement », ruling "
    "D5). Any True answer shields it.")
