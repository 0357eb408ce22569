"""The Mythology's card table (004 l.44–58, l.332–455; aid §B.11, §B.12; C-32): every card the
expansion brings or revises, in its own namespace `mythology.<name>`, with its kind, its
civilisation (a specific hero) and its cost. The cards the expansion leaves unchanged
(Cléopâtre, Hammourabi, Hélène de Troie, Ulysse, the Colosse, the Temple d'Artémis, the
Pyramides) keep their 2003 ids and powers. No power is attached here: `POWERED` says which
cards already act (the unchanged ones, the revised ones and Atlas: heroes.py)."""

from __future__ import annotations

from dataclasses import dataclass

from ...board import PYRAMIDS as PYRAMIDS_ITEM
from ...board import HWTile
from ...rulesets.mn2003 import cards as base

PREFIX = "mythology."
HERO_COST = 9
PYRAMIDS_COST = 12
PYRAMIDS_COST_LONG = 13  # 004 l.87: «fixer le coût des pyramides à 13 cartes»
SET_ASIDE = 8  # 004 l.93: «au hasard, on en écarte 8»


@dataclass(frozen=True, slots=True)
class Card:
    """One card of a Mythology game: `civ` for a specific hero (only that civilisation may
    own it), `revises` the 2003 card it replaces."""

    id: str
    kind: str  # specific_hero, hero, wonder, pyramids
    name_fr: str
    name_en: str
    phase: str
    civ: str = ""
    revises: str = ""

    @property
    def cost(self) -> int:
        return PYRAMIDS_COST if self.kind == PYRAMIDS_ITEM else HERO_COST


def _new(
    name: str, kind: str, fr: str, en: str, phase: str, civ: str = "", revises: str = ""
) -> Card:
    return Card(PREFIX + name, kind, fr, en, phase, civ, revises)


def _kept(tid: str, civ: str = "") -> Card:
    t = base.CARDS[tid]
    return Card(t.id, t.kind, t.name_fr, t.name_en, t.phase, civ)


# Specific heroes (004 l.357–372): Atlas is new; César, Hannibal, Périclès are revised.
SPECIFIC: tuple[Card, ...] = (
    _new("atlas", "specific_hero", "Atlas", "Atlas", "military", "atlantis"),
    _new(
        "caesar",
        "specific_hero",
        "Jules César",
        "Julius Caesar",
        "construction",
        "rome",
        base.CAESAR,
    ),
    _new(
        "hannibal", "specific_hero", "Hannibal", "Hannibal", "military", "carthage", base.HANNIBAL
    ),
    _new(
        "pericles", "specific_hero", "Périclès", "Pericles", "construction", "greece", base.PERICLES
    ),
    _kept(base.CLEOPATRA, "egypt"),
    _kept(base.HAMMURABI, "babylon"),
)
# The 27 general heroes (C-32): the 4 revised base heroes, Hélène, Ulysse, the 21 new ones.
GENERAL: tuple[Card, ...] = (
    _new("agamemnon", "hero", "Agamemnon", "Agamemnon", "roles", revises=base.AGAMEMNON),
    _new("archimedes", "hero", "Archimède", "Archimedes", "roles", revises=base.ARCHIMEDES),
    _new(
        "nebuchadnezzar",
        "hero",
        "Nabuchodonosor",
        "Nebuchadnezzar",
        "military",
        revises=base.NEBUCHADNEZZAR,
    ),
    _new("solomon", "hero", "Salomon", "Solomon", "roles", revises=base.SOLOMON),
    _kept(base.HELEN),
    _kept(base.ULYSSES),
    _new("achilles", "hero", "Achille", "Achilles", "military"),
    _new("adonis", "hero", "Adonis", "Adonis", "offerings"),
    _new("ajax", "hero", "Ajax", "Ajax", "military"),
    _new("antigone", "hero", "Antigone", "Antigone", "trade"),
    _new("ariadne", "hero", "Ariane", "Ariadne", "military"),
    _new("castor_pollux", "hero", "Castor & Pollux", "Castor & Pollux", "construction"),
    _new("circe", "hero", "Circé", "Circe", "trade"),
    _new("croesus", "hero", "Crésus", "Croesus", "construction"),
    _new("aeneas", "hero", "Énée", "Aeneas", "military"),
    _new("gilgamesh", "hero", "Gilgamesh", "Gilgamesh", "construction"),
    _new("hamilcar", "hero", "Hamilcar", "Hamilcar", "military"),
    _new("hercules", "hero", "Hercule", "Hercules", "military"),
    _new("imhotep", "hero", "Imhotep", "Imhotep", "construction"),
    _new("jason", "hero", "Jason", "Jason", "construction"),
    _new("medusa", "hero", "Méduse", "Medusa", "military"),
    _new("midas", "hero", "Midas", "Midas", "military"),
    _new("minos", "hero", "Minos", "Minos", "construction"),
    _new("moses", "hero", "Moïse", "Moses", "roles"),
    _new("penthesilea", "hero", "Penthésilée", "Penthesilea", "military"),
    _new("sheba", "hero", "Reine de Saba", "Queen of Sheba", "construction"),
    _new("spartacus", "hero", "Spartacus", "Spartacus", "construction"),
)
# Wonders (004 l.435–455): four revised, three unchanged (the Pyramids among them).
WONDERS: tuple[Card, ...] = (
    _kept(base.COLOSSUS),
    _new(
        "gardens",
        "wonder",
        "Jardins suspendus",
        "Hanging Gardens",
        "construction",
        revises=base.GARDENS,
    ),
    _kept(base.ARTEMIS),
    _new("zeus", "wonder", "Statue de Zeus", "Statue of Zeus", "construction", revises=base.ZEUS),
    _new("lighthouse", "wonder", "Phare", "Lighthouse", "construction", revises=base.LIGHTHOUSE),
    _new("mausoleum", "wonder", "Mausolée", "Mausoleum", "construction", revises=base.MAUSOLEUM),
    _kept(base.PYRAMIDS),
)
ALL: dict[str, Card] = {c.id: c for c in (*SPECIFIC, *GENERAL, *WONDERS)}
# The cards whose power acts in this build: the unchanged 2003 cards (their 2003 powers), the
# revised ones and Atlas (heroes.py).
POWERED: frozenset[str] = frozenset(
    c.id for c in ALL.values() if not c.id.startswith(PREFIX) or c.revises or c.civ == "atlantis"
)
SPECIFIC_HEROES: dict[str, str] = {c.civ: c.id for c in SPECIFIC}
ATLAS = PREFIX + "atlas"
HANNIBAL = PREFIX + "hannibal"
PERICLES = PREFIX + "pericles"
PYRAMIDS = base.PYRAMIDS

# The rules' `hw_tiles` table (what the construction phase and the views read).
TILES: dict[str, HWTile] = {
    c.id: HWTile(c.id, c.kind, c.name_fr, c.name_en, c.phase, {}) for c in ALL.values()
}
