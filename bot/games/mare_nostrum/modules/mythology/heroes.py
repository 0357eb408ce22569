"""The heroes and wonders of the Mythology expansion (004 l.334–455; aid §B.11–B.12): Atlas
and the revised specific heroes, the revised base heroes, the 21 mythological heroes, the
revised wonders.

Done here: the revised cards' powers (B.11.1 César, Hannibal, Périclès and Atlas's price;
B.11.2 Agamemnon, Archimède, Salomon, Nabuchodonosor; B.12 Jardins suspendus, Mausolée,
Phare, Statue de Zeus), each a handler of the 2003 ruleset's hook points keyed by the card's
id, with the entry bonuses of C-58. The ids are the card table's (cards.py)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any, ClassVar, Self

from ... import resources as res
from ...actions import Action
from ...errors import IllegalAction
from ...events import EventLog
from ...prompts import PromptHandler
from ...rulesets.mn2003 import military as base_military
from ...rulesets.mn2003.construction import place
from ...rulesets.mn2003.data import TAX
from ...rulesets.mn2003.geography import caravan_sites, icon, provinces, sea_neighbours
from ...rulesets.mn2003.hooks import (
    CARD_ENTERS,
    CONSTRUCTION_ACTIONS,
    CONSTRUCTION_PERFORM,
    CONSTRUCTION_WHY,
    FORTRESS_LIMIT,
    FREE_START_DONE,
    INFLUENCE_ANYWHERE,
    ITEM_COST,
    LAND_DIE_BONUS,
    RESOURCES_KEPT,
    ROLE_BONUS,
    SACK_REWARD,
    SEA_DIE_BONUS,
    has_power,
)
from ...rulesets.mn2003.pieces import supply_left
from ...rulesets.mn2003.placement import build_why, influence_why, unit_why
from ...rulesets.mn2003.substate import sub
from ...state import GameState, Prompt
from . import cards
from .army_state import CAPITALS
from .module import MODULE

P = cards.PREFIX
# The card table's ids (cards.py).
AGAMEMNON, ARCHIMEDES, SOLOMON = P + "agamemnon", P + "archimedes", P + "solomon"
NEBUCHADNEZZAR = P + "nebuchadnezzar"
CAESAR, HANNIBAL, PERICLES, ATLAS = P + "caesar", cards.HANNIBAL, cards.PERICLES, cards.ATLAS
GARDENS, MAUSOLEUM = P + "gardens", P + "mausoleum"
LIGHTHOUSE, ZEUS = P + "lighthouse", P + "zeus"
HEROES_STATE = "mythology.heroes"


# The ruleset's one "has he this power" predicate: a Castor & Pollux copy counts.
has = has_power


# --- roles (B.11.2, MH-10) -------------------------------------------------------------------

_ROLE_HEROES = ((AGAMEMNON, "trade"), (SOLOMON, "culture"), (ARCHIMEDES, "military"))


@MODULE.hook(ROLE_BONUS)
def _role_heroes(state: GameState, player: str) -> dict[str, int] | None:
    """«bonus de 3 pour être Maître du commerce / Leader politique / Chef militaire»."""
    out = {role: 3 for card, role in _ROLE_HEROES if has(state, player, card)}
    return out or None


# --- prices (B.11.1, B.12, MH-01 … MH-04, MW-02; reductions never stack: C-13) ---------------

_PRICES: tuple[tuple[str, dict[str, int]], ...] = (
    # «les légions ne coûtent que 2 pour être construites» (C-46: legions only).
    (CAESAR, {"legion": 2}),
    # «les trirèmes ne coûtent que 2 à construire».
    (PERICLES, {"trireme": 2}),
    (ATLAS, {"trireme": 2}),
    # «les influences, villes, caravanes, temples et marchés coûtent -1 à la construction».
    (MAUSOLEUM, {"influence": 2, "city": 2, "caravan": 2, "temple": 5, "market": 5}),
)


@MODULE.hook(ITEM_COST)
def _prices(state: GameState, player: str, item: str) -> int | None:
    found = [p[item] for card, p in _PRICES if item in p and has(state, player, card)]
    return min(found) if found else None


# --- dice (MH-03, MH-04) ---------------------------------------------------------------------


@MODULE.hook(LAND_DIE_BONUS)
def _hannibal(state: GameState, player: str) -> int:
    """«les légions bénéficient d'un + 1 au dé en combat»."""
    return 1 if has(state, player, HANNIBAL) else 0


@MODULE.hook(SEA_DIE_BONUS)
def _pericles(state: GameState, player: str) -> int:
    """«[les trirèmes] bénéficient d'un + 1 au dé en combat»."""
    return 1 if has(state, player, PERICLES) else 0


# --- construction (MW-01, MW-03, MW-04) ------------------------------------------------------


@MODULE.hook(RESOURCES_KEPT)
def _gardens(state: GameState, player: str) -> int:
    """«permet de conserver 2 cartes ressources non utilisées après la phase de
    construction» (C-57: any types)."""
    return 2 if has(state, player, GARDENS) else 0


@MODULE.hook(INFLUENCE_ANYWHERE)
def _lighthouse(state: GameState, player: str) -> bool:
    """«permet de poser des pions influence sans tenir compte de l'adjacence à son
    empire»."""
    return has(state, player, LIGHTHOUSE)


@MODULE.hook(FORTRESS_LIMIT)
def _zeus(state: GameState, player: str) -> int:
    """«permet de construire 2 forteresses par province»."""
    return 2 if has(state, player, ZEUS) else 1


# --- entry bonuses (C-58, MC-04) -------------------------------------------------------------


@dataclass(slots=True)
class HeroesState:
    # Entry bonuses to place in his construction turn: player -> ["influence", "fortress"].
    pending: dict[str, list[str]] = field(default_factory=dict)
    # Atlas: the military turn ("round:player") and its triremes that moved twice, by sea.
    turn: str = ""
    twice: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        return cls(**data)

    def view(self, viewer: str | None) -> dict[str, Any]:
        return asdict(self)  # public: the cards are face up, their bonuses too


def _heroes(state: GameState) -> HeroesState:
    part = state.substates[HEROES_STATE]
    assert isinstance(part, HeroesState)
    return part


@dataclass(frozen=True, slots=True)
class PlaceEntryBonus(Action):
    """C-58: the free influence marker of the Phare, the free fortress of the Statue de
    Zeus, placed in his construction turn."""

    kind: ClassVar[str] = "place_entry_bonus"
    item: str
    target: str


def _gift(state: GameState, player: str, card: str, ev: EventLog | None) -> None:
    """The entry bonus of a card that has just entered his play (bought, or held at the
    start): Hannibal's legion and Périclès's trireme on his capital's province, the Phare's
    influence and the Statue's fortress to place (if his supply allows)."""
    capital = CAPITALS.get(player)
    if card == HANNIBAL and capital is not None and supply_left(state, player, "legion") > 0:
        # «Donne 1 légion gratuite à son entrée en jeu qui est placée sur la capitale.»
        d = state.legions.setdefault(capital, {})
        d[player] = d.get(player, 0) + 1
        if ev is not None:
            ev.public("entry_bonus", player=player, card=card, piece="legion", target=capital)
    elif card == PERICLES and capital is not None and supply_left(state, player, "trireme") > 0:
        # «Donne 1 trirème gratuite à son entrée en jeu qui est placée sur la capitale» (on
        # land: it sails at its first move).
        docked = sub(state).docked.setdefault(capital, {})
        docked[player] = docked.get(player, 0) + 1
        if ev is not None:
            ev.public("entry_bonus", player=player, card=card, piece="trireme", target=capital)
    elif card in (LIGHTHOUSE, ZEUS):
        item = "influence" if card == LIGHTHOUSE else "fortress"
        _heroes(state).pending.setdefault(player, []).append(item)


@MODULE.hook(CARD_ENTERS)
def _card_enters(state: GameState, player: str, card: str, ev: EventLog) -> None:
    if state.phase == "start":  # the free start's deployment: given when it ends (C-58)
        return
    _gift(state, player, card, ev)


def _new(state: GameState) -> HeroesState:
    """The sub-state. The specific heroes held at the start give their bonus through the
    set-up (setup.py `_start_bonuses`, once: C-29, C-58), not here."""
    part = HeroesState()
    state.substates[HEROES_STATE] = part
    return part


@MODULE.hook(FREE_START_DONE)
def _free_start_wonders(state: GameState, ev: EventLog) -> None:
    """C-58: «In the free start, where powers are inactive, the bonus is given when the
    deployment ends» — a Phare's influence or a Statue's fortress deployed, to place in his
    first construction turn (the specific heroes' bonuses are the set-up's)."""
    for player in state.players:
        for card in state.hw.get(player, ()):
            if card in (LIGHTHOUSE, ZEUS):
                _gift(state, player, card, ev)


MODULE.substate(HEROES_STATE, HeroesState, _new)


def bonus_why(state: GameState, action: PlaceEntryBonus, start: list[str]) -> IllegalAction | None:
    """Why an entry bonus may not go there (None: it may): the normal rules (the Phare's
    influence needs no adjacency, C-58; the Statue's fortress goes where he may build)."""
    player, item, target = action.player, action.item, action.target
    if item not in _heroes(state).pending.get(player, []):
        return IllegalAction(f"no free {item} is yours to place", code="no_entry_bonus", item=item)
    if target not in provinces(state.board_key):
        return IllegalAction(f"no province {target!r}", code="unknown_area", area=target)
    if item == "influence":
        return influence_why(state, player, target, start)
    return build_why(state, player, target) or unit_why(state, player, "fortress", target)


def _start(state: GameState, player: str) -> list[str]:
    prompt = next(p for p in state.prompts if p.kind == "construction_turn" and p.player == player)
    start: list[str] = prompt.data["start"]
    return start


@MODULE.hook(CONSTRUCTION_ACTIONS)
def _bonus_listed(state: GameState, player: str) -> list[Action]:
    pending = _heroes(state).pending.get(player)
    if not pending:
        return []
    start = _start(state, player)
    return [
        a
        for item in sorted(set(pending))
        for pid in provinces(state.board_key)
        if bonus_why(state, a := PlaceEntryBonus(player, item, pid), start) is None
    ]


@MODULE.hook(CONSTRUCTION_WHY)
def _bonus_refused(state: GameState, player: str, action: Action) -> IllegalAction | None:
    if not isinstance(action, PlaceEntryBonus):
        return None
    return bonus_why(state, action, _start(state, player))


@MODULE.hook(CONSTRUCTION_PERFORM)
def _bonus_placed(state: GameState, player: str, action: Action, ev: EventLog) -> bool:
    if not isinstance(action, PlaceEntryBonus):
        return False
    pending = _heroes(state).pending[player]
    pending.remove(action.item)
    if not pending:
        del _heroes(state).pending[player]
    place(state, player, action.item, action.target, -1, ev)
    return True


MODULE.answers("construction_turn", PlaceEntryBonus)


# --- sack (MH-11, C-47) ----------------------------------------------------------------------


@MODULE.hook(SACK_REWARD)
def _nebuchadnezzar(
    state: GameState, player: str, building: str, province: str, slot: int, ev: EventLog
) -> None:
    """«gagnez 1 carte ressource ou 1 carte impôt lorsque vous pillez. Valable aussi pour
    temples et marchés (pour le marché, prendre 1 des ressources produites dans cette
    province)»: a ville or a temple gives a tax card, a caravan its resource, a market one of
    the province's resources (the one he holds fewest of)."""
    if not has(state, player, NEBUCHADNEZZAR):
        return
    card: str | None = None
    if building in ("city", "temple"):
        card = TAX
    elif building == "caravan":
        card = icon(province, slot, state.board_key)
    else:
        kinds = [
            icon(province, i, state.board_key) for i in caravan_sites(province, state.board_key)
        ]
        if kinds:
            hand = state.hands[player]
            card = min(kinds, key=lambda r: res.count(hand, r))
    if card is not None:
        res.add(state.hands[player], card)
        ev.public("power_used", player=player, card=NEBUCHADNEZZAR)
        ev.private("sack_card", (player,), player=player, card=card)


# --- Atlas: triremes move twice (MH-01) ------------------------------------------------------


def _twice(state: GameState, write: bool = False) -> dict[str, int]:
    """His triremes that made their second move this turn, by sea. Reset on a write only:
    a listing never changes the state (a replay lists less)."""
    part, mil = _heroes(state), state.military
    key = f"{state.round}:{mil.current if mil is not None else ''}"
    if part.turn != key:
        if not write:
            return {}
        part.turn, part.twice = key, {}
    return part.twice


def second_movers(state: GameState, player: str, sea: str) -> int:
    """«elles peuvent se déplacer 2 fois. Si le joueur choisit de combattre après le 1er
    mouvement, la trirème ne se redéplace pas»: his triremes that sailed into this sea this
    turn, once only, and have not fought."""
    if not has(state, player, ATLAS) or base_military.movable(state, sea, player):
        return 0
    part = sub(state)
    n = part.moved.get(sea, 0) - _twice(state).get(sea, 0) - part.fought.get(sea, 0)
    return max(0, min(n, state.triremes.get(sea, {}).get(player, 0)))


def _wrap_atlas(handler: PromptHandler[GameState]) -> PromptHandler[GameState]:
    def legal(state: GameState, prompt: Prompt) -> list[Action]:
        out = handler.legal(state, prompt)
        mil, player = state.military, prompt.player
        if mil is None or mil.step != "sea_moves" or not has(state, player, ATLAS):
            return out
        extra = [
            base_military.Sail(player, sea, nxt)
            for sea in sorted(state.triremes)
            if second_movers(state, player, sea)
            for nxt in sea_neighbours(sea, state.board_key)
        ]
        return out + [a for a in extra if a not in out]

    def check(state: GameState, prompt: Prompt, action: Action) -> None:
        if isinstance(action, base_military.Sail) and action in legal(state, prompt):
            return
        if handler.check is not None:
            handler.check(state, prompt, action)

    def perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
        second = isinstance(action, base_military.Sail) and bool(
            second_movers(state, action.player, action.source)
        )
        handler.perform(state, prompt, action, ev)
        if second:
            assert isinstance(action, base_military.Sail)
            # It had been counted among the sea's arrivals: it is gone, its second move made.
            part = sub(state)
            part.moved[action.source] = max(0, part.moved.get(action.source, 0) - 1)
            twice = _twice(state, write=True)
            twice[action.target] = twice.get(action.target, 0) + 1

    return replace(handler, legal=legal, check=check, perform=perform)


@MODULE.edit
def _atlas_turn(draft: Any) -> None:
    draft.handlers["military_turn"] = _wrap_atlas(draft.handlers["military_turn"])
