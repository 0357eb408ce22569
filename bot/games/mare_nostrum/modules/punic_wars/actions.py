"""The Punic Wars' own answers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...actions import Action
from ...kinds import PillageReward, Unit


@dataclass(frozen=True, slots=True)
class DiscardOffered(Action):
    """7.2: after his opponent took from the External Market, one of his offered tokens
    discarded (he chooses it: ruling G4)."""

    kind: ClassVar[str] = "discard_offered"
    token: str


@dataclass(frozen=True, slots=True)
class HireBarbarian(Action):
    """7.4: one barbarian unit moved by the active player, paid with `token` (1 coin from his
    hand, or 1 gold from his purse: "gold" or "gold*")."""

    kind: ClassVar[str] = "hire_barbarian"
    unit: Unit
    source: str
    target: str
    token: str


@dataclass(frozen=True, slots=True)
class FightBarbarians(Action):
    """7.4 (G7): the land battle in `province` between the barbarians and a player: his own
    legions attacking them, or the barbarians he moved this turn against his opponent."""

    kind: ClassVar[str] = "fight_barbarians"
    province: str


@dataclass(frozen=True, slots=True)
class BarbarianPillage(Action):
    """7.4 (G8): the building the barbarians pillage, chosen by the active player, who keeps
    the loot (`slot` -1: none; `reward` for a legendary city, as in 4.3.1)."""

    kind: ClassVar[str] = "barbarian_pillage"
    province: str
    slot: int
    reward: PillageReward = ""
