"""The 18 cards of 2003 (003 l.442–490; mn2003.md §A.8), in their own namespace: several
share a name with an Empires tile but not its power (the Colosse and the Temple d'Artémis
swap theirs), so none reuses an Empires id."""

from __future__ import annotations

from ...board import PYRAMIDS as PYRAMIDS_ITEM
from ...board import HWTile
from .data import CARD_PREFIX

# Literal ids (a constant per card): `mn2003.` + the card's name.
CAESAR, HANNIBAL, HAMMURABI = "mn2003.caesar", "mn2003.hannibal", "mn2003.hammurabi"
PERICLES, CLEOPATRA = "mn2003.pericles", "mn2003.cleopatra"
AGAMEMNON, ARCHIMEDES, HELEN = "mn2003.agamemnon", "mn2003.archimedes", "mn2003.helen"
NEBUCHADNEZZAR, SOLOMON, ULYSSES = "mn2003.nebuchadnezzar", "mn2003.solomon", "mn2003.ulysses"
COLOSSUS, GARDENS, ARTEMIS = "mn2003.colossus", "mn2003.gardens", "mn2003.artemis"
ZEUS, LIGHTHOUSE, MAUSOLEUM = "mn2003.zeus", "mn2003.lighthouse", "mn2003.mausoleum"
PYRAMIDS = "mn2003.pyramids"
assert all(c.startswith(CARD_PREFIX) for c in (CAESAR, PYRAMIDS))


def _tile(tid: str, kind: str, fr: str, en: str, phase: str) -> HWTile:
    return HWTile(tid, kind, fr, en, phase, {})


CARDS: dict[str, HWTile] = {
    t.id: t
    for t in (
        _tile(CAESAR, "specific_hero", "Jules César", "Julius Caesar", "construction"),
        _tile(HANNIBAL, "specific_hero", "Hannibal", "Hannibal", "military"),
        _tile(HAMMURABI, "specific_hero", "Hammourabi", "Hammurabi", "construction"),
        _tile(PERICLES, "specific_hero", "Périclès", "Pericles", "construction"),
        _tile(CLEOPATRA, "specific_hero", "Cléopâtre", "Cleopatra", "construction"),
        _tile(AGAMEMNON, "hero", "Agamemnon", "Agamemnon", "roles"),
        _tile(ARCHIMEDES, "hero", "Archimède", "Archimedes", "roles"),
        _tile(HELEN, "hero", "Hélène de Troie", "Helen of Troy", "military"),
        _tile(NEBUCHADNEZZAR, "hero", "Nabuchodonosor", "Nebuchadnezzar", "military"),
        _tile(SOLOMON, "hero", "Salomon", "Solomon", "roles"),
        _tile(ULYSSES, "hero", "Ulysse", "Ulysses", "trade"),
        _tile(COLOSSUS, "wonder", "Colosse", "Colossus", "trade"),
        _tile(GARDENS, "wonder", "Jardins suspendus", "Hanging Gardens", "construction"),
        _tile(ARTEMIS, "wonder", "Temple d'Artémis", "Temple of Artemis", "trade"),
        _tile(ZEUS, "wonder", "Statue de Zeus", "Statue of Zeus", "construction"),
        _tile(LIGHTHOUSE, "wonder", "Phare", "Lighthouse", "construction"),
        _tile(MAUSOLEUM, "wonder", "Mausolée", "Mausoleum", "construction"),
        _tile(PYRAMIDS, PYRAMIDS_ITEM, "Pyramides", "Pyramids", "construction"),
    )
}


def owns(state_hw: dict[str, list[str]], player: str, card: str) -> bool:
    return card in state_hw.get(player, ())
