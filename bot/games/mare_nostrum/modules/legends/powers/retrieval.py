"""AJAX (Martial), ADONIS (Divine), MINOS (Commercial): « Une fois par tour, lors de la Phase
Revendications, récupérez une carte Événement […] à choisir dans la pile Défausse de ces
cartes. » Each answers the RETRIEVAL hook point with its city (B10)."""

from __future__ import annotations

from collections.abc import Callable

from ....control import has_power
from ....state import GameState
from ..hooks import RETRIEVAL
from ..module import LEGENDS

_POWERS = (("ajax", "troia"), ("adonis", "ierusalem"), ("minos", "syracusae"))


def _retriever(tile: str, city: str) -> Callable[[GameState, str], str | None]:
    def answer(state: GameState, player: str) -> str | None:
        return city if has_power(state, player, tile) else None

    answer.__name__ = f"_{tile}"
    return answer


for _tile, _city in _POWERS:
    LEGENDS.hook(RETRIEVAL)(_retriever(_tile, _city))
