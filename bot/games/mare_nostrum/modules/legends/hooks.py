"""Hook points shared by the Legendary City modules' tiles and their event cards."""

from __future__ import annotations

from ....core.rules import HookPoint

CARD_SHIELDED: HookPoint[bool] = HookPoint(
    "legends.card_shielded",
    "(state, player, province) -> bool: whether an event card played by `player` may not "
    "target this province or what stands in it (Halicarnasse's Mausoleum: « cette province ne "
    "peut subir aucune agression, que ce soit par des unités ou des cartes Événement », ruling "
    "D5). Any True answer shields it.")

RETRIEVAL: HookPoint[str | None] = HookPoint(
    "legends.retrieval",
    "(state, player) -> city | None: the city whose event discard a power of his lets him take "
    "one card of his choice from, once a game turn at the end of Claims (Ajax: troia, Adonis: "
    "ierusalem, Minos: syracusae; B10). Every answer.")
