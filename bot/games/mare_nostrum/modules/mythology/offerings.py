"""The Offerings phase and the 8 gods (004 l.211–220, l.477–503; aid §B.7, C-34, C-60).

«Le Grand Prêtre détermine l'ordre dans lequel les joueurs invoquent (ou non) l'aide d'un
dieu (et un seul). Il faut dépenser (cela correspond à une offrande) une combinaison de 3
cartes pour invoquer l'aide d'un dieu.» The High Priest names the next player, himself
included (the last one is not named: `flow.next_in_order`); the named player chooses an
available god and pays a 3-card set (`resources.payment_options`), or passes. At the end of
the phase, the players the hook point `EXTRA_GOD_TAKERS` names (Adonis) may take one god
nobody chose, free. Every god returns to Olympus when the next Offerings phase opens.

The gods' powers are in `gods/` (one module per moment of play)."""

from __future__ import annotations

from ... import resources as res
from ...actions import Action, CancelPurchase, ChooseNext, Pay
from ...errors import IllegalAction
from ...events import EventLog
from ...flow import next_in_order, next_phase
from ...kinds import Title
from ...prompts import PromptHandler, add_prompt, remove_prompt
from ...rulesets.mn2003.construction import order_handler
from ...state import GameState, Prompt
from .gods import anytime as anytime
from .gods import athena as athena
from .gods import battle as battle
from .gods import convoy as convoy
from .gods import ishtar as ishtar
from .gods import trade as trade
from .gods.actions import ChooseGod, PassOffering, TakeGod
from .gods.hooks import EXTRA_GOD_TAKERS
from .gods.state import GODS, NAME, OFFERING_COST, Gods, gods
from .module import MODULE

HIGH_PRIEST: Title = "high_priest"  # the fourth role


def available(state: GameState) -> list[str]:
    """The gods nobody holds yet («un dieu … encore disponible»), in card order."""
    holders = gods(state).holders
    return [g for g in GODS if g not in holders]


@MODULE.phase("offerings", after="trade")
def enter(state: GameState, ev: EventLog) -> None:
    """MG-04: «Avant chaque nouvelle phase d'offrandes, toutes les cartes représentant les
    dieux retournent à l'Olympe (que leur pouvoir ait été utilisé ou non)»."""
    g = gods(state)
    if g.holders:
        ev.public("gods_returned", gods=sorted(g.holders))
    g.holders, g.used, g.done, g.athena, g.pending = {}, [], [], {}, []
    _next(state, ev)


def _next(state: GameState, ev: EventLog) -> None:
    next_in_order(state, gods(state).done, HIGH_PRIEST, "offering_order", _start, _finish, ev)


def _start(state: GameState, player: str, ev: EventLog) -> None:
    ev.public("offering_turn", player=player)
    add_prompt(state, "offering", player)


def _done(state: GameState, player: str, ev: EventLog) -> None:
    gods(state).done.append(player)
    _next(state, ev)


def _order_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, ChooseNext)
    remove_prompt(state, prompt)
    ev.public("next_named", player=action.player, target=action.target)
    _start(state, action.target, ev)


# --- his offering (MG-01, MG-02) -----------------------------------------------------------


def offering_why(state: GameState, player: str, god: str) -> IllegalAction | None:
    """Why he may not invoke this god now (None: he may): one predicate for the listing and
    the check."""
    if god not in GODS:
        return IllegalAction(f"no god {god!r}", code="unknown_god", god=god)
    holder = gods(state).holders.get(god)
    if holder is not None:
        return IllegalAction(f"{god} is already taken", code="god_taken", god=god, holder=holder)
    if not res.can_afford(state.hands[player], OFFERING_COST, res.PLAIN_PAYMENT):
        return IllegalAction(
            "an offering is one combination of 3 cards: 3 tax cards or 3 different resources",
            code="cannot_afford_offering",
            cost=OFFERING_COST,
        )
    return None


def _offering_legal(state: GameState, prompt: Prompt) -> list[Action]:
    p = prompt.player
    out: list[Action] = [ChooseGod(p, g) for g in GODS if offering_why(state, p, g) is None]
    return [*out, PassOffering(p)]


def _offering_check(state: GameState, prompt: Prompt, action: Action) -> None:
    if isinstance(action, ChooseGod):
        refused = offering_why(state, prompt.player, action.god)
        if refused is not None:
            raise refused


def _offering_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    remove_prompt(state, prompt)
    if isinstance(action, PassOffering):
        ev.public("offering_passed", player=action.player)
        _done(state, action.player, ev)
        return
    assert isinstance(action, ChooseGod)
    add_prompt(state, "offering_payment", action.player, god=action.god, cost=OFFERING_COST)


def _pay_legal(state: GameState, prompt: Prompt) -> list[Action]:
    options = res.payment_options(state.hands[prompt.player], OFFERING_COST, res.PLAIN_PAYMENT)
    return [*(Pay(prompt.player, o) for o in options), CancelPurchase(prompt.player)]


def _pay_check(state: GameState, prompt: Prompt, action: Action) -> None:
    if isinstance(action, CancelPurchase):
        return
    assert isinstance(action, Pay)
    paid = res.canonical(action.resources)
    if not res.is_valid_set(paid, OFFERING_COST, res.PLAIN_PAYMENT):
        raise IllegalAction(
            "an offering is one combination of 3 cards: 3 tax cards or 3 different resources",
            code="bad_offering",
            cost=OFFERING_COST,
        )
    if not res.has_types(state.hands[action.player], paid):
        raise IllegalAction(
            "you do not hold these cards", code="resources_not_held", resources=list(paid)
        )


def _pay_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    remove_prompt(state, prompt)
    player, god = action.player, prompt.data["god"]
    if isinstance(action, CancelPurchase):
        add_prompt(state, "offering", player)
        return
    assert isinstance(action, Pay)
    spent = res.spend(state, player, action.resources)
    ev.private("paid", (player,), player=player, resources=spent, item=god)
    gods(state).holders[god] = player
    ev.public("god_invoked", player=player, god=god)
    _done(state, player, ev)


# --- Adonis's seam (MG-03) -----------------------------------------------------------------


def _finish(state: GameState, ev: EventLog) -> None:
    """«le pouvoir d'Adonis s'applique forcément à la fin de la phase, une fois que tous les
    joueurs ont eu la possibilité de faire une offrande» (004 l.483–484)."""
    takers = [p for h in state.rules.on[EXTRA_GOD_TAKERS] for p in h(state)]
    _offer_extra(state, takers, ev)


def _offer_extra(state: GameState, takers: list[str], ev: EventLog) -> None:
    if takers and available(state):
        add_prompt(state, "extra_god", takers[0], left=takers[1:])
        return
    next_phase(state, ev)


def _extra_legal(state: GameState, prompt: Prompt) -> list[Action]:
    p = prompt.player
    return [*(TakeGod(p, g) for g in available(state)), PassOffering(p)]


def _extra_check(state: GameState, prompt: Prompt, action: Action) -> None:
    if isinstance(action, TakeGod) and action.god not in available(state):
        raise IllegalAction(
            f"{action.god} is not a god nobody chose", code="god_taken", god=action.god
        )


def _extra_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    remove_prompt(state, prompt)
    if isinstance(action, TakeGod):
        gods(state).holders[action.god] = action.player
        ev.public("god_taken_free", player=action.player, god=action.god)
    else:
        ev.public("offering_passed", player=action.player)
    _offer_extra(state, list(prompt.data["left"]), ev)


MODULE.substate(NAME, Gods, lambda state: Gods())
MODULE.action(ChooseGod)
MODULE.action(PassOffering)
MODULE.action(TakeGod)
MODULE.handler(order_handler("offering_order", _order_perform))
MODULE.handler(
    PromptHandler(
        kind="offering",
        actions=(ChooseGod, PassOffering),
        legal=_offering_legal,
        check=_offering_check,
        perform=_offering_perform,
        default=lambda state, prompt: PassOffering(prompt.player),
    )
)
MODULE.handler(
    PromptHandler(
        kind="offering_payment",
        actions=(Pay, CancelPurchase),
        legal=_pay_legal,
        check=_pay_check,
        perform=_pay_perform,
        default=lambda state, prompt: CancelPurchase(prompt.player),
    )
)
MODULE.handler(
    PromptHandler(
        kind="extra_god",
        actions=(TakeGod, PassOffering),
        legal=_extra_legal,
        check=_extra_check,
        perform=_extra_perform,
        public_listing=True,
        default=lambda state, prompt: PassOffering(prompt.player),
    )
)
