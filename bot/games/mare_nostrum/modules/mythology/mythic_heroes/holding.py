"""Who holds a mythological hero's power, and the once-a-round uses: the heroes' own part of
the game state (`state.substates["mythology.heroes_mythic"]`, public: the cards in play and
the powers used are on the table). A power asks `holds` (the ruleset's `has_power`), never
`state.hw` itself, so that Castor & Pollux's copy («copient définitivement le pouvoir d'un
héros adverse»), kept in `state.copied`, acts through every power that reads it."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Self

from ....rulesets.mn2003.hooks import has_power
from ....state import GameState
from ..module import MODULE

NAME = "mythology.heroes_mythic"


@dataclass(slots=True)
class MythicHeroes:
    # Once-a-round powers used: "<round>:<card>:<player>" (a new round needs no clearing).
    used: list[str] = field(default_factory=list)
    # The battle a power holds before its dice (Midas): its sides and who was asked.
    battle: dict[str, Any] = field(default_factory=dict)
    # The Reine de Saba's mercenaries placed this round: "<player>:<province>" (C-56: they
    # count as having entered at the end of her next military turn).
    mercenaries: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        return cls(**data)

    @staticmethod
    def upgrade_snapshot(data: dict[str, Any]) -> dict[str, Any]:
        """Snapshots saved before the copies moved to `state.copied` kept them here under
        `copies`: moved there, so that a copy made in a stored game is not lost."""
        part = data["substates"][NAME]
        if "copies" not in part:
            return data
        own = {k: v for k, v in part.items() if k != "copies"}
        return {
            **data,
            "copied": {**part["copies"], **data.get("copied", {})},
            "substates": {**data["substates"], NAME: own},
        }

    def view(self, viewer: str | None) -> dict[str, Any]:
        return asdict(self)


def heroes(state: GameState) -> MythicHeroes:
    part = state.substates[NAME]
    assert isinstance(part, MythicHeroes)
    return part


# He owns the card, or copied its power (Castor & Pollux): the ruleset's one predicate.
holds = has_power


def holders(state: GameState, card: str) -> list[str]:
    """Every player with this power: the card's owner first («C'est l'original qui bénéficie
    du privilège d'utiliser son pouvoir en premier»), then those who copied it."""
    owners = [p for p in state.players if card in state.hw.get(p, ())]
    copiers = [p for p in state.players if state.copied.get(p) == card]
    return [*owners, *(p for p in copiers if p not in owners)]


def _key(state: GameState, card: str, player: str) -> str:
    return f"{state.round}:{card}:{player}"


def used_this_round(state: GameState, card: str, player: str) -> bool:
    return _key(state, card, player) in heroes(state).used


def mark_used(state: GameState, card: str, player: str) -> None:
    part, now = heroes(state), f"{state.round}:"
    part.used = [*(u for u in part.used if u.startswith(now)), _key(state, card, player)]


MODULE.substate(NAME, MythicHeroes, lambda state: MythicHeroes())
