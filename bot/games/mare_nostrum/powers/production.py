"""The powers that act in Production (section 1, section 8): CIRCÉ, TEMPLE D'ARTÉMIS,
COLOSSE — their hook handlers, prompts and action kinds."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import ClassVar

from ...core.rules import RulesModule
from ..actions import Action
from ..board import COIN, COMMODITIES
from ..control import building_controller, enemy_units_in, has_power
from ..errors import IllegalAction
from ..events import EventLog
from ..hooks import PRODUCTION_COLLECTED, PRODUCTION_EXTRAS
from ..phases.production import collected, settled
from ..prompts import PromptHandler, add_prompt, remove_prompt
from ..resources import add, count
from ..state import GameState, Prompt

MODULE: RulesModule[GameState] = RulesModule("empires.powers.production")

CIRCE = "circe"
ARTEMIS = "artemis"
COLOSSUS = "colossus"


# --- CIRCÉ ------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class CirceCaravans(Action):
    """Circé: the empty caravan slots (by their commodities, sorted) his legions stand on in a
    province, when he has fewer legions there than empty slots of different commodities."""

    kind: ClassVar[str] = "circe_caravans"
    province: str
    commodities: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CirceSite:
    """A province where Circé's legions can stand on empty caravan slots."""

    province: str
    legions: int
    goods: tuple[str, ...]  # the empty slots' commodities, in printed order
    market: bool  # he controls a built market there: doubled

    def options(self) -> list[tuple[str, ...]]:
        """The distinct sets of commodities his legions may produce there, sorted."""
        k = min(self.legions, len(self.goods))
        return sorted({tuple(sorted(c)) for c in combinations(self.goods, k)})

    def default(self) -> tuple[str, ...]:
        """The first empty slots in printed order."""
        return tuple(sorted(self.goods[:self.legions]))

    def produce(self, chosen: tuple[str, ...]) -> dict[str, int]:
        out: dict[str, int] = {}
        for good in chosen:
            out[good] = out.get(good, 0) + (2 if self.market else 1)
        return out


def circe_sites(state: GameState, player: str) -> list[CirceSite]:
    """Circé: in each province that is his or neutral, without enemy units, each of his
    legions may stand on one empty caravan slot and produce its commodity, doubled only if he
    controls a market there (our ruling)."""
    if not has_power(state, player, CIRCE):
        return []
    out: list[CirceSite] = []
    board = state.board
    for pid in sorted(state.legions):
        legions = state.legions[pid].get(player, 0)
        if not legions or state.influence.get(pid) not in (None, player):
            continue
        if enemy_units_in(state, pid, player):
            continue
        slots = board.provinces[pid].slots
        built = state.built.get(pid, [False] * len(slots))
        market = any(s.kind == "market" and building_controller(state, pid, i) == player
                     for i, s in enumerate(slots))
        goods = tuple(s.commodity for i, s in enumerate(slots)
                      if s.kind == "caravan" and s.commodity and not built[i])
        if goods:
            out.append(CirceSite(pid, legions, goods, market))
    return out


def circe_site(state: GameState, player: str, province: str) -> CirceSite | None:
    return next((c for c in circe_sites(state, player) if c.province == province), None)


@MODULE.hook(PRODUCTION_EXTRAS, owner=CIRCE)
def _circe_production(state: GameState, player: str) -> Mapping[str, int]:
    """His legions' commodities, or a choice of slots where they are fewer than the slots."""
    got: dict[str, int] = {}
    for site in circe_sites(state, player):
        if len(site.options()) > 1:
            got["circe_caravans:" + site.province] = 1  # he chooses the slots (a prompt)
            continue
        for rtype, n in site.produce(site.options()[0]).items():
            got[rtype] = got.get(rtype, 0) + n
    return got


def _circe_legal(state: GameState, prompt: Prompt) -> list[Action]:
    site = circe_site(state, prompt.player, prompt.data["province"])
    if site is None:
        return []
    return [CirceCaravans(prompt.player, site.province, opt) for opt in site.options()]


def _circe_check(state: GameState, prompt: Prompt, action: Action) -> None:
    assert isinstance(action, CirceCaravans)
    if action.province != prompt.data["province"]:
        raise IllegalAction(f"no Circé choice owed in {action.province}", code="wrong_province",
                            province=action.province)
    if action not in _circe_legal(state, prompt):
        raise IllegalAction("not empty caravan slots his legions can stand on there",
                            code="bad_caravans", commodities=list(action.commodities))


def _circe_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, CirceCaravans)
    site = circe_site(state, action.player, action.province)
    assert site is not None
    remove_prompt(state, prompt)
    received: list[str] = []
    for good, n in site.produce(action.commodities).items():
        add(state.hands[action.player], good, n)
        received += [good] * n
    ev.private("produced", (action.player,), player=action.player, resources=sorted(received),
               province=action.province, power=CIRCE)
    collected(state, ev)


def _circe_default(state: GameState, prompt: Prompt) -> Action:
    # Deadline: the first empty slots in printed order (§12).
    site = circe_site(state, prompt.player, prompt.data["province"])
    assert site is not None
    return CirceCaravans(prompt.player, site.province, site.default())


MODULE.handler(PromptHandler(
    kind="circe_caravans", actions=(CirceCaravans,), legal=_circe_legal, check=_circe_check,
    perform=_circe_perform, default=_circe_default,
))


# --- TEMPLE D'ARTÉMIS -------------------------------------------------------------------------

_ONE_COIN: Mapping[str, int] = {COIN: 1}
_NOTHING: Mapping[str, int] = {}


@MODULE.hook(PRODUCTION_EXTRAS, owner=ARTEMIS)
def _artemis_production(state: GameState, player: str) -> Mapping[str, int]:
    """« À chaque Phase Production, vous pouvez prendre 1 jeton Impôt supplémentaire. »"""
    return _ONE_COIN if has_power(state, player, ARTEMIS) else _NOTHING


# --- COLOSSE ----------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class ChooseCommodity(Action):
    """Colosse: the commodity taken after everyone has collected (announced publicly)."""

    kind: ClassVar[str] = "choose_commodity"
    commodity: str


@MODULE.hook(PRODUCTION_COLLECTED)
def _colossus_owed(state: GameState, ev: EventLog) -> None:
    """Once everyone has collected, each owner takes 1 commodity of his choice (seat order)."""
    for player in state.players:
        if has_power(state, player, COLOSSUS):
            add_prompt(state, "colossus_choice", player)


def colossus_default(state: GameState, player: str) -> str:
    """Deadline default: the first commodity in the fixed order that he holds none of."""
    hand = state.hands[player]
    return next((c for c in COMMODITIES if not count(hand, c)), COMMODITIES[0])


def _colossus_legal(state: GameState, prompt: Prompt) -> list[Action]:
    return [ChooseCommodity(prompt.player, c) for c in COMMODITIES]


def _colossus_check(state: GameState, prompt: Prompt, action: Action) -> None:
    assert isinstance(action, ChooseCommodity)
    if action.commodity not in COMMODITIES:
        raise IllegalAction(f"{action.commodity!r} is not a commodity", code="unknown_commodity",
                            commodity=action.commodity)


def _colossus_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, ChooseCommodity)
    remove_prompt(state, prompt)
    add(state.hands[action.player], action.commodity)
    # « Vous devez annoncer le Bien choisi »: public.
    ev.public("colossus_taken", player=action.player, commodity=action.commodity)
    settled(state, ev)


MODULE.handler(PromptHandler(
    kind="colossus_choice", actions=(ChooseCommodity,), legal=_colossus_legal,
    check=_colossus_check, perform=_colossus_perform,
    default=lambda state, prompt: ChooseCommodity(prompt.player,
                                                  colossus_default(state, prompt.player)),
))
