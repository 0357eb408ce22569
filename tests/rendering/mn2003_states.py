"""2003 positions for the pictures (gallery, tests, benchmark): the 4-player opening as the
engine sets it up, and a late game played at random to its sixth round, then arranged so that
every 2003 part of the picture shows (a temple and a market built, a trireme on land, an
occupation, a conversion under way, a battle, a neutral legion lost)."""

from __future__ import annotations

import random

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Action, CancelPurchase, EndTurn
from bot.games.mare_nostrum.rulesets.mn2003.construction import EndConstruction
from bot.games.mare_nostrum.rulesets.mn2003.data import CAPITALS
from bot.games.mare_nostrum.rulesets.mn2003.substate import sub
from bot.games.mare_nostrum.rulesets.mn2003.trade import NameAmount
from bot.games.mare_nostrum.state import GameState
from tests.engine.mn2003.helpers import started

SEED = 3
_PASSES = (EndTurn, CancelPurchase, EndConstruction)


def opening(n: int = 4) -> GameState:
    """Round 1's Trade: the start's icons chosen, the Trade Leader to name the amount."""
    return started(n, SEED)


def _choose(rnd: random.Random, legal: list[Action]) -> Action:
    # Buy more than pass, and trade small amounts (as the seeded playouts do).
    if isinstance(legal[0], NameAmount):
        return rnd.choice(legal[:4])
    rest = [a for a in legal if not isinstance(a, _PASSES)]
    if rest and len(legal) > 1 and rnd.random() < 0.85:
        return rnd.choice(rest)
    return rnd.choice(legal)


def play_until_round(state: GameState, last: int, seed: int = SEED) -> GameState:
    rnd = random.Random(seed)
    while not state.over and (state.round < last or state.phase != "military"):
        player = rnd.choice(sorted({p.player for p in engine.owed(state)}))
        engine.apply_in_place(state, _choose(rnd, engine.legal_actions(state, player)))
    return state


def late(n: int = 4) -> GameState:
    """A late game (round 6's Military phase), with each 2003 feature on the board."""
    state = play_until_round(started(n, SEED), 6)
    part = sub(state)
    players = state.players
    # A temple and a market where the first player holds influence, a trireme on land there.
    mine = sorted(p for p, o in state.influence.items() if o == players[0])
    for pid in mine[:2]:
        if pid not in part.temples:
            part.temples.append(pid)
        if pid not in part.markets:
            part.markets.append(pid)
    part.docked.setdefault(mine[0], {})[players[0]] = 1
    # The second player occupies, and converts, a province of the third's.
    theirs = sorted(
        p for p, o in state.influence.items() if o == players[2] and p not in CAPITALS.values()
    )
    target = theirs[0]
    state.legions.setdefault(target, {})
    state.legions[target] = {players[1]: 2}
    state.fortresses[target] = [f for f in state.fortresses.get(target, []) if f == players[1]]
    part.occupied[target] = players[1]
    state.conversions[target] = {"player": players[1], "round": state.round}
    # A battle: the first player's legions and the fourth's in one province.
    fight = sorted(p for p, o in state.influence.items() if o == players[3])[0]
    state.legions.setdefault(fight, {})[players[0]] = 2
    # Cards bought (the market shrinks) and hands of several sizes (contents never drawn).
    for player, card in zip(
        players, ("mn2003.colossus", "mn2003.helen", "mn2003.zeus"), strict=False
    ):
        state.hw_market.remove(card)
        state.hw[player].append(card)
    state.hands[players[0]] = {"grain": 2, "wine": 1, "coin": 2}
    state.hands[players[1]] = {"gold": 1, "oil": 3}
    return state
