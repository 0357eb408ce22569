"""Phase II — Trade (section 2; rulings §7, §11, §12).

The Trade Leader plays a trade token and picks its face N; every player holding at least N
resources seals an offer of N of them; once all offers are in they are revealed and a chain of
picks runs, each victim picking next, until the picker has nothing he may take. Untaken offers go
home, taken tokens go to their takers, and the chain's starter compensates the player who ended
one short (2.2.1).
"""

from __future__ import annotations

from functools import lru_cache, partial
from typing import Any

from ...core.rules import RulesModule
from .. import resources as res
from ..actions import (
    Action,
    GiveCompensation,
    MakeOffer,
    PlayTradeToken,
    TakeResource,
    interned,
)
from ..board import RESOURCE_TYPES
from ..control import hooks_for
from ..errors import IllegalAction
from ..events import EventLog
from ..flow import next_phase
from ..hooks import OFFER_SIZES, PICK_ANNOUNCED, PICK_BOUND
from ..prompts import PromptHandler, add_prompt, remove_prompt
from ..rules import components_of
from ..state import GameState, Hand, Prompt, TradeState
from ..windows import TRADE_OPEN, TRADE_REVEAL, open_window

# Phase Trade: its phase, prompt handlers and action kinds (composed into the rules
# object by bot.games.mare_nostrum.base).
MODULE: RulesModule[GameState] = RulesModule("empires.trade")

# --- helpers --------------------------------------------------------------------------------


def trade_tokens(state: GameState) -> dict[str, tuple[int, int]]:
    """The game's trade tokens and their two faces, in the printed order (5/0, 2/1, 4/3 in
    the base game)."""
    return components_of(state).trade_tokens


def _trade(state: GameState) -> TradeState:
    assert state.trade is not None, "no trade in progress"
    return state.trade


def token_key(token: str) -> tuple[int, bool]:
    """The fixed order of resources: RESOURCE_TYPES order, ordinary before legendary."""
    key = _TOKEN_KEYS.get(token)
    if key is None:
        key = RESOURCE_TYPES.index(res.token_type(token)), res.is_legendary(token)
    return key


# Every token's key, computed once (picks sort offers by it all through the Trade phase).
_TOKEN_KEYS = {token: (i, token != rtype) for i, rtype in enumerate(RESOURCE_TYPES)
               for token in (rtype, rtype + res.LEGENDARY)}


def _offers(held_items: tuple[tuple[str, int], ...], n: int) -> tuple[tuple[str, ...], ...]:
    """The multisets of n types from (type, count) pairs sorted by type, in sorted order."""
    # table[size]: every multiset of that size from the types seen so far (from the last one
    # back). Adding the earlier type in front, most copies first, keeps each list sorted.
    # Only the sizes the earlier types can still fill up to n are made; the tuples are
    # joined by map at C speed.
    table: list[list[tuple[str, ...]]] = [[()], *[_NO_OFFERS] * n]
    left = sum(most for _, most in held_items)
    for rtype, most in reversed(held_items):
        left -= most  # what the earlier types hold
        low = n - left if n > left else 0
        sizes: list[list[tuple[str, ...]]] = [_NO_OFFERS] * low
        for size in range(low, n + 1):
            cell: list[tuple[str, ...]] = []
            for k in range(min(most, size), -1, -1):
                cell += map(((rtype,) * k).__add__, table[size - k])
            sizes.append(cell)
        table = sizes
    return tuple(table[n])


_NO_OFFERS: list[tuple[str, ...]] = []  # a size no multiset is made of (shared: never added to)


def default_offer(hand: Hand, n: int) -> tuple[str, ...]:
    """The first n resources in the fixed order (coin, then the commodities as in board.py)."""
    held = res.types_held(hand)
    picked: list[str] = []
    for rtype in RESOURCE_TYPES:
        picked += [rtype] * min(held.get(rtype, 0), n - len(picked))
    return res.canonical(picked)


def starter(state: GameState) -> str:
    """Who starts the chain of picks: the Trade Leader, or, if he sits out, the first
    participant after him in seat order (our ruling)."""
    t = _trade(state)
    leader = state.titles.get("trade")
    if leader in t.participants:
        return leader
    players = state.players
    i = players.index(leader) if leader in players else -1
    for k in range(1, len(players) + 1):
        p = players[(i + k) % len(players)]
        if p in t.participants:
            return p
    raise AssertionError("a chain of picks needs participants")


def _round_trip(t: TradeState, picker: str, source: str) -> bool:
    """« il ne peut pas y avoir plus d'un aller-retour à la suite entre deux mêmes joueurs »:
    after picker took from source and source took back from picker, picker may not take from
    source at once."""
    return _round_trip_partner(t, picker) == source


def _round_trip_partner(t: TradeState, picker: str) -> str | None:
    """The one player _round_trip bars the picker from, if any: the last two picks were
    picker from him and him back from picker (asked once by a listing, not per source)."""
    picks = t.picks
    if len(picks) < 2:
        return None
    source, robbed = picks[-1]
    return source if robbed == picker and picks[-2] == [picker, source] else None


def pick_options(state: GameState, picker: str) -> list[Action]:
    """Every token the picker may take, sources in seat order starting after him, tokens in
    the fixed order."""
    t = _trade(state)
    # pick_bound's own first test inline: every pick listing asks (none bound in the base game)
    bound = pick_bound(state, picker) if state.rules.on[PICK_BOUND] else None
    if bound is not None:
        return list(_picks(picker, bound, frozenset(t.offers[bound])))
    players = state.players
    i = players.index(picker)
    barred = _round_trip_partner(t, picker)
    out: list[Action] = []
    for k in range(1, len(players)):
        source = players[(i + k) % len(players)]
        if not t.offers.get(source) or source == barred:
            continue
        out.extend(_picks(picker, source, frozenset(t.offers[source])))
    return out


def pick_bound(state: GameState, picker: str) -> str | None:
    """The offer a module's order binds this pick to (PICK_BOUND; none in the base game),
    when that offer still holds a token."""
    if not state.rules.on[PICK_BOUND]:
        return None
    t = _trade(state)
    for bound in state.rules.on[PICK_BOUND]:
        source = bound(state, picker)
        if source is not None and t.offers.get(source):
            return source
    return None


@lru_cache(maxsize=8192)
def _picks(picker: str, source: str, tokens: frozenset[str]) -> tuple[TakeResource, ...]:
    """The picks of one offer, tokens in the fixed order (cached: offers repeat)."""
    return tuple(TakeResource(picker, source, token) for token in sorted(tokens, key=token_key))


def _finish(state: GameState, ev: EventLog, reason: str) -> None:
    state.trade = None
    for p in [p for p in state.prompts if p.kind.startswith("trade_")]:
        remove_prompt(state, p)
    ev.public("trade_finished", reason=reason)
    next_phase(state, ev)


# --- 2.1: the trade token -------------------------------------------------------------------


@MODULE.phase("trade")
def enter(state: GameState, ev: EventLog) -> None:
    if len(set(state.trade_tokens_used)) >= len(trade_tokens(state)):
        # The played tokens come back once all three have been used (2.1, rulings §7).
        state.trade_tokens_used = []
        ev.public("trade_tokens_returned")
    state.trade = TradeState()
    leader = state.titles.get("trade")
    if leader not in state.players:
        # Nobody holds the title (not possible from the set-up): no token, no exchange.
        _finish(state, ev, reason="no_trade_leader")
        return
    add_prompt(state, "trade_token", leader)


def _token_legal(state: GameState, prompt: Prompt) -> list[Action]:
    return [interned(PlayTradeToken, prompt.player, tok, face)
            for tok, faces in trade_tokens(state).items() if tok not in state.trade_tokens_used
            for face in faces]


def _token_check(state: GameState, prompt: Prompt, action: Action) -> None:
    assert isinstance(action, PlayTradeToken)
    faces = trade_tokens(state).get(action.token)
    if faces is None:
        raise IllegalAction(f"no trade token {action.token!r}", code="unknown_trade_token",
                            token=action.token)
    if action.token in state.trade_tokens_used:
        raise IllegalAction(f"the trade token {action.token} was already played",
                            code="trade_token_used", token=action.token)
    if action.amount not in faces:
        raise IllegalAction(f"the trade token {action.token} has no face {action.amount}",
                            code="bad_trade_face", token=action.token, amount=action.amount)


def _token_default(state: GameState, prompt: Prompt) -> Action:
    # Deadline: the first unused token (5/0, 2/1, 4/3) on its smaller face (rulings §12).
    tok, faces = next((k, v) for k, v in trade_tokens(state).items()
                      if k not in state.trade_tokens_used)
    return PlayTradeToken(prompt.player, tok, min(faces))


def _token_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, PlayTradeToken)
    remove_prompt(state, prompt)
    t = _trade(state)
    state.trade_tokens_used.append(action.token)
    t.token, t.amount = action.token, action.amount
    ev.public("trade_token_played", player=action.player, token=action.token,
              amount=action.amount, slot=len(state.trade_tokens_used))
    if action.amount == 0:
        _finish(state, ev, reason="zero")
        return
    if not open_window(state, TRADE_OPEN, {"round": state.round}, state.players,
                       action.player, ev):
        _open_offers(state, ev)


def _open_offers(state: GameState, ev: EventLog) -> None:
    """Who takes part, and their sealed offers (2.1)."""
    t = _trade(state)
    # « un joueur qui n'aurait pas assez de jetons Ressource à proposer à l'échange n'y
    # participe pas »: he takes part when he can make a non-empty offer of a size open to him
    # (the face, or what a power opens: any hand holding a token, with Antigone).
    t.participants = [p for p in state.players if _can_offer(state, p)]
    ev.public("trade_participants", participants=list(t.participants),
              sitting_out=[p for p in state.players if p not in t.participants])
    if len(t.participants) < 2:
        _finish(state, ev, reason="too_few_participants")
        return
    for p in t.participants:
        add_prompt(state, "trade_offer", p, amount=t.amount)


# Public: the 2003 ruleset opens the same sealed offers once its Trade Leader named N.
open_offers = _open_offers


def _after_open_window(state: GameState, ctx: Any, ev: EventLog) -> None:
    _open_offers(state, ev)


MODULE.window_point(TRADE_OPEN, _after_open_window)


MODULE.handler(PromptHandler(
    kind="trade_token", actions=(PlayTradeToken,), legal=_token_legal, check=_token_check,
    perform=_token_perform, default=_token_default,
))


# --- 2.1: the sealed offers -----------------------------------------------------------------


def _offer_legal(state: GameState, prompt: Prompt) -> list[Action]:
    if prompt.data.get("answered"):
        return []
    hand = state.hands[prompt.player]
    out: list[Action] = []
    for n in offer_sizes(state, prompt.player):
        # Holding more than n of a type changes nothing: hands that agree up to n share offers
        # (payment_key: his tokens by type, n of each at most, sorted).
        out += _offer_actions(prompt.player, res.payment_key(hand, n), n)
    return out


@lru_cache(maxsize=4096)
def _offer_actions(player: str, held_items: tuple[tuple[str, int], ...], n: int
                   ) -> tuple[MakeOffer, ...]:
    """One player's offers of n tokens from these holdings (cached: hands repeat)."""
    return tuple(map(partial(interned, MakeOffer, player), _offers(held_items, n)))


def offer_sizes(state: GameState, player: str) -> range:
    """The token's face N, or the sizes a power opens to him (OFFER_SIZES)."""
    n = _trade(state).amount
    for hook in hooks_for(state, player)[OFFER_SIZES]:
        sizes = hook(state, player, n)
        if sizes is not None:
            return sizes
    return range(n, n + 1)


def _can_offer(state: GameState, player: str) -> bool:
    """Whether one of his offer sizes is at least 1 and at most what he holds."""
    sizes = offer_sizes(state, player)
    return max(sizes.start, 1) <= min(sizes.stop - 1, res.total(state.hands[player]))


def _offer_check(state: GameState, prompt: Prompt, action: Action) -> None:
    assert isinstance(action, MakeOffer)
    sizes = offer_sizes(state, action.player)
    if len(action.resources) not in sizes:
        raise IllegalAction(f"the offer must hold {sizes.start}..{sizes.stop - 1} resources",
                            code="bad_offer_size", expected=sizes.stop - 1,
                            got=len(action.resources))
    unknown = [r for r in action.resources if r not in RESOURCE_TYPES]
    if unknown:
        raise IllegalAction(f"not resource types: {unknown}", code="unknown_resource",
                            resources=unknown)
    if action.resources != res.canonical(action.resources):
        raise IllegalAction("the offered resources must be sorted", code="offer_not_sorted")
    if not res.has_types(state.hands[action.player], action.resources):
        raise IllegalAction("you do not hold these resources", code="resources_not_held",
                            resources=list(action.resources))


def _offer_default(state: GameState, prompt: Prompt) -> Action:
    # Deadline: the first N resources in the fixed order (rulings §12); with other sizes open
    # (Antigone), N too, or as many as he may if fewer.
    hand = state.hands[prompt.player]
    n = min(_trade(state).amount, max(offer_sizes(state, prompt.player)))
    return MakeOffer(prompt.player, default_offer(hand, n))


def _offer_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, MakeOffer)
    t = _trade(state)
    hand = state.hands[action.player]
    # Ordinary tokens are put on offer before legendary ones of the same type.
    t.offers[action.player] = [res.take_type(hand, r) for r in action.resources]
    # Sealed (rulings §11): nothing but the fact of the offer is public until the last one.
    prompt.data["answered"] = True
    ev.private("offer_made", (action.player,), player=action.player,
               offer=list(t.offers[action.player]))
    ev.public("offer_sealed", player=action.player)
    offers = [p for p in state.prompts if p.kind == "trade_offer"]
    if all(p.data.get("answered") for p in offers):
        for p in offers:
            remove_prompt(state, p)
        _reveal(state, ev)


def _reveal(state: GameState, ev: EventLog) -> None:
    t = _trade(state)
    t.revealed = True
    ev.public("offers_revealed",
              offers={p: list(t.offers[p]) for p in state.players if p in t.offers})
    leader = state.titles.get("trade") or state.players[0]
    if not open_window(state, TRADE_REVEAL, {"round": state.round}, state.players, leader, ev):
        _first_pick(state, ev)


def _first_pick(state: GameState, ev: EventLog) -> None:
    t = _trade(state)
    t.picker = starter(state)
    _next_pick(state, ev)


def _after_reveal_window(state: GameState, ctx: Any, ev: EventLog) -> None:
    _first_pick(state, ev)


MODULE.window_point(TRADE_REVEAL, _after_reveal_window)


MODULE.handler(PromptHandler(
    kind="trade_offer", actions=(MakeOffer,), legal=_offer_legal, check=_offer_check,
    perform=_offer_perform, default=_offer_default,
))


# --- 2.2: the chain of picks ----------------------------------------------------------------


def _next_pick(state: GameState, ev: EventLog) -> None:
    t = _trade(state)
    assert t.picker is not None
    if pick_options(state, t.picker):
        add_prompt(state, "trade_pick", t.picker)
    else:
        _end_exchange(state, ev)


def _pick_check(state: GameState, prompt: Prompt, action: Action) -> None:
    assert isinstance(action, TakeResource)
    t = _trade(state)
    if action.source == action.player or action.source not in t.offers:
        raise IllegalAction(f"{action.source!r} has no offer you may take from",
                            code="bad_source", source=action.source)
    if action.token not in t.offers[action.source]:
        raise IllegalAction(f"{action.source} has no {action.token} on offer",
                            code="not_on_offer", source=action.source, token=action.token)
    bound = pick_bound(state, action.player)
    if bound is not None and action.source != bound:
        raise IllegalAction(f"this pick must be taken from {bound}'s offer", code="bound_pick",
                            source=bound)
    if bound is None and _round_trip(t, action.player, action.source):
        raise IllegalAction(
            f"only one round trip in a row between two players: take from someone other "
            f"than {action.source}", code="round_trip", source=action.source)


def _pick_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, TakeResource)
    remove_prompt(state, prompt)
    for hook in state.rules.on[PICK_ANNOUNCED]:
        if hook(state, action, ev):
            return
    take(state, action, ev)


def take(state: GameState, action: TakeResource, ev: EventLog) -> None:
    """The pick taken: the token goes to the taker, the robbed player picks next."""
    t = _trade(state)
    t.offers[action.source].remove(action.token)
    t.taken.setdefault(action.player, []).append(action.token)
    t.picks.append([action.player, action.source])
    ev.public("resource_taken", player=action.player, source=action.source,
              token=action.token)
    # The player who was just robbed picks next (2.2).
    t.picker = action.source
    _next_pick(state, ev)


MODULE.handler(PromptHandler(
    kind="trade_pick", actions=(TakeResource,),
    legal=lambda state, prompt: pick_options(state, prompt.player),
    check=_pick_check, perform=_pick_perform,
    # Deadline: the first legal pick (seat order after the picker, fixed resource order).
    default=lambda state, prompt: pick_options(state, prompt.player)[0],
))


# --- 2.2.1: the end of the exchange and the compensation ------------------------------------


def _end_exchange(state: GameState, ev: EventLog) -> None:
    """Untaken offers go home, taken tokens go to their takers; then the compensation."""
    t = _trade(state)
    returned = {p: sorted(t.offers.get(p, []), key=token_key) for p in t.participants}
    received = {p: sorted(t.taken.get(p, []), key=token_key) for p in t.participants}
    for p in t.participants:
        for token in returned[p] + received[p]:
            res.add(state.hands[p], token)
    t.offers, t.taken, t.picker = {}, {}, None
    ev.public("exchange_ended", returned=returned, received=received)
    first = starter(state)
    last_victim = t.picks[-1][1] if t.picks else first
    if last_victim != first:
        # The last victim ended one short, the starter one over (2.2.1).
        add_prompt(state, "trade_compensation", first, receiver=last_victim)
    else:
        _finish(state, ev, reason="done")


def _comp_legal(state: GameState, prompt: Prompt) -> list[Action]:
    held = res.types_held(state.hands[prompt.player])
    return [GiveCompensation(prompt.player, r) for r in RESOURCE_TYPES if held.get(r)]


def _comp_check(state: GameState, prompt: Prompt, action: Action) -> None:
    assert isinstance(action, GiveCompensation)
    if action.resource not in RESOURCE_TYPES:
        raise IllegalAction(f"not a resource type: {action.resource!r}",
                            code="unknown_resource", resources=[action.resource])
    if not res.count(state.hands[action.player], action.resource):
        raise IllegalAction(f"you hold no {action.resource}", code="resources_not_held",
                            resources=[action.resource])


def _comp_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, GiveCompensation)
    receiver: str = prompt.data["receiver"]
    remove_prompt(state, prompt)
    token = res.take_type(state.hands[action.player], action.resource)
    res.add(state.hands[receiver], token)
    # Given face down: only the two players learn which resource it was.
    ev.private("compensation_given", (action.player, receiver), player=action.player,
               receiver=receiver, token=token)
    ev.public("compensation", player=action.player, receiver=receiver)
    _finish(state, ev, reason="done")


MODULE.handler(PromptHandler(
    kind="trade_compensation", actions=(GiveCompensation,), legal=_comp_legal,
    check=_comp_check, perform=_comp_perform,
    # Deadline: the first type he holds in the fixed order (rulings §12).
    default=lambda state, prompt: _comp_legal(state, prompt)[0],
))
