"""Atlas 7.2, the Trade phase with the External Market (rulings G4).

The Trade Leader plays his token and both players seal and reveal their offers as in the base
game; then picks strictly alternate, the Trade Leader first. A pick takes one token from the
opponent's offer or from the External Market (`TakeResource` with the source `market`); a take
from the market makes the opponent discard one of his offered tokens at once (he chooses:
`discard_offered`). There is no round-trip limit and no compensation; the exchange ends when
the player due to pick finds his opponent's offer empty (what is left on offer goes home). The
market is refilled to 3 legendary tokens as each Trade phase opens (the first one draws all 3).
"""

from __future__ import annotations

from collections.abc import Sequence

from ... import resources as res
from ...actions import Action, TakeResource
from ...errors import IllegalAction
from ...events import EventLog
from ...flow import next_phase
from ...hooks import TOKENS_ASIDE
from ...phases import trade
from ...phases.production import draw_legendary
from ...prompts import Prompt, PromptHandler, add_prompt, remove_prompt
from ...state import GameState
from .actions import DiscardOffered
from .module import MODULE
from .state import punic

MARKET = "market"
MARKET_SIZE = 3


def _enter(state: GameState, ev: EventLog) -> None:
    """« Lors de la première Phase Commerce, piochez 3 jetons Bien Légendaire [...] face
    visible »; « complétés à 3 au tour suivant »; then the base Trade phase."""
    market = punic(state).market
    drawn = []
    while len(market) < MARKET_SIZE:
        token = draw_legendary(state, ev)
        if token is None:
            break
        market.append(token + res.LEGENDARY)
        drawn.append(market[-1])
    if drawn:
        ev.public("external_market_refilled", drawn=drawn, market=list(market))
    trade.enter(state, ev)


# The base phase's opening, wrapped (its place in the turn unchanged: the game starts there).
MODULE.edit(lambda draft: draft.phases.__setitem__("trade", _enter))


@MODULE.hook(TOKENS_ASIDE)
def _market_tokens(state: GameState) -> Sequence[str]:
    return punic(state).market


def opponent(state: GameState, player: str) -> str:
    return next(p for p in state.players if p != player)


def _pick_legal(state: GameState, prompt: Prompt) -> list[Action]:
    """From the opponent's offer (the base order), then from the External Market."""
    picker = prompt.player
    t = state.trade
    assert t is not None
    other = opponent(state, picker)
    out: list[Action] = [TakeResource(picker, other, token)
                         for token in sorted(set(t.offers.get(other, [])), key=trade.token_key)]
    out += [TakeResource(picker, MARKET, token)
            for token in sorted(set(punic(state).market), key=trade.token_key)]
    return out


def _pick_check(state: GameState, prompt: Prompt, action: Action) -> None:
    assert isinstance(action, TakeResource)
    t = state.trade
    assert t is not None
    if action.source == MARKET:
        if action.token not in punic(state).market:
            raise IllegalAction(f"the External Market has no {action.token}",
                                code="not_in_market", token=action.token)
        return
    if action.source != opponent(state, action.player) or action.source not in t.offers:
        raise IllegalAction(f"{action.source!r} has no offer you may take from",
                            code="bad_source", source=action.source)
    if action.token not in t.offers[action.source]:
        raise IllegalAction(f"{action.source} has no {action.token} on offer",
                            code="not_on_offer", source=action.source, token=action.token)


def _pick_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, TakeResource)
    remove_prompt(state, prompt)
    t = state.trade
    assert t is not None
    other = opponent(state, action.player)
    if action.source == MARKET:
        punic(state).market.remove(action.token)
    else:
        t.offers[action.source].remove(action.token)
    t.taken.setdefault(action.player, []).append(action.token)
    t.picks.append([action.player, action.source])
    ev.public("resource_taken", player=action.player, source=action.source,
              token=action.token)
    if action.source == MARKET and t.offers.get(other):
        # « son adversaire doit défausser immédiatement une des ressources qu'il propose »
        add_prompt(state, "punic_discard", other)
        return
    _next(state, other, ev)


def _next(state: GameState, picker: str, ev: EventLog) -> None:
    """« Puis c'est à son tour de choisir une Ressource »; the exchange ends when the player
    due to pick finds his opponent's offer empty (G4)."""
    t = state.trade
    assert t is not None
    t.picker = picker
    if t.offers.get(opponent(state, picker)):
        add_prompt(state, "trade_pick", picker)
    else:
        _end_exchange(state, ev)


def _end_exchange(state: GameState, ev: EventLog) -> None:
    """Untaken offers go home, taken tokens to their takers; no compensation (G4)."""
    t = state.trade
    assert t is not None
    returned = {p: sorted(t.offers.get(p, []), key=trade.token_key) for p in t.participants}
    received = {p: sorted(t.taken.get(p, []), key=trade.token_key) for p in t.participants}
    for p in t.participants:
        for token in returned[p] + received[p]:
            res.add(state.hands[p], token)
    ev.public("exchange_ended", returned=returned, received=received)
    state.trade = None
    ev.public("trade_finished", reason="done")
    next_phase(state, ev)


MODULE.handler(PromptHandler(
    kind="trade_pick", actions=(TakeResource,), legal=_pick_legal, check=_pick_check,
    perform=_pick_perform, default=lambda state, prompt: _pick_legal(state, prompt)[0],
))


def _discard_legal(state: GameState, prompt: Prompt) -> list[Action]:
    t = state.trade
    assert t is not None
    return [DiscardOffered(prompt.player, token)
            for token in sorted(set(t.offers.get(prompt.player, [])), key=trade.token_key)]


def _discard_check(state: GameState, prompt: Prompt, action: Action) -> None:
    assert isinstance(action, DiscardOffered)
    t = state.trade
    assert t is not None
    if action.token not in t.offers.get(action.player, []):
        raise IllegalAction(f"you have no {action.token} on offer", code="not_on_offer",
                            source=action.player, token=action.token)


def _discard_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, DiscardOffered)
    remove_prompt(state, prompt)
    t = state.trade
    assert t is not None
    t.offers[action.player].remove(action.token)
    if res.is_legendary(action.token):
        state.legendary_discard.append(res.token_type(action.token))
    ev.public("offered_discarded", player=action.player, token=action.token)
    _next(state, action.player, ev)


MODULE.action(DiscardOffered)
MODULE.handler(PromptHandler(
    kind="punic_discard", actions=(DiscardOffered,), legal=_discard_legal,
    check=_discard_check, perform=_discard_perform,
    # Deadline: the first offered token in the fixed order (rulings §12's default order).
    default=lambda state, prompt: _discard_legal(state, prompt)[0],
))
