"""Phase 2, fulfilling contracts (rulebook "2e phase", neptun.md §5–6.3): five voyage turns,
then the extra turns 5.I and 5.II. Each turn every merchant plays an oar card secretly; the
cards are revealed at once; then in Séquence order each ship sails and may deliver."""

from __future__ import annotations

from ..core.actions import Action, interned
from ..core.errors import IllegalAction
from ..core.events import EventLog
from ..core.prompts import Prompt, PromptHandler
from ..core.rules import RulesModule
from .actions import Deliver, EndVoyage, ExtraTurn, PlayOar, Sail
from .data import load
from .flow import add_prompt, next_phase
from .rules import next_wind_of
from .state import NeptunState

MODULE: RulesModule[NeptunState] = RulesModule("neptun.voyages")
OAR, MOVE, EXTRA = "voyage_oar", "voyage_move", "extra_turn"
ORDINARY_TURNS, LAST_TURN = 5, 7  # turns 6 and 7 are the extra turns 5.I and 5.II


def turn_name(turn: int) -> str:
    return {6: "5.I", 7: "5.II"}.get(turn, str(turn))


def standard_next_wind(wind: int, forecast: int) -> int:
    """P4 (rulings §21): the forecast track lies over the current-wind track, so the marker
    that goes down onto it reads 5 + forecast."""
    return 5 + forecast


MODULE.data("next_wind", standard_next_wind)


@MODULE.phase("voyages")
def enter(state: NeptunState, ev: EventLog) -> None:
    state.extra = []
    start_turn(state, ev)


def start_turn(state: NeptunState, ev: EventLog) -> None:
    """SAIL-01: every player concerned chooses one oar card, sealed (rulings §11)."""
    state.turn += 1
    sailors = state.players if state.turn <= ORDINARY_TURNS else state.extra
    ev.public("voyage_turn_started", round=state.round, turn=turn_name(state.turn),
              wind=state.wind, players=[p for p in state.sequence if p in sailors])
    for p in state.sequence:
        if p in sailors:
            add_prompt(state, OAR, p)


# --- the oar card ---------------------------------------------------------------------------

def legal_oar(state: NeptunState, prompt: Prompt) -> list[Action]:
    p = prompt.player
    return [interned(PlayOar, p, c) for c in state.hands[p]]


def check_oar(state: NeptunState, prompt: Prompt, action: Action) -> None:
    assert isinstance(action, PlayOar)
    if action.card not in state.hands[prompt.player]:
        raise IllegalAction(f"oar card {action.card} is not in your hand", code="not_in_hand",
                            card=action.card)


def perform_oar(state: NeptunState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, PlayOar)
    p = prompt.player
    state.hands[p].remove(action.card)
    state.chosen[p] = action.card
    prompt.data["answered"] = True
    ev.private("oar_chosen", (p,), player=p, card=action.card)
    ev.public("oar_sealed", player=p)
    if all(q.data.get("answered") for q in state.prompts):
        reveal(state, ev)


def default_oar(state: NeptunState, prompt: Prompt) -> Action:
    """Deadline: the strongest rowing card of the hand (the first of them in hand order)."""
    p = prompt.player
    data = load()
    card = max(state.hands[p], key=lambda c: data.oar(c)[0])
    return interned(PlayOar, p, card)


def reveal(state: NeptunState, ev: EventLog) -> None:
    """SAIL-01: all cards revealed at once; SAIL-02: the forecast; SAIL-03: sail in Séquence
    order. SAIL-11 (P5): in the extra turns the cards' wind values are ignored."""
    data = load()
    state.prompts = []
    cards = {p: state.chosen[p] for p in state.sequence if p in state.chosen}
    if state.turn <= ORDINARY_TURNS:
        total = sum(data.oar(c)[1] for c in cards.values())
        state.forecast = max(data.forecast_min, min(data.forecast_max, total))
    ev.public("oars_revealed", cards=cards, forecast=state.forecast,
              rowing={p: data.oar(c)[0] for p, c in cards.items()},
              winds={p: data.oar(c)[1] for p, c in cards.items()})
    state.to_play = list(cards)
    next_sailor(state, ev)


def next_sailor(state: NeptunState, ev: EventLog) -> None:
    if not state.to_play:
        end_turn(state, ev)
        return
    p = state.to_play.pop(0)
    # SAIL-04: range = the card's rowing value + the current wind.
    reach = load().oar(state.chosen[p])[0] + state.wind
    add_prompt(state, MOVE, p, range=reach)
    ev.public("sailing", player=p, range=reach)


# --- the move and the delivery (one predicate each) -----------------------------------------

def leg_cost(state: NeptunState, prompt: Prompt, to: str) -> tuple[str, int, int] | None:
    """SAIL-05/06: a leg to a neighbouring port: (route, miles, gold to pay), or None if there
    is no route or the range left plus the player's gold falls short."""
    here = state.ships[prompt.player]
    for nxt, route in load().links[here]:
        if nxt == to:
            miles = state.markers[route]
            pay = max(0, miles - prompt.data["range"])
            if pay > state.gold[prompt.player]:
                return None
            return route, miles, pay
    return None


def deliverable(state: NeptunState, player: str, slot: int) -> bool:
    """DEL-01: an open (unfulfilled, face-up) contract for the city where the ship is."""
    manifest = state.manifests[player]
    if not 0 <= slot < len(manifest):
        return False
    contract = manifest[slot]
    return (contract is not None and contract["status"] == "open"
            and load().cities[contract["city"]].city == state.ships[player])


def reward(state: NeptunState, player: str, slot: int) -> tuple[str, int]:
    """DEL-02: the city card's value for the contract's good, in gold or temple points."""
    contract = state.manifests[player][slot]
    assert contract is not None
    data = load()
    return data.cities[contract["city"]].reward(data.goods_cards[contract["goods"]])


def may_buy(state: NeptunState, player: str, slot: int) -> bool:
    """DEL-04 (P8): one temple point for 3 gold, the gold just earned included."""
    kind, amount = reward(state, player, slot)
    earned = amount if kind == "gold" else 0
    return state.gold[player] + earned >= load().point_price


def legal_move(state: NeptunState, prompt: Prompt) -> list[Action]:
    p = prompt.player
    out: list[Action] = []
    for slot in range(len(state.manifests[p])):
        if deliverable(state, p, slot):
            out.append(interned(Deliver, p, slot, False))
            if may_buy(state, p, slot):
                out.append(interned(Deliver, p, slot, True))
    out.append(interned(EndVoyage, p))
    out.extend(interned(Sail, p, nxt) for nxt, _ in load().links[state.ships[p]]
               if leg_cost(state, prompt, nxt) is not None)
    return out


def check_move(state: NeptunState, prompt: Prompt, action: Action) -> None:
    p = prompt.player
    if isinstance(action, Sail):
        if leg_cost(state, prompt, action.to) is None:
            raise IllegalAction(f"cannot sail from {state.ships[p]} to {action.to}",
                                code="out_of_reach", to=action.to)
    elif isinstance(action, Deliver):
        if not deliverable(state, p, action.slot):
            raise IllegalAction(f"no contract in slot {action.slot} to deliver here",
                                code="nothing_to_deliver", slot=action.slot)
        if action.buy and not may_buy(state, p, action.slot):
            raise IllegalAction("not enough gold for the temple point", code="unaffordable")


def perform_move(state: NeptunState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    p = prompt.player
    if isinstance(action, Sail):
        found = leg_cost(state, prompt, action.to)
        assert found is not None
        route, miles, pay = found
        here = state.ships[p]
        state.gold[p] -= pay
        prompt.data["range"] = max(0, prompt.data["range"] - miles)
        state.ships[p] = action.to
        ev.public("sailed", player=p, origin=here, to=action.to, route=route, miles=miles,
                  gold=pay, range=prompt.data["range"])
        return
    state.prompts.remove(prompt)
    if isinstance(action, Deliver):
        deliver(state, p, action.slot, action.buy, ev)
    else:
        ev.public("anchored", player=p, port=state.ships[p])
    next_sailor(state, ev)


def deliver(state: NeptunState, p: str, slot: int, buy: bool, ev: EventLog) -> None:
    data = load()
    kind, amount = reward(state, p, slot)
    manifest = state.manifests[p]
    contract = manifest[slot]
    assert contract is not None
    region = data.region_of[state.ships[p]]
    assert region is not None
    points = amount if kind == "temple" else 0
    if kind == "gold":
        state.gold[p] += amount
    if buy:
        state.gold[p] -= data.point_price
        points += 1
    if points:
        move_temple_pawn(state, region, p, points)
    # DEL-06: the cards to their discards; DEL-05 (P9): open contracts to its left are lost.
    contract["status"] = "done"
    state.city_discard.append(contract["city"])
    state.goods_discard.append(contract["goods"])
    lost = [i for i in range(slot) if (s := manifest[i]) is not None and s["status"] == "open"]
    for i in lost:
        lose(state, p, i)
    ev.public("delivered", player=p, slot=slot, city=contract["city"], goods=contract["goods"],
              port=state.ships[p], region=region, reward=kind, amount=amount, bought=buy,
              temple=temple_points(state, region, p), lost=lost)


def move_temple_pawn(state: NeptunState, region: str, player: str, points: int) -> None:
    """DEL-03 (P17): the pawn moves forward and lands on top of any stack there (delivery and
    bought point count as one move)."""
    stack = state.temples[region]
    i = next(i for i, (q, _) in enumerate(stack) if q == player)
    _, before = stack.pop(i)
    stack.append((player, before + points))


def temple_points(state: NeptunState, region: str, player: str) -> int:
    return next(v for q, v in state.temples[region] if q == player)


def lose(state: NeptunState, player: str, slot: int) -> None:
    contract = state.manifests[player][slot]
    assert contract is not None
    contract["status"] = "lost"


def default_move(state: NeptunState, prompt: Prompt) -> Action:
    """Deadline: the ship stays where it is; it delivers the leftmost contract it can there
    (without buying a point), else it just ends its move."""
    return legal_move(state, prompt)[0]


# --- end of a turn, extra turns -------------------------------------------------------------

def end_turn(state: NeptunState, ev: EventLog) -> None:
    # SAIL-09: the played cards stay face down in front of their players.
    for p, card in state.chosen.items():
        state.played[p].append(card)
    state.chosen = {}
    if state.turn < ORDINARY_TURNS:
        # SAIL-10: the forecast becomes the wind (P4).
        assert state.forecast is not None
        state.wind = next_wind_of(state)(state.wind, state.forecast)
        ev.public("wind_changed", wind=state.wind, forecast=state.forecast)
        state.forecast = None
        start_turn(state, ev)
        return
    # SAIL-11 (P5): no wind update after turn 5; the forecast is discarded.
    state.forecast = None
    # SAIL-12/14: the extra turns are offered in Séquence order.
    asked = state.players if state.turn == ORDINARY_TURNS else state.extra
    state.extra = []
    state.to_play = [p for p in state.sequence if p in asked and may_sail_extra(state, p)]
    if state.turn < LAST_TURN and state.to_play:
        add_prompt(state, EXTRA, state.to_play.pop(0), turn=turn_name(state.turn + 1))
    else:
        finish(state, ev)


def may_sail_extra(state: NeptunState, player: str) -> bool:
    """SAIL-12 (P6): an unfulfilled face-up contract and at least one oar card in hand."""
    return bool(state.hands[player]) and any(
        s is not None and s["status"] == "open" for s in state.manifests[player])


def legal_extra(state: NeptunState, prompt: Prompt) -> list[Action]:
    p = prompt.player
    return [interned(ExtraTurn, p, False), interned(ExtraTurn, p, True)]


def perform_extra(state: NeptunState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, ExtraTurn)
    p = prompt.player
    state.prompts.remove(prompt)
    ev.public("extra_turn_answered", player=p, accept=action.accept,
              turn=prompt.data["turn"])
    if action.accept:
        state.extra.append(p)
    else:
        lose_open(state, p, ev)  # SAIL-15: declining loses the unfulfilled contracts
    if state.to_play:
        add_prompt(state, EXTRA, state.to_play.pop(0), turn=prompt.data["turn"])
    elif state.extra:
        start_turn(state, ev)
    else:
        finish(state, ev)


def lose_open(state: NeptunState, player: str, ev: EventLog) -> None:
    lost = [i for i, s in enumerate(state.manifests[player])
            if s is not None and s["status"] == "open"]
    for i in lost:
        lose(state, player, i)
    if lost:
        ev.public("contracts_lost", player=player, slots=lost)


def finish(state: NeptunState, ev: EventLog) -> None:
    """SAIL-15: after the last turn every unfulfilled contract is lost."""
    state.extra = []
    state.to_play = []
    for p in state.sequence:
        lose_open(state, p, ev)
    next_phase(state, ev)


MODULE.handler(PromptHandler(kind=OAR, actions=(PlayOar,), legal=legal_oar, check=check_oar,
                             perform=perform_oar, default=default_oar))
MODULE.handler(PromptHandler(kind=MOVE, actions=(Sail, Deliver, EndVoyage), legal=legal_move,
                             check=check_move, perform=perform_move, default=default_move))
MODULE.handler(PromptHandler(kind=EXTRA, actions=(ExtraTurn,), legal=legal_extra,
                             perform=perform_extra,
                             default=lambda state, prompt: legal_extra(state, prompt)[0]))
