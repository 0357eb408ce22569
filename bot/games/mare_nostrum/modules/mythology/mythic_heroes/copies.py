"""Castor & Pollux: «copient définitivement le pouvoir d'un héros adverse en jeu (pas d'une
merveille et pas d'un héros spécifique à une civilisation)» (004 l.382; MH-25). In a
construction turn of his, while he has no copy yet, he names a general hero another player
holds (a mythological one, a revised base hero, Hélène or Ulysse); from then on the
ruleset's `has_power` answers for that power as for the card (FAQ l.422–423: the original
acts first: `holding.holders`). The choice is public and final."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ....actions import Action
from ....errors import IllegalAction
from ....events import EventLog
from ....rulesets.mn2003.hooks import (
    CONSTRUCTION_ACTIONS,
    CONSTRUCTION_PERFORM,
    CONSTRUCTION_WHY,
)
from ....state import GameState
from ..cards import GENERAL
from ..module import MODULE
from .ids import CASTOR_POLLUX

# «pas d'une merveille et pas d'un héros spécifique à une civilisation»: the 26 other general
# heroes (the revised base heroes, Hélène, Ulysse and the mythological ones). Every power
# asks the ruleset's `has_power`, which counts the copy (`state.copied`).
COPYABLE: tuple[str, ...] = tuple(
    c.id for c in GENERAL if c.kind == "hero" and c.id != CASTOR_POLLUX
)


@dataclass(frozen=True, slots=True)
class CopyHero(Action):
    """Castor & Pollux: copy for good the power of `card`, a hero another player holds."""

    kind: ClassVar[str] = "copy_hero"
    card: str


def copy_why(state: GameState, player: str, card: str) -> IllegalAction | None:
    if CASTOR_POLLUX not in state.hw.get(player, ()):
        return IllegalAction(
            f"you do not hold {CASTOR_POLLUX}", code="power_not_held", card=CASTOR_POLLUX
        )
    if player in state.copied:
        return IllegalAction(
            "Castor & Pollux have copied a power already", code="already_copied", card=card
        )
    if card not in COPYABLE or not any(
        card in cards for p, cards in state.hw.items() if p != player
    ):
        return IllegalAction(
            f"{card} is not a hero another player holds", code="not_copyable", card=card
        )
    return None


@MODULE.hook(CONSTRUCTION_ACTIONS)
def _listed(state: GameState, player: str) -> list[Action]:
    if CASTOR_POLLUX not in state.hw.get(player, ()) or player in state.copied:
        return []
    return [CopyHero(player, c) for c in COPYABLE if copy_why(state, player, c) is None]


@MODULE.hook(CONSTRUCTION_WHY)
def _why(state: GameState, player: str, action: Action) -> IllegalAction | None:
    return copy_why(state, player, action.card) if isinstance(action, CopyHero) else None


@MODULE.hook(CONSTRUCTION_PERFORM)
def _performed(state: GameState, player: str, action: Action, ev: EventLog) -> bool:
    if not isinstance(action, CopyHero):
        return False
    state.copied[player] = action.card
    ev.public("hero_copied", player=player, card=CASTOR_POLLUX, copied=action.card)
    return True


MODULE.answers("construction_turn", CopyHero)
