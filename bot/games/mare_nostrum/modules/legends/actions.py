"""The answers of the Legendary City machinery: the draft's three steps (2.2), a card played
(2.3), the Horn of Plenty's reveal (E5)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...actions import Action


@dataclass(frozen=True, slots=True)
class DrawCards(Action):
    """The player who met an objective draws `count` event cards (1 to 5)."""

    kind: ClassVar[str] = "draw_events"
    count: int


@dataclass(frozen=True, slots=True)
class KeepCard(Action):
    """He keeps `card` of the draft's cards he holds (secret)."""

    kind: ClassVar[str] = "keep_event"
    card: str


@dataclass(frozen=True, slots=True)
class HandCards(Action):
    """He hands the draft's remaining cards to `to`, who has not chosen from them yet."""

    kind: ClassVar[str] = "hand_events"
    to: str


@dataclass(frozen=True, slots=True)
class PlayEvent(Action):
    """He plays `card` (`<city>.<name>`); `target` when the card asks one (a unit, an area).
    `decoys`: he discards two Decoys instead and names `card`'s event (B8)."""

    kind: ClassVar[str] = "play_event"
    reveals: ClassVar[bool] = True
    card: str
    target: str = ""
    decoys: bool = False


@dataclass(frozen=True, slots=True)
class RevealPlenty(Action):
    """The Horn of Plenty (E5): he reveals 8 different commodities or 9 coins in his Build
    turn."""

    kind: ClassVar[str] = "reveal_plenty"
    reveals: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class ChariotMove(Action):
    """Chars à faux (Scythed Chariots): one of his legions moves two provinces, `source` to
    `target` through `via`."""

    kind: ClassVar[str] = "chariot_move"
    source: str
    via: str
    target: str


@dataclass(frozen=True, slots=True)
class RetrieveCard(Action):
    """Ajax, Adonis, Minos: he takes `card` from his city's discard ("": none)."""

    kind: ClassVar[str] = "retrieve_event"
    card: str


@dataclass(frozen=True, slots=True)
class PassEvent(Action):
    """No event card at this moment of his own turn."""

    kind: ClassVar[str] = "pass_event"


@dataclass(frozen=True, slots=True)
class PiraeusPlace(Action):
    """Port du Pirée (E11): where one of his barbarian units goes (a sea for the trireme, a
    province for a legion)."""

    kind: ClassVar[str] = "piraeus_place"
    area: str
