"""The Build phase's course and its decisions (3.1, 6.1; rulings §10, §12).

The phase opens (who could win is noted, 6.1); the Culture Leader names the builders one at a
time, himself included (`build_order`); a builder starts purchases (`build_turn`: Buy, a
power's own answers, EndTurn), pays or cancels each (`build_payment`: Pay, CancelPurchase), and
ending his turn discards what he did not spend (up to 2 coins kept); after the last builder the
face-up HW tiles are refilled. The prompt handlers are here; the rules they apply live in
placement.py (where), payment.py (how he pays), purchases.py (what may be bought) and
victory.py (6.1).
"""

from __future__ import annotations

from ...actions import Action, Buy, CancelPurchase, ChooseNext, EndTurn, Pay, interned
from ...board import COIN
from ...control import hooks_for, influence_provinces
from ...errors import EngineError, IllegalAction, MalformedAction
from ...events import EventLog
from ...flow import check_victory, next_in_order, next_phase, not_yet_played
from ...hooks import (
    BUILD_DISCARD,
    BUILD_GOODS_DISCARDED,
    BUILD_PURCHASED,
    BUILD_START,
    BUILD_TURN_ACTIONS,
    BUILD_TURN_CHECK,
    BUILD_TURN_ENDED,
    BUILD_TURN_PERFORM,
)
from ...prompts import PromptHandler, add_prompt, remove_prompt
from ...resources import discard_token, is_legendary, take_type
from ...state import BuildState, GameState, Prompt
from .payment import check_pay, pay_actions
from .purchases import (
    check_buy,
    complete_purchase,
    legal_buys,
    start_purchase,
    waiting_purchase,
)
from .victory import could_win

KEPT_COINS = 2  # rulings §10


def build_state(state: GameState) -> BuildState:
    if state.build is None:
        raise EngineError("no Build phase in progress", code="no_build")
    return state.build


def remaining(state: GameState) -> list[str]:
    return not_yet_played(state, build_state(state).done)


# --- the phase and the order of builders ----------------------------------------------------

def enter(state: GameState, ev: EventLog) -> None:
    state.build = BuildState()
    state.build.could_win = could_win(state)
    state.last_order = []
    for hook in state.rules.on[BUILD_START]:
        if hook(state, ev):
            return
    if check_victory(state, "build_opening", ev):
        return
    _next_builder(state, ev)


def _next_builder(state: GameState, ev: EventLog) -> None:
    next_in_order(state, build_state(state).done, "culture", "build_order", start_turn, _finish, ev)


def _finish(state: GameState, ev: EventLog) -> None:
    """After the last builder: the face-up HW tiles are refilled to 5, in deck order."""
    added: list[str] = []
    while len(state.hw_market) < state.rules.data["hw_market_size"] and state.hw_deck:
        tile = state.hw_deck.pop(0)
        state.hw_market.append(tile)
        added.append(tile)
    ev.public("hw_market_refilled", added=added, market=list(state.hw_market))
    state.build = None
    next_phase(state, ev)


def _legal_order(state: GameState, prompt: Prompt) -> list[Action]:
    return [interned(ChooseNext, prompt.player, p) for p in remaining(state)]


def _check_order(state: GameState, prompt: Prompt, action: Action) -> None:
    assert isinstance(action, ChooseNext)
    if action.target not in state.players:
        raise MalformedAction(f"{action.target!r} does not play", code="unknown_player",
                              player=action.target)
    if action.target not in remaining(state):
        raise IllegalAction(f"{action.target} has already built", code="already_built",
                            player=action.target)


def _perform_order(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, ChooseNext)
    remove_prompt(state, prompt)
    ev.public("build_order_chosen", leader=action.player, player=action.target)
    start_turn(state, action.target, ev)


ORDER: PromptHandler[GameState] = PromptHandler(
    kind="build_order", actions=(ChooseNext,), legal=_legal_order, check=_check_order,
    perform=_perform_order,
    # Deadline: the first remaining player in seat order builds next (§12).
    default=lambda state, prompt: ChooseNext(prompt.player, remaining(state)[0]),
    public_listing=True,  # who has not built yet is public
)


# --- the builder's turn ---------------------------------------------------------------------

def start_turn(state: GameState, player: str, ev: EventLog) -> None:
    b = build_state(state)
    b.current = player
    # Reach for influence is measured from these all turn long (rulings §6).
    b.start_provinces = sorted(influence_provinces(state, player))
    b.used_powers = []
    b.bought = []
    state.last_order.append(player)
    ev.public("build_turn_started", player=player)
    resume_turn(state, player)


def resume_turn(state: GameState, player: str) -> None:
    """The builder owes his turn's next decision (a purchase, a power, or its end)."""
    add_prompt(state, "build_turn", player)


def _legal_turn(state: GameState, prompt: Prompt) -> list[Action]:
    player = prompt.player
    out: list[Action] = legal_buys(state, player)
    for offers in hooks_for(state, player)[BUILD_TURN_ACTIONS]:
        out += offers(state, player)
    out.append(interned(EndTurn, player))
    return out


def _check_turn(state: GameState, prompt: Prompt, action: Action) -> None:
    if isinstance(action, Buy):
        check_buy(state, prompt.player, action)
    elif not isinstance(action, EndTurn):
        for check in state.rules.on[BUILD_TURN_CHECK]:
            if check(state, prompt.player, action):
                return
        raise IllegalAction(f"{action.kind} does not answer a Build turn", code="wrong_decision",
                            expected="build_turn")


def _perform_turn(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    player = prompt.player
    if isinstance(action, Buy):
        cost = start_purchase(state, build_state(state), player, action)
        remove_prompt(state, prompt)
        add_prompt(state, "build_payment", player, item=action.item, cost=cost)
        ev.public("purchase_started", player=player, item=action.item, target=action.target,
                  slot=action.slot, cost=cost)
    elif isinstance(action, EndTurn):
        remove_prompt(state, prompt)
        for before in hooks_for(state, player)[BUILD_DISCARD]:
            if before(state, player, ev):
                return
        end_turn(state, player, ev)
    else:
        performed = any(perform(state, player, action, ev)
                        for perform in state.rules.on[BUILD_TURN_PERFORM])
        assert performed, f"no power performs {action.kind}"


def end_turn(state: GameState, player: str, ev: EventLog, keep: tuple[str, ...] = ()) -> None:
    """Unused commodities are discarded (legendary ones to their discard); up to 2 coins are
    kept (3.1, rulings §10), and the commodity types in `keep` (a power's: Jardins
    Suspendus)."""
    hand = state.hands[player]
    kept_goods = [take_type(hand, t) for t in keep]
    coins = hand.get(COIN, 0)
    kept = min(KEPT_COINS, coins)
    discarded = [COIN] * (coins - kept)
    for token, n in sorted(hand.items()):
        if token != COIN:
            for _ in range(n):
                discard_token(state, token)
            discarded.extend([token] * n)
    state.hands[player] = {COIN: kept} if kept else {}
    for token in kept_goods:
        state.hands[player][token] = state.hands[player].get(token, 0) + 1
    ev.private("build_discard", (player,), player=player, discarded=discarded, kept=kept,
               kept_goods=kept_goods)
    if state.rules.on[BUILD_GOODS_DISCARDED]:  # a module's (none in the base game)
        goods = tuple(t for t in discarded if t != COIN and not is_legendary(t))
        for told in state.rules.on[BUILD_GOODS_DISCARDED]:
            if goods and told(state, player, goods, ev):
                return
    after_discard(state, player, ev)


def after_discard(state: GameState, player: str, ev: EventLog) -> None:
    """His Build turn's end once his tokens are discarded: announced, the next builder named."""
    ev.public("build_turn_ended", player=player)
    b = build_state(state)
    used = b.used_powers
    b.done.append(player)
    b.current = None
    b.start_provinces = []
    b.used_powers = []
    b.bought = []
    for after in state.rules.on[BUILD_TURN_ENDED]:
        if after(state, player, used, ev):
            return
    _next_builder(state, ev)


TURN: PromptHandler[GameState] = PromptHandler(
    kind="build_turn", actions=(Buy, EndTurn), legal=_legal_turn,
    check=_check_turn, perform=_perform_turn,
    default=lambda state, prompt: EndTurn(prompt.player),  # deadline: end the turn (§12)
)


# --- paying a purchase ----------------------------------------------------------------------

def _legal_payment(state: GameState, prompt: Prompt) -> list[Action]:
    purchase = waiting_purchase(build_state(state))
    out = pay_actions(state, prompt.player, purchase["item"], purchase["cost"])
    out.append(interned(CancelPurchase, prompt.player))
    return out


def _check_payment(state: GameState, prompt: Prompt, action: Action) -> None:
    if isinstance(action, Pay):
        purchase = waiting_purchase(build_state(state))
        check_pay(state, prompt.player, purchase["item"], purchase["cost"], action.resources)


def _perform_payment(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    player = prompt.player
    b = build_state(state)
    purchase = waiting_purchase(b)
    b.purchase = None
    remove_prompt(state, prompt)
    if isinstance(action, CancelPurchase):
        ev.public("purchase_cancelled", player=player, item=purchase["item"])
        resume_turn(state, player)
        return
    assert isinstance(action, Pay)
    complete_purchase(state, b, player, purchase, action.resources, ev)
    if check_victory(state, "build_purchase", ev):
        return
    for after in state.rules.on[BUILD_PURCHASED]:
        if after(state, player, purchase["item"], purchase["target"], ev):
            return
    resume_turn(state, player)


PAYMENT: PromptHandler[GameState] = PromptHandler(
    kind="build_payment", actions=(Pay, CancelPurchase), legal=_legal_payment,
    check=_check_payment, perform=_perform_payment,
    default=lambda state, prompt: CancelPurchase(prompt.player),  # deadline: cancel (§12)
)
