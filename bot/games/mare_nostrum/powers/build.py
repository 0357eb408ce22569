"""The powers that act in Build (sections 3, 6.1, 8): CLÉOPÂTRE, HANNIBAL, SPARTACUS,
GILGAMESH, PHARE, HAMMURABI, PENTHÉSILÉE, JARDINS SUSPENDUS, CASTOR & POLLUX, PERSÉE — their
hook handlers, prompts and action kinds."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import ClassVar

from ...core.rules import RulesModule
from ..actions import Action, PlaceFreeInfluence, interned
from ..board import COIN, COMMODITIES
from ..control import capital_province, enemy_units_in, has_power, levels, supply_left
from ..errors import EngineError, IllegalAction
from ..events import EventLog
from ..flow import check_victory
from ..hooks import (
    BUILD_DISCARD,
    BUILD_PURCHASED,
    BUILD_START,
    BUILD_TURN_ACTIONS,
    BUILD_TURN_CHECK,
    BUILD_TURN_ENDED,
    BUILD_TURN_PERFORM,
    ONE_TOKEN_PAYMENT,
    PAYMENT_RULES,
)
from ..phases.build import (
    build_state,
    check_influence,
    check_supply,
    end_turn,
    open_to_influence,
    place,
    resume_turn,
    start_turn,
)
from ..prompts import PromptHandler, add_prompt, remove_prompt
from ..resources import PaymentRules, has_types, types_held
from ..rules import hw_tiles_of
from ..state import GameState, Prompt

MODULE: RulesModule[GameState] = RulesModule("empires.powers.build")

CLEOPATRA = "cleopatra"
HANNIBAL = "hannibal"
HAMMURABI = "hammurabi"
PENTHESILEA = "penthesilea"
HANGING_GARDENS = "hanging_gardens"
CASTOR_POLLUX = "castor_pollux"
PERSEUS = "perseus"


# --- CLÉOPÂTRE, HANNIBAL: how sets are formed (rulings §2) --------------------------------------

@MODULE.hook(PAYMENT_RULES, owner=CLEOPATRA)
def _cleopatra(rules: PaymentRules, state: GameState, player: str) -> PaymentRules:
    """One coin may join each commodity set, and one commodity each coin set."""
    return PaymentRules.of(True, rules.hannibal) if has_power(state, player, CLEOPATRA) else rules


@MODULE.hook(PAYMENT_RULES, owner=HANNIBAL)
def _hannibal(rules: PaymentRules, state: GameState, player: str) -> PaymentRules:
    """One pair of identical commodities in each commodity set."""
    return PaymentRules.of(rules.cleopatra, True) if has_power(state, player, HANNIBAL) else rules


# --- SPARTACUS, GILGAMESH, PHARE: a unit for one token ------------------------------------------

# « Une fois par tour, vous pouvez construire une Légion (Forteresse, Trirème) pour : 1 jeton
# Gladiateur (Pierre, Bois), ou 1 jeton Impôt. » item -> (tile, the token types it accepts).
UNIT_POWERS: dict[str, tuple[str, tuple[str, ...]]] = {
    "legion": ("spartacus", (COIN, "gladiator")),
    "fortress": ("gilgamesh", (COIN, "marble")),
    "trireme": ("pharos", (COIN, "wood")),
}


@MODULE.hook(ONE_TOKEN_PAYMENT, owner=[tile for tile, _ in UNIT_POWERS.values()])
def _unit_for_one_token(state: GameState, player: str, item: str,
                        ) -> tuple[str, tuple[str, ...]] | None:
    power = UNIT_POWERS.get(item)
    return power if power is not None and has_power(state, player, power[0]) else None


# --- HAMMURABI: a free influence marker ---------------------------------------------------------

def _check_once_a_turn(state: GameState, player: str, tile: str) -> None:
    """A once-a-turn Build power (Hammurabi, Penthésilée): his, and not yet used this turn."""
    if not has_power(state, player, tile):
        raise IllegalAction(f"{player} does not have {tile}'s power", code="no_power",
                            power=tile)
    if tile in build_state(state).used_powers:
        raise IllegalAction(f"{tile}'s power was already used this turn", code="power_used",
                            power=tile)


def _check_free_influence(state: GameState, player: str, target: str) -> None:
    _check_once_a_turn(state, player, HAMMURABI)
    check_influence(state, player, target)


@MODULE.hook(BUILD_TURN_ACTIONS, owner=HAMMURABI)
def _hammurabi_actions(state: GameState, player: str) -> Sequence[Action]:
    """« Une fois par tour, vous pouvez placer gratuitement 1 marqueur Influence » (where a
    bought one may go). The power's test first: it spares the refusals for everyone else."""
    if not has_power(state, player, HAMMURABI) or HAMMURABI in build_state(state).used_powers:
        return ()
    targets = set(open_to_influence(state, player))
    return [interned(PlaceFreeInfluence, player, p)
            for p in state.board.provinces if p in targets]


@MODULE.hook(BUILD_TURN_CHECK)
def _hammurabi_check(state: GameState, player: str, action: Action) -> bool:
    if not isinstance(action, PlaceFreeInfluence):
        return False
    _check_free_influence(state, player, action.target)
    return True


@MODULE.hook(BUILD_TURN_PERFORM)
def _hammurabi_perform(state: GameState, player: str, action: Action, ev: EventLog) -> bool:
    if not isinstance(action, PlaceFreeInfluence):
        return False
    place(state, player, "influence", action.target, -1)
    build_state(state).used_powers.append(HAMMURABI)
    ev.public("placed", player=player, item="influence", target=action.target, slot=-1,
              cost=0, power=HAMMURABI, levels=levels(state, player))
    return True


MODULE.answers("build_turn", PlaceFreeInfluence)


# --- PENTHÉSILÉE: free legions at home ----------------------------------------------------------

@dataclass(frozen=True, slots=True)
class PlaceFreeLegions(Action):
    """Penthésilée: one free legion in his capital's province per province of his holding an
    enemy unit (supply permitting), once a Build turn."""

    kind: ClassVar[str] = "place_free_legions"


def penthesilea_count(state: GameState, player: str) -> int:
    """His provinces (influence marker) holding at least one enemy unit."""
    return sum(1 for p, e in state.influence.items()
               if e == player and enemy_units_in(state, p, player))


def free_legions(state: GameState, player: str) -> int:
    """Penthésilée: raise unless the power may be used now; return how many legions it places
    (one per province of his with an enemy unit, as many as his supply holds)."""
    _check_once_a_turn(state, player, PENTHESILEA)
    n = penthesilea_count(state, player)
    if not n:
        raise IllegalAction("none of his provinces holds an enemy unit", code="no_enemy_units",
                            power=PENTHESILEA)
    check_supply(state, player, "legion")
    return min(n, supply_left(state, player, "legion"))


@MODULE.hook(BUILD_TURN_ACTIONS, owner=PENTHESILEA)
def _penthesilea_actions(state: GameState, player: str) -> Sequence[Action]:
    if not has_power(state, player, PENTHESILEA):
        return ()
    try:
        free_legions(state, player)
    except EngineError:
        return ()
    return (interned(PlaceFreeLegions, player),)


@MODULE.hook(BUILD_TURN_CHECK)
def _penthesilea_check(state: GameState, player: str, action: Action) -> bool:
    if not isinstance(action, PlaceFreeLegions):
        return False
    free_legions(state, player)
    return True


@MODULE.hook(BUILD_TURN_PERFORM)
def _penthesilea_perform(state: GameState, player: str, action: Action, ev: EventLog) -> bool:
    if not isinstance(action, PlaceFreeLegions):
        return False
    n = free_legions(state, player)
    cap = capital_province(player)
    for _ in range(n):
        place(state, player, "legion", cap, -1)
    build_state(state).used_powers.append(PENTHESILEA)
    ev.public("placed", player=player, item="legion", target=cap, slot=-1, cost=0,
              count=n, power=PENTHESILEA, levels=levels(state, player))
    return True


MODULE.answers("build_turn", PlaceFreeLegions)


# --- JARDINS SUSPENDUS: commodities kept at the end of the turn ---------------------------------

GARDENS_KEPT = 2  # up to 2 different commodities


@dataclass(frozen=True, slots=True)
class KeepCommodities(Action):
    """Jardins Suspendus: the commodity types (0 to 2, all different, sorted) kept at the end of
    the Build turn, on top of the 2 coins."""

    kind: ClassVar[str] = "keep_commodities"
    resources: tuple[str, ...]


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


@MODULE.hook(BUILD_DISCARD, owner=HANGING_GARDENS)
def _gardens_before_discard(state: GameState, player: str, ev: EventLog) -> bool:
    """He chooses what he keeps, when he holds a commodity to keep."""
    if not has_power(state, player, HANGING_GARDENS) or not gardens_options(state, player)[1:]:
        return False
    add_prompt(state, "gardens_keep", player)
    return True


def _gardens_legal(state: GameState, prompt: Prompt) -> list[Action]:
    return [KeepCommodities(prompt.player, opt) for opt in gardens_options(state, prompt.player)]


def _gardens_check(state: GameState, prompt: Prompt, action: Action) -> None:
    assert isinstance(action, KeepCommodities)
    types = action.resources
    if any(t not in COMMODITIES for t in types) or len(set(types)) != len(types):
        raise IllegalAction("keep different commodities only", code="bad_keep",
                            resources=list(types))
    if len(types) > GARDENS_KEPT or list(types) != sorted(types):
        raise IllegalAction("keep at most 2 commodity types, sorted", code="bad_keep",
                            resources=list(types))
    if not has_types(state.hands[prompt.player], types):
        raise IllegalAction("resources not held", code="not_held", resources=list(types))


def _gardens_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, KeepCommodities)
    remove_prompt(state, prompt)
    end_turn(state, action.player, ev, keep=action.resources)


MODULE.handler(PromptHandler(
    kind="gardens_keep", actions=(KeepCommodities,), legal=_gardens_legal,
    check=_gardens_check, perform=_gardens_perform,
    # Deadline: the first two commodity types he holds in the fixed order (§12).
    default=lambda state, prompt: KeepCommodities(prompt.player,
                                                  gardens_default(state, prompt.player)),
))


# --- CASTOR & POLLUX: a hero's power copied for good --------------------------------------------

@dataclass(frozen=True, slots=True)
class CopyPower(Action):
    """Castor & Pollux: the hero whose power is copied for good."""

    kind: ClassVar[str] = "copy_power"
    tile: str


def copy_options(state: GameState, player: str) -> list[str]:
    """Castor & Pollux may copy a hero another player controls: not a starting hero, not a
    wonder, not Persée (nor Castor & Pollux), in tile order."""
    owned = {t for p, tiles in state.hw.items() if p != player for t in tiles}
    # A module may name heroes never copied (Atlas: Chiron, a unique figure, ruling A12).
    never = state.rules.data.get("uncopyable_heroes", ())
    return [t for t, tile in hw_tiles_of(state).items()
            if tile.kind == "hero" and t in owned and t not in (PERSEUS, CASTOR_POLLUX)
            and t not in never]


@MODULE.hook(BUILD_PURCHASED)
def _castor_recruited(state: GameState, player: str, item: str, target: str,
                      ev: EventLog) -> bool:
    """Recruited, he chooses the hero to copy at once."""
    if item != "hw" or target != CASTOR_POLLUX:
        return False
    if copy_options(state, player):
        add_prompt(state, "castor_copy", player)
        return True
    # Nobody else controls a hero it may copy: the copy is lost for good (our ruling).
    ev.public("copy_impossible", player=player)
    return False


def _copy_legal(state: GameState, prompt: Prompt) -> list[Action]:
    return [CopyPower(prompt.player, t) for t in copy_options(state, prompt.player)]


def _copy_check(state: GameState, prompt: Prompt, action: Action) -> None:
    assert isinstance(action, CopyPower)
    if action.tile not in copy_options(state, prompt.player):
        raise IllegalAction(f"{action.tile!r} cannot be copied", code="bad_copy",
                            tile=action.tile)


def _copy_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, CopyPower)
    remove_prompt(state, prompt)
    state.copied[action.player] = action.tile
    ev.public("power_copied", player=action.player, tile=action.tile)
    resume_turn(state, action.player)


MODULE.handler(PromptHandler(
    kind="castor_copy", actions=(CopyPower,), legal=_copy_legal, check=_copy_check,
    perform=_copy_perform,
    # Deadline: the first hero he may copy, in tile order (§12).
    default=lambda state, prompt: CopyPower(prompt.player, copy_options(state, prompt.player)[0]),
))


# --- PERSÉE: first to build, and alone to win ---------------------------------------------------

@MODULE.hook(BUILD_START)
def _perseus_first(state: GameState, ev: EventLog) -> bool:
    """« jouer en premier lors de la Phase Achats pour construire votre cinquième HM ou Les
    Pyramides et être l'unique vainqueur » — when his owner could win as the phase opens, he
    builds first, before anybody else, and a win then is his alone."""
    b = build_state(state)
    first = [p for p in b.could_win if has_power(state, p, PERSEUS)]
    if not first:
        return False
    player = first[0]
    b.could_win.remove(player)
    ev.public("perseus_plays_first", player=player)
    start_turn(state, player, ev)
    b.used_powers.append(PERSEUS)
    return True


@MODULE.hook(BUILD_TURN_ENDED)
def _perseus_turn_ended(state: GameState, player: str, used: list[str], ev: EventLog) -> bool:
    """After Persée's first turn the phase opens as usual for the others (6.1)."""
    return PERSEUS in used and check_victory(state, "build_opening", ev)
