"""The `standard` AI for Neptun: takes contracts worth their voyage and orders them by
distance, plays the weakest oar card that still reaches its next city (strong ones are kept
for far ports), sails the shortest way there, spends gold when it makes a delivery, and buys
the temple point when it stays comfortably rich. It sees only its own view."""

from __future__ import annotations

import heapq
import random
from collections.abc import Mapping
from functools import cache
from typing import Any

from ..core.actions import Action
from .actions import Deliver, EndVoyage, ExtraTurn, PlayOar, Reveal, Sail, TakeContract
from .data import NeptunData, load

GOLD_KEPT = 3  # coins it keeps rather than spend on sea miles or temple points
MIN_TAKE = 3  # a face-up contract worth this much is taken rather than reveal on


def distances(markers: Mapping[str, int], source: str) -> dict[str, tuple[int, str]]:
    """Sea miles from `source` to every port, with the first port on the way."""
    data = load()
    best: dict[str, tuple[int, str]] = {source: (0, source)}
    todo = [(0, source, source)]
    while todo:
        d, port, first = heapq.heappop(todo)
        if d > best[port][0]:
            continue
        for nxt, route in data.links[port]:
            nd = d + markers[route]
            if nxt not in best or nd < best[nxt][0]:
                best[nxt] = (nd, nxt if port == source else first)
                heapq.heappush(todo, (nd, nxt, best[nxt][1]))
    return best


@cache
def _depth(port: str) -> int:
    """Routes from Crete (for ordering contracts in the manifest)."""
    data = load()
    depth = {data.start: 0}
    todo = [data.start]
    while todo:
        here = todo.pop(0)
        for nxt, _ in data.links[here]:
            if nxt not in depth:
                depth[nxt] = depth[here] + 1
                todo.append(nxt)
    return depth[port]


def contract_value(data: NeptunData, city: int, goods: int) -> float:
    kind, amount = data.cities[city].reward(data.goods_cards[goods])
    return amount * (1.5 if kind == "temple" else 1.0) - 0.3 * _depth(data.cities[city].city)


class StandardPlayer:
    def __init__(self, seed: int = 0) -> None:
        self.rnd = random.Random(seed)

    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        kinds = {a.kind for a in legal}
        if kinds <= {"take_contract", "reveal_contract"}:
            return self._pick(view, legal)
        if kinds == {"play_oar"}:
            return self._oar(view, legal)
        if kinds == {"extra_turn"}:
            return next(a for a in legal if isinstance(a, ExtraTurn) and a.accept)
        return self._move(view, legal)

    # --- contracts -----------------------------------------------------------------------

    def _pick(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        data = load()
        takes = [a for a in legal if isinstance(a, TakeContract)]
        reveal = next((a for a in legal if isinstance(a, Reveal)), None)
        if not takes:
            assert reveal is not None
            return reveal
        row = view["row"]

        def value(a: TakeContract) -> float:
            c = row[a.index]
            return contract_value(data, c["city"], c["goods"]) + float(c["gold"])

        best = max(value(a) for a in takes)
        if reveal is not None and best < MIN_TAKE:
            return reveal
        chosen = [a for a in takes if value(a) == best]
        city = data.cities[row[chosen[0].index]["city"]].city
        # Near ports to the left: the manifest is delivered left to right.
        want = min(_depth(city), data.slots) - 1
        return min(chosen, key=lambda a: (abs(a.slot - want), a.slot))

    # --- voyages -------------------------------------------------------------------------

    def _target(self, view: Mapping[str, Any]) -> str | None:
        data = load()
        me = view["viewer"]
        for slot in view["manifests"][me]:
            if slot is not None and slot["status"] == "open":
                city: str = data.cities[slot["city"]].city
                return city
        return None

    def _oar(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        me = view["viewer"]
        hand = {h["card"]: h for h in view["hand"]}
        plays = [a for a in legal if isinstance(a, PlayOar)]
        target = self._target(view)
        if target is None:  # nothing to deliver: shed the weakest card
            return min(plays, key=lambda a: (hand[a.card]["rowing"], a.card))
        need = distances(view["markers"], view["ships"][me])[target][0]
        spare = max(0, view["gold"][me] - GOLD_KEPT)
        enough = [a for a in plays
                  if hand[a.card]["rowing"] + view["wind"] + spare >= need]
        if enough:
            return min(enough, key=lambda a: (hand[a.card]["rowing"], a.card))
        return max(plays, key=lambda a: (hand[a.card]["rowing"], -a.card))

    def _move(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        me = view["viewer"]
        delivers = [a for a in legal if isinstance(a, Deliver)]
        if delivers:
            first = min(a.slot for a in delivers)
            options = [a for a in delivers if a.slot == first]
            buy = [a for a in options if a.buy]
            rich = view["gold"][me] >= GOLD_KEPT + load().point_price
            return buy[0] if buy and rich else next(a for a in options if not a.buy)
        target = self._target(view)
        stop = next(a for a in legal if isinstance(a, EndVoyage))
        if target is None or target == view["ships"][me]:
            return stop
        reach = next(p["data"]["range"] for p in view["prompts"]
                     if p["player"] == me and p["kind"] == "voyage_move")
        paths = distances(view["markers"], view["ships"][me])
        need, first_port = paths[target]
        spare = max(0, view["gold"][me] - GOLD_KEPT)
        leg = next((a for a in legal if isinstance(a, Sail) and a.to == first_port), None)
        if leg is None:
            return stop
        leg_miles = paths[first_port][0]
        if need <= reach + spare or leg_miles <= reach:
            return leg
        return stop


def make(seed: int = 0) -> StandardPlayer:
    return StandardPlayer(seed)
