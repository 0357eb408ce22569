"""Set-up of the Mythology expansion (004 l.86–147; aid §B.3–B.5, B.13–B.14): the western
board read the 2003 way, the Atlanteans, 3–6 players, neutrals, supplies, the starts (the
predetermined one and the free start with 45 points), ceramic, the High Priest, victory.

Everything here replaces a table of the 2003 ruleset (rulesets/mn2003/tables.py) or answers
one of its hook points; no 2003 phase names the module."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any, Self, cast

from ... import rng
from ...board import assemble, base_part, register_board
from ...errors import MalformedAction
from ...events import EventLog
from ...flow import end_game
from ...kinds import Title
from ...rulesets.mn2003.geography import register_reading
from ...rulesets.mn2003.hooks import (
    FREE_START_DONE,
    INITIAL_POSITION,
    INVARIANTS,
    ROLES_SETTLED,
    START_OPENS,
)
from ...rulesets.mn2003.pieces import covered, province_buildings, supply_left
from ...rulesets.mn2003.pieces import role_counts as base_role_counts
from ...rulesets.mn2003.substate import sub as mn2003_sub
from ...state import GameState
from ..atlantis.data import atlantis_part
from . import cards, tables
from .module import MODULE

NAME = "mythology.setup"
LONG_GAME = "long_game"

# C-30: the western board (the Atlas board part, board.md §5) always joined to the Empires
# board, read the 2003 way, whole at every player count; ceramic icons take caravans (C-11).
register_board(
    tables.BOARD_KEY, lambda: assemble(tables.BOARD_KEY, [base_part(), atlantis_part()], ())
)
register_reading(tables.BOARD_KEY, tables.RESOURCES)


@dataclass(slots=True)
class MythologySetup:
    """The module's set-up facts, all public: the long-game option (B.14) and the general
    heroes set aside for this game (C-32: «la liste est rendue publique»)."""

    long_game: bool = False
    set_aside: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        return cls(**data)

    def view(self, viewer: str | None) -> dict[str, Any]:
        return asdict(self)


def part(state: GameState) -> MythologySetup:
    found = state.substates.get(NAME)
    assert isinstance(found, MythologySetup)
    return found


def long_game(state: GameState) -> bool:
    found = state.substates.get(NAME)
    return isinstance(found, MythologySetup) and found.long_game


# --- the tables --------------------------------------------------------------------------


def _costs(state: GameState) -> Mapping[str, int]:
    """Ruling 19's costs; the long game's Pyramids cost 13 (004 l.87)."""
    return tables.COSTS_LONG if long_game(state) else tables.COSTS


def _hw_to_win(state: GameState) -> int:
    """004 l.86: «posséder 4 merveilles et/ou héros»; 5 in the long game (l.87)."""
    return tables.HW_TO_WIN_LONG if long_game(state) else tables.HW_TO_WIN


def role_counts(state: GameState, player: str) -> dict[str, int]:
    """B.5: the 2003 counts plus the Grand Prêtre's «temples et marchés sous son contrôle»
    (occupied ones count for the occupier, C-28)."""
    out = base_role_counts(state, player)
    priest = 0
    occupied = mn2003_sub(state).occupied
    for pid, owner in state.influence.items():
        if owner != player and occupied.get(pid) != player:
            continue  # covered's buildings all count for others (his only as the occupier)
        occupier, cover = covered(state, pid)
        taken = set(cover)
        for item in province_buildings(state, pid):
            if item[0] in ("temple", "market") and (occupier if item in taken else owner) == player:
                priest += 1
    out["high_priest"] = priest
    return out


MODULE.data("player_counts", tables.PLAYER_COUNTS)
MODULE.data("board_keys", dict.fromkeys(tables.PLAYER_COUNTS, tables.BOARD_KEY))
MODULE.data("starting_titles", {n: dict(tables.START_ROLES) for n in tables.PLAYER_COUNTS})
MODULE.data("hw_tiles", cards.TILES)
MODULE.data("hw_market_size", len(cards.TILES))
MODULE.data("mn2003.civilisations", tables.CIVILISATIONS)
MODULE.data("mn2003.capitals", tables.CAPITALS)
MODULE.data("mn2003.other_provinces", tables.OTHER_PROVINCES)
MODULE.data("mn2003.start", tables.START)
MODULE.data("mn2003.start_roles", tables.START_ROLES)
MODULE.data("mn2003.specific_heroes", tables.SPECIFIC_HEROES)
MODULE.data("mn2003.buildings", tables.BUILDINGS)
MODULE.data("mn2003.pieces", tables.PIECES)
MODULE.data("mn2003.resources", tables.RESOURCES)
MODULE.data("mn2003.costs", _costs)
MODULE.data("mn2003.hw_to_win", _hw_to_win)
MODULE.data("mn2003.free_start", tables.FREE_START)
MODULE.data("mn2003.neutral_pieces", tables.NEUTRAL_PIECES)
MODULE.data("mn2003.roles", tables.ROLES)
MODULE.data("mn2003.role_counts", role_counts)
MODULE.data("mn2003.options", (LONG_GAME,))


# --- the set-up --------------------------------------------------------------------------


@MODULE.hook(INITIAL_POSITION)
def _set_up(state: GameState, options: Mapping[str, Any]) -> None:
    """The long-game option; the starting entry bonuses; 8 general heroes set aside."""
    long = options.get(LONG_GAME, False)
    if not isinstance(long, bool):
        raise MalformedAction(
            f"{LONG_GAME} is true or false", code="bad_game_option", option=LONG_GAME
        )
    if str(options.get("start") or "predetermined") == "predetermined":
        _start_bonuses(state, list(state.players))
    # 004 l.93: «On mélange donc tous les héros … et, au hasard, on en écarte 8» (C-32: the
    # 27 general heroes only; the draw is the seeded RNG's, the list public).
    general = [c for c in state.hw_market if cards.ALL[c].kind == "hero"]
    aside = rng.shuffled(state, general)[: cards.SET_ASIDE]
    state.hw_market = [c for c in state.hw_market if c not in aside]
    state.substates[NAME] = MythologySetup(long_game=long, set_aside=sorted(aside))


def _start_bonuses(state: GameState, civs: list[str]) -> list[str]:
    """C-29 / C-58: Hannibal's legion and Périclès's trireme (on land: it sails at its first
    move) on the capital, for these civilisations, if the supply allows; those served."""
    docked = mn2003_sub(state).docked
    served: list[str] = []
    for civ, piece in tables.START_BONUS.items():
        if civ not in civs or supply_left(state, civ, piece) <= 0:
            continue
        capital = tables.CAPITALS[civ]
        if piece == "legion":
            legions = state.legions.setdefault(capital, {})
            legions[civ] = legions.get(civ, 0) + 1
        else:
            there = docked.setdefault(capital, {})
            there[civ] = there.get(civ, 0) + 1
        served.append(civ)
    return served


@MODULE.hook(FREE_START_DONE)
def _free_start_bonuses(state: GameState, ev: EventLog) -> None:
    """C-58: «In the free start, where powers are inactive, the bonus is given when the
    deployment ends» — for a revised specific hero deployed."""
    civs = [c for c in state.players if tables.SPECIFIC_HEROES[c] in state.hw[c]]
    for civ in _start_bonuses(state, civs):
        ev.public(
            "entry_bonus",
            player=civ,
            card=tables.SPECIFIC_HEROES[civ],
            piece=tables.START_BONUS[civ],
            target=tables.CAPITALS[civ],
        )


@MODULE.hook(INVARIANTS)
def _invariants(state: GameState) -> list[str]:
    """C-32: the 8 set-aside heroes stay out of the game; the board is the western one."""
    aside = set(part(state).set_aside)
    held = {c for cards_ in state.hw.values() for c in cards_} | set(state.hw_market)
    errors = [] if len(aside) == cards.SET_ASIDE else [f"{len(aside)} heroes set aside"]
    if aside & held:
        errors.append(f"set-aside heroes in play: {sorted(aside & held)}")
    if state.board_key != tables.BOARD_KEY:
        errors.append(f"board {state.board_key}")
    return errors


@MODULE.hook(START_OPENS)
def _announce(state: GameState, ev: EventLog) -> None:
    ev.public(
        "heroes_set_aside", tiles=list(part(state).set_aside), long_game=part(state).long_game
    )


# --- victory by the four roles (B.14, C-59) -----------------------------------------------


@MODULE.hook(ROLES_SETTLED)
def _four_roles(state: GameState, ev: EventLog) -> None:
    """004 l.86: «obtenir les 4 titres», checked right after the round-end count (C-59)."""
    roles = state.rules.data["mn2003.roles"]
    holders = {state.titles.get(cast(Title, r)) for r in roles}
    if len(holders) == 1:
        (winner,) = holders
        if winner in state.players:
            assert winner is not None
            end_game(state, [winner], "four_roles", ev)


MODULE.substate(NAME, MythologySetup, lambda state: MythologySetup())
