"""The `standard` level: a fast heuristic player.

It reads only its view (the board, public facts and its own hand) and the legal actions:
- Build: buys what scores best — a winning purchase (Pyramids, 5th HW) first, then HW, economy
  in its provinces (caravans, markets, cities, temples), influence into neutral provinces with
  good slots, defence (legions, fortress) where enemies stand next door; it spends everything
  (unused commodities are discarded at the end of the turn) and pays with the set that keeps
  the most flexibility (the largest set still possible, then the most distinct types).
- Trade: offers what it holds most copies of, takes what completes its sets.
- Military: attacks when its expected dice (legions × 3.5) beat the defence's (legions × 3.5,
  fortress 5) with a margin; otherwise stays home.
- Claims: keeps titles, else gives them to the weakest rival.
- The Punic Wars: hires barbarians against the opponent, pillages and discards (`punic.py`).
- Play windows (rulings 17–18): petrifies (Médée, Méduse) the other side of a battle it takes
  part in when that side is at least as strong there; otherwise passes.
- The Legendary Cities: drafts, reveals the Horn of Plenty, plays battle cards (`legends.py`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from ...core.windows import PassWindow
from ..actions import (
    Action,
    AwardTitle,
    Battle,
    Buy,
    CancelPurchase,
    ChooseCasualties,
    ChooseNext,
    ChooseProduction,
    Conquer,
    EndTurn,
    GiveCompensation,
    MakeOffer,
    Move,
    Pay,
    PlaceFreeInfluence,
    PlayTradeToken,
    TakeResource,
)
from ..board import COIN, PYRAMIDS, Board, board, empire_setups
from ..kinds import ConquestOption
from ..modules.atlantis.actions import MoveFigure, Petrify, RebuyFigure, ReturnLegion
from ..modules.ierusalem.actions import CroesusBuy, PlaceMausoleum
from ..modules.legends.actions import ChariotMove, PlayEvent
from ..modules.syracusae.actions import RefuseBattle, StoreGoods
from . import legends, punic

View = Mapping[str, Any]
LEGION_DICE = 3.5
FORTRESS_DICE = 5.0
# Attack when the attacker's expected dice exceed the defence's by this factor.
ATTACK_MARGIN = 1.4
# A conquest's choice, best first: convert, then occupy, then pillage.
CONQUEST_RANK: dict[ConquestOption, int] = {"influence": 4, "occupy": 3, "pillage": 2, "none": 0}


def _type(token: str) -> str:
    return token[:-1] if token.endswith("*") else token


def _types(hand: dict[str, int]) -> Counter[str]:
    out: Counter[str] = Counter()
    for token, n in hand.items():
        if n:
            out[_type(token)] += n
    return out


def _max_set(held: Counter[str]) -> int:
    """The largest plain set (all coins, or all-different commodities) — powers ignored."""
    coins = held.get(COIN, 0)
    distinct = sum(1 for t, n in held.items() if t != COIN and n > 0)
    return max(coins, distinct)


class Knowledge:
    """What the player derives from its view for one decision."""

    def __init__(self, view: View, me: str) -> None:
        self.view = view
        self.me = me
        self.players: list[str] = view["players"]
        self.board: Board = board(view["board"])
        self.influence: dict[str, str] = view["influence"]
        self.legions: dict[str, dict[str, int]] = view["legions"]
        self.fortresses: dict[str, list[str]] = view["fortresses"]
        self.hand = _types(view["hand"] or {})
        self.mine = {p for p, e in self.influence.items() if e == me}
        self._produced: set[str] | None = None

    def legions_of(self, province: str, empire: str) -> int:
        return int(self.legions.get(province, {}).get(empire, 0))

    def enemy_strength(self, province: str) -> float:
        """Expected dice of the enemies standing in a province."""
        legs = sum(n for e, n in self.legions.get(province, {}).items() if e != self.me)
        forts = sum(1 for e in self.fortresses.get(province, []) if e != self.me)
        return legs * LEGION_DICE + forts * FORTRESS_DICE

    def threat(self, province: str) -> float:
        """Enemy legions next door (or in the province)."""
        prov = self.board.provinces[province]
        total = sum(n for e, n in self.legions.get(province, {}).items() if e != self.me)
        for nb in prov.neighbours:
            total += sum(n for e, n in self.legions.get(nb, {}).items() if e != self.me)
        return float(total)

    def my_defence(self, province: str) -> float:
        forts = 1 if self.me in self.fortresses.get(province, []) else 0
        return self.legions_of(province, self.me) * LEGION_DICE + forts * FORTRESS_DICE

    def controller(self, province: str, slot: int) -> str | None:
        if not self.view["built"][province][slot]:
            return None
        occ = self.view["occupant"][province][slot]
        return occ or self.influence.get(province)

    def produced_types(self) -> set[str]:
        if self._produced is None:
            self._produced = self._compute_produced()
        return self._produced

    def _compute_produced(self) -> set[str]:
        out: set[str] = set()
        for pid in self.view["built"]:
            for i, s in enumerate(self.board.provinces[pid].slots):
                if s.kind == "caravan" and s.commodity and self.controller(pid, i) == self.me:
                    out.add(s.commodity)
        return out


class StandardPlayer:
    def __init__(self, seed: int = 0) -> None:
        self.rnd = random.Random(seed)

    def choose(self, view: View, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        k = Knowledge(view, legal[0].player)
        if view.get("substates") and punic.part_of(view) is not None:  # the Punic Wars
            answer = punic.choose(view, k.me, k.board, legal)
            if isinstance(answer, Action):
                return answer
            legal = answer
            if len(legal) == 1:
                return legal[0]
        if view.get("substates") and (cards := legends.choose(view, k.me, legal)) is not None:
            return cards  # the Legendary Cities: the draft, the reveal, battle cards
        # A turn's card plays (listed after or instead of its first answers) do not say
        # which decision it is.
        first = next((a for a in legal if not isinstance(a, PlayEvent | ChariotMove)), legal[0])
        if isinstance(legal[-1], PassWindow):
            return self._window(k, legal)
        if isinstance(first, Pay | CancelPurchase):
            return self._pay(k, legal)
        if isinstance(first, Buy | PlaceFreeInfluence) or (
            isinstance(first, EndTurn) and view["phase"] == "build"
        ):
            return self._build(k, legal)
        if isinstance(first, Move | Battle | EndTurn | Petrify):
            return self._military(k, legal)
        if isinstance(first, MakeOffer):
            return self._offer(k, legal)
        if isinstance(first, TakeResource):
            return self._take(k, legal)
        if isinstance(first, PlayTradeToken):
            return self._token(k, legal)
        if isinstance(first, GiveCompensation):
            return self._compensate(k, legal)
        if isinstance(first, ChooseProduction):
            return next(a for a in legal if isinstance(a, ChooseProduction)
                        and a.choice == "legendary")
        if isinstance(first, ChooseNext):
            return self._order(k, legal)
        if isinstance(first, ChooseCasualties):
            return self._casualties(k, legal)
        if isinstance(first, Conquer):
            return self._conquer(k, legal)
        if isinstance(first, AwardTitle):
            return self._award(k, legal)
        if isinstance(first, PlaceMausoleum):  # where an enemy threatens most (Halicarnasse)
            return max((a for a in legal if isinstance(a, PlaceMausoleum)),
                       key=lambda a: (k.threat(a.province), -legal.index(a)))
        if isinstance(first, StoreGoods):  # Didon: a full store (more tokens next round)
            return max((a for a in legal if isinstance(a, StoreGoods)),
                       key=lambda a: (len(a.goods), -legal.index(a)))
        return self.rnd.choice(legal)

    # --- Build ----------------------------------------------------------------------------

    def _build(self, k: Knowledge, legal: list[Action]) -> Action:
        best: Action | None = None
        best_score = 0.0
        for a in legal:
            if isinstance(a, Buy):
                score = self._buy_value(k, a)
            elif isinstance(a, PlaceFreeInfluence):
                score = 1000.0 + self._influence_value(k, a.target)
            elif isinstance(a, ReturnLegion):  # Orphée's legion, free: where it is threatened
                score = 900.0 + k.threat(a.province)
            elif isinstance(a, RebuyFigure):  # the Centaurs back: a unit that kills a legion
                score = 400.0
            elif isinstance(a, CroesusBuy):  # the same building for fewer coins (Crésus)
                score = self._buy_value(k, Buy(a.player, a.item, a.target, a.slot)) + 40.0
            elif legends.is_ishtar(a):
                score = self._ishtar_value(k, getattr(a, "target", ""))
            elif legends.is_card(a, "babel_tower"):  # a free influence marker anywhere
                score = 1000.0 + self._influence_value(k, getattr(a, "target", ""))
            else:
                continue
            score += self.rnd.random() * 0.5
            if score > best_score:
                best, best_score = a, score
        return best or next(a for a in legal if isinstance(a, EndTurn))

    def _ishtar_value(self, k: Knowledge, target: str) -> float:
        """Ishtar: (b) as the marker it places; (a) a province of its own under threat where
        it can still pay for a unit (a set of 3)."""
        province, _, option = target.partition(":")
        if not option:
            return self._influence_value(k, province)
        if sum(k.hand.values()) < 3 or not k.threat(province):
            return 0.0
        return 90.0 + k.threat(province) * LEGION_DICE

    def _buy_value(self, k: Knowledge, a: Buy) -> float:
        v = k.view
        my_hw = len(v["hw"].get(k.me, []))
        item = a.item
        if item == PYRAMIDS:
            return 10_000.0
        if item == "hw":
            return 10_000.0 if my_hw >= 4 else 300.0 + 20 * my_hw
        if item == "influence":
            return self._influence_value(k, a.target)
        levels = v["levels"][k.me]
        slots = k.board.provinces[a.target].slots if a.target in k.board.provinces else ()
        if item == "caravan":
            commodity = slots[a.slot].commodity
            new = commodity not in k.produced_types()
            return 60.0 + (25 if new else 0) + self._title_push(k, "trade", levels)
        if item == "market":
            caravans = sum(1 for i, s in enumerate(slots)
                           if s.kind == "caravan" and k.controller(a.target, i) == k.me)
            return 70.0 + 20 * caravans + self._title_push(k, "trade", levels)
        if item in ("city", "legendary_city", "capital"):
            return 65.0 + (15 if item == "legendary_city" else 0) + self._title_push(
                k, "culture", levels)
        if item == "temple":
            cities = sum(1 for i, s in enumerate(slots)
                         if s.kind in ("city", "capital", "legendary_city")
                         and k.controller(a.target, i) == k.me)
            return 70.0 + 20 * cities + self._title_push(k, "culture", levels)
        if item in ("legion", "fortress"):
            threat = k.threat(a.target) * LEGION_DICE
            gap = threat - k.my_defence(a.target)
            base = 20.0 + self._title_push(k, "military", levels)
            if gap > 0:
                base += 45 + min(gap, 15.0) * 2
            if item == "fortress":
                base += 3 if k.me in k.fortresses.get(a.target, []) else 0
            else:
                base += 5 if self._attack_target_near(k, a.target) else 0
            return base
        if item == "trireme":
            return 8.0 + self._title_push(k, "military", levels) / 2
        return 1.0

    def _title_push(self, k: Knowledge, title: str, levels: dict[str, int]) -> float:
        """Extra value for a level on a track that decides a title."""
        mine = levels[title]
        best_other = max(k.view["levels"][p][title] for p in k.players if p != k.me)
        holder = k.view["titles"].get(title)
        if mine > best_other + 1:
            return 0.0  # safely ahead
        if mine >= best_other - 2:
            return 30.0 if holder != k.me else 20.0
        return 5.0

    def _influence_value(self, k: Knowledge, province: str) -> float:
        built = k.view["built"][province]
        slots = k.board.provinces[province].slots
        value = 55.0 + 6 * len(slots) + 25 * sum(1 for b in built if b)
        value += 4 * sum(1 for s in slots if s.kind in ("caravan", "market", "temple"))
        value -= 3 * k.threat(province)
        return value

    def _attack_target_near(self, k: Knowledge, province: str) -> bool:
        return any(k.influence.get(nb) not in (None, k.me)
                   for nb in k.board.provinces[province].neighbours)

    def _pay(self, k: Knowledge, legal: list[Action]) -> Action:
        best: Action = legal[-1]
        best_key: tuple[int, int, int] | None = None
        for a in legal:
            if not isinstance(a, Pay):
                continue
            left = k.hand.copy()
            left.subtract(a.resources)
            key = (_max_set(left), sum(1 for t, n in left.items() if n > 0 and t != COIN),
                   left.get(COIN, 0))
            if best_key is None or key > best_key:
                best, best_key = a, key
        return best

    # --- Trade ----------------------------------------------------------------------------

    def _token(self, k: Knowledge, legal: list[Action]) -> Action:
        size = sum(k.hand.values())
        options = [a for a in legal if isinstance(a, PlayTradeToken)]
        # Trading turns duplicates into new types: offer about as many as the duplicates.
        dupes = sum(n - 1 for n in k.hand.values() if n > 1)
        target = max(1, min(dupes + 1, size // 2))
        return min(options, key=lambda a: (a.amount == 0, abs(a.amount - target)))

    def _offer(self, k: Knowledge, legal: list[Action]) -> Action:
        def cost(a: MakeOffer) -> tuple[int, int, int]:
            left = k.hand.copy()
            left.subtract(a.resources)
            lost_types = sum(1 for t in set(a.resources) if left[t] <= 0 and t != COIN)
            return (lost_types, -_max_set(left), sum(1 for t in a.resources if t == COIN))

        offers = [a for a in legal if isinstance(a, MakeOffer)]
        ideal = self._ideal_offer(k, offers[0].player, len(offers[0].resources))
        if ideal in offers:
            return ideal  # the usual case, without scoring every combination
        return min(offers, key=cost)

    def _ideal_offer(self, k: Knowledge, me: str, n: int) -> MakeOffer:
        """Take one token at a time from the commodity held in most copies; coins last."""
        left = k.hand.copy()
        chosen: list[str] = []
        for _ in range(n):
            t = max(left, key=lambda t: (left[t] > 0, t != COIN, left[t], t))
            left[t] -= 1
            chosen.append(t)
        return MakeOffer(me, tuple(sorted(chosen)))

    def _take(self, k: Knowledge, legal: list[Action]) -> Action:
        trade = k.view["trade"] or {}
        have = k.hand.copy()
        have.update(_type(t) for t in trade.get("offers", {}).get(k.me, []))
        have.update(_type(t) for t in trade.get("taken", {}).get(k.me, []))
        hw_left = {p: len(k.view["hw"].get(p, [])) for p in k.players}

        def score(a: TakeResource) -> float:
            t = _type(a.token)
            value = 10.0 if have[t] == 0 and t != COIN else 0.0
            value += 2.0 if t == COIN else 0.0
            return value + hw_left.get(a.source, 0) * 0.1 + self.rnd.random() * 0.01

        return max((a for a in legal if isinstance(a, TakeResource)), key=score)

    def _compensate(self, k: Knowledge, legal: list[Action]) -> Action:
        options = [a for a in legal if isinstance(a, GiveCompensation)]
        return max(options, key=lambda a: (a.resource != COIN, k.hand[a.resource]))

    # --- orders, claims ---------------------------------------------------------------------

    def _order(self, k: Knowledge, legal: list[Action]) -> Action:
        for a in legal:
            if isinstance(a, ChooseNext) and a.target == k.me:
                return a
        # Otherwise the weakest rival plays first (least HW).
        return min(legal, key=lambda a: len(k.view["hw"].get(getattr(a, "target", ""), [])))

    def _award(self, k: Knowledge, legal: list[Action]) -> Action:
        for a in legal:
            if isinstance(a, AwardTitle) and a.winner == k.me:
                return a
        titles = Counter(k.view["titles"].values())
        return min(legal, key=lambda a: titles.get(getattr(a, "winner", ""), 0))

    # --- Military ---------------------------------------------------------------------------

    def _military(self, k: Knowledge, legal: list[Action]) -> Action:
        # Médée / Méduse: petrify the strongest enemy where it wins him his province back.
        petrify = [a for a in legal if isinstance(a, Petrify)
                   and k.influence.get(a.area) == k.me and a.area in k.board.provinces]
        if petrify:
            return max(petrify, key=lambda a: k.legions_of(a.area, a.opponent))
        # The Centaurs join a fight of his legions (they kill a legion before the dice).
        joins = [a for a in legal if isinstance(a, MoveFigure)
                 and k.enemy_strength(a.target) and k.legions_of(a.target, k.me)]
        if joins:
            return joins[0]
        battles = [a for a in legal if isinstance(a, Battle)]
        moves = [a for a in legal if isinstance(a, Move | ChariotMove)]
        end = next((a for a in legal if isinstance(a, EndTurn)), None)
        if battles:
            land = [b for b in battles if b.area in k.board.provinces]
            if land or end is None:
                return (land or battles)[0]
            sea = [b for b in battles if self._sea_odds(k, b) >= 1.0]
            return sea[0] if sea else end or battles[0]
        if moves:
            move = self._land_move(k, moves)
            if move is not None:
                return move
        return end or legal[0]

    def _window(self, k: Knowledge, legal: list[Action]) -> Action:
        """A battle's window: petrify the other side when it is at least as strong there (a
        cancelled battle costs him nothing); else pass."""
        for a in legal:
            if isinstance(a, Petrify) and self._units(k, a.area, a.opponent) >= self._units(
                    k, a.area, k.me):
                return a
            if isinstance(a, RefuseBattle):  # Ptolémée: a refused sea battle costs nothing
                return a
        return legal[-1]

    @staticmethod
    def _units(k: Knowledge, area: str, empire: str) -> float:
        if area in k.board.provinces:
            fort = FORTRESS_DICE if empire in k.fortresses.get(area, []) else 0.0
            return k.legions_of(area, empire) * LEGION_DICE + fort
        return float(k.view["triremes"].get(area, {}).get(empire, 0))

    def _sea_odds(self, k: Knowledge, b: Battle) -> float:
        tri = k.view["triremes"].get(b.area, {})
        theirs = tri.get(b.opponent, 0)
        return tri.get(k.me, 0) / theirs if theirs else 10.0

    def _land_move(
        self, k: Knowledge, moves: list[Move | ChariotMove]
    ) -> Move | ChariotMove | None:
        """Gather legions on the best target whose defence the attackers beat by a margin (Chars
        à faux: its two-province moves count as moves to their target)."""
        legion_moves = [m for m in moves if isinstance(m, ChariotMove) or m.unit == "legion"]
        if not legion_moves:
            return None
        capital = empire_setups()[k.me].capital_province
        by_target: dict[str, list[Move | ChariotMove]] = {}
        for m in legion_moves:
            if k.influence.get(m.target) in (None, k.me) and not k.enemy_strength(m.target):
                continue
            spare = k.legions_of(m.source, k.me) - (1 if m.source == capital else 0)
            if spare <= 0:
                continue
            by_target.setdefault(m.target, []).append(m)
        best: tuple[float, Move | ChariotMove] | None = None
        for target, ms in by_target.items():
            avail = sum(max(0, k.legions_of(s, k.me) - (1 if s == capital else 0))
                        for s in {m.source for m in ms})
            present = k.legions_of(target, k.me)
            attack = (avail + present) * LEGION_DICE
            defence = k.enemy_strength(target)
            if attack < ATTACK_MARGIN * defence + 1 or avail + present < 2:
                continue
            value = self._conquest_value(k, target) - defence
            if best is None or value > best[0]:
                best = (value, ms[0])
        return best[1] if best else None

    def _conquest_value(self, k: Knowledge, province: str) -> float:
        built = sum(1 for b in k.view["built"][province] if b)
        return 10.0 + 8 * built

    def _casualties(self, k: Knowledge, legal: list[Action]) -> Action:
        # Keep the fortress while legions can take the hits.
        opts = [a for a in legal if isinstance(a, ChooseCasualties)]
        return min(opts, key=lambda a: (a.fortress, a.legions))

    def _conquer(self, k: Knowledge, legal: list[Action]) -> Action:
        def score(a: Conquer) -> tuple[int, int]:
            return (CONQUEST_RANK[a.option], len(a.slots))

        return max((a for a in legal if isinstance(a, Conquer)), key=score)


def make(seed: int) -> StandardPlayer:
    return StandardPlayer(seed)
