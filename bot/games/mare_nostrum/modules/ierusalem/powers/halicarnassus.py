"""HALICARNASSE (L406–414), a Wonder: « À l'achat de cette Merveille, placez gratuitement la
figurine Mausolée d'Halicarnasse sur l'une de vos Provinces. La Province où se trouve le
Mausolée d'Halicarnasse ne peut subir aucune agression (attaque d'Unités et cartes
Événement). »

Ruling D5: placed in a province he controls when he buys it (his choice: a decision owed,
`mausoleum_place`); it never moves and is no unit. Enemy units may not enter that province
(ENTRY_LIMITS) nor fight there (ATTACK_LIMITS: units already there when it is placed), and
another player's event cards may not target it (CARD_SHIELDED, asked by the cards)."""

from __future__ import annotations

from functools import partial

from ....actions import Action
from ....control import controlled_provinces, has_power
from ....errors import IllegalAction
from ....events import EventLog
from ....hooks import ATTACK_LIMITS, BUILD_PURCHASED, ENTRY_LIMITS, AttackLimit, EntryLimit
from ....phases.build import resume_turn
from ....prompts import PromptHandler, add_prompt, remove_prompt
from ....state import GameState, Prompt
from ...legends.hooks import CARD_SHIELDED
from ...legends.tile_state import tile_state
from ..actions import PlaceMausoleum
from ..module import MODULE

HALICARNASSUS = "halicarnassus"
PLACE = "mausoleum_place"


def _shielded(state: GameState, player: str) -> dict[str, str]:
    """The Mausoleum provinces closed to `player` (another's), province -> owner."""
    placed = tile_state(state).mausoleum
    if not placed:  # mostly none: no comprehension made (every move and battle listing)
        return {}
    return {p: owner for owner, p in placed.items() if owner != player and p}


def mausoleum_province(state: GameState, province: str) -> str | None:
    """The owner of the Mausoleum standing in this province, if one does."""
    for owner, p in tile_state(state).mausoleum.items():
        if p == province:
            return owner
    return None


@MODULE.hook(BUILD_PURCHASED)
def _bought(state: GameState, player: str, item: str, target: str, ev: EventLog) -> bool:
    """On buying the wonder he owes its placement (not on a copy: a wonder is never copied)."""
    if item != "hw" or target != HALICARNASSUS or not has_power(state, player, HALICARNASSUS):
        return False
    if not controlled_provinces(state, player):
        return False
    add_prompt(state, PLACE, player)
    return True


def _legal(state: GameState, prompt: Prompt) -> list[Action]:
    return [PlaceMausoleum(prompt.player, p) for p in controlled_provinces(state, prompt.player)]


def _check(state: GameState, prompt: Prompt, action: Action) -> None:
    assert isinstance(action, PlaceMausoleum)
    if action.province not in controlled_provinces(state, prompt.player):
        raise IllegalAction(
            f"{action.province} is not a province you control",
            code="not_controlled",
            province=action.province,
        )


def _perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, PlaceMausoleum)
    remove_prompt(state, prompt)
    tile_state(state).mausoleum[action.player] = action.province
    ev.public(
        "mausoleum_placed", player=action.player, province=action.province, power=HALICARNASSUS
    )
    resume_turn(state, action.player)


MODULE.handler(
    PromptHandler(
        kind=PLACE,
        actions=(PlaceMausoleum,),
        legal=_legal,
        check=_check,
        perform=_perform,
        public_listing=True,
        # Deadline: the first province he controls, in the listing's order (§12).
        default=lambda state, prompt: _legal(state, prompt)[0],
    )
)


def _closed(shielded: dict[str, str], province: str) -> IllegalAction | None:
    if province in shielded:
        return IllegalAction(
            f"the Mausoleum protects {province}",
            code="mausoleum",
            province=province,
            owner=shielded[province],
        )
    return None


@MODULE.hook(ENTRY_LIMITS)
def _no_entry(state: GameState, player: str) -> EntryLimit | None:
    if not tile_state(state).mausoleum:  # mostly none placed: no call (every move listing)
        return None
    shielded = _shielded(state, player)
    return partial(_closed, shielded) if shielded else None


def _no_battle(shielded: dict[str, str], opponent: str, area: str) -> IllegalAction | None:
    return _closed(shielded, area) if shielded.get(area) == opponent else None


@MODULE.hook(ATTACK_LIMITS)
def _no_attack(state: GameState, player: str) -> AttackLimit | None:
    if not tile_state(state).mausoleum:  # mostly none placed: no call (every battle listing)
        return None
    shielded = _shielded(state, player)
    return partial(_no_battle, shielded) if shielded else None


@MODULE.hook(CARD_SHIELDED)
def _no_card(state: GameState, player: str, province: str) -> bool:
    """B11: another player's cards may not target its province; its owner's may."""
    owner = mausoleum_province(state, province)
    return owner is not None and owner != player
