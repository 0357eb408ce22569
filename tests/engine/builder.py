"""A small scenario builder for rulebook tests (diplomacy's DATC style): start from the set-up,
arrange the board, give resources, open a phase, act, and read what happened."""

from __future__ import annotations

from typing import Any, TypeVar

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Action
from bot.games.mare_nostrum.events import Event, EventLog
from bot.games.mare_nostrum.flow import enter_phase
from bot.games.mare_nostrum.kinds import Title

A = TypeVar("A", bound=Action)

FIVE = ["rome", "greece", "carthage", "egypt", "babylon"]
FOUR = FIVE[:4]
THREE = FIVE[:3]


class Scenario:
    def __init__(self, players: list[str] | None = None, seed: int = 1) -> None:
        self.state, self.events = engine.new_game(players or FIVE, None, seed)
        self.state.prompts = []
        self.state.trade = None

    # --- arranging the board ------------------------------------------------------------------
    def hand(self, player: str, **tokens: int) -> Scenario:
        """Replace a player's resources; legendary tokens as e.g. grain_l=1."""
        self.state.hands[player] = {
            (k[:-2] + "*" if k.endswith("_l") else k): v for k, v in tokens.items() if v
        }
        return self

    def influence(self, province: str, player: str | None) -> Scenario:
        if player is None:
            self.state.influence.pop(province, None)
        else:
            self.state.influence[province] = player
        return self

    def legions(self, province: str, player: str, n: int) -> Scenario:
        d = self.state.legions.setdefault(province, {})
        if n:
            d[player] = n
        else:
            d.pop(player, None)
        return self

    def triremes(self, sea: str, player: str, n: int) -> Scenario:
        d = self.state.triremes.setdefault(sea, {})
        if n:
            d[player] = n
        else:
            d.pop(player, None)
        return self

    def fortress(self, province: str, player: str, present: bool = True) -> Scenario:
        lst = self.state.fortresses.setdefault(province, [])
        if present and player not in lst:
            lst.append(player)
        if not present and player in lst:
            lst.remove(player)
        return self

    def building(self, province: str, kind: str, present: bool = True,
                 commodity: str | None = None) -> int:
        """Build (or remove) the first slot of this kind in a province; return its index."""
        slots = self.state.board.provinces[province].slots
        for i, s in enumerate(slots):
            fits = s.kind == kind and (commodity is None or s.commodity == commodity)
            if fits and self.state.built[province][i] != present:
                self.state.built[province][i] = present
                return i
        raise AssertionError(f"no {'free' if present else 'built'} {kind} slot in {province}")

    def occupy(self, province: str, slot: int, player: str | None) -> Scenario:
        self.state.occupant[province][slot] = player
        return self

    def hw(self, player: str, *tiles: str) -> Scenario:
        self.state.hw[player] = list(tiles)
        return self

    def title(self, title: Title, player: str) -> Scenario:
        self.state.titles[title] = player
        return self

    def set(self, **fields: Any) -> Scenario:
        for k, v in fields.items():
            setattr(self.state, k, v)
        return self

    # --- playing ---------------------------------------------------------------------------
    def enter(self, phase: str) -> list[Event]:
        ev = EventLog()
        enter_phase(self.state, phase, ev)
        self.events = list(ev)
        return self.events

    def act(self, action: Action) -> list[Event]:
        self.state, self.events = engine.apply(self.state, action)
        return self.events

    def legal(self, player: str) -> list[Action]:
        return engine.legal_actions(self.state, player)

    def legal_as(self, player: str, cls: type[A]) -> list[A]:
        """`legal(player)` when the decision owed has one action kind, `cls` (asserted)."""
        actions = self.legal(player)
        typed = [a for a in actions if isinstance(a, cls)]
        assert typed == actions, actions
        return typed

    def kinds(self, kind: str) -> list[Event]:
        return [e for e in self.events if e.kind == kind]


def rejected(s: Scenario, action: Action, code: str) -> None:
    """The action is refused with this code and the state does not change."""
    import pytest

    from bot.games.mare_nostrum.errors import EngineError

    before = engine.to_json(s.state)
    with pytest.raises(EngineError) as info:
        engine.apply(s.state, action)
    assert info.value.code == code, info.value.detail
    assert engine.to_json(s.state) == before


def consistent(s: Scenario, player: str) -> list[Action]:
    """Every legal action passes the check (the handlers' contract)."""
    legal = s.legal(player)
    for a in legal:
        engine.check(s.state, a)
    return legal
