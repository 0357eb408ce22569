"""The mythological heroes that change where or at what price a construction is bought: Minos
(islands −1), Crésus (a newly influenced province, −1), the Reine de Saba (mercenary legions
on the board's edge). Each is a purchase of the builder's turn, `HeroBuy(card, item, target,
slot)`, paid in the module's own payment prompt (`hero_payment`) so that the power's use is
recorded only once paid. One predicate, `hero_buy_why`, lists and checks; the placement rules
are the 2003 ruleset's (`placement`), minus what the power lifts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .... import resources as res
from ....actions import Action, CancelPurchase, Pay
from ....errors import IllegalAction
from ....events import EventLog
from ....prompts import PromptHandler, add_prompt, remove_prompt
from ....rulesets.mn2003 import tables
from ....rulesets.mn2003.construction import affordable, cost, pay_check, place
from ....rulesets.mn2003.geography import caravan_sites, city_sites, is_province
from ....rulesets.mn2003.hooks import (
    CONSTRUCTION_ACTIONS,
    CONSTRUCTION_PERFORM,
    CONSTRUCTION_WHY,
    LAND_STEP_ENDING,
)
from ....rulesets.mn2003.pieces import enemies_at, legions_at
from ....rulesets.mn2003.placement import (
    build_why,
    one_per_province_why,
    site_why,
    unit_why,
)
from ....rulesets.mn2003.substate import sub
from ....state import GameState, Prompt
from ..board_data import is_edge, is_island
from ..module import MODULE
from .holding import heroes, holds
from .ids import CROESUS, MINOS, SHEBA

Why = IllegalAction | None
REDUCTION = 1  # «avec un coût de –1»
BUILDINGS = ("city", "caravan", "temple", "market")
UNITS = ("legion", "fortress", "trireme")
ITEMS: dict[str, tuple[str, ...]] = {
    MINOS: (*BUILDINGS, *UNITS),
    CROESUS: (*BUILDINGS, *UNITS),
    SHEBA: ("legion",),
}


@dataclass(frozen=True, slots=True)
class HeroBuy(Action):
    """A purchase a hero's power allows or makes cheaper: `item` in `target` (`slot`: the
    site of a ville or caravan, else -1)."""

    kind: ClassVar[str] = "hero_buy"
    card: str
    item: str
    target: str
    slot: int = -1


def _use_key(state: GameState, buy: HeroBuy) -> str:
    """Minos: «pour 1 seule construction de chaque type par île et par tour»; Crésus: «une
    seule fois par type de construction» (each round)."""
    where = buy.target if buy.card == MINOS else "*"
    return f"{state.round}:{buy.card}:{buy.player}:{buy.item}:{where}"


def _discounted(state: GameState, buy: HeroBuy) -> bool:
    return buy.card in (MINOS, CROESUS) and _use_key(state, buy) not in heroes(state).used


def price(state: GameState, buy: HeroBuy) -> int:
    """The price with the power: −1 the first time (never with another reduction: the lowest
    single one applies, C-13); the normal price after, or for the Reine de Saba."""
    normal = cost(state, buy.player, buy.item)
    if not _discounted(state, buy):
        return normal
    return min(normal, tables.costs(state)[buy.item] - REDUCTION)


def _where_why(state: GameState, buy: HeroBuy) -> Why:
    """Where the power lets him build (before the placement rules of the item)."""
    player, target = buy.player, buy.target
    if buy.card == MINOS:
        if not is_island(state, target):
            return IllegalAction(f"{target} is no island", code="minos_not_island", province=target)
        return build_why(state, player, target)
    if buy.card == CROESUS:
        if target not in sub(state).placed:
            return IllegalAction(
                f"you did not place your influence in {target} this turn",
                code="croesus_not_new",
                province=target,
            )
        why = build_why(state, player, target)
        # The wait rule is what Crésus lifts («le tour où on y place l'influence»).
        return None if why is not None and why.code == "influence_just_placed" else why
    if not is_edge(state, target):
        return IllegalAction(
            f"{target} is not on the board's edge", code="sheba_not_edge", province=target
        )
    if enemies_at(state, target, player):
        return IllegalAction(
            f"other units stand in {target}", code="province_at_war", province=target
        )
    return None


def _item_why(state: GameState, buy: HeroBuy) -> Why:
    if buy.item in ("city", "caravan"):
        return site_why(state, buy.player, buy.item, buy.target, buy.slot)
    if buy.item in ("temple", "market"):
        return one_per_province_why(state, buy.item, buy.target)
    return unit_why(state, buy.player, buy.item, buy.target)


def hero_buy_why(state: GameState, buy: HeroBuy) -> Why:
    if buy.card not in ITEMS:
        return IllegalAction(f"{buy.card} buys nothing", code="power_not_held", card=buy.card)
    if not holds(state, buy.player, buy.card):
        return IllegalAction(f"you do not hold {buy.card}", code="power_not_held", card=buy.card)
    if buy.item not in ITEMS[buy.card]:
        return IllegalAction(f"no item {buy.item!r}", code="unknown_item", item=buy.item)
    if not is_province(buy.target, state.board_key):
        return IllegalAction(f"no province {buy.target!r}", code="unknown_area", area=buy.target)
    why = _where_why(state, buy) or _item_why(state, buy)
    if why is not None:
        return why
    p = price(state, buy)
    if not affordable(state, buy.player, p):
        return IllegalAction(
            f"you cannot pay {p} for a {buy.item}", code="cannot_afford", item=buy.item, cost=p
        )
    return None


def _candidates(state: GameState, player: str, card: str) -> list[HeroBuy]:
    key = state.board_key
    if card == MINOS:
        targets = [p for p, o in state.influence.items() if o == player and is_island(state, p)]
    elif card == CROESUS:
        targets = list(sub(state).placed)
    else:
        # Where he holds the influence the ordinary purchase is listed.
        targets = [p for p in _edge_provinces(state) if state.influence.get(p) != player]
    out: list[HeroBuy] = []
    for pid in sorted(targets):
        for item in ITEMS[card]:
            if item == "city":
                out += [HeroBuy(player, card, item, pid, i) for i in city_sites(pid, key)]
            elif item == "caravan":
                out += [HeroBuy(player, card, item, pid, i) for i in caravan_sites(pid, key)]
            else:
                out.append(HeroBuy(player, card, item, pid))
    return out


def _edge_provinces(state: GameState) -> list[str]:
    edge: frozenset[str] = state.rules.data["mythology.edge"]
    return sorted(edge)


@MODULE.hook(CONSTRUCTION_ACTIONS)
def _listed(state: GameState, player: str) -> list[Action]:
    out: list[Action] = []
    for card in ITEMS:
        if not holds(state, player, card):
            continue
        for buy in _candidates(state, player, card):
            # Minos's price is the ordinary one once used: the ordinary purchase is listed.
            if card == MINOS and not _discounted(state, buy):
                continue
            if hero_buy_why(state, buy) is None:
                out.append(buy)
    return out


@MODULE.hook(CONSTRUCTION_WHY)
def _why(state: GameState, player: str, action: Action) -> Why:
    return hero_buy_why(state, action) if isinstance(action, HeroBuy) else None


@MODULE.hook(CONSTRUCTION_PERFORM)
def _performed(state: GameState, player: str, action: Action, ev: EventLog) -> bool:
    if not isinstance(action, HeroBuy):
        return False
    turn = next(p for p in state.prompts if p.kind == "construction_turn" and p.player == player)
    remove_prompt(state, turn)
    add_prompt(
        state,
        "hero_payment",
        player,
        card=action.card,
        item=action.item,
        target=action.target,
        slot=action.slot,
        cost=price(state, action),
        start=turn.data["start"],
    )
    return True


# --- the payment (the 2003 rule: one combination of exactly the price, C-13) ---------------


def _pay_legal(state: GameState, prompt: Prompt) -> list[Action]:
    options = res.payment_options(
        state.hands[prompt.player], prompt.data["cost"], res.PLAIN_PAYMENT
    )
    return [*(Pay(prompt.player, o) for o in options), CancelPurchase(prompt.player)]


def _pay_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    remove_prompt(state, prompt)
    player, d = action.player, prompt.data
    if isinstance(action, Pay):
        buy = HeroBuy(player, d["card"], d["item"], d["target"], d["slot"])
        if _discounted(state, buy):
            part = heroes(state)
            now = f"{state.round}:"
            part.used = [*(u for u in part.used if u.startswith(now)), _use_key(state, buy)]
        spent = res.spend(state, player, action.resources)
        ev.private("paid", (player,), player=player, cards=spent)
        ev.public("power_used", player=player, card=buy.card)
        place(state, player, buy.item, buy.target, buy.slot, ev)
        if buy.card == SHEBA and f"{player}:{buy.target}" not in heroes(state).mercenaries:
            heroes(state).mercenaries.append(f"{player}:{buy.target}")
        if state.over:
            return
    add_prompt(state, "construction_turn", player, start=d["start"])


MODULE.handler(
    PromptHandler(
        kind="hero_payment",
        actions=(Pay, CancelPurchase),
        legal=_pay_legal,
        check=pay_check,
        perform=_pay_perform,
        default=lambda state, prompt: CancelPurchase(prompt.player),
    )
)
MODULE.answers("construction_turn", HeroBuy)


@MODULE.hook(LAND_STEP_ENDING)
def _mercenaries_entered(state: GameState, player: str, ev: EventLog) -> None:
    """C-56: «At the end of her next military turn such legions count as having entered the
    province, so C-19 applies»: where they still stand, the province is one she entered
    this turn (the conquest's choice follows if she alone stands there)."""
    part, mine = heroes(state), f"{player}:"
    for entry in [m for m in part.mercenaries if m.startswith(mine)]:
        part.mercenaries.remove(entry)
        pid = entry[len(mine) :]
        contested = sub(state).contested
        if legions_at(state, pid, player) and pid not in contested:
            contested.append(pid)
