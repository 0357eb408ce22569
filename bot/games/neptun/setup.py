"""Set-up (rulebook "Mise en place", neptun.md §2): everything before the first pick turn."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core.errors import MalformedAction
from ..core.rng import shuffled
from .data import INDIVIDUAL, ROUNDS, load
from .rules import DEFAULT_RULESET, rules_for
from .state import NeptunState

# The merchants' colours in seat order (the rulebook names red, green, purple and yellow; the
# fifth colour is not in the text).
SEATS = ("red", "green", "purple", "yellow", "blue")
MIN_PLAYERS, MAX_PLAYERS = 3, 5


def seats(n: int) -> list[str]:
    return list(SEATS[:n])


def initial_state(players: Sequence[str], options: Mapping[str, Any] | None,
                  seed: int) -> NeptunState:
    players = list(players)
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise MalformedAction(f"Neptun is played by {MIN_PLAYERS} to {MAX_PLAYERS}",
                              code="bad_player_count", count=len(players),
                              min=MIN_PLAYERS, max=MAX_PLAYERS)
    if len(set(players)) != len(players):
        raise MalformedAction("a player is named twice", code="bad_player_count",
                              count=len(players), min=MIN_PLAYERS, max=MAX_PLAYERS)
    ruleset = str((options or {}).get("ruleset", DEFAULT_RULESET))
    rules_for(ruleset)  # refuses an unknown ruleset
    data = load()
    state = NeptunState(players=players, seed=seed, ruleset=ruleset)
    # SET-03: the high-sea markers, then the coastal ones, shuffled onto their route spaces.
    for kind in ("high_sea", "coastal"):
        spaces = [r.id for r in data.routes if r.kind == kind]
        state.markers.update(zip(spaces, shuffled(state, list(data.markers[kind])), strict=True))
    # SET-04: each temple's round-A tile; SET-05: the bonus tiles face down.
    state.tiles = {t: list(data.point_tiles[t][ROUNDS[0]]) for t in data.temples}
    state.bonus_supply = shuffled(state, list(data.bonus_tiles))
    # SET-06: the three decks, shuffled separately.
    state.city_deck = shuffled(state, list(range(len(data.cities))))
    state.goods_deck = shuffled(state, list(range(len(data.goods_cards))))
    state.oar_deck = shuffled(state, list(range(len(data.oars))))
    # SET-07: the wind on 5, no forecast yet.
    state.wind = data.wind_start
    # SET-08: each merchant's gold, individual oar cards, manifest, boat, temple pawns.
    for i, p in enumerate(players):
        state.gold[p] = data.starting_gold
        state.hands[p] = [INDIVIDUAL + len(data.individual) * i + j
                          for j in range(len(data.individual))]
        state.played[p] = []
        state.manifests[p] = [None] * data.slots
        state.ships[p] = data.start
        state.won[p] = []
        state.bonus[p] = []
    # SET-09: the Séquence at random; the temple pawns stacked on 0 in that order.
    state.sequence = shuffled(state, players)
    state.temples = {r: [(p, 0) for p in state.sequence] for r in data.regions}
    return state
