"""The answers the 2003 cards' powers add (Cléopâtre, Temple d'Artémis, Ulysse): plain
actions, apart from the powers (`powers.py`) so that a player (the AI) can name them without
importing the powers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...actions import Action


@dataclass(frozen=True, slots=True)
class SwapCard(Action):
    """Cléopâtre (C-16): give the bank one card, take one of the other kind."""

    kind: ClassVar[str] = "swap_card"
    give: str
    take: str


@dataclass(frozen=True, slots=True)
class ChooseResource(Action):
    """Temple d'Artémis (C-17): the extra resource card of his choice, chosen privately."""

    kind: ClassVar[str] = "choose_resource"
    resource: str


@dataclass(frozen=True, slots=True)
class UlyssesAnswer(Action):
    """Ulysse's owner, a pick just announced: let it be, or make the picker take from him."""

    kind: ClassVar[str] = "ulysses_answer"
    redirect: bool
