"""The answers of the Offerings phase and of the gods."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ....actions import Action


@dataclass(frozen=True, slots=True)
class ChooseGod(Action):
    """In his offering turn: the god he invokes (then he pays the 3-card offering)."""

    kind: ClassVar[str] = "choose_god"
    god: str


@dataclass(frozen=True, slots=True)
class PassOffering(Action):
    """In his offering turn: no offering this round."""

    kind: ClassVar[str] = "pass_offering"


@dataclass(frozen=True, slots=True)
class TakeGod(Action):
    """At the end of the phase, a god nobody chose, free (Adonis: 004 l.378, l.483–484)."""

    kind: ClassVar[str] = "take_god"
    god: str


@dataclass(frozen=True, slots=True)
class UseGod(Action):
    """Use a god's power once (`target`: what it aims at, "" for none)."""

    kind: ClassVar[str] = "use_god"
    god: str
    target: str = ""


@dataclass(frozen=True, slots=True)
class KeepGod(Action):
    """Not now: the god's moment passes unused (Hermès, Isis, Athéna, Mars, Ishtar)."""

    kind: ClassVar[str] = "keep_god"
    god: str


@dataclass(frozen=True, slots=True)
class HermesTake(Action):
    """Hermès: the 3 resource cards he takes, of types he produced (secret)."""

    kind: ClassVar[str] = "hermes_take"
    resources: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class IsisGive(Action):
    """Isis: the resource card from the reserve one player receives (secret)."""

    kind: ClassVar[str] = "isis_give"
    recipient: str
    resource: str
