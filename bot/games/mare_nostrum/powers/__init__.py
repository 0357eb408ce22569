"""Powers of the HW tiles (section 8), moving to one module per phase they act in (Production:
`production`, Trade: `trade`); the others' action kinds and the pure reads the phases ask.
Every ownership test goes through control.has_power, so a power copied by Castor & Pollux works
like the tile itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import ClassVar

from ...core.rules import RulesModule
from ..actions import Action
from ..board import COIN, COMMODITIES
from ..control import enemy_units_in, has_power
from ..resources import count, types_held
from ..rules import hw_tiles_of
from ..state import GameState

# Once a turn, this unit for 1 coin or 1 of this commodity (Spartacus, Gilgamesh, Phare).
UNIT_POWERS: dict[str, tuple[str, str]] = {
    "legion": ("spartacus", "gladiator"),
    "fortress": ("gilgamesh", "marble"),
    "trireme": ("pharos", "wood"),
}
GARDENS_KEPT = 2  # Jardins Suspendus: up to 2 different commodities

# The powers' own action kinds (their prompt handlers are declared by the phases that ask).
MODULE: RulesModule[GameState] = RulesModule("empires.powers")


@MODULE.action
@dataclass(frozen=True, slots=True)
class PlaceFreeLegions(Action):
    """Penthésilée: one free legion in his capital's province per province of his holding an
    enemy unit (supply permitting), once a Build turn."""

    kind: ClassVar[str] = "place_free_legions"


@MODULE.action
@dataclass(frozen=True, slots=True)
class KeepCommodities(Action):
    """Jardins Suspendus: the commodity types (0 to 2, all different, sorted) kept at the end of
    the Build turn, on top of the 2 coins."""

    kind: ClassVar[str] = "keep_commodities"
    resources: tuple[str, ...]


@MODULE.action
@dataclass(frozen=True, slots=True)
class CopyPower(Action):
    """Castor & Pollux: the hero whose power is copied for good."""

    kind: ClassVar[str] = "copy_power"
    tile: str


# --- Build ------------------------------------------------------------------------------------

def unit_power(state: GameState, player: str, item: str, used: list[str]) -> str | None:
    """The once-a-turn power that lets him pay this unit with 1 token, if unused this turn."""
    entry = UNIT_POWERS.get(item)
    if entry is None or not has_power(state, player, entry[0]) or entry[0] in used:
        return None
    return entry[0]


def unit_power_sets(state: GameState, player: str, item: str,
                    used: list[str]) -> list[tuple[str, ...]]:
    """The 1-token payments that power offers for this unit ((coin,) and/or (good,))."""
    power = unit_power(state, player, item, used)
    if power is None:
        return []
    good = UNIT_POWERS[item][1]
    hand = state.hands[player]
    return [(t,) for t in sorted((COIN, good)) if count(hand, t)]


def penthesilea_count(state: GameState, player: str) -> int:
    """His provinces (influence marker) holding at least one enemy unit."""
    return sum(1 for p, e in state.influence.items()
               if e == player and enemy_units_in(state, p, player))


def gardens_options(state: GameState, player: str) -> list[tuple[str, ...]]:
    """Every set of 0 to 2 different commodity types he holds, sorted."""
    goods = sorted(t for t in types_held(state.hands[player]) if t != COIN)
    out: list[tuple[str, ...]] = []
    for k in range(GARDENS_KEPT + 1):
        out.extend(combinations(goods, k))
    return out


def gardens_default(state: GameState, player: str) -> tuple[str, ...]:
    """Deadline default: the first two commodity types he holds in the fixed order."""
    held = types_held(state.hands[player])
    return tuple(sorted([c for c in COMMODITIES if held.get(c)][:GARDENS_KEPT]))


def copy_options(state: GameState, player: str) -> list[str]:
    """Castor & Pollux may copy a hero another player controls: not a starting hero, not a
    wonder, not Persée (nor Castor & Pollux), in tile order."""
    owned = {t for p, tiles in state.hw.items() if p != player for t in tiles}
    return [t for t, tile in hw_tiles_of(state).items()
            if tile.kind == "hero" and t in owned and t not in ("perseus", "castor_pollux")]


# Imported last while phases still import the reads above (their powers move out next).
from . import production, trade  # noqa: E402
from .production import ChooseCommodity, CirceCaravans  # noqa: E402

# The powers' modules, in composition order (after the phases whose hook points they handle).
MODULES: tuple[RulesModule[GameState], ...] = (MODULE, production.MODULE, trade.MODULE)
__all__ = ["MODULE", "MODULES", "ChooseCommodity", "CirceCaravans"]
