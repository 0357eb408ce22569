"""Phase III — Build (sections 3, 4.5, 4.6, 6.1, 8; rulings §1, §2, §4–§6, §10, §12).

The Culture Leader names the builders one at a time (himself included). A builder starts a
purchase (`Buy`), pays it with exactly one set (`Pay`) and the item is placed at once; `EndTurn`
discards what he did not spend (up to 2 coins are kept). Buying the Pyramids or a 5th HW wins
(6.1). Title levels are derived from the board (control.levels), so they are current after every
purchase.
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import compress
from typing import Any, NoReturn

from ...core.rules import Rules, RulesModule
from ..actions import (
    Action,
    Buy,
    CancelPurchase,
    ChooseNext,
    EndTurn,
    Pay,
    interned,
)
from ..board import BUILDING_KINDS, COIN, PYRAMIDS, board
from ..control import (
    adjacent_or_connected,
    area_order,
    buildings_left,
    can_place_in,
    capital_province,
    enemy_units_in,
    influence_provinces,
    levels,
    supply_left,
)
from ..errors import EngineError, IllegalAction, MalformedAction
from ..events import EventLog
from ..flow import check_victory, next_in_order, next_phase, not_yet_played, title_holder
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
from ..prompts import PromptHandler, add_prompt, remove_prompt
from ..resources import (
    PLAIN_PAYMENT,
    PaymentRules,
    can_afford,
    count,
    discard_token,
    has_types,
    is_valid_set,
    max_set_size,
    payment_options,
    spend,
    take_type,
    types_held,
)
from ..rules import components_of, hooks_of, rules_of
from ..state import BuildState, GameState, Hand, Prompt

# Phase Build: its phase, prompt handlers and action kinds (composed into the rules
# object by bot.games.mare_nostrum.base).
MODULE: RulesModule[GameState] = RulesModule("empires.build")

UNITS: tuple[str, ...] = ("legion", "trireme", "fortress")
ITEMS: tuple[str, ...] = ("influence", *UNITS, *BUILDING_KINDS, "hw", PYRAMIDS)
KEPT_COINS = 2  # rulings §10


# --- costs and payment ------------------------------------------------------------------------

def payment_rules(state: GameState, player: str) -> PaymentRules:
    """How his sets are formed (3.1, rulings §2): the printed rules, as his powers change them
    (PAYMENT_RULES: Cléopâtre, Hannibal)."""
    key = _powers_key(state, player)
    found = _PAYMENT_RULES.get(key)
    if found is None:
        found = PLAIN_PAYMENT
        for hook in hooks_of(state, PAYMENT_RULES):
            found = hook(found, state, player)
        _remember(_PAYMENT_RULES, key, found)
    return found


# The game's rules (ruleset, modules) and a player's powers (his tiles, the hero copied by
# Castor & Pollux): all the payment hooks' handlers may read (hooks.py).
PowersKey = tuple[str, tuple[str, ...], tuple[str, ...], str | None]
# What they answer, by that key: asked on every Build listing. Bounded: cleared when full.
_PAYMENT_RULES: dict[PowersKey, PaymentRules] = {}
_ONE_TOKEN: dict[tuple[PowersKey, str], tuple[tuple[str, tuple[str, ...]], ...]] = {}
_MEMO_SIZE = 4096


def _powers_key(state: GameState, player: str) -> PowersKey:
    return state.ruleset, state.modules, tuple(state.hw.get(player, ())), state.copied.get(player)


def _remember(memo: dict[Any, Any], key: Any, value: Any) -> None:
    if len(memo) >= _MEMO_SIZE:
        memo.clear()
    memo[key] = value


def hw_cost(state: GameState, player: str) -> int | None:
    """The next HW costs 7/8/9/10 by how many he owns (the starting hero is the 1st)."""
    return components_of(state).hw_costs.get(len(state.hw.get(player, [])) + 1)


def item_cost(state: GameState, player: str, item: str) -> int | None:
    if item == "hw":
        return hw_cost(state, player)
    return components_of(state).costs.get(item)


def affords(state: GameState, player: str, cost: int) -> bool:
    return can_afford(state.hands[player], cost, payment_rules(state, player))


# --- victory (6.1) ----------------------------------------------------------------------------

def can_win_by_pyramids(state: GameState, player: str) -> bool:
    return state.pyramids_available and affords(state, player,
                                                components_of(state).costs[PYRAMIDS])


def can_win_by_hw(state: GameState, player: str) -> bool:
    fifth = components_of(state).hw_costs[5]
    return len(state.hw.get(player, [])) == 4 and bool(state.hw_market) and affords(
        state, player, fifth
    )


def could_win(state: GameState) -> list[str]:
    """The players able, when the phase opens, to buy the Pyramids or their 5th HW."""
    return [p for p in state.players
            if can_win_by_pyramids(state, p) or can_win_by_hw(state, p)]


@MODULE.victory("several able to win, the Culture Leader not among them (6.1)",
                "build_opening")
def _resolve_without_leader(state: GameState, ev: EventLog) -> tuple[list[str], str] | None:
    """6.1, when none of the players able to win is the Culture Leader: several of them win
    together at once — those able to build the Pyramids, else all of them. One alone wins when
    he completes his purchase (the normal course of the phase)."""
    candidates = state.build.could_win if state.build else []
    if culture_leader(state) in candidates or len(candidates) < 2:
        return None
    pyramids = [p for p in candidates if can_win_by_pyramids(state, p)]
    winners, condition = (pyramids, PYRAMIDS) if pyramids else (candidates, "hw")
    ev.public("build_victory", winners=winners, condition=condition, could_win=candidates)
    return winners, condition


@MODULE.victory("the Pyramids or a fifth HW bought (6.1)", "build_purchase")
def _bought_victory(state: GameState, ev: EventLog) -> tuple[list[str], str] | None:
    """6.1: the builder who completes the Pyramids or his fifth HW wins at once (the Culture
    Leader's precedence was exercised through the order he chose)."""
    b = state.build
    if b is None or b.current is None or not b.bought:
        return None
    item = b.bought[-1]["item"]
    if item == PYRAMIDS:
        return [b.current], PYRAMIDS
    if item == "hw" and len(state.hw[b.current]) >= 5:
        return [b.current], "hw"
    return None


# --- placement (3.5–3.7, 4.5, 4.6; rulings §4–§6) ---------------------------------------------

def _bad(detail: str, code: str = "bad_placement", **params: Any) -> NoReturn:
    raise IllegalAction(detail, code=code, **params)


def check_supply(state: GameState, player: str, piece: str) -> None:
    if supply_left(state, player, piece) <= 0:
        _bad(f"no {piece} left in {player}'s supply", code="no_supply", item=piece)


def check_influence(state: GameState, player: str, target: str) -> None:
    """Neutral, adjacent or connected to a province he held when his turn began, no enemy
    unit (3.5, rulings §6)."""
    if not state.board.is_province(target):
        raise MalformedAction(f"{target!r} is not a province", code="unknown_area", area=target)
    if state.influence.get(target) is not None:
        _bad(f"{target} is not neutral", reason="not_neutral", area=target)
    if enemy_units_in(state, target, player):
        _bad(f"enemy units in {target}", reason="enemy_units", area=target)
    start = state.build.start_provinces if state.build else []
    if target not in adjacent_or_connected(state, player, start):
        _bad(f"{target} is neither adjacent nor connected", reason="out_of_reach", area=target)
    check_supply(state, player, "influence")


def _check_unit(state: GameState, player: str, item: str, target: str) -> None:
    board = state.board
    if item == "trireme":
        if not board.is_sea(target):
            raise MalformedAction(f"{target!r} is not a sea", code="unknown_area", area=target)
        # Seas next to a province he may place in (his capital's even when at war, 4.6).
        if not any(can_place_in(state, player, p) for p in board.seas[target].provinces):
            _bad(f"{target} touches no province {player} controls", reason="not_controlled",
                 area=target)
    else:
        if not board.is_province(target):
            raise MalformedAction(f"{target!r} is not a province", code="unknown_area",
                                  area=target)
        if not can_place_in(state, player, target):
            _bad(f"{player} does not control {target}", reason="not_controlled", area=target)
        if item == "fortress" and player in state.fortresses.get(target, []):
            _bad(f"{player} already has a fortress in {target}", reason="one_fortress",
                 area=target)
    check_supply(state, player, item)


def _check_building(state: GameState, player: str, item: str, target: str, slot: int) -> None:
    board = state.board
    if not board.is_province(target):
        raise MalformedAction(f"{target!r} is not a province", code="unknown_area", area=target)
    slots = board.provinces[target].slots
    if not 0 <= slot < len(slots) or slots[slot].kind != item:
        _bad(f"no {item} slot {slot} in {target}", reason="no_slot", area=target, slot=slot)
    if state.built[target][slot]:
        _bad(f"slot {slot} in {target} is already built", reason="slot_taken", area=target,
             slot=slot)
    if item == "capital" and target != capital_province(player):
        _bad(f"{player} may only build his own capital", reason="not_his_capital", area=target)
    if not can_place_in(state, player, target):
        _bad(f"{player} does not control {target}", reason="not_controlled", area=target)
    if buildings_left(state, item) <= 0:
        _bad(f"no {item} marker left", code="no_supply", item=item)


def check_placement(state: GameState, player: str, item: str, target: str, slot: int) -> None:
    """Raise unless this item can be placed there now (supply included, cost excluded)."""
    if item not in ITEMS:
        raise MalformedAction(f"unknown item {item!r}", code="unknown_item", item=item)
    if item not in BUILDING_KINDS and slot != -1:
        raise MalformedAction(f"{item} takes no slot", code="bad_slot", slot=slot)
    if item == "influence":
        check_influence(state, player, target)
    elif item in UNITS:
        _check_unit(state, player, item, target)
    elif item in BUILDING_KINDS:
        _check_building(state, player, item, target, slot)
    elif item == "hw":
        if target not in state.hw_market:
            _bad(f"{target!r} is not a face-up tile", code="not_available", tile=target)
    elif target != "" or not state.pyramids_available:
        _bad("the Pyramids are not available", code="not_available", tile=PYRAMIDS)


def check_buy(state: GameState, player: str, action: Buy) -> int:
    """Raise unless the purchase may start; return its cost."""
    check_placement(state, player, action.item, action.target, action.slot)
    cost = item_cost(state, player, action.item)
    if cost is None:
        _bad(f"{player} cannot buy another HW", code="not_available", item=action.item)
    if not affords(state, player, cost) and not _power_sets(state, player, action.item):
        _bad(f"{player} cannot form a set of {cost}", code="unaffordable", cost=cost)
    return cost


def _one_token_powers(state: GameState, player: str, item: str
                      ) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """(power, token types) of each power that lets him pay this item with one token, once a
    turn (ONE_TOKEN_PAYMENT: Spartacus, Gilgamesh, Phare)."""
    key = _powers_key(state, player), item
    found = _ONE_TOKEN.get(key)
    if found is None:
        answers = [hook(state, player, item) for hook in hooks_of(state, ONE_TOKEN_PAYMENT)]
        found = tuple(a for a in answers if a is not None)
        _remember(_ONE_TOKEN, key, found)
    return found


def _power_sets(state: GameState, player: str, item: str) -> list[tuple[str, ...]]:
    """The 1-token payments open for this item now: his tokens of the types a power unused
    this turn accepts, in type order."""
    used = state.build.used_powers if state.build else []
    hand = state.hands[player]
    out: list[tuple[str, ...]] = []
    for power, types in _one_token_powers(state, player, item):
        if power not in used:
            out += [(t,) for t in sorted(types) if count(hand, t) and (t,) not in out]
    return out


def open_to_influence(state: GameState, player: str) -> set[str]:
    """The provinces check_influence accepts now (none when his supply is empty)."""
    return set(_open_to_influence(state, player))


def _open_to_influence(state: GameState, player: str) -> list[str]:
    """open_to_influence, sorted by name."""
    if supply_left(state, player, "influence") <= 0:
        return []
    start = state.build.start_provinces if state.build else []
    influence = state.influence
    return [p for p in sorted(adjacent_or_connected(state, player, start))
            if p not in influence and not enemy_units_in(state, p, player)]


@cache
def _slot_prices(board_key: str, rules: Rules[GameState],
                 ) -> dict[str, tuple[tuple[int, str, int], ...]]:
    """(slot index, building kind, price) of each province's slots on one board, at the
    rules' prices (a module may change them; a rules object is shared and immutable, so it
    keys the cache with the board)."""
    costs = rules.data["components"].costs
    return {pid: tuple((i, s.kind, costs[s.kind]) for i, s in enumerate(p.slots))
            for pid, p in board(board_key).provinces.items()}


def _legal_buys(state: GameState, player: str) -> list[Action]:
    """The Buys that pass check_buy, without raising: the hot path of `legal` in the Build
    phase. Each condition of check_placement and check_buy is tested here once per item kind
    (supplies, markers left, the biggest set) rather than once per candidate; the agreement
    tests of test_build keep this and check_buy in step."""
    board = state.board
    rules = payment_rules(state, player)
    biggest = max_set_size(state.hands[player], rules)
    game_rules = rules_of(state)
    costs = game_rules.data["components"].costs
    cap = capital_province(player)
    # can_place_in, in board order: his influence and no enemy unit, or his capital's province.
    influence = state.influence
    placeable = [p for p in compress(influence, map(player.__eq__, influence.values()))
                 if p != cap and not enemy_units_in(state, p, player)]
    placeable.append(cap)
    placeable.sort(key=area_order(state.board_key).__getitem__)  # board order
    out: list[Action] = []
    if biggest >= costs["influence"]:
        out += [interned(Buy, player, "influence", p)
                for p in _open_to_influence(state, player)]
    unit_ok = {u: (biggest >= costs[u] or bool(_power_sets(state, player, u)))
               and supply_left(state, player, u) > 0 for u in UNITS}
    markers: dict[str, bool] = {}
    slot_prices = _slot_prices(state.board_key, game_rules)
    for pid in placeable:
        if unit_ok["legion"]:
            out.append(interned(Buy, player, "legion", pid))
        if unit_ok["fortress"] and player not in state.fortresses.get(pid, ()):
            out.append(interned(Buy, player, "fortress", pid))
        built = state.built[pid]
        if all(built):
            continue
        for i, kind, cost in slot_prices[pid]:
            if built[i] or biggest < cost or (kind == "capital" and pid != cap):
                continue
            if kind not in markers:
                markers[kind] = buildings_left(state, kind) > 0
            if markers[kind]:
                out.append(interned(Buy, player, kind, pid, i))
    if unit_ok["trireme"]:
        near = {s for p in placeable for s in board.provinces[p].seas}
        out.extend(interned(Buy, player, "trireme", sid) for sid in board.seas if sid in near)
    hw = hw_cost(state, player)
    if hw is not None and hw <= biggest:
        out.extend(interned(Buy, player, "hw", t) for t in state.hw_market)
    if state.pyramids_available and costs[PYRAMIDS] <= biggest:
        out.append(Buy(player, PYRAMIDS))
    return out


def place(state: GameState, player: str, item: str, target: str, slot: int) -> None:
    """Put the bought item on the board (or on his empire board for HW/Pyramids)."""
    if state.build is not None:
        state.build.bought.append({"item": item, "target": target})
    if item == "influence":
        state.influence[target] = player
    elif item == "legion":
        d = state.legions.setdefault(target, {})
        d[player] = d.get(player, 0) + 1
    elif item == "trireme":
        d = state.triremes.setdefault(target, {})
        d[player] = d.get(player, 0) + 1
    elif item == "fortress":
        state.fortresses.setdefault(target, []).append(player)
    elif item in BUILDING_KINDS:
        state.built[target][slot] = True
        state.occupant[target][slot] = None
    elif item == "hw":
        state.hw_market.remove(target)
        state.hw.setdefault(player, []).append(target)
    else:
        state.pyramids_available = False
        state.hw.setdefault(player, []).append(PYRAMIDS)


# --- the order of builders --------------------------------------------------------------------

def culture_leader(state: GameState) -> str:
    return title_holder(state, "culture")


def build_state(state: GameState) -> BuildState:
    if state.build is None:
        raise EngineError("no Build phase in progress", code="no_build")
    return state.build


def remaining(state: GameState) -> list[str]:
    return not_yet_played(state, build_state(state).done)


@MODULE.phase("build")
def enter(state: GameState, ev: EventLog) -> None:
    state.build = BuildState()
    state.build.could_win = could_win(state)
    state.last_order = []
    for hook in hooks_of(state, BUILD_START):
        if hook(state, ev):
            return
    if check_victory(state, "build_opening", ev):
        return
    _next_builder(state, ev)


def _next_builder(state: GameState, ev: EventLog) -> None:
    next_in_order(state, build_state(state).done, "culture", "build_order", start_turn, _finish, ev)


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


def _finish(state: GameState, ev: EventLog) -> None:
    """After the last builder: the face-up HW tiles are refilled to 5, in deck order."""
    added: list[str] = []
    while len(state.hw_market) < rules_of(state).data["hw_market_size"] and state.hw_deck:
        tile = state.hw_deck.pop(0)
        state.hw_market.append(tile)
        added.append(tile)
    ev.public("hw_market_refilled", added=added, market=list(state.hw_market))
    state.build = None
    next_phase(state, ev)


def _legal_order(state: GameState, prompt: Prompt) -> list[Action]:
    return [ChooseNext(prompt.player, p) for p in remaining(state)]


def _check_order(state: GameState, prompt: Prompt, action: Action) -> None:
    assert isinstance(action, ChooseNext)
    if action.target not in state.players:
        raise MalformedAction(f"{action.target!r} does not play", code="unknown_player",
                              player=action.target)
    if action.target not in remaining(state):
        _bad(f"{action.target} has already built", code="already_built", player=action.target)


def _perform_order(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, ChooseNext)
    remove_prompt(state, prompt)
    ev.public("build_order_chosen", leader=action.player, player=action.target)
    start_turn(state, action.target, ev)


MODULE.handler(PromptHandler(
    kind="build_order", actions=(ChooseNext,), legal=_legal_order, check=_check_order,
    perform=_perform_order,
    # Deadline: the first remaining player in seat order builds next (§12).
    default=lambda state, prompt: ChooseNext(prompt.player, remaining(state)[0]),
))


# --- the builder's turn -----------------------------------------------------------------------

def _check_turn(state: GameState, prompt: Prompt, action: Action) -> None:
    if isinstance(action, Buy):
        check_buy(state, prompt.player, action)
    elif not isinstance(action, EndTurn):
        for check in hooks_of(state, BUILD_TURN_CHECK):
            if check(state, prompt.player, action):
                return
        raise IllegalAction(f"{action.kind} does not answer a Build turn", code="wrong_decision",
                            expected="build_turn")


def _legal_turn(state: GameState, prompt: Prompt) -> list[Action]:
    player = prompt.player
    out: list[Action] = _legal_buys(state, player)
    for offers in hooks_of(state, BUILD_TURN_ACTIONS):
        out += offers(state, player)
    out.append(interned(EndTurn, player))
    return out


def _perform_turn(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    player = prompt.player
    if isinstance(action, Buy):
        cost = item_cost(state, player, action.item)  # checked: not None (check_buy)
        assert cost is not None
        build_state(state).purchase = {"item": action.item, "target": action.target,
                                       "slot": action.slot, "cost": cost}
        remove_prompt(state, prompt)
        add_prompt(state, "build_payment", player, item=action.item, cost=cost)
        ev.public("purchase_started", player=player, item=action.item, target=action.target,
                  slot=action.slot, cost=cost)
    elif isinstance(action, EndTurn):
        remove_prompt(state, prompt)
        for before in hooks_of(state, BUILD_DISCARD):
            if before(state, player, ev):
                return
        end_turn(state, player, ev)
    else:
        performed = any(perform(state, player, action, ev)
                        for perform in hooks_of(state, BUILD_TURN_PERFORM))
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
    ev.public("build_turn_ended", player=player)
    b = build_state(state)
    used = b.used_powers
    b.done.append(player)
    b.current = None
    b.start_provinces = []
    b.used_powers = []
    b.bought = []
    for after in hooks_of(state, BUILD_TURN_ENDED):
        if after(state, player, used, ev):
            return
    _next_builder(state, ev)


MODULE.handler(PromptHandler(
    kind="build_turn", actions=(Buy, EndTurn), legal=_legal_turn,
    check=_check_turn, perform=_perform_turn,
    default=lambda state, prompt: EndTurn(prompt.player),  # deadline: end the turn (§12)
))


# --- paying a purchase ------------------------------------------------------------------------

def _purchase(state: GameState) -> dict[str, Any]:
    purchase = build_state(state).purchase
    if purchase is None:
        raise EngineError("no purchase is waiting for payment", code="no_purchase")
    return purchase


def _legal_payment(state: GameState, prompt: Prompt) -> list[Action]:
    purchase = _purchase(state)
    cost = int(purchase["cost"])
    player = prompt.player
    rules = payment_rules(state, player)
    out: list[Action] = list(_pay_actions(player, payment_key(state.hands[player], cost, rules),
                                          cost, rules))
    out += [interned(Pay, player, opt) for opt in _power_sets(state, player, purchase["item"])]
    out.append(interned(CancelPurchase, player))
    return out


def payment_key(hand: Hand, cost: int, rules: PaymentRules) -> tuple[tuple[str, int], ...]:
    """The least hand with the same payment_options: hands that agree on it share a listing.
    payment_options reads of the coins only whether they pay the cost alone, pay it but one
    (Cleopatra) or are there at all (Cleopatra); of the goods, which types are held, and
    which twice (Hannibal)."""
    most = 2 if rules.hannibal else 1
    key = []
    for t, n in sorted(types_held(hand).items()):
        if t != COIN:
            key.append((t, min(n, most)))
            continue
        if n >= cost:
            n = cost
        elif not rules.cleopatra:
            continue
        elif n >= cost - 1:
            n = cost - 1
        else:
            n = 1
        if n:
            key.append((t, n))
    return tuple(key)


@lru_cache(maxsize=16384)
def _pay_actions(player: str, held: tuple[tuple[str, int], ...], cost: int,
                 rules: PaymentRules) -> tuple[Pay, ...]:
    return tuple(interned(Pay, player, opt) for opt in payment_options(dict(held), cost, rules))


def _check_payment(state: GameState, prompt: Prompt, action: Action) -> None:
    if not isinstance(action, Pay):
        return
    cost = int(_purchase(state)["cost"])
    types = action.resources
    if list(types) != sorted(types):
        _bad("list the resource types sorted", code="bad_payment", resources=list(types))
    item = str(_purchase(state)["item"])
    if types in _power_sets(state, prompt.player, item):
        return
    if len(types) == 1:
        used = build_state(state).used_powers
        spent = [p for p, _ in _one_token_powers(state, prompt.player, item) if p in used]
        if spent:
            _bad(f"the 1-token {item} was already built this turn", code="power_used",
                 power=spent[0])
    if not is_valid_set(types, cost, payment_rules(state, prompt.player)):
        _bad(f"not one valid set of {cost}", code="bad_payment", resources=list(types),
             cost=cost)
    if not has_types(state.hands[prompt.player], types):
        _bad("resources not held", code="not_held", resources=list(types))


def _perform_payment(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    player = prompt.player
    b = build_state(state)
    purchase = _purchase(state)
    b.purchase = None
    remove_prompt(state, prompt)
    if isinstance(action, CancelPurchase):
        ev.public("purchase_cancelled", player=player, item=purchase["item"])
        resume_turn(state, player)
        return
    assert isinstance(action, Pay)
    item, target, slot = purchase["item"], purchase["target"], int(purchase["slot"])
    power = None
    if not is_valid_set(action.resources, int(purchase["cost"]), payment_rules(state, player)):
        # A 1-token payment: charged to the first power unused this turn that accepts it.
        power = next(p for p, types in _one_token_powers(state, player, item)
                     if p not in b.used_powers and action.resources[0] in types)
        b.used_powers.append(power)
    spent = spend(state, player, action.resources)
    ev.private("paid", (player,), player=player, item=item, resources=spent, power=power)
    place(state, player, item, target, slot)
    ev.public("placed", player=player, item=item, target=target, slot=slot,
              cost=purchase["cost"], levels=levels(state, player))
    if check_victory(state, "build_purchase", ev):
        return
    for after in hooks_of(state, BUILD_PURCHASED):
        if after(state, player, item, target, ev):
            return
    resume_turn(state, player)


MODULE.handler(PromptHandler(
    kind="build_payment", actions=(Pay, CancelPurchase), legal=_legal_payment,
    check=_check_payment, perform=_perform_payment,
    default=lambda state, prompt: CancelPurchase(prompt.player),  # deadline: cancel (§12)
))
