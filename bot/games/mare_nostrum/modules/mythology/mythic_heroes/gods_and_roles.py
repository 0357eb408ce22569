"""Adonis (an unchosen god at the end of the offerings) and Moïse's +2 for the High Priest
(004 l.378, l.400; aid §B.11.3)."""

from __future__ import annotations

from ....rulesets.mn2003.hooks import ROLE_BONUS
from ....state import GameState
from ..gods.hooks import EXTRA_GOD_TAKERS
from ..module import MODULE
from .holding import holders, holds
from .ids import ADONIS, MOSES

MOSES_BONUS = 2  # «bonus de 2 pour être Grand Prêtre»


@MODULE.hook(EXTRA_GOD_TAKERS)
def _adonis(state: GameState) -> list[str]:
    """«permet de récupérer le pouvoir d'un dieu qui n'a pas été choisi, à la fin de la phase
    d'offrandes aux dieux (en + de la possibilité de faire une offrande)»."""
    return holders(state, ADONIS)


@MODULE.hook(ROLE_BONUS)
def _moses(state: GameState, player: str) -> dict[str, int] | None:
    return {"high_priest": MOSES_BONUS} if holds(state, player, MOSES) else None
